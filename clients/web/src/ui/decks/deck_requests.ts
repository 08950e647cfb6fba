// The deck requests of decks.proto, each resolving with its own answer (or rejecting with the
// server's words, as Connection.request does).
import type {
  DeckExport,
  DeckSaved,
  DeckSummary,
  DeckValidation,
  StoredDeck,
} from "../../../gen/spacedock/v1/decks_pb.js";
import type { Response } from "../../../gen/spacedock/v1/envelope_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Connection } from "../../net/connection.js";

type Result = Response["result"];
type Case = NonNullable<Result["case"]>;
type ResultOf<C extends Case> = Extract<Result, { case: C }>["value"];

// The answer's result when it is the one the request promises.
function expect<C extends Case>(answer: Response, want: C): ResultOf<C> {
  if (answer.result.case !== want) throw new Error(`the server answered without a ${want}`);
  return answer.result.value as ResultOf<C>;
}

export async function listDecks(link: Connection): Promise<DeckSummary[]> {
  const answer = await link.request({ case: "listDecks", value: {} });
  return expect(answer, "decks").decks.filter((deck) => deck.game === Game.STCCG);
}

export async function getDeck(link: Connection, deckId: bigint): Promise<StoredDeck> {
  return expect(await link.request({ case: "getDeck", value: { deckId } }), "deck");
}

// deckId 0n stores a new deck.
export async function saveDeck(link: Connection, deckId: bigint, name: string, deckList: string): Promise<DeckSaved> {
  const answer = await link.request({
    case: "saveDeck",
    value: { deckId, name, game: Game.STCCG, deckList },
  });
  return expect(answer, "deckSaved");
}

export async function renameDeck(link: Connection, deckId: bigint, name: string): Promise<DeckSummary> {
  return expect(await link.request({ case: "renameDeck", value: { deckId, name } }), "deckSummary");
}

export async function deleteDeck(link: Connection, deckId: bigint): Promise<void> {
  await link.request({ case: "deleteDeck", value: { deckId } });
}

export async function validateList(
  link: Connection,
  deckList: string,
  thirtyThirtyDecks: boolean,
): Promise<DeckValidation> {
  const answer = await link.request({
    case: "validateDeck",
    value: { deck: { case: "deckList", value: deckList }, thirtyThirtyDecks },
  });
  return expect(answer, "deckValidation");
}

export async function exportDeck(link: Connection, deckId: bigint): Promise<DeckExport> {
  return expect(await link.request({ case: "exportDeck", value: { deckId } }), "deckExport");
}
