// How a match ended, in words, wherever a result is shown (the match header, the lists of
// matches, the replay, the event pages). The server's summary is the line when it sends one;
// the reason is worded here, one entry per ResultReason, so that a reason added to the protocol
// fails the build until it has words (a forfeit must never read as a loss on time).
import { ResultReason } from "../../gen/spacedock/v1/common_pb.js";
import type { MatchResult } from "../../gen/spacedock/v1/lobby_pb.js";

const kReasons: Record<ResultReason, string> = {
  [ResultReason.UNSPECIFIED]: "",
  [ResultReason.WORMHOLE]: "at a wormhole",
  [ResultReason.LAST_SHIP_STANDING]: "as the last ship standing",
  [ResultReason.MUTUAL_DESTRUCTION]: "by mutual destruction",
  [ResultReason.TURN_CAP]: "at the turn limit",
  [ResultReason.WORK_CAP]: "when the engine's work limit stopped the game",
  [ResultReason.POINTS]: "on points",
  [ResultReason.DECK_EXHAUSTED]: "when a draw deck ran out",
  [ResultReason.CONCESSION]: "by concession",
  [ResultReason.TIME]: "on time: a clock ran out",
  [ResultReason.TIME_LIMIT]: "when the round's time was called",
  [ResultReason.FORFEIT]: "by forfeit: away longer than the grace",
  [ResultReason.RULING]: "by the organiser's ruling",
};

// "by forfeit: away longer than the grace", "by the organiser's ruling"; "" when not known (a
// reason newer than this client).
export const reasonWords = (reason: ResultReason): string => kReasons[reason] ?? "";

// The result's line: the server's summary, else one made from the winners (`names` by seat)
// and the reason. "" when the result says nothing.
export function resultLine(result: MatchResult, names: readonly string[]): string {
  if (result.summary) return result.summary;
  const why = reasonWords(result.reason);
  if (!why && result.winners.length === 0) return "";
  const winners = result.winners.map((seat) => names[seat] ?? `Player ${seat + 1}`);
  const who =
    winners.length === 0
      ? "Nobody won"
      : winners.length === 1
        ? `${winners[0]} won`
        : `A draw between ${winners.join(" and ")}`;
  return why ? `${who} ${why}` : who;
}
