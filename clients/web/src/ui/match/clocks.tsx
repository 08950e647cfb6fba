// The seats of the match with their connection state and, in a timed match, their clocks,
// counted locally from the server's last reading: a running clock down, an away player's
// absence up (whether or not it is their decision), and the grace left to them before they
// forfeit down. Every viewer, player or spectator, sees the same.
import { useEffect, useState } from "preact/hooks";
import { clockMoving, type SeatClockNow } from "../../state/clock_now.js";
import type { MatchStore } from "../../state/match.js";

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

// "away 0:12"; "has 38 s to reconnect"; at the end of the grace, what the server will do (it
// decides, and says so with the result).
export function absenceWords(reading: SeatClockNow): string[] {
  const words: string[] = [];
  if (reading.awayMs > 0) words.push(`away ${formatClock(reading.awayMs)}`);
  const grace = reading.forfeitInMs;
  if (grace === null) return words;
  if (grace > 0) words.push(`has ${grace < 60_000 ? `${Math.ceil(grace / 1000)} s` : formatClock(grace)} to reconnect`);
  else words.push("grace over: forfeits once another player is here");
  return words;
}

// Re-renders four times a second while the figures move.
function useTicking(moving: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setTick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [moving]);
}

export function Seats({ store }: { store: MatchStore }) {
  const info = store.info.value;
  const clock = store.clock.value;
  const readings = store.clockAt(Date.now());
  useTicking(readings !== null && clockMoving(readings));
  if (!info) return null;
  const mySeat = store.seat();
  return (
    <ul class="seats" aria-label="Players">
      {info.seats.map((seat) => {
        const reading = readings?.find((c) => c.seat === seat.seat);
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
            {reading && (
              <span
                class={`clock${reading.remainingMs < 60_000 ? " low" : ""}`}
                aria-label={`clock of ${seat.username}`}
              >
                {formatClock(reading.remainingMs)}
              </span>
            )}
            {reading &&
              absenceWords(reading).map((words) => (
                <span class={words.startsWith("away") ? "away" : "forfeit"}>{words}</span>
              ))}
          </li>
        );
      })}
      {clock?.paused && <li class="paused">Clocks paused</li>}
    </ul>
  );
}
