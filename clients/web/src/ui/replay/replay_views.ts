// Which replay views this user may ask for, and their names.
import type { MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";
import { ReplayView } from "../../../gen/spacedock/v1/replays_pb.js";

export const kViewNames: Record<ReplayView, string> = {
  [ReplayView.UNSPECIFIED]: "Default",
  [ReplayView.PLAYER]: "My seat",
  [ReplayView.PUBLIC]: "Spectator",
  [ReplayView.FULL]: "Every card",
};

export const kViewHints: Record<ReplayView, string> = {
  [ReplayView.UNSPECIFIED]: "",
  [ReplayView.PLAYER]: "what your seat saw: your hand and hidden cards, not the others'",
  [ReplayView.PUBLIC]: "what a spectator saw",
  [ReplayView.FULL]: "every card, hidden ones included",
};

// The player's own view only for someone seated in the match; the public and full views for
// anyone who may see the replay at all (the server has answered once already).
export function allowedViews(match: MatchInfo | undefined, accountId: bigint | undefined): ReplayView[] {
  const seated = !!match && accountId !== undefined && match.seats.some((seat) => seat.accountId === accountId);
  return seated ? [ReplayView.PLAYER, ReplayView.PUBLIC, ReplayView.FULL] : [ReplayView.PUBLIC, ReplayView.FULL];
}
