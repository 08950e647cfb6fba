// The card database, asked for once per page load: it does not change while a server runs.
import { useEffect, useState } from "preact/hooks";
import type { StccgCard } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Connection } from "../../net/connection.js";

let cards: Promise<StccgCard[]> | undefined;

export function loadCards(link: Connection): Promise<StccgCard[]> {
  cards ??= link.request({ case: "listCards", value: { game: Game.STCCG } }).then((answer) => {
    if (answer.result.case !== "cardList") throw new Error("the server answered without a card list");
    return answer.result.value.stccg;
  });
  cards.catch(() => (cards = undefined));  // a failure is not kept: the next visit asks again
  return cards;
}

// The card database by card id for a table, once it has arrived (undefined until then, or if
// it cannot be had: a table shows what its view says without it).
export function useCardsById(
  link: Connection,
  wanted = true,
): ReadonlyMap<string, StccgCard> | undefined {
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
