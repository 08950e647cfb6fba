// Positions in a replay and the view shown at each. Position p means "after p events": 0 is
// the start, events.length the end.
import type { GameSnapshot } from "../../../gen/spacedock/v1/game_pb.js";
import type { LoadedReplay } from "./replay_load.js";

// A view the server sent for a position (GetReplay.view_at): it includes `includes` events,
// which may be a few more than asked when one input brought several.
export interface FetchedView {
  snapshot: GameSnapshot;
  includes: number;
}

export interface ViewAtPosition {
  snapshot: GameSnapshot | undefined;
  // How many events the view shown includes; equal to the position when it is the right one.
  includes: number;
  // Not the view at this position yet: it is being fetched, and the nearest known is shown.
  pending: boolean;
}

// The one place that says which view goes with a position: the start and the end come with
// the replay; any other is fetched from the server and kept in `fetched`, and meanwhile the
// known view nearest before the position is shown.
export function viewAt(
  replay: LoadedReplay,
  position: number,
  fetched: ReadonlyMap<number, FetchedView>,
): ViewAtPosition {
  const end = replay.events.length;
  if (position <= 0) return { snapshot: replay.start, includes: 0, pending: false };
  if (position >= end) return { snapshot: replay.final, includes: end, pending: false };
  const exact = fetched.get(position);
  if (exact) return { snapshot: exact.snapshot, includes: exact.includes, pending: false };
  let best: ViewAtPosition = { snapshot: replay.start, includes: 0, pending: true };
  for (const [at, view] of fetched) {
    if (at < position && view.includes >= best.includes && view.includes <= position)
      best = { snapshot: view.snapshot, includes: view.includes, pending: true };
  }
  return best;
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
