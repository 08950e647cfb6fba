// How a player left an Incursions game, from the events: destroyed, conceded, out of time on
// the clock, or forfeited by staying away past the disconnect grace (a forfeit, not a loss on
// time). The view only says that a vessel is eliminated; the events say why.
import type { GameEvent } from "../../../gen/spacedock/v1/game_pb.js";
import { EliminationReason, type IncursionsEvent } from "../../../gen/spacedock/v1/incursions_pb.js";
import { seatName } from "./words.js";

export type Leaving = "destroyed" | "conceded" | "out of time" | "forfeited";

const kByReason: Record<EliminationReason, Leaving | undefined> = {
  [EliminationReason.UNSPECIFIED]: undefined,
  [EliminationReason.DESTROYED]: "destroyed",
  [EliminationReason.CONCEDED]: "conceded",
  [EliminationReason.OUT_OF_TIME]: "out of time",
  [EliminationReason.FORFEITED]: "forfeited",
};

// Who left and how, if `event` says a player left the game.
export function leavingOf(event: IncursionsEvent): { seat: number; how: Leaving } | null {
  const body = event.body;
  if (body.case === "playerEliminated") {
    const how = kByReason[body.value.reason];
    return how ? { seat: body.value.seat, how } : null;
  }
  if (body.case === "conceded") {
    const c = body.value;
    return { seat: c.seat, how: c.forfeited ? "forfeited" : c.outOfTime ? "out of time" : "conceded" };
  }
  return null;
}

// How each seat left, by the latest such event among `events` (added to `known`).
export function howPlayersLeft(events: readonly GameEvent[], known = new Map<number, Leaving>()): Map<number, Leaving> {
  for (const event of events) {
    if (event.body.case !== "incursions") continue;
    const left = leavingOf(event.body.value);
    if (left) known.set(left.seat, left.how);
  }
  return known;
}

const kTags: Record<Leaving, string> = {
  destroyed: "Destroyed",
  conceded: "Conceded",
  "out of time": "Out of time",
  forfeited: "Forfeited",
};

// The tag on an eliminated player's board ("Eliminated" when the events did not say how).
export const leavingTag = (how: Leaving | undefined): string => (how ? kTags[how] : "Eliminated");

// "Player 2 forfeited: away longer than the grace", "You ran out of time on the clock".
// `name`: the player's name, when known.
export function leavingWords(seat: number, how: Leaving, me: number | undefined, name?: string): string {
  // A user name keeps its case ("bob forfeited").
  const who = seat === me ? "You" : name || seatName(seat, me);
  switch (how) {
    case "destroyed":
      return `${who} left the game: ship destroyed`;
    case "conceded":
      return `${who} conceded`;
    case "out of time":
      return `${who} ran out of time on the clock`;
    case "forfeited":
      return `${who} forfeited: away longer than the grace`;
  }
}
