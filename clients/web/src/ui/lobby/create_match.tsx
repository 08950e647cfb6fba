// The "New match" form: game, rule options (for Incursions the mode, the creator's hexpile, and
// with captains and crew, or hex events, the creator's ship and officers; in the full game the
// ship, captain and deck), clock, who may watch, and an optional bot.
import { useState } from "preact/hooks";
import { ClockPreset, DisconnectOutcome } from "../../../gen/spacedock/v1/clock_pb.js";
import { IncursionsMode } from "../../../gen/spacedock/v1/incursions_pb.js";
import { BotStrength, Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import { choosesShip, describeSeatError, kModes, kNoCrewChoice, usesDeck, type CrewChoice } from "./incursions_seat.js";
import { HexpilePicker, IncursionsSeatPicker } from "./incursions_seat_picker.js";
import { botsOffered } from "./opponents.js";
import { DeckPicker, GamePicker, kSampleDeckChoice, seatOptions, type DeckChoice } from "./seat_options.js";
import { ruleGroups } from "./stccg_rule_options.js";

export function CreateMatch({ client }: { client: Client }) {
  const [game, setGame] = useState(Game.STCCG);
  const [players, setPlayers] = useState(2);
  const [mode, setMode] = useState(IncursionsMode.BASIC);
  const [crew, setCrew] = useState<CrewChoice>(kNoCrewChoice);
  const [deck, setDeck] = useState<DeckChoice>(kSampleDeckChoice);
  const [clock, setClock] = useState(ClockPreset.NONE);
  const [pauseOnDisconnect, setPauseOnDisconnect] = useState(false);
  const [spectators, setSpectators] = useState(true);
  const [privateMatch, setPrivateMatch] = useState(false);
  const [bot, setBot] = useState(BotStrength.NONE);
  const [switches, setSwitches] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const bots = botsOffered(game, players);
  const opponent = bots ? bot : BotStrength.NONE;

  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const answer = await client.connection.request({
        case: "createMatch",
        value: {
          game,
          options:
            game === Game.STCCG ? { case: "stccg", value: switches } : { case: "incursions", value: { players, mode } },
          seat: seatOptions(game, deck, choosesShip(mode) ? crew : null, crew.hexpile, usesDeck(mode)),
          clock,
          onDisconnect: pauseOnDisconnect ? DisconnectOutcome.PAUSE : DisconnectOutcome.LOSS,
          noSpectators: !spectators,
          privateMatch,
          botOpponents: opponent,
        },
      });
      if (answer.result.case !== "match") return;
      const info = answer.result.value;
      client.match.attach(client.connection, info);
      client.go({ page: "match", matchId: info.matchId, spectate: false, invite: "" });
    } catch (failure) {
      setError(describeSeatError(failure));
    }
  };

  return (
    <form class="panel create-match" onSubmit={create} aria-label="New match">
      <h2>New match</h2>
      <GamePicker value={game} onChange={setGame} />
      {game === Game.INCURSIONS && (
        <>
          <label>
            Players
            <select value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
              {[2, 3, 4, 5, 6].map((n) => (
                <option value={n}>{n}</option>
              ))}
            </select>
          </label>
          <label>
            Mode
            <select value={mode} onChange={(e) => setMode(Number(e.currentTarget.value) as IncursionsMode)}>
              {kModes.map(([value, words]) => (
                <option value={value}>{words}</option>
              ))}
            </select>
          </label>
          <p class="hint create-mode-hint">{kModes.find(([value]) => value === mode)?.[2]}</p>
          {choosesShip(mode) ? (
            <IncursionsSeatPicker client={client} value={crew} onChange={setCrew} full={usesDeck(mode)} />
          ) : (
            <HexpilePicker
              client={client}
              value={crew.hexpile ?? ""}
              onChange={(hexpile) => setCrew({ ...crew, hexpile })}
            />
          )}
        </>
      )}
      <DeckPicker client={client} game={game} value={deck} onChange={setDeck} />
      <label>
        Clock
        <select value={clock} onChange={(e) => setClock(Number(e.currentTarget.value) as ClockPreset)}>
          <option value={ClockPreset.NONE}>Untimed</option>
          <option value={ClockPreset.BLITZ}>Blitz: 5 min + 5 s</option>
          <option value={ClockPreset.STANDARD}>Standard: 20 min + 10 s</option>
          <option value={ClockPreset.TOURNAMENT}>Tournament: 40 min + 15 s</option>
        </select>
      </label>
      {clock !== ClockPreset.NONE && (
        <label class="check">
          <input
            type="checkbox"
            checked={pauseOnDisconnect}
            onChange={(e) => setPauseOnDisconnect(e.currentTarget.checked)}
          />
          Pause, rather than lose on time, when a player stays away
        </label>
      )}
      <label>
        Opponent
        <select value={opponent} onChange={(e) => setBot(Number(e.currentTarget.value) as BotStrength)}>
          <option value={BotStrength.NONE}>
            {bots ? "A person (wait for them to join)" : "People (wait for them to join)"}
          </option>
          {bots && (
            <>
              <option value={BotStrength.RANDOM}>Bot: random</option>
              <option value={BotStrength.EASY}>Bot: easy</option>
              <option value={BotStrength.STRONG}>Bot: strong</option>
            </>
          )}
        </select>
        {!bots && <span class="hint">Bots play two-player matches only.</span>}
      </label>
      <label class="check">
        <input type="checkbox" checked={spectators} onChange={(e) => setSpectators(e.currentTarget.checked)} />
        Spectators may watch
      </label>
      <label class="check">
        <input type="checkbox" checked={privateMatch} onChange={(e) => setPrivateMatch(e.currentTarget.checked)} />
        Private: joined only with the invite link
      </label>
      {game === Game.STCCG && (
        <details class="rule-options">
          <summary>Rule options</summary>
          <p class="hint">Each one left unticked plays as its "Off" says.</p>
          {ruleGroups().map((group, index) => (
            // The card readings, many and narrow, start folded.
            <details class="rule-group" open={index === 0}>
              <summary>
                {group.title} ({group.options.filter(({ key }) => switches[key]).length} of {group.options.length} on)
              </summary>
              {group.options.map(({ key, words, why }) => (
                <label class="check rule-option">
                  <input
                    type="checkbox"
                    checked={!!switches[key]}
                    aria-describedby={`rule-${key}`}
                    onChange={(e) => setSwitches({ ...switches, [key]: e.currentTarget.checked })}
                  />
                  <span>
                    {words}
                    <span class="hint" id={`rule-${key}`}>
                      {why}
                    </span>
                  </span>
                </label>
              ))}
            </details>
          ))}
        </details>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary">
        Create match
      </button>
    </form>
  );
}
