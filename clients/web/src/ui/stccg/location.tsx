// One spaceline location as a column: the top seat's cards in space and on the planet, the
// mission in the middle (upright, with both ends' figures, its seeds as a count and a
// completed marker), then the bottom seat's cards on the planet and in space.
import { useState } from "preact/hooks";
import type { StccgMissionEnd } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import type { StccgCardInPlay } from "../../../gen/spacedock/v1/stccg_pb.js";
import { affiliationName } from "../cards/card_words.js";
import { Card } from "./card.js";
import { InPlay, hasOptionsWithin } from "./in_play.js";
import { choicesWords, unionOptions } from "./prompt_targets.js";
import { useTable } from "./table_context.js";
import {
  cardTitle,
  endWords,
  groupWords,
  missionPlace,
  placementWord,
  possessive,
  seatName,
  seatWord,
  seedWords,
  sideOf,
  type LocationModel,
} from "./view_model.js";

// `fold`: how many cards an area shows before it folds them into a toggle (narrow columns).
export function Location(props: { model: LocationModel; attempted: boolean; fold: number }) {
  const { model } = props;
  const t = useTable();
  const loc = model.loc;
  const title = cardTitle(loc.mission);
  const locOptions = t.targets.byLocation.get(loc.index) ?? [];
  const classes = ["location"];
  if (locOptions.length) classes.push("hot");
  if (props.attempted) classes.push("attempted");
  const label = [
    `Location ${loc.index + 1}: ${title}`,
    props.attempted ? "mission attempt under way" : "",
    locOptions.length ? choicesWords(locOptions.length) : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <section class={classes.join(" ")} id={`stccg-loc-${loc.index}`} role="group" aria-label={label}>
      <div class="side top">
        <Area cards={model.top.space} seat={t.sides.top} title={title} planet={false} fold={props.fold} />
        <Area cards={model.top.surface} seat={t.sides.top} title={title} planet={true} fold={props.fold} />
      </div>
      <Mission model={model} title={title} />
      <div class="side bottom">
        <Area cards={model.bottom.surface} seat={t.sides.bottom} title={title} planet={true} fold={props.fold} />
        <Area cards={model.bottom.space} seat={t.sides.bottom} title={title} planet={false} fold={props.fold} />
      </div>
    </section>
  );
}

// One seat's cards in space, or on the planet, at a location. More than `fold` of them (a large
// Away Team in a narrow column) fold into a toggle, opened by itself while one of them has
// choices, so that no choice is out of sight.
function Area(props: { cards: StccgCardInPlay[]; seat: number; title: string; planet: boolean; fold: number }) {
  const t = useTable();
  const [open, setOpen] = useState<boolean | null>(null);
  if (props.cards.length === 0) return null;
  const label = props.planet ? "on the planet" : "in space";
  const where = `${label} at ${props.title}`;
  const count = props.cards.length;
  const hot = props.cards.some((c) => hasOptionsWithin(c, t.targets));
  const folds = count > props.fold;
  const expanded = !folds || (open ?? hot);
  return (
    <div
      class={`area ${sideOf(t.sides, props.seat)}`}
      role="group"
      aria-label={`${seatName(t.sides, props.seat)}, ${label}`}
    >
      <span class="area-label" aria-hidden="true">
        {props.planet ? "⊕ planet" : "✧ space"}
      </span>
      {folds && (
        <button
          type="button"
          class={`crew-toggle${hot ? " hot" : ""}`}
          aria-expanded={expanded}
          aria-label={`${count} ${where}${hot ? ", with choices" : ""}`}
          onClick={() => setOpen(!expanded)}
        >
          <span aria-hidden="true">
            {expanded ? "▾" : "▸"} {count} cards{hot ? " ✔" : ""}
          </span>
        </button>
      )}
      {expanded && props.cards.map((c, i) => <InPlay key={c.card?.handle || `h${i}`} c={c} where={where} />)}
    </div>
  );
}

