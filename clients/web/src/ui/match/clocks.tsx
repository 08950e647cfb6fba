// The seats of the match with their connection state and, in a timed match, their clocks,
// counted down locally from the server's last reading.
import { useEffect, useState } from "preact/hooks";
import type { MatchStore } from "../../state/match.js";

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

export function Seats({ store }: { store: MatchStore }) {
  const info = store.info.value;
  const clock = store.clock.value;
  const receivedAt = store.clockReceivedAt.value;
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!clock || clock.paused) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  if (!info) return null;
  const mySeat = store.seat();
  return (
    <ul class="seats" aria-label="Players">
      {info.seats.map((seat) => {
        const reading = clock?.seats.find((c) => c.seat === seat.seat);
        const left = reading
          ? Number(reading.remainingMs) - (reading.running && !clock!.paused ? now - receivedAt : 0)
          : undefined;
        return (
          <li class={`seat${seat.seat === mySeat ? " me" : ""}${reading?.running ? " running" : ""}`}>
            <span
              class={`dot ${seat.connected ? "on" : "off"}`}
              title={seat.connected ? "connected" : "away"}
              aria-label={seat.connected ? "connected" : "away"}
            />
            <span class="name">
              {seat.username}
              {seat.seat === mySeat ? " (you)" : ""}
            </span>
            {left !== undefined && (
              <span class={`clock${left < 60_000 ? " low" : ""}`} aria-label={`clock of ${seat.username}`}>
                {formatClock(left)}
              </span>
            )}
            {reading && reading.awayMs > 0n && (
              <span class="away">away {formatClock(Number(reading.awayMs))}</span>
            )}
          </li>
        );
      })}
      {clock?.paused && <li class="paused">Clocks paused</li>}
    </ul>
  );
}
