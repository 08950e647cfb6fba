// The game, and the deck (STCCG) or hex contribution, ship and officers (Incursions) a player
// brings to a seat.
import { useEffect, useRef, useState } from "preact/hooks";
import type { DeckSummary } from "../../../gen/spacedock/v1/decks_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import { defaultDeck, type DeckChoice } from "./deck_default.js";
import { incursionsSeat, type CrewChoice } from "./incursions_seat.js";

export { kSampleDeckChoice, type DeckChoice } from "./deck_default.js";

export const kSampleDecks = [
  "federation",
  "klingon",
  "romulan",
  "klingon-bog",
  "federation-qc-bog",
  "romulan-bog",
  "non-aligned",
  "federation-au",
  "klingon-au",
  "romulan-au",
];

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

// Offers the player's stored decks and the sample decks. Once the stored decks are known it
// picks the most recently saved legal one (unless the player chose already).
export function DeckPicker(props: {
  client: Client;
  game: Game;
  value: DeckChoice;
  onChange: (choice: DeckChoice) => void;
}) {
  const [decks, setDecks] = useState<DeckSummary[]>([]);
  const chosen = useRef(false);
  useEffect(() => {
    props.client.connection
      .request({ case: "listDecks", value: {} })
      .then((answer) => {
        if (answer.result.case !== "decks") return;
        setDecks(answer.result.value.decks);
        // Only STCCG seats take a deck; the choice waits should the game be switched to it.
        if (!chosen.current) props.onChange(defaultDeck(answer.result.value.decks, Game.STCCG));
      })
      .catch(() => {});
  }, []);
  if (props.game !== Game.STCCG) return null;
  const stored = decks.filter((deck) => deck.game === Game.STCCG);
  const choose = (choice: DeckChoice) => {
    chosen.current = true;
    props.onChange(choice);
  };
  return (
    <label>
      Deck
      <select value={props.value} onChange={(e) => choose(e.currentTarget.value)}>
        {stored.map((deck) => (
          <option value={`deck:${deck.deckId}`} disabled={!deck.legal}>
            {deck.name}
            {deck.legal ? "" : " (not legal)"}
          </option>
        ))}
        {kSampleDecks.map((name) => (
          <option value={`sample:${name}`}>Sample deck: {name}</option>
        ))}
        <option value="sample:random">A random legal deck, drawn by the server</option>
      </select>
    </label>
  );
}
