// The clocks as they stand now, counted from the server's last reading (Event.clock) and the
// time since it arrived: a running clock counts down; an away player's absence counts up whether
// or not their seat owes a decision; the grace left to them before they forfeit counts down like
// a running clock. Nothing is decided here: at the end of the grace the server says what
// happens.
import type { MatchClock } from "../../gen/spacedock/v1/clock_pb.js";

export interface SeatClockNow {
  seat: number;
  remainingMs: number;
  running: boolean; // the seat owes a decision and its clock counts down
  awayMs: number; // 0: present
  // The grace left before the away player forfeits; 0 once it is over; null when no forfeit is
  // coming (present, or a match whose clocks wait for players).
  forfeitInMs: number | null;
}

// `elapsedMs`: since the reading arrived (for a finished match, until the result came).
// `over`: the match has a result: no clock runs and no forfeit is coming.
export function clockNow(clock: MatchClock, elapsedMs: number, over: boolean): SeatClockNow[] {
  const elapsed = Math.max(0, elapsedMs);
  return clock.seats.map((reading) => {
    const counting = reading.running && !clock.paused;
    const remaining = Number(reading.remainingMs) - (counting ? elapsed : 0);
    const away = Number(reading.awayMs);
    const forfeitIn = Number(reading.forfeitInMs);
    return {
      seat: reading.seat,
      remainingMs: Math.max(0, remaining),
      running: counting && !over,
      awayMs: away > 0 ? away + elapsed : 0,
      forfeitInMs: forfeitIn > 0 && !over ? Math.max(0, forfeitIn - elapsed) : null,
    };
  });
}

// Whether the figures move between readings (a page redraws them while they do).
export const clockMoving = (seats: readonly SeatClockNow[]): boolean =>
  seats.some((s) => s.running || s.awayMs > 0 || (s.forfeitInMs ?? 0) > 0);
