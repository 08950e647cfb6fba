// A waiting match opened by its link (an invite, say) by someone not seated yet: take a seat,
// with a deck (STCCG) or, in an Incursions match with captains and crew (or hex events), a ship,
// officers and a hexpile.
import { useState } from "preact/hooks";
import type { MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import {
  describeSeatError,
  isCrewMatch,
  isFullMatch,
  kNoCrewChoice,
  modeTag,
  type CrewChoice,
} from "../lobby/incursions_seat.js";
import { IncursionsSeatPicker } from "../lobby/incursions_seat_picker.js";
import { DeckPicker, kSampleDeckChoice, seatOptions, type DeckChoice } from "../lobby/seat_options.js";

export function JoinPanel({ client, info, invite }: { client: Client; info: MatchInfo; invite: string }) {
  const [deck, setDeck] = useState<DeckChoice>(kSampleDeckChoice);
  const [crew, setCrew] = useState<CrewChoice>(kNoCrewChoice);
  const [error, setError] = useState<string | null>(null);
  const withCrew = isCrewMatch(info);
  const join = async () => {
    setError(null);
    try {
      const answer = await client.connection.request({
        case: "joinMatch",
        value: {
          matchId: info.matchId,
          inviteCode: invite,
          seat: seatOptions(info.game, deck, withCrew ? crew : null, undefined, isFullMatch(info)),
        },
      });
      if (answer.result.case === "match") client.match.attach(client.connection, answer.result.value);
    } catch (failure) {
      setError(describeSeatError(failure));
    }
  };
  return (
    <section class="panel join-panel" aria-label="Join this match">
      <p>A seat is open in this match{withCrew ? `, played with ${modeTag(info)}` : ""}.</p>
      <DeckPicker client={client} game={info.game} value={deck} onChange={setDeck} />
      {withCrew && <IncursionsSeatPicker client={client} value={crew} onChange={setCrew} full={isFullMatch(info)} />}
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
