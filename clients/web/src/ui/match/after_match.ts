// Where a match that is over leads: its replay (only a finished match replays; an aborted one
// has nothing to show) and back to the lobby.
import { MatchStatus, type MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";

export interface Link {
  href: string;
  text: string;
}

export function afterMatchLinks(info: MatchInfo | null): Link[] {
  if (!info) return [];
  const links: Link[] = [];
  if (info.status === MatchStatus.FINISHED) links.push({ href: `#/replay/${info.matchId}`, text: "Watch the replay" });
  if (info.status === MatchStatus.FINISHED || info.status === MatchStatus.ABORTED)
    links.push({ href: "#/lobby", text: "Back to the lobby" });
  return links;
}
