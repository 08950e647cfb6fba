// One event: its settings and players, registration, the pairings of each round (your table
// first to the eye), the standings, and for its organiser the tools that run it. The page
// follows the event, so news (a round started, a result, the standings) refreshes it.
import { useEffect, useState } from "preact/hooks";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import {
  TournamentStatus,
  TournamentUpdate_Kind,
  type TournamentInfo,
  type TournamentRound,
  type TournamentStandings,
} from "../../../gen/spacedock/v1/tournament_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { DeckPicker, kSampleDeckChoice, seatOptions, type DeckChoice } from "../lobby/seat_options.js";
import { mayChangeDeck, registeredDeckWords, settingsLine, statusName } from "./event_words.js";
import { OrganiserTools } from "./organiser_tools.js";
import { Pairings } from "./pairings.js";
import { Standings } from "./standings.js";

export interface EventState {
  info: TournamentInfo | null;
  round: TournamentRound | null;
  standings: TournamentStandings | null;
  error: string | null;
}

// Loads the event, the round shown and the standings; again on its news, and every few
// seconds while a round is played (the clocks and results move).
function useEvent(client: Client, id: bigint, shownRound: number) {
  const [state, setState] = useState<EventState>({ info: null, round: null, standings: null, error: null });
  const [tick, setTick] = useState(0);
  const news = client.tournamentNews.value;
  const ours = news?.tournamentId === id ? news : null;
  const reload = () => setTick((t) => t + 1);
  useEffect(() => {
    client.connection.request({ case: "followTournament", value: { tournamentId: id } }).catch(() => {});
  }, [id]);
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const info = await client.connection.request({ case: "getTournament", value: { tournamentId: id } });
        if (info.result.case !== "tournament") return;
        const event = info.result.value;
        let round: TournamentRound | null = null;
        if (event.roundsPaired > 0) {
          const answer = await client.connection.request({
            case: "getRound",
            value: { tournamentId: id, round: shownRound },
          });
          if (answer.result.case === "round") round = answer.result.value;
        }
        const table = await client.connection.request({ case: "getStandings", value: { tournamentId: id } });
        const standings = table.result.case === "standings" ? table.result.value : null;
        if (live) setState({ info: event, round, standings, error: null });
      } catch (failure) {
        if (live) setState((s) => ({ ...s, error: describeError(failure) }));
      }
    })();
    return () => {
      live = false;
    };
  }, [id, shownRound, ours, tick]);
  const running = state.info?.status === TournamentStatus.RUNNING && !state.info.roundDone;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [running]);
  return { ...state, reload };
}

function Registration({ client, info, reload }: { client: Client; info: TournamentInfo; reload: () => void }) {
  const game = info.settings?.game ?? Game.STCCG;
  const [deck, setDeck] = useState<DeckChoice>(kSampleDeckChoice);
  const [error, setError] = useState<string | null>(null);
  const me = client.session.user.value?.accountId;
  const entry = info.entrants.find((e) => e.accountId === me);
  const act = async (body: Parameters<Client["connection"]["request"]>[0]) => {
    setError(null);
    try {
      await client.connection.request(body);
      reload();
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  if (info.organising) return null;
  if (info.registrationOpen)
    return (
      <form
        class="panel register"
        aria-label="Register"
        onSubmit={(e) => {
          e.preventDefault();
          act({
            case: "registerForTournament",
            value: { tournamentId: info.tournamentId, seat: seatOptions(game, deck) },
          });
        }}
      >
        <h3>Register</h3>
        {game === Game.STCCG && (
          <p class="hint">Your deck is locked when you register; the organiser may read it, nobody else.</p>
        )}
        <DeckPicker client={client} game={game} value={deck} onChange={setDeck} />
        <button type="submit">Register</button>
        {error && <p class="error">{error}</p>}
      </form>
    );
  if (!entry || info.status === TournamentStatus.FINISHED) return null;
  if (entry.droppedAfter > 0) return <p class="panel muted">You dropped after round {entry.droppedAfter}.</p>;
  const changeable = mayChangeDeck(info, entry);
  const deckWords = registeredDeckWords(entry, game, !changeable);
  return (
    <div class="panel register">
      <p>
        You are registered
        {entry.firstRound > 1 && `, playing from round ${entry.firstRound}`}.
      </p>
      {deckWords && <p class="registered-deck">{deckWords}</p>}
      {changeable && (
        <details class="change-deck">
          <summary>Change deck</summary>
          <form
            aria-label="Change deck"
            onSubmit={(e) => {
              e.preventDefault();
              act({
                case: "registerForTournament",
                value: { tournamentId: info.tournamentId, seat: seatOptions(game, deck), changeSeat: true },
              });
            }}
          >
            <p class="hint">Until your first round is paired you may register another deck; then it is locked.</p>
            <DeckPicker client={client} game={game} value={deck} onChange={setDeck} />
            <button type="submit">Register this deck instead</button>
          </form>
        </details>
      )}
      <button
        type="button"
        onClick={() => {
          if (confirm("Drop from this event? You will not be paired again.")) {
            act({ case: "dropFromTournament", value: { tournamentId: info.tournamentId, accountId: 0n } });
          }
        }}
      >
        Drop from the event
      </button>
      {error && <p class="error">{error}</p>}
    </div>
  );
}

export function EventPage({ client, id }: { client: Client; id: bigint }) {
  const [shownRound, setShownRound] = useState(0);
  const { info, round, standings, error, reload } = useEvent(client, id, shownRound);
  const news = client.tournamentNews.value;
  useEffect(() => {
    // A new round shows itself.
    if (news?.tournamentId === id && news.kind === TournamentUpdate_Kind.ROUND_STARTED) setShownRound(0);
  }, [news]);
  if (!info) return <p class="loading">{error ?? "Loading the event…"}</p>;
  const s = info.settings;
  return (
    <div class="event">
      <header class="panel event-head">
        <h2>{s?.name}</h2>
        <p>
          <span class="badge">{statusName(info.status)}</span> {s && settingsLine(s, info.swissRounds)} · organised by{" "}
          {info.organiser} · {info.entrants.length} players
        </p>
        {error && <p class="error">{error}</p>}
      </header>
      <Registration client={client} info={info} reload={reload} />
      {round && (
        <Pairings client={client} info={info} round={round} onRound={setShownRound} organising={info.organising} />
      )}
      {info.organising && <OrganiserTools client={client} info={info} round={round} reload={reload} />}
      {standings && (standings.afterRound > 0 || standings.final) && (
        <Standings standings={standings} me={client.session.user.value?.accountId} />
      )}
      <section class="panel" aria-label="Players">
        <h3>Players</h3>
        {info.entrants.length === 0 && (
          <p class="muted">
            Nobody has registered yet: players register on this page (event #{String(info.tournamentId)}).
          </p>
        )}
        <ul class="entrants">
          {info.entrants.map((e) => (
            <li>
              {e.username}
              {/* Only the entrant and the organiser are sent a deck's name. */}
              {e.deckTitle && <span class="small muted"> · {e.deckTitle}</span>}
              {e.firstRound > 1 && <span class="small muted"> (from round {e.firstRound})</span>}
              {e.droppedAfter > 0 && <span class="small muted"> (dropped after round {e.droppedAfter})</span>}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