function Mission(props: { model: LocationModel; title: string }) {
  const { model, title } = props;
  const t = useTable();
  const loc = model.loc;
  const locOptions = t.targets.byLocation.get(loc.index);
  const copyOptions = loc.copy?.handle ? t.targets.byCard.get(loc.copy.handle) : undefined;
  const seeds = seedWords(model.seeds, t.sides);
  const done = loc.completedBy;
  const place = missionPlace(t.cards?.get(loc.mission?.cardId ?? ""));
  const group = groupWords(loc.yourGroup);
  const words = [
    placementWord(loc.placement),
    ...place,
    `seeded by ${seatWord(t.sides, loc.seeder)}`,
    ...endWords(model.bottomEnd),
    model.bottomEnd?.requirements ? `requires ${model.bottomEnd.requirements}` : "",
    seeds,
    group,
    done !== undefined ? `completed by ${seatWord(t.sides, done)}` : "",
  ].filter(Boolean);
  const body = (
    <span class="mission-face" aria-hidden="true">
      {!model.sameEnds && <End end={model.topEnd} side="theirs" />}
      <span class="card-title">{title}</span>
      <End end={model.bottomEnd} side={model.sameEnds ? "both" : "mine"} />
    </span>
  );
  return (
    <div class="mission">
      <Card
        card={loc.mission}
        where={`location ${loc.index + 1} of the spaceline`}
        size="mission"
        extra={unionOptions(locOptions, copyOptions)}
        words={words}
        body={body}
        typeLine={[placementWord(loc.placement), ...place.filter((p) => p !== kHomeQuadrant)]
          .filter(Boolean)
          .join(" · ")}
        location={model}
      />
      {done !== undefined && (
        <p class={`completed ${sideOf(t.sides, done)}`}>✓ Completed by {seatWord(t.sides, done)}</p>
      )}
      <p class="seeds" title="Cards seeded face down under this mission">
        <span aria-hidden="true">▤ </span>
        {seeds}
      </p>
      {group && (
        <p
          class={`group-check${loc.yourGroup?.lacking.length || !loc.yourGroup?.matchingAffiliation ? " lacks" : " met"}`}
        >
          {group}
        </p>
      )}
      {model.seeds.known.length + model.seeds.knownHeld.length > 0 && (
        <details class="known-seeds">
          <summary>Known seeds ({model.seeds.known.length + model.seeds.knownHeld.length})</summary>
          <div class="cards">
            {model.seeds.known.map((s) => (
              <Card key={s.handle} card={s} where={`seeded under ${title}`} size="mini" />
            ))}
            {model.seeds.knownHeld.map((h) => (
              <Card
                key={h.card?.handle}
                card={h.card}
                where={`held by ${h.holder?.title || "a seed card"} under ${title}`}
                size="mini"
              />
            ))}
          </div>
        </details>
      )}
      {loc.copy && !isEmptyRef(loc.copy) && (
        <div class="copy">
          <span class="muted">Shared with {possessive(t.sides, loc.copy.owner)} copy:</span>
          <Card card={loc.copy} where={`the second copy of ${title}`} size="mini" bare />
        </div>
      )}
      {(loc.attached.length > 0 || model.neutral.length > 0) && (
        <div class="attached" role="group" aria-label={`At ${title}`}>
          {[...loc.attached, ...model.neutral].map((c, i) => (
            <InPlay key={c.card?.handle || `n${i}`} c={c} where={`at ${title}`} size="mini" />
          ))}
        </div>
      )}
    </div>
  );
}

// One end of the mission, as printed: points, span, affiliation icons, then what attempting it
// requires ("pts": the tile is small; the accessible name says "points").
// Most missions are in the Alpha Quadrant: the tile names the others only (the preview says all).
const kHomeQuadrant = "Alpha Quadrant";

function End(props: { end: StccgMissionEnd | undefined; side: "mine" | "theirs" | "both" }) {
  const e = props.end;
  if (!e) return null;
  const words = [
    e.points !== undefined ? `${e.points} pts` : "",
    e.span ? `span ${e.span}` : "",
    e.affiliations.map(affiliationName).join(", "),
  ].filter(Boolean);
  if (words.length === 0 && !e.requirements) return null;
  const arrow = props.side === "theirs" ? "▲ " : props.side === "mine" ? "▼ " : "";
  return (
    <span class={`mission-end ${props.side}`}>
      {arrow}
      {words.join(" · ")}
      {e.requirements && <span class="mission-requires">{breakable(e.requirements)}</span>}
    </span>
  );
}

// Requirements with a line break allowed before each comparison, so that a narrow column wraps
// "STRENGTH>35" as "STRENGTH / >35" rather than inside the word.
function breakable(requirements: string) {
  return requirements.split(/(?=[<>])/).flatMap((part, i) => (i > 0 ? [<wbr />, part] : [part]));
}

function isEmptyRef(ref: { handle: number; cardId: string; title: string }): boolean {
  return ref.handle === 0 && ref.cardId === "" && ref.title === "";
}
