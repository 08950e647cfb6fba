// A waiting match opened by its link (an invite, say) by someone not seated yet: take a seat.
import { useState } from "preact/hooks";
import type { MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { DeckPicker, seatOptions, type DeckChoice } from "../lobby/seat_options.js";

export function JoinPanel({ client, info, invite }: { client: Client; info: MatchInfo; invite: string }) {
  const [deck, setDeck] = useState<DeckChoice>("sample:federation");
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    setError(null);
    try {
      const answer = await client.connection.request({
        case: "joinMatch",
        value: { matchId: info.matchId, inviteCode: invite, seat: seatOptions(info.game, deck) },
      });
      if (answer.result.case === "match") client.match.attach(client.connection, answer.result.value);
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  return (
    <section class="panel join-panel" aria-label="Join this match">
      <p>A seat is open in this match.</p>
      <DeckPicker client={client} game={info.game} value={deck} onChange={setDeck} />
      <button type="button" class="primary" onClick={join}>
        Join this match
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
