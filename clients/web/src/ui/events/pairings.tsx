// A round's pairings: each table's players, match and result (the match's own line, or the
// organiser's ruling). The player's own table is marked and opens their match; the organiser
// also sees each live table's clocks, every figure saying what it counts, and may judge it.
import { MatchStatus } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { TournamentInfo, TournamentRound, TournamentTable } from "../../../gen/spacedock/v1/tournament_pb.js";
import type { Client } from "../../app/client.js";
import { seatClockWords, tableClocksAt, tableResult, timeLeft } from "./event_words.js";

function Clocks({ table }: { table: TournamentTable }) {
  const clock = table.clock;
  if (!clock) return null;
  const names = [table.first?.username, table.second?.username];
  return (
    <span class="table-clocks small">
      {tableClocksAt(clock, Date.now()).map((seat) => (
        <span class={seat.running ? "clock running" : "clock"}>
          {names[seat.seat] ?? `Seat ${seat.seat + 1}`}: {seatClockWords(seat, clock.paused).join(" · ")}
        </span>
      ))}
    </span>
  );
}

export function Pairings(props: {
  client: Client;
  info: TournamentInfo;
  round: TournamentRound;
  organising: boolean;
  onRound: (round: number) => void;
}) {
  const { info, round } = props;
  const me = props.client.session.user.value?.accountId;
  const rounds = Array.from({ length: info.roundsPaired }, (_, i) => i + 1);
  return (
    <section class="panel pairings" aria-label="Pairings">
      <div class="list-head">
        <h3>
          {round.cut ? "Cut round" : "Round"} {round.round}
        </h3>
        <span class="muted">{round.done ? "done" : timeLeft(round.endsAtMs, Date.now())}</span>
        <label class="small">
          Show round{" "}
          <select value={round.round} onChange={(e) => props.onRound(Number(e.currentTarget.value))}>
            {rounds.map((n) => (
              <option value={n}>{n}</option>
            ))}
          </select>
        </label>
      </div>
      <table class="tables">
        <thead>
          <tr>
            <th>Table</th>
            <th>Players</th>
            <th>Result</th>
            <th>Match</th>
          </tr>
        </thead>
        <tbody>
          {round.tables.map((t) => {
            const mine = t.first?.accountId === me || t.second?.accountId === me;
            const live = t.matchStatus === MatchStatus.ACTIVE;
            return (
              <tr class={mine ? "mine" : undefined} data-table={t.table}>
                <td>{t.table}</td>
                <td>
                  {t.first?.username} <span class="muted">vs</span> {t.second?.username ?? "(bye)"}
                  {props.organising && <Clocks table={t} />}
                </td>
                <td>
                  {tableResult(t, live)}
                  {t.overrideReason ? (
                    <div class="small muted">by the organiser's ruling: {t.overrideReason}</div>
                  ) : (
                    t.summary && <div class="small muted">{t.summary}</div>
                  )}
                </td>
                <td>
                  {t.matchId > 0n &&
                    (mine ? (
                      <a href={`#/match/${t.matchId}`}>{live ? "Play" : "Open"}</a>
                    ) : props.organising && live ? (
                      <a href={`#/match/${t.matchId}?judge=1`}>Judge</a>
                    ) : (
                      <a href={`#/match/${t.matchId}?watch=1`}>{live ? "Watch" : "Open"}</a>
                    ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
