// The cards found, a page at a time; arrow keys move the choice up and down the list.
import { useEffect, useState } from "preact/hooks";
import type { StccgCard } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { cardAffiliations, cardSet, setName } from "./card_search.js";
import { affiliationName, typeName } from "./card_words.js";

// Enough to scroll through; more on demand keeps a long list cheap to redraw while typing.
const kPage = 150;

function line(card: StccgCard): string {
  const affiliations = cardAffiliations(card).map(affiliationName).join("/");
  return [typeName(card.type), affiliations, setName(cardSet(card))].filter(Boolean).join(" · ");
}

export function CardList(props: { cards: StccgCard[]; chosen: string; choose: (id: string) => void }) {
  const [shown, setShown] = useState(kPage);
  useEffect(() => setShown(kPage), [props.cards]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const buttons = [...(e.currentTarget as HTMLElement).querySelectorAll<HTMLButtonElement>("button.cards-row")];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + (e.key === "ArrowDown" ? 1 : -1)))];
    if (!next) return;
    e.preventDefault();
    next.focus();
    next.click();
  };

  if (!props.cards.length) return <p class="muted">No card matches.</p>;
  return (
    <>
      <ul class="cards-list" aria-label="Cards found" onKeyDown={onKeyDown}>
        {props.cards.slice(0, shown).map((card) => (
          <li key={card.id}>
            <button
              type="button"
              class="cards-row"
              aria-current={card.id === props.chosen ? "true" : undefined}
              onClick={() => props.choose(card.id)}
            >
              <span class="cards-row-title">
                {card.universal ? "♦ " : ""}
                {card.title}
              </span>
              <span class="muted small">{line(card)}</span>
            </button>
          </li>
        ))}
      </ul>
      {props.cards.length > shown && (
        <button type="button" onClick={() => setShown(shown + kPage)}>
          Show {Math.min(kPage, props.cards.length - shown)} more of {props.cards.length - shown}
        </button>
      )}
    </>
  );
}
