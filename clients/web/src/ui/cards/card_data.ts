// The card database and the server's sample decks (one ListCards answer), asked for once per
// page load: they do not change while a server runs.
import { useEffect, useState } from "preact/hooks";
import type { CardList, SampleDeck } from "../../../gen/spacedock/v1/decks_pb.js";
import type { StccgCard } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Connection } from "../../net/connection.js";

let list: Promise<CardList> | undefined;

function loadCardList(link: Connection): Promise<CardList> {
  list ??= link.request({ case: "listCards", value: { game: Game.STCCG } }).then((answer) => {
    if (answer.result.case !== "cardList") throw new Error("the server answered without a card list");
    return answer.result.value;
  });
  list.catch(() => (list = undefined)); // a failure is not kept: the next visit asks again
  return list;
}

export const loadCards = (link: Connection): Promise<StccgCard[]> => loadCardList(link).then((l) => l.stccg);

// The server's STCCG sample decks as LackeyCCG lists, to start a deck from (none from a server
// older than them).
export const loadSampleDecks = (link: Connection): Promise<SampleDeck[]> =>
  loadCardList(link).then((l) => l.stccgSampleDecks);

// The card database by card id for a table, once it has arrived (undefined until then, or if
// it cannot be had: a table shows what its view says without it).
export function useCardsById(link: Connection, wanted = true): ReadonlyMap<string, StccgCard> | undefined {
  const [byId, setById] = useState<ReadonlyMap<string, StccgCard>>();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadCards(link)
      .then((cards) => live && setById(new Map(cards.map((card) => [card.id, card]))))
      .catch(() => {});
    return () => void (live = false);
  }, [link, wanted]);
  return byId;
}
