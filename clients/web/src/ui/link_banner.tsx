// Says when the link to the server is down, and what happens next.
import type { Client } from "../app/client.js";

export function LinkBanner({ client }: { client: Client }) {
  const state = client.connection.state.value;
  if (state === "live" || (state === "connecting" && !client.session.settled.value)) return null;
  return (
    <div class={`banner banner-${state}`} role="status">
      {state === "connecting" && "Connecting to the server…"}
      {state === "reconnecting" && "Connection lost: reconnecting… The table comes back as it was."}
      {state === "offline" && (
        <>
          The server cannot be reached.{" "}
          <button type="button" onClick={() => client.connection.retry()}>
            Try again
          </button>
        </>
      )}
    </div>
  );
}
