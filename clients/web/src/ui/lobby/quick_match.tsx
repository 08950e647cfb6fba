// The quick-match queue: wait for another player of the game, or take the bot offered.
import { useState } from "preact/hooks";
import { ClockPreset } from "../../../gen/spacedock/v1/clock_pb.js";
import { BotStrength, Game, QuickMatchUpdate_State as State } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { DeckPicker, GamePicker, kSampleDeckChoice, seatOptions, type DeckChoice } from "./seat_options.js";

export function QuickMatch({ client }: { client: Client }) {
  const [game, setGame] = useState(Game.STCCG);
  const [deck, setDeck] = useState<DeckChoice>(kSampleDeckChoice);
  const [error, setError] = useState<string | null>(null);
  const update = client.quickMatch.value;
  const queued = update?.state === State.QUEUED || update?.state === State.BOT_OFFERED;

  const enter = async (bot: BotStrength) => {
    setError(null);
    try {
      const answer = await client.connection.request({
        case: "quickMatch",
        value: { game, seat: seatOptions(game, deck), clock: ClockPreset.NONE, bot },
      });
      if (answer.result.case === "quickMatch") client.quickMatch.value = answer.result.value;
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  const leave = async () => {
    await client.connection.request({ case: "leaveQueue", value: {} }).catch(() => {});
    client.quickMatch.value = null;
  };
  if (update?.state === State.MATCHED && update.matchId !== 0n) {
    client.quickMatch.value = null;
    client.go({ page: "match", matchId: update.matchId, spectate: false, invite: "" });
  }

  return (
    <section class="panel quick-match" aria-label="Quick match">
      <h2>Quick match</h2>
      {!queued ? (
        <>
          <GamePicker value={game} onChange={setGame} />
          <DeckPicker client={client} game={game} value={deck} onChange={setDeck} />
          <button type="button" class="primary" onClick={() => enter(BotStrength.NONE)}>
            Find an opponent
          </button>
        </>
      ) : (
        <>
          <p role="status">
            Looking for an opponent… {update && update.waiting > 1 ? `${update.waiting} players waiting` : ""}
          </p>
          {update?.state === State.BOT_OFFERED && (
            <p>
              Nobody else is here yet.{" "}
              <button type="button" onClick={() => enter(BotStrength.STRONG)}>
                Play the bot
              </button>
            </p>
          )}
          <button type="button" onClick={leave}>
            Stop looking
          </button>
        </>
      )}
      {update?.state === State.FAILED && <p class="error">{update.message}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
