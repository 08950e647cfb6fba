// One item of a scene on the table: a dilemma drawn as a card with its summary, what it needs,
// what it did and its outcome; a side's fire with its totals; or a line in the server's words.
import type { StccgCard } from "../../../../gen/spacedock/v1/stccg_cards_pb.js";
import type { StccgCardRef } from "../../../../gen/spacedock/v1/stccg_pb.js";
import { typeName } from "../../cards/card_words.js";
import { Linked } from "./card_link.js";
import { dilemmaFacts, outcomeWords, type Item, type Line } from "./scene_words.js";

interface ItemProps {
  item: Item;
  look: (card: StccgCardRef) => void;
  cards?: ReadonlyMap<string, StccgCard>;
}

export function SceneItem({ item, look, cards }: ItemProps) {
  const newest = item.newest ? " newest" : "";
  switch (item.kind) {
    case "dilemma":
      return <DilemmaItem item={item} look={look} cards={cards} />;
    case "fire":
      return (
        <li class={`seq-fire${newest}`}>
          <span class="seq-side">{capital(item.side)}</span>
          {item.target ? (
            <>
              : ATTACK <b>{item.attack}</b> at{" "}
              <Linked parts={[{ card: item.target, text: item.target.title || "a card" }]} look={look} /> against
              DEFENSE <b>{item.defense}</b>
            </>
          ) : (
            <>
              : STRENGTH <b>{item.attack}</b> against <b>{item.defense}</b>
            </>
          )}
          {item.result && <b class="seq-result"> — {item.result}</b>}
        </li>
      );
    case "line":
      return (
        <li class={`seq-line tone-${item.line.tone}${newest}`}>
          <Linked parts={item.line.parts} look={look} />
        </li>
      );
  }
}

function DilemmaItem(props: {
  item: Extract<Item, { kind: "dilemma" }>;
  look: ItemProps["look"];
  cards: ItemProps["cards"];
}) {
  const { item, look } = props;
  const data = props.cards?.get(item.card.cardId);
  const facts = dilemmaFacts(data);
  const outcome = outcomeWords(item.outcome);
  const title = item.card.title || "A face-down card";
  const type = typeName(data?.type ?? item.card.type).toLowerCase();
  const state = outcome ? (outcome.good ? " good" : " bad") : "";
  return (
    <li class={`seq-dilemma${state}${item.newest ? " newest" : ""}`}>
      <button
        type="button"
        class="seq-card"
        aria-label={`${title}, ${type}: show it in the preview`}
        onClick={() => look(item.card)}
      >
        <span class="seq-card-title">{title}</span>
        <span class="seq-card-type">{type}</span>
      </button>
      <div class="seq-dilemma-body">
        {facts.summary && <p class="seq-summary">{facts.summary}</p>}
        {facts.needs && (
          <p class="seq-needs">
            Needs <code>{facts.needs}</code>
          </p>
        )}
        {item.lines.length > 0 && (
          <ul class="seq-effects">
            {item.lines.map((line: Line, i) => (
              <li key={i} class={`tone-${line.tone}`}>
                <Linked parts={line.parts} look={look} />
              </li>
            ))}
          </ul>
        )}
        {outcome ? (
          <p class="seq-outcome">
            <b>{outcome.text}</b>
            {item.went && (
              <>
                {" · "}
                <Linked parts={item.went} look={look} />
              </>
            )}
          </p>
        ) : (
          <p class="seq-outcome muted">Being resolved…</p>
        )}
      </div>
    </li>
  );
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
