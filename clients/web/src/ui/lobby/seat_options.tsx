// The game, and the deck (STCCG) or hex contribution, ship and officers (Incursions) a player
// brings to a seat.
import { useEffect, useState } from "preact/hooks";
import type { DeckSummary } from "../../../gen/spacedock/v1/decks_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import { incursionsSeat, type CrewChoice } from "./incursions_seat.js";

export const kSampleDecks = ["federation", "klingon", "romulan"];

// "sample:federation" or "deck:12": what the deck picker holds.
export type DeckChoice = string;

// `crew`: an Incursions seat's ship and officers, in a match with captains and crew (null or
// absent: the basic game); `hexpile`: the Incursions hexpile preset (absent: the crew choice's,
// else the standard one); `full`: the full game (the crew choice's deck preset, not its crew).
export function seatOptions(game: Game, deck: DeckChoice, crew?: CrewChoice | null, hexpile?: string, full = false) {
  if (game === Game.INCURSIONS)
    return { case: "incursionsSeat" as const, value: incursionsSeat(crew ?? null, hexpile, full) };
  const [kind, value] = deck.split(":", 2);
  return {
    case: "stccgSeat" as const,
    value: kind === "deck" ? { deckId: BigInt(value) } : { sampleDeck: value },
  };
}

// Which game a new match or a quick match is of.
export function GamePicker(props: { value: Game; onChange: (game: Game) => void }) {
  return (
    <label>
      Game
      <select value={props.value} onChange={(e) => props.onChange(Number(e.currentTarget.value) as Game)}>
        <option value={Game.STCCG}>Star Trek CCG (1E)</option>
        <option value={Game.INCURSIONS}>Star Trek: Incursions</option>
      </select>
    </label>
  );
}

export function DeckPicker(props: {
  client: Client;
  game: Game;
  value: DeckChoice;
  onChange: (choice: DeckChoice) => void;
}) {
  const [decks, setDecks] = useState<DeckSummary[]>([]);
  useEffect(() => {
    props.client.connection
      .request({ case: "listDecks", value: {} })
      .then((answer) => answer.result.case === "decks" && setDecks(answer.result.value.decks))
      .catch(() => {});
  }, []);
  if (props.game !== Game.STCCG) return null;
  const stored = decks.filter((deck) => deck.game === Game.STCCG);
  return (
    <label>
      Deck
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {stored.map((deck) => (
          <option value={`deck:${deck.deckId}`} disabled={!deck.legal}>
            {deck.name}
            {deck.legal ? "" : " (not legal)"}
          </option>
        ))}
        {kSampleDecks.map((name) => (
          <option value={`sample:${name}`}>Sample deck: {name}</option>
        ))}
      </select>
    </label>
  );
}
