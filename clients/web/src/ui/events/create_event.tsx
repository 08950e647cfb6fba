// The organiser's "New event" form (TournamentSettings): game, rounds, cut, time, clock, late
// registration, what happens at time, and privacy. Defaults are the server's.
import { useState } from "preact/hooks";
import { ClockPreset } from "../../../gen/spacedock/v1/clock_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import { TimeCall } from "../../../gen/spacedock/v1/tournament_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { GamePicker } from "../lobby/seat_options.js";

export function CreateEvent({ client }: { client: Client }) {
  const [name, setName] = useState("");
  const [game, setGame] = useState(Game.STCCG);
  const [rounds, setRounds] = useState(0);
  const [cut, setCut] = useState(0);
  const [minutes, setMinutes] = useState(0);
  const [clock, setClock] = useState(ClockPreset.NONE);
  const [late, setLate] = useState(0);
  const [timeDraw, setTimeDraw] = useState(false);
  const [privateEvent, setPrivateEvent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (e: SubmitEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const answer = await client.connection.request({
        case: "createTournament",
        value: {
          settings: {
            name: name.trim(),
            game,
            options: game === Game.STCCG ? { case: "stccg", value: {} } : { case: "incursions", value: { players: 2 } },
            clock,
            swissRounds: rounds,
            topCut: cut,
            roundMinutes: minutes,
            timeCall: timeDraw ? TimeCall.DRAW : TimeCall.GAME_RULES,
            lateRegistrationRounds: late,
            privateEvent,
          },
        },
      });
      if (answer.result.case === "tournament")
        client.go({ page: "event", tournamentId: answer.result.value.tournamentId });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <form class="panel create-event" onSubmit={create} aria-label="New event">
      <h2>New event</h2>
      <label>
        Name
        <input value={name} maxLength={80} required onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <GamePicker value={game} onChange={setGame} />
      <label>
        Swiss rounds
        <select value={rounds} onChange={(e) => setRounds(Number(e.currentTarget.value))}>
          <option value={0}>From the number of players</option>
          {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
            <option value={n}>{n}</option>
          ))}
        </select>
      </label>
      <label>
        Top cut
        <select value={cut} onChange={(e) => setCut(Number(e.currentTarget.value))}>
          <option value={0}>None</option>
          <option value={2}>Top 2 (a final)</option>
          <option value={4}>Top 4</option>
          <option value={8}>Top 8</option>
        </select>
      </label>
      <label>
        Minutes a round
        <input
          type="number"
          min={0}
          max={600}
          value={minutes || ""}
          placeholder={game === Game.STCCG ? "75" : "45"}
          onInput={(e) => setMinutes(Number(e.currentTarget.value) || 0)}
        />
      </label>
      <label>
        Match clock
        <select value={clock} onChange={(e) => setClock(Number(e.currentTarget.value) as ClockPreset)}>
          <option value={ClockPreset.NONE}>None: the round's time only</option>
          <option value={ClockPreset.BLITZ}>Blitz: 5 min + 5 s</option>
          <option value={ClockPreset.STANDARD}>Standard: 20 min + 10 s</option>
          <option value={ClockPreset.TOURNAMENT}>Tournament: 40 min + 15 s</option>
        </select>
      </label>
      <label>
        Late registration
        <select value={late} onChange={(e) => setLate(Number(e.currentTarget.value))}>
          <option value={0}>Closed once round 1 starts</option>
          <option value={1}>Open during round 1</option>
          <option value={2}>Open during rounds 1 and 2</option>
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={timeDraw} onChange={(e) => setTimeDraw(e.currentTarget.checked)} />A game
        unfinished at time is a draw (else the game's own scoring at time)
      </label>
      <label class="check">
        <input type="checkbox" checked={privateEvent} onChange={(e) => setPrivateEvent(e.currentTarget.checked)} />
        Private: only its players see it
      </label>
      <button type="submit" disabled={!name.trim()}>
        Create event
      </button>
      {error && <p class="error">{error}</p>}
    </form>
  );
}
