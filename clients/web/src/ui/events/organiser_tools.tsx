// The organiser's dashboard: start the next round (never offered when no round follows), rule on
// a table, read a player's deck, the event's log, and the exports.
import { useState } from "preact/hooks";
import {
  ExportFormat,
  TableOutcome,
  TournamentStatus,
  type TournamentInfo,
  type TournamentLogEntry,
  type TournamentRound,
} from "../../../gen/spacedock/v1/tournament_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { downloadFile } from "../download.js";
import { nextRound } from "./event_words.js";

function Ruling({ client, info, round, reload }: Props) {
  const [table, setTable] = useState(1);
  const [outcome, setOutcome] = useState(TableOutcome.FIRST_WINS);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!round) return null;
  const rule = async (e: SubmitEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await client.connection.request({
        case: "setTableResult",
        value: { tournamentId: info.tournamentId, round: round.round, table, outcome, reason: reason.trim() },
      });
      setReason("");
      reload();
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  const tables = round.tables.filter((t) => t.second);
  const chosen = tables.find((t) => t.table === table) ?? tables[0];
  return (
    <form class="ruling" aria-label="Ruling" onSubmit={rule}>
      <h4>Rule on a table of round {round.round}</h4>
      <label>
        Table
        <select value={chosen?.table} onChange={(e) => setTable(Number(e.currentTarget.value))}>
          {tables.map((t) => (
            <option value={t.table}>
              {t.table}: {t.first?.username} vs {t.second?.username}
            </option>
          ))}
        </select>
      </label>
      <label>
        Result
        <select value={outcome} onChange={(e) => setOutcome(Number(e.currentTarget.value) as TableOutcome)}>
          <option value={TableOutcome.FIRST_WINS}>{chosen?.first?.username ?? "First player"} wins</option>
          <option value={TableOutcome.SECOND_WINS}>{chosen?.second?.username ?? "Second player"} wins</option>
          {!round.cut && <option value={TableOutcome.DRAW}>A draw</option>}
          {!round.cut && <option value={TableOutcome.DOUBLE_LOSS}>A double loss</option>}
        </select>
      </label>
      <label>
        Reason
        <input value={reason} maxLength={200} required onInput={(e) => setReason(e.currentTarget.value)} />
      </label>
      <button type="submit" disabled={!reason.trim() || !chosen}>
        Enter the result
      </button>
      {error && <p class="error">{error}</p>}
    </form>
  );
}

function Log({ client, info }: { client: Client; info: TournamentInfo }) {
  const [entries, setEntries] = useState<TournamentLogEntry[] | null>(null);
  const load = () =>
    client.connection
      .request({ case: "getTournamentLog", value: { tournamentId: info.tournamentId } })
      .then((answer) => answer.result.case === "tournamentLog" && setEntries(answer.result.value.entries))
      .catch(() => {});
  return (
    <details onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && load()}>
      <summary>The event's log</summary>
      <ul class="event-audit small">
        {(entries ?? []).map((e) => (
          <li>
            {new Date(Number(e.atMs)).toLocaleTimeString()} {e.username}: {e.action}
            {e.detail && ` (${e.detail})`}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Decks({ client, info }: { client: Client; info: TournamentInfo }) {
  const [player, setPlayer] = useState("");
  const [text, setText] = useState("");
  if (info.entrants.length === 0) return null;
  const show = async (accountId: string) => {
    setPlayer(accountId);
    setText("");
    if (!accountId) return;
    try {
      const answer = await client.connection.request({
        case: "getTournamentDeck",
        value: { tournamentId: info.tournamentId, accountId: BigInt(accountId) },
      });
      if (answer.result.case === "tournamentDeck") setText(answer.result.value.deckList);
    } catch (failure) {
      setText(describeError(failure));
    }
  };
  return (
    <details>
      <summary>Registered decks</summary>
      <select value={player} onChange={(e) => show(e.currentTarget.value)} aria-label="Player's deck">
        <option value="">Choose a player</option>
        {info.entrants.map((e) => (
          <option value={String(e.accountId)}>{e.username}</option>
        ))}
      </select>
      {text && <pre class="deck-text">{text}</pre>}
    </details>
  );
}

interface Props {
  client: Client;
  info: TournamentInfo;
  round: TournamentRound | null;
  reload: () => void;
}

export function OrganiserTools(props: Props) {
  const { client, info, reload } = props;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = nextRound(info, props.round);
  const finished = info.status === TournamentStatus.FINISHED;
  const canStart = next !== null && (info.roundsPaired === 0 || info.roundDone);
  const start = async () => {
    if (next === null) return;
    setError(null);
    setBusy(true);
    try {
      await client.connection.request({ case: "startRound", value: { tournamentId: info.tournamentId, round: next } });
      reload();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };
  const exportAs = async (format: ExportFormat) => {
    try {
      const answer = await client.connection.request({
        case: "exportTournament",
        value: { tournamentId: info.tournamentId, format },
      });
      if (answer.result.case === "tournamentExport") {
        const file = answer.result.value;
        downloadFile(file.filename, file.contentType, file.text);
      }
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  return (
    <section class="panel organiser" aria-label="Organiser">
      <h3>Run the event</h3>
      <div class="organiser-actions">
        {next !== null && (
          <button type="button" disabled={!canStart || busy} onClick={start}>
            {next === 1 ? "Start round 1" : `Pair round ${next}`}
          </button>
        )}
        <button type="button" onClick={() => exportAs(ExportFormat.CSV)}>
          Standings (CSV)
        </button>
        <button type="button" onClick={() => exportAs(ExportFormat.JSON)}>
          Whole event (JSON)
        </button>
      </div>
      {next !== null && !canStart && <p class="hint">The next round can be paired once every table has a result.</p>}
      {next === null && !finished && (
        <p class="hint">Round {info.roundsPaired} is the event's last: it ends when every table has a result.</p>
      )}
      {error && <p class="error">{error}</p>}
      <Ruling {...props} />
      <Decks client={client} info={info} />
      <Log client={client} info={info} />
    </section>
  );
}
