// The standings: rank (or final place), points, record and the tie-breakers in their order.
import type { TournamentStandings } from "../../../gen/spacedock/v1/tournament_pb.js";
import { percent } from "./event_words.js";

export function Standings({ standings, me }: { standings: TournamentStandings; me: bigint | undefined }) {
  return (
    <section class="panel standings" aria-label="Standings">
      <h3>{standings.final ? "Final standings" : `Standings after round ${standings.afterRound}`}</h3>
      <table class="tables">
        <thead>
          <tr>
            <th>{standings.final ? "Place" : "Rank"}</th>
            <th>Player</th>
            <th>Points</th>
            <th>W-D-L</th>
            <th title="Opponents' match-win %">OMW%</th>
            <th title="Game-win %">GW%</th>
            <th title="Opponents' game-win %">OGW%</th>
          </tr>
        </thead>
        <tbody>
          {standings.rows.map((row) => (
            <tr class={row.player?.accountId === me ? "mine" : undefined}>
              <td>{standings.final ? row.place : row.rank}</td>
              <td>
                {row.player?.username}
                {row.dropped && <span class="small muted"> (dropped)</span>}
                {row.byes > 0 && <span class="small muted"> ({row.byes === 1 ? "a bye" : `${row.byes} byes`})</span>}
              </td>
              <td>{row.points}</td>
              <td>
                {row.wins}-{row.draws}-{row.losses}
              </td>
              <td>{percent(row.opponentsMatchWin)}</td>
              <td>{percent(row.gameWin)}</td>
              <td>{percent(row.opponentsGameWin)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="hint">
        Ranked by points, then opponents' match-win %, game-win % and opponents' game-win % (each at least 33.3%), then
        a lot drawn from the event's seed.
      </p>
    </section>
  );
}
