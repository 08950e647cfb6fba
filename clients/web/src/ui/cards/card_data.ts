// The card database, asked for once per page load: it does not change while a server runs.
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
