// One card drawn from its data as a styled box: title, type, a few figures and state badges, an
// owner marker, and, while the prompt offers something for it, an outline and a choices marker.
// It is a button: clicking or focusing previews it; clicking also acts on its options.
import type { ComponentChildren } from "preact";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import type { StccgCardInPlay, StccgCardRef } from "../../../gen/spacedock/v1/stccg_pb.js";
import { choicesWords, unionOptions } from "./prompt_targets.js";
import { useTable } from "./table_context.js";
import {
  cardTitle,
  figures,
  isHidden,
  ownerTag,
  possessive,
  sideOf,
  stateWords,
  typeWord,
  type LocationModel,
} from "./view_model.js";

export type CardSize = "hand" | "play" | "mini" | "mission";

export interface CardProps {
  card: StccgCardRef | undefined;
  inPlay?: StccgCardInPlay;
  // Where it is, in words: "in your hand", "aboard U.S.S. Enterprise".
  where: string;
  size?: CardSize;
  // Options of the place this card stands for (a mission's location), besides its own.
  extra?: Option[];
  // More words for its accessible name ("3 aboard").
  words?: string[];
  // Replaces the title line (a mission draws its ends around it), and the type line's words.
  body?: ComponentChildren;
  typeLine?: string;
  // A mission card previews its whole location.
  location?: LocationModel;
}

export function Card(props: CardProps) {
  const t = useTable();
  const ref = props.card;
  const hidden = isHidden(ref);
  const handle = ref?.handle ?? 0;
  const options = unionOptions(handle ? t.targets.byCard.get(handle) : undefined, props.extra);
  const owner = ref?.owner ?? t.sides.top;
  const title = cardTitle(ref);
  const type = hidden ? "card" : typeWord(ref!.type);
  const states = props.inPlay ? stateWords(props.inPlay) : [];
  const about = handle !== 0 && handle === t.aboutHandle;
  const name = [
    title,
    `${possessive(t.sides, owner)} ${type}`,
    props.where,
    ...states,
    ...(props.words ?? []),
    about ? "the card this decision is about" : "",
    options.length ? choicesWords(options.length) : "",
  ].filter(Boolean).join(", ");

  const classes = ["card", props.size ?? "play", sideOf(t.sides, owner)];
  if (hidden) classes.push("face-down");
  if (props.inPlay?.stopped) classes.push("stopped");
  if (props.inPlay?.damaged) classes.push("damaged");
  if (options.length) classes.push("hot");
  if (about) classes.push("about");

  const showPreview = () =>
    t.preview({ card: ref, inPlay: props.inPlay, location: props.location, where: props.where, options });
  const figs = props.inPlay && !hidden ? figures(props.inPlay) : [];
  return (
    <button
      type="button"
      class={classes.join(" ")}
      aria-label={name}
      aria-haspopup={options.length > 1 ? "menu" : undefined}
      data-handle={handle || undefined}
      onFocus={showPreview}
      onClick={(e) => {
        showPreview();
        if (options.length) t.offer(options, e.currentTarget, title);
      }}
    >
      {props.body ?? (
        <span class="card-title" aria-hidden="true">
          {hidden ? "✦ face down" : title}
        </span>
      )}
      <span class="card-foot" aria-hidden="true">
        <span class="card-type">
          {props.typeLine ?? type}
          {figs.map((f) => (
            <span class="figure">{f}</span>
          ))}
        </span>
        {options.length > 0 && <span class="card-choices">{options.length > 1 ? `✔${options.length}` : "✔"}</span>}
        <span class="card-owner">{ownerTag(t.sides, owner)}</span>
      </span>
      {(states.length > 0 || about) && (
        <span class="card-badges" aria-hidden="true">
          {about && <span class="badge about">in question</span>}
          {states.map((s) => (
            <span class={`badge ${s.split(/[ ,]/)[0]}`}>{s}</span>
          ))}
        </span>
      )}
    </button>
  );
}
