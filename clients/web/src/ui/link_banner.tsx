// Says when the link to the server is down or throttled, why, and what happens next.
import { useEffect, useState } from "preact/hooks";
import type { Client } from "../app/client.js";
import type { LinkState } from "../net/connection.js";

// What the banner reads from the link.
export interface LinkFacts {
  state: LinkState;
  settled: boolean; // the first link has said whether the stored login still works
  problem: string | null;
  wasLive: boolean;
  retryAt: number;
  slowedUntil: number;
}

export interface LinkNotice {
  kind: "connecting" | "reconnecting" | "offline" | "slowed";
  text: string;
}

const seconds = (ms: number): string => `${Math.max(1, Math.ceil(ms / 1000))} s`;

// The banner's words at `now`, or null when there is nothing to say.
export function linkNotice(link: LinkFacts, now: number): LinkNotice | null {
  if (link.slowedUntil > 0 && (link.state === "live" || link.state === "connecting"))
    return {
      kind: "slowed",
      text: `The server asks us to slow down; retrying in ${seconds(link.slowedUntil - now)}.`,
    };
  switch (link.state) {
    case "live":
      return null;
    case "connecting":
      // The page itself says "Connecting" until the first link settles.
      return link.settled ? { kind: "connecting", text: "Connecting to the server…" } : null;
    case "reconnecting": {
      if (!link.problem)
        return { kind: "reconnecting", text: "Connection lost: reconnecting… The table comes back as it was." };
      const lost = link.wasLive ? "Connection lost. " : "";
      return { kind: "reconnecting", text: `${lost}${link.problem} Trying again in ${seconds(link.retryAt - now)}.` };
    }
    case "offline":
      return { kind: "offline", text: `The server cannot be reached.${link.problem ? ` ${link.problem}` : ""}` };
  }
}

// The time, re-rendering every half second while `ticking` (for the countdowns).
function useNow(ticking: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [ticking]);
  return Date.now();
}

export function LinkBanner({ client }: { client: Client }) {
  const link = client.connection;
  const facts: LinkFacts = {
    state: link.state.value,
    settled: client.session.settled.value,
    problem: link.problem.value,
    wasLive: link.wasLive.value,
    retryAt: link.retryAt.value,
    slowedUntil: link.slowedUntil.value,
  };
  const now = useNow(facts.slowedUntil > 0 || facts.state === "reconnecting");
  const notice = linkNotice(facts, now);
  if (!notice) return null;
  return (
    <div class={`banner banner-${notice.kind}`} role="status">
      {notice.text}
      {notice.kind === "offline" && (
        <>
          {" "}
          <button type="button" onClick={() => link.retry()}>
            Try again
          </button>
        </>
      )}
    </div>
  );
}
