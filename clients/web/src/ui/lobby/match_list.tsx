// The lobby's list of matches, with filters, and the buttons to join, watch, rejoin or replay.
// Joining an Incursions match with captains and crew (or hex events) first asks for the ship,
// officers and hexpile.
import { useEffect, useState } from "preact/hooks";
import { Game, MatchStatus, type MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { resultLine } from "../result_words.js";
import {
  describeSeatError,
  isCrewMatch,
  isFullMatch,
  kNoCrewChoice,
  modeTag,
  type CrewChoice,
} from "./incursions_seat.js";
import { IncursionsSeatPicker } from "./incursions_seat_picker.js";
import { clockName, gameName, playersLine, seatNames, statusName } from "./names.js";
import { DeckPicker, kSampleDeckChoice, seatOptions, type DeckChoice } from "./seat_options.js";

type Filter = "open" | "live" | "mine" | "finished";

const kFilters: [Filter, string][] = [
  ["open", "Open seats"],
  ["live", "Live"],
  ["mine", "My matches"],
  ["finished", "Finished"],
];

export function MatchList({ client }: { client: Client }) {
  const [filter, setFilter] = useState<Filter>("open");
  const [game, setGame] = useState(Game.UNSPECIFIED);
  const [matches, setMatches] = useState<MatchInfo[]>([]);
  const [deck, setDeck] = useState<DeckChoice>(kSampleDeckChoice);
  const [crew, setCrew] = useState<CrewChoice>(kNoCrewChoice);
  // The Incursions match with captains and crew whose seat is being chosen.
  const [joining, setJoining] = useState<MatchInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const me = client.session.user.value?.accountId;

  const load = async () => {
    try {
      const answer = await client.connection.request({
        case: "listMatches",
        value: {
          game,
          statuses:
            filter === "open"
              ? [MatchStatus.WAITING]
              : filter === "live"
                ? [MatchStatus.ACTIVE]
                : filter === "finished"
                  ? [MatchStatus.FINISHED]
                  : [],
          mine: filter === "mine",
          openSeats: filter === "open",
          pageSize: 50,
        },
      });
      if (answer.result.case === "matches") setMatches(answer.result.value.matches);
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  useEffect(() => {
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [filter, game]);

  const join = async (info: MatchInfo) => {
    const withCrew = isCrewMatch(info);
    if (withCrew && joining?.matchId !== info.matchId) {
      setError(null);
      setJoining(info);
      return;
    }
    try {
      const answer = await client.connection.request({
        case: "joinMatch",
        value: {
          matchId: info.matchId,
          seat: seatOptions(info.game, deck, withCrew ? crew : null, undefined, isFullMatch(info)),
        },
      });
      if (answer.result.case === "match") client.match.attach(client.connection, answer.result.value);
      client.go({ page: "match", matchId: info.matchId, spectate: false, invite: "" });
    } catch (failure) {
      setError(describeSeatError(failure));
    }
  };

  return (
    <section class="panel match-list" aria-label="Matches">
      <div class="list-head">
        <h2>Matches</h2>
        <div class="tabs" role="tablist">
          {kFilters.map(([key, words]) => (
            <button type="button" role="tab" aria-selected={filter === key} onClick={() => setFilter(key)}>
              {words}
            </button>
          ))}
        </div>
        <select aria-label="Game" value={game} onChange={(e) => setGame(Number(e.currentTarget.value) as Game)}>
          <option value={Game.UNSPECIFIED}>Both games</option>
          <option value={Game.STCCG}>Star Trek CCG</option>
          <option value={Game.INCURSIONS}>Incursions</option>
        </select>
      </div>
      {filter === "open" && <DeckPicker client={client} game={Game.STCCG} value={deck} onChange={setDeck} />}
      {joining && (
        <form
          class="join-crew"
          aria-label={`Join match #${joining.matchId}`}
          onSubmit={(e) => {
            e.preventDefault();
            join(joining);
          }}
        >
          <h3>
            Join match #{String(joining.matchId)}: {modeTag(joining)}
          </h3>
          <IncursionsSeatPicker client={client} value={crew} onChange={setCrew} full={isFullMatch(joining)} />
          <div class="join-crew-buttons">
            <button type="submit" class="primary">
              Join with this ship
            </button>
            <button type="button" onClick={() => setJoining(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {matches.length === 0 ? (
        <p class="muted">No matches here yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>Game</th>
              <th>Players</th>
              <th>Clock</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {matches.map((info) => {
              const mine = info.seats.some((seat) => seat.accountId === me);
              const open = info.status === MatchStatus.WAITING && !mine;
              const over = info.status === MatchStatus.FINISHED;
              return (
                <tr key={String(info.matchId)}>
                  <td>{String(info.matchId)}</td>
                  <td>
                    {gameName(info.game)}
                    {modeTag(info) && <span class="muted small"> · {modeTag(info)}</span>}
                  </td>
                  <td>{playersLine(info)}</td>
                  <td>{clockName(info.clock?.preset)}</td>
                  <td>
                    {over
                      ? (info.result && resultLine(info.result, seatNames(info))) || "finished"
                      : statusName(info.status)}
                  </td>
                  <td class="actions">
                    {open && (
                      <button type="button" class="primary" onClick={() => join(info)}>
                        Join
                      </button>
                    )}
                    {mine && !over && (
                      <a class="button" href={`#/match/${info.matchId}`}>
                        Rejoin
                      </a>
                    )}
                    {!mine && !over && info.spectatorsAllowed && (
                      <a class="button" href={`#/match/${info.matchId}?watch=1`}>
                        Watch
                      </a>
                    )}
                    {over && (
                      <a class="button" href={`#/replay/${info.matchId}`}>
                        Replay
                      </a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
