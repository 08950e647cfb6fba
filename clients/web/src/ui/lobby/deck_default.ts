// The deck a seat starts with: the player's most recently saved legal deck of the game, so that
// someone who built a deck plays it without looking for it; a sample deck for a new player.
import type { DeckSummary } from "../../../gen/spacedock/v1/decks_pb.js";
import type { Game } from "../../../gen/spacedock/v1/lobby_pb.js";

// What the deck picker holds: "sample:federation" or "deck:12".
export type DeckChoice = string;

export const kSampleDeckChoice: DeckChoice = "sample:federation";

export function defaultDeck(decks: readonly DeckSummary[], game: Game): DeckChoice {
  let best: DeckSummary | undefined;
  for (const deck of decks) {
    if (deck.game !== game || !deck.legal) continue;
    if (!best || savedAt(deck) > savedAt(best)) best = deck;
  }
  return best ? `deck:${best.deckId}` : kSampleDeckChoice;
}

// A deck never renamed or replaced has its creation time only.
const savedAt = (deck: DeckSummary): bigint => (deck.updatedAtMs > 0n ? deck.updatedAtMs : deck.createdAtMs);
