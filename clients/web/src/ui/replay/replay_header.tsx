// What the replay is of: the game and players, how it ended, and whether re-running its input
// log reproduced the game that was played.
import type { ReplayCheck } from "../../../gen/spacedock/v1/replays_pb.js";
import type { MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";
import { gameName, seatNames } from "../lobby/names.js";
import { reasonWords, resultLine } from "../result_words.js";

function Check({ check }: { check: ReplayCheck | undefined }) {
  if (!check) return null;
  if (check.reproduced)
    return <p class="replay-check good">✓ Re-running the match's moves reproduced the game played.</p>;
  return (
    <p class="replay-check bad" role="note">
      ✗ This replay does not reproduce the game played{check.message ? `: ${check.message}` : "."}
      {check.playedUnderRulesVersion !== check.serverRulesVersion &&
        ` (played under rules version ${check.playedUnderRulesVersion}; this server runs ${check.serverRulesVersion})`}
    </p>
  );
}

export function ReplayHeader(props: {
  matchId: bigint;
  match: MatchInfo | undefined;
  check: ReplayCheck | undefined;
  me: bigint | undefined;
}) {
  const { match } = props;
  const winners = match?.result?.winners ?? [];
  const reason = match?.result ? reasonWords(match.result.reason) : "";
  return (
    <header class="replay-head">
      <h1>
        Replay: {match ? gameName(match.game) : "match"} #{String(props.matchId)}
      </h1>
      {match && (
        <ul class="seats" aria-label="Players">
          {match.seats.map((seat) => (
            <li class={`seat${seat.accountId === props.me ? " me" : ""}`}>
              {seat.username}
              {seat.accountId === props.me && <span class="muted small">(you)</span>}
              {winners.includes(seat.seat) && <span class="replay-winner">{winners.length > 1 ? "draw" : "won"}</span>}
            </li>
          ))}
        </ul>
      )}
      {match?.result && (
        <p class="result">
          {resultLine(match.result, seatNames(match)) || (winners.length ? "Finished" : "No winner")}
          {match.result.summary && reason && <span class="muted small"> — {reason}</span>}
        </p>
      )}
      <Check check={props.check} />
    </header>
  );
}
