// One card drawn from its data as a styled box: title, what it is (card_face.ts), type, state
// badges, an owner marker, its picture if the server names a source, and, while the prompt offers
// something for it, an outline and a choices marker. It is a button: pointing at it, focusing or
// clicking it previews it; clicking also acts on its options.
import type { ComponentChildren } from "preact";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import type { StccgCardInPlay, StccgCardRef } from "../../../gen/spacedock/v1/stccg_pb.js";
import { cardImageUrl } from "../cards/card_image.js";
import { cardFace, faceWords } from "./card_face.js";
import { choicesWords, unionOptions } from "./prompt_targets.js";
import { useTable } from "./table_context.js";
import { CardArt, TileFace } from "./tile_face.js";
import {
  cardTitle,
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
  // Title and type only: a second copy of a mission, drawn beside the first.
  bare?: boolean;
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
  // Only a card the viewer was shown is looked up: a face-down ref has no card id.
  const face = hidden || props.body || props.bare ? undefined : cardFace(t.cards?.get(ref!.cardId), props.inPlay);
  const art = hidden ? "" : cardImageUrl(t.imageTemplate ?? "", { id: ref!.cardId, title: ref!.title });
  const name = [
    title,
    `${possessive(t.sides, owner)} ${type}`,
    props.where,
    ...(face ? faceWords(face) : []),
    ...states,
    ...(props.words ?? []),
    about ? `the card this decision is about (${t.aboutWord})` : "",
    options.length ? choicesWords(options.length) : "",
  ]
    .filter(Boolean)
    .join(", ");

  const classes = ["card", props.size ?? "play", sideOf(t.sides, owner)];
  if (hidden) classes.push("face-down");
  if (props.inPlay?.stopped) classes.push("stopped");
  if (props.inPlay?.disabled) classes.push("disabled");
  if (props.inPlay?.damaged) classes.push("damaged");
  if (art) classes.push("has-art");
  if (options.length) classes.push("hot");
  if (about) classes.push("about");

  const showPreview = () =>
    t.preview({ card: ref, inPlay: props.inPlay, location: props.location, where: props.where, options });
  return (
    <button
      type="button"
      class={classes.join(" ")}
      aria-label={name}
      aria-haspopup={options.length > 1 ? "menu" : undefined}
      data-handle={handle || undefined}
      onFocus={showPreview}
      onMouseEnter={showPreview}
      onClick={(e) => {
        showPreview();
        if (options.length) t.offer(options, e.currentTarget, title);
      }}
    >
      <CardArt src={art} />
      {props.body ?? (
        <span class="card-title" aria-hidden="true">
          {hidden ? "✦ face down" : title}
        </span>
      )}
      {face && <TileFace face={face} />}
      <span class="card-foot" aria-hidden="true">
        {/* A face's line says what the card is ("Klingon · OFFICER"): no type word besides. */}
        <span class="card-type">{props.typeLine ?? (face?.line ? "" : type)}</span>
        {options.length > 0 && <span class="card-choices">{options.length > 1 ? `✔${options.length}` : "✔"}</span>}
        <span class="card-owner">{ownerTag(t.sides, owner)}</span>
      </span>
      {(states.length > 0 || about) && (
        <span class="card-badges" aria-hidden="true">
          {about && <span class="badge about">{t.aboutWord}</span>}
          {states.map((s) => (
            <Badge words={s} />
          ))}
        </span>
      )}
    </button>
  );
}

// A state badge: "unstaffed: needs a Command personnel" shows its first word alone on a narrow
// tile (the preview and the accessible name say the rest).
function Badge({ words }: { words: string }) {
  const cut = words.indexOf(": ");
  const head = cut < 0 ? words : words.slice(0, cut);
  return (
    <span class={`badge ${words.split(/[^a-z]/)[0]}`}>
      {head}
      {cut >= 0 && <span class="badge-more">{words.slice(cut)}</span>}
    </span>
  );
}
