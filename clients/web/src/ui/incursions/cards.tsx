// The full game's cards on the table: the viewer's hand (a card the open prompt lets them play
// or discard is a button: one option answers, several open a menu), the cards a deck search or a
// spy's look offers to take, a rival's equipment the viewer's Sabotage may turn face down, and the
// declarations awaiting responses with, when it is the viewer's window, Pass and the cards they
// may play against it. Every button is an option the server offered.
import { useEffect, useRef, useState } from "preact/hooks";
import type { DecisionPrompt, Option } from "../../../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  IncursionsStep,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { autoPass, setAutoPass } from "./auto_pass.js";
import {
  cardCounts,
  choiceCards,
  declarationWords,
  escapeWords,
  handCards,
  stepOf,
  type OfferedCard,
} from "./card_words.js";
import { OptionMenu, type MenuState } from "./option_menu.js";
import { actionOf, type PromptTargets } from "./prompt_targets.js";
import { optionLabel } from "./words.js";

type Choose = (optionId: bigint) => void;

// A row of cards, each a button when the prompt offers something on it.
function CardRow(props: { cards: OfferedCard[]; choose: Choose | undefined; label: string; targets: unknown }) {
  const { cards, choose } = props;
  const [menu, setMenu] = useState<MenuState | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => setMenu(null), [props.targets]); // a new prompt closes any menu
  const offer = (card: OfferedCard, anchor: Element) => {
    if (!choose || card.options.length === 0) return;
    if (card.options.length === 1) return choose(card.options[0].id);
    const area = wrap.current?.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    if (!area) return;
    const x = Math.max(4, Math.min(at.left - area.left, area.width - 310));
    setMenu({ title: card.title, options: card.options, x, y: at.bottom - area.top + 2, anchor });
  };
  return (
    <div class="inc-cards-wrap" ref={wrap}>
      <ul class="inc-cards" aria-label={props.label}>
        {cards.map((card) => (
          <li key={card.id}>
            {card.options.length > 0 && choose ? (
              <button
                type="button"
                class={cardClass(card, true)}
                data-card={card.id}
                aria-label={`${card.label}; ${card.options.length === 1 ? card.options[0].label : `${card.options.length} choices`}`}
                title={card.options.length === 1 ? card.options[0].label : `${card.options.length} choices`}
                onClick={(e) => offer(card, e.currentTarget)}
              >
                <CardFaceView card={card} />
              </button>
            ) : (
              <div class={cardClass(card, false)} data-card={card.id} title={card.label}>
                <CardFaceView card={card} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {menu && choose && <OptionMenu menu={menu} choose={choose} close={() => setMenu(null)} />}
    </div>
  );
}

function cardClass(card: OfferedCard, target: boolean): string {
  const classes = ["inc-card", `is-${(card.nature || "card").toLowerCase()}`];
  if (target) classes.push("is-target");
  if (card.fresh) classes.push("is-fresh");
  return classes.join(" ");
}

function CardFaceView({ card }: { card: OfferedCard }) {
  return (
    <>
      <span class="inc-card-head">
        <span class="inc-card-title">{card.title}</span>
        {card.rarity && (
          <span class="inc-card-rarity" title="Rarity">
            {card.rarity}
          </span>
        )}
      </span>
      <span class="inc-card-kind">
        {card.nature && <span class="inc-card-nature">{card.nature}</span>}
        {card.fresh && <span class="inc-tag fresh">New</span>}
      </span>
      {card.tags.length > 0 && <span class="inc-card-tags">{card.tags.join(" · ")}</span>}
      {card.crew && <span class="inc-card-crew">{card.crew}</span>}
      {card.summary && <span class="inc-card-summary">{card.summary}</span>}
      {card.verb && <span class="inc-card-verb">{card.verb}</span>}
    </>
  );
}

// The viewer's hand, under the map: its cards, what is attached to their next maneuver, and
// what the open prompt lets them do with them.
export function Hand(props: {
  view: IncursionsView;
  me: number;
  prompt: DecisionPrompt | null;
  targets: PromptTargets;
  choose: Choose;
  fresh: ReadonlySet<number>;
}) {
  const { view, me, prompt, targets } = props;
  const vessel = view.vessels.find((v) => v.seat === me);
  if (!vessel) return null;
  const cards = handCards(vessel, targets.cards, props.fresh);
  const offered = cards.filter((c) => c.options.length > 0).length;
  const step = stepOf(prompt);
  const mine = view.activeSeat === me;
  const hint =
    step === IncursionsStep.DISCARD
      ? `${prompt?.title}: click a card to discard it.`
      : step === IncursionsStep.ESCAPE
        ? offered > 0
          ? "Your ship is destroyed: click your Shuttle craft to escape in it (or use the escape panel)."
          : ""
        : offered > 0
          ? `${offered === 1 ? "1 card" : `${offered} cards`} can be played now: click one (or use the decision panel).`
          : "";
  return (
    <section class={`inc-hand${offered ? " has-targets" : ""}`} aria-label="Your hand">
      <header class="inc-hand-head">
        <h2>Your hand ({vessel.hand.length})</h2>
        <span class="muted small">{cardCounts(vessel).replace(/^Hand \d+ · /, "")}</span>
      </header>
      {mine && view.attached.length > 0 && (
        <p class="inc-attached small">
          Attached to your next maneuver: <b>{view.attached.map((c) => c.card?.title ?? "a card").join(", ")}</b>
        </p>
      )}
      {hint && <p class="inc-hand-hint small">{hint}</p>}
      {cards.length === 0 ? (
        <p class="muted small">No cards in hand.</p>
      ) : (
        <CardRow cards={cards} choose={props.choose} label="Cards in your hand" targets={targets} />
      )}
    </section>
  );
}

// What each card-choice step offers, and what it says when there is nothing to choose.
const kChoiceWords: Partial<Record<IncursionsStep, { detail: string; none: string }>> = {
  [IncursionsStep.SEARCH_DECK]: {
    detail: "Your deck, sorted by title (never in its order): click the card to take into your hand.",
    none: "Nothing to take.",
  },
  [IncursionsStep.TAKE_FROM_HAND]: {
    detail: "Their hand: click the card to take into yours.",
    none: "Nothing to take.",
  },
  [IncursionsStep.SABOTAGE]: {
    detail: "Their face-up equipment: click the card to turn face down. It is out of action until they repair it.",
    none: "Nothing is left to turn down.",
  },
};

// A deck search (Systems Report) or a look at a rival's hand (Gather Intelligence): the cards
// offered, one to take; or a Sabotage that got through: the rival's equipment, one to turn face
// down.
export function CardChoices(props: { prompt: DecisionPrompt | null; targets: PromptTargets; choose: Choose }) {
  const { prompt, targets } = props;
  const step = stepOf(prompt);
  const words = step === undefined ? undefined : kChoiceWords[step];
  if (!prompt || !words) return null;
  const cards = choiceCards(prompt, targets.cards);
  return (
    <section class="inc-choices" aria-label="Cards to choose from">
      <p class="inc-hit-headline">{prompt.title}</p>
      <p class="small muted">{words.detail}</p>
      {cards.length === 0 ? (
        <p class="muted small">{words.none}</p>
      ) : (
        <CardRow cards={cards} choose={props.choose} label="Cards offered" targets={targets} />
      )}
    </section>
  );
}

// The viewer's ship is destroyed (FULL, §11.4): escape in a Shuttle craft from the hand (one
// option per number of Pwr kept UP, the server's labels) or go down with the ship (ACCEPT). The
// craft options are on the hand's card too. Only the deciding player sees it.
export function EscapePanel(props: { prompt: DecisionPrompt | null; choose: Choose }) {
  const { prompt } = props;
  if (!prompt || stepOf(prompt) !== IncursionsStep.ESCAPE) return null;
  const { headline, detail } = escapeWords(prompt);
  // The craft first, going down last.
  const order = (option: Option) => {
    const kind = actionOf(option)?.kind;
    return kind === Kind.PLAY_CARD ? 0 : kind === Kind.ACCEPT ? 2 : 1;
  };
  const options = [...prompt.options].sort((a, b) => order(a) - order(b));
  return (
    <section class="inc-escape" aria-label="Escape">
      <span class="inc-escape-icon" aria-hidden="true">
        !
      </span>
      <div>
        <p class="inc-hit-headline">{headline}</p>
        <p class="small muted">{detail}</p>
        <div class="inc-event-options">
          {options.map((option) => {
            const kind = actionOf(option)?.kind;
            const cls = kind === Kind.ACCEPT ? "is-down" : kind === Kind.PLAY_CARD ? "is-card" : "";
            return (
              <button
                type="button"
                class={`inc-escape-option ${cls}`}
                data-option={String(option.id)}
                onClick={() => props.choose(option.id)}
              >
                {optionLabel(prompt, option)}
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}

// The declarations awaiting answers (§5.5), oldest first (the last is answered now), for every
// viewer; when the viewer is asked, Pass and what they may play against it.
export function ResponsesPanel(props: {
  view: IncursionsView;
  me: number | undefined;
  prompt: DecisionPrompt | null;
  choose: Choose;
  names?: readonly string[];
}) {
  const { view, me, prompt, names } = props;
  const asked = stepOf(prompt) === IncursionsStep.RESPOND ? prompt : null;
  if (!asked && view.responses.length === 0) return null;
  const stack = view.responses;
  const order = (option: Option) => {
    const kind = actionOf(option)?.kind;
    return kind === Kind.ACCEPT ? 0 : kind === Kind.PLAY_CARD ? 1 : 2;
  };
  const options = asked ? [...asked.options].sort((a, b) => order(a) - order(b)) : [];
  return (
    <section class={`inc-respond${asked ? " is-asked" : ""}`} aria-label={asked ? "Respond" : "Awaiting responses"}>
      <span class="inc-respond-icon" aria-hidden="true">
        ?
      </span>
      <div>
        <p class="inc-hit-headline">{asked ? asked.title : "Waiting for responses"}</p>
        {stack.length > 0 && (
          <ol class="inc-respond-stack small">
            {stack.map((d, i) => (
              <li class={i === stack.length - 1 ? "is-top" : undefined}>
                {declarationWords(d, view, me, names)}
                {i === stack.length - 1 && stack.length > 1 && <span class="muted"> (answered now)</span>}
              </li>
            ))}
          </ol>
        )}
        {asked && (
          <div class="inc-event-options">
            {options.map((option) => {
              const kind = actionOf(option)?.kind;
              const cls = kind === Kind.ACCEPT ? "is-pass" : kind === Kind.PLAY_CARD ? "is-card" : "";
              return (
                <button
                  type="button"
                  class={`inc-respond-option ${cls}`}
                  data-option={String(option.id)}
                  onClick={() => props.choose(option.id)}
                >
                  {optionLabel(asked, option)}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}

// The player's auto-pass setting, in the table's header (the full game only), and how many
// windows it has passed in this match.
export function AutoPassSetting({ passed }: { passed: number }) {
  return (
    <p class="inc-autopass small">
      <label class="check" title="It looks only at the options offered to you: a window that offers no card to play">
        <input type="checkbox" checked={autoPass.value} onChange={(e) => setAutoPass(e.currentTarget.checked)} />
        Auto-pass response windows when I hold no Play-any-time card
      </label>
      {passed > 0 && (
        <span class="muted" data-passed={passed}>
          {" "}
          · {passed === 1 ? "1 window" : `${passed} windows`} passed for you
        </span>
      )}
    </p>
  );
}
