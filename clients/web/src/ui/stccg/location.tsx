// One spaceline location as a column: the top seat's cards in space and on the planet, the
// mission in the middle (upright, with both ends' figures, its seeds as a count and a
// completed marker), then the bottom seat's cards on the planet and in space.
import type { StccgCardInPlay } from "../../../gen/spacedock/v1/stccg_pb.js";
import { Card } from "./card.js";
import { InPlay } from "./in_play.js";
import { choicesWords, unionOptions } from "./prompt_targets.js";
import { useTable } from "./table_context.js";
import {
  cardTitle,
  endWords,
  missionPlace,
  placementWord,
  possessive,
  seatName,
  seedWords,
  sideOf,
  type LocationModel,
} from "./view_model.js";

export function Location(props: { model: LocationModel; attempted: boolean }) {
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
  ].filter(Boolean).join(", ");
  return (
    <section class={classes.join(" ")} id={`stccg-loc-${loc.index}`} role="group" aria-label={label}>
      <div class="side top">
        <Area cards={model.top.space} seat={t.sides.top} title={title} planet={false} />
        <Area cards={model.top.surface} seat={t.sides.top} title={title} planet={true} />
      </div>
      <Mission model={model} title={title} />
      <div class="side bottom">
        <Area cards={model.bottom.surface} seat={t.sides.bottom} title={title} planet={true} />
        <Area cards={model.bottom.space} seat={t.sides.bottom} title={title} planet={false} />
      </div>
    </section>
  );
}

// One seat's cards in space, or on the planet, at a location.
function Area(props: { cards: StccgCardInPlay[]; seat: number; title: string; planet: boolean }) {
  const t = useTable();
  if (props.cards.length === 0) return null;
  const label = props.planet ? "on the planet" : "in space";
  const where = `${label} at ${props.title}`;
  return (
    <div
      class={`area ${sideOf(t.sides, props.seat)}`}
      role="group"
      aria-label={`${seatName(t.sides, props.seat)}, ${label}`}
    >
      <span class="area-label" aria-hidden="true">
        {props.planet ? "⊕ planet" : "✧ space"}
      </span>
      {props.cards.map((c, i) => (
        <InPlay key={c.card?.handle || `h${i}`} c={c} where={where} />
      ))}
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
  const words = [
    placementWord(loc.placement),
    ...place,
    `seeded by ${seatName(t.sides, loc.seeder).toLowerCase()}`,
    ...endWords(model.bottomEnd),
    seeds,
    done !== undefined ? `completed by ${seatName(t.sides, done).toLowerCase()}` : "",
  ].filter(Boolean);
  const body = (
    <span class="mission-face" aria-hidden="true">
      {!model.sameEnds && <End words={endWords(model.topEnd)} side="theirs" />}
      <span class="card-title">{title}</span>
      <End words={endWords(model.bottomEnd)} side={model.sameEnds ? "both" : "mine"} />
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
        typeLine={["mission", placementWord(loc.placement), ...place].join(" · ")}
        location={model}
      />
      {done !== undefined && (
        <p class={`completed ${sideOf(t.sides, done)}`}>✓ Completed by {seatName(t.sides, done).toLowerCase()}</p>
      )}
      <p class="seeds" title="Cards seeded face down under this mission">
        <span aria-hidden="true">▤ </span>
        {seeds}
      </p>
      {model.seeds.known.length > 0 && (
        <details class="known-seeds">
          <summary>Known seeds ({model.seeds.known.length})</summary>
          <div class="cards">
            {model.seeds.known.map((s) => (
              <Card key={s.handle} card={s} where={`seeded under ${title}`} size="mini" />
            ))}
          </div>
        </details>
      )}
      {loc.copy && !isEmptyRef(loc.copy) && (
        <div class="copy">
          <span class="muted">Shared with {possessive(t.sides, loc.copy.owner)} copy:</span>
          <Card card={loc.copy} where={`the second copy of ${title}`} size="mini" />
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

function End(props: { words: string[]; side: "mine" | "theirs" | "both" }) {
  if (props.words.length === 0) return null;
  const arrow = props.side === "theirs" ? "▲ " : props.side === "mine" ? "▼ " : "";
  return (
    <span class={`mission-end ${props.side}`}>
      {arrow}
      {props.words.join(" · ")}
    </span>
  );
}

function isEmptyRef(ref: { handle: number; cardId: string; title: string }): boolean {
  return ref.handle === 0 && ref.cardId === "" && ref.title === "";
}
