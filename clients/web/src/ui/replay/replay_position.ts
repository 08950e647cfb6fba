// Positions in a replay and the view shown at each. Position p means "after p events": 0 is
// the start, events.length the end.
import type { GameSnapshot } from "../../../gen/spacedock/v1/game_pb.js";
import type { LoadedReplay } from "./replay_load.js";

export interface ViewAtPosition {
  snapshot: GameSnapshot | undefined;
  // The snapshot is the game at exactly this position; false: the nearest one there is.
  exact: boolean;
  shows: "start" | "final";
}

// The one place that says which view goes with a position. The server sends views only for
// the start and the end; should it answer for any event one day, only this changes.
export function viewAt(replay: LoadedReplay, position: number): ViewAtPosition {
  const end = replay.events.length;
  const nearerStart = position <= end - position;
  const shows = nearerStart ? "start" : "final";
  const snapshot = nearerStart ? replay.start : replay.final;
  return { snapshot, exact: position === (nearerStart ? 0 : end), shows };
}

export function clampPosition(position: number, end: number): number {
  return Math.min(end, Math.max(0, Math.round(position)));
}

// Milliseconds between two events while playing: about 0.7 s at normal speed.
export const kStepMs = 700;
export const kSpeeds = [0.5, 1, 2, 4, 8];

export function stepDelayMs(speed: number): number {
  return Math.round(kStepMs / (speed > 0 ? speed : 1));
}
