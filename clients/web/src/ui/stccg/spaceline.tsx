// The spaceline: the locations left to right (a vertical list on phones), the two "place a
// mission here" slots at its ends while a mission may be seeded there, a size setting (every
// location fitted to the width, or wider columns that scroll) and a jump list. Each new prompt
// scrolls its targets into sight.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import { Location } from "./location.js";
import { choicesWords } from "./prompt_targets.js";
import { kZooms, parseZoom, scrollToShow, targetLocations, type Span, type SpacelineZoom } from "./spaceline_view.js";
import { useTable } from "./table_context.js";
import { cardTitle, type LocationModel } from "./view_model.js";

const kZoomKey = "spacedock.stccg.zoom";

export function Spaceline(props: { models: LocationModel[]; attempted: number | undefined }) {
  const t = useTable();
  const { models } = props;
  const empty = models.length === 0;
  const [zoom, setZoom] = useState<SpacelineZoom>(() => parseZoom(stored()));
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = line.current;
    const shown = targetLocations(t.targets, models);
    if (!scroller || shown.length === 0 || scroller.scrollWidth <= scroller.clientWidth) return;
    const frame = scroller.getBoundingClientRect();
    const span = (index: number): Span | undefined => {
      const box = document.getElementById(`stccg-loc-${index}`)?.getBoundingClientRect();
      return box && { left: box.left - frame.left + scroller.scrollLeft, width: box.width };
    };
    const from = span(shown[0]);
    const to = span(shown[shown.length - 1]);
    const left = from && scrollToShow({ left: scroller.scrollLeft, width: scroller.clientWidth }, from, to);
    if (left !== undefined) scroller.scrollTo({ left, behavior: "smooth" });
  }, [t.targets, zoom]);
  // Narrow columns fold a large group of cards; Large shows every card.
  const fold = zoom === "large" ? Infinity : 4;
  const choose = (next: SpacelineZoom) => {
    setZoom(next);
    keep(next);
  };
  return (
    <section class="spaceline-wrap" aria-label="Spaceline">
      <div class="spaceline-bar">
        {models.length > 1 && <ZoomSwitch zoom={zoom} choose={choose} />}
        {models.length > 1 && <JumpList models={models} />}
      </div>
      <div class={`spaceline zoom-${zoom}`} ref={line}>
        <EndSlot options={t.targets.leftEnd} name={empty ? "Start the spaceline" : "Left end of the spaceline"} />
        {models.map((m) => (
          <Location key={m.loc.index} model={m} attempted={props.attempted === m.loc.index} fold={fold} />
        ))}
        {empty && t.targets.leftEnd.length === 0 && <p class="muted empty-line">No missions yet.</p>}
        <EndSlot options={t.targets.rightEnd} name="Right end of the spaceline" />
      </div>
    </section>
  );
}

function ZoomSwitch(props: { zoom: SpacelineZoom; choose: (zoom: SpacelineZoom) => void }) {
  return (
    <div class="zoom" role="group" aria-label="Spaceline size">
      {kZooms.map((z) => (
        <button type="button" aria-pressed={props.zoom === z.zoom} onClick={() => props.choose(z.zoom)}>
          {z.label}
        </button>
      ))}
    </div>
  );
}

// The setting is the browser's; one that cannot keep it (storage off) starts fitted each time.
function stored(): string | null {
  try {
    return localStorage.getItem(kZoomKey);
  } catch {
    return null;
  }
}

function keep(zoom: SpacelineZoom): void {
  try {
    localStorage.setItem(kZoomKey, zoom);
  } catch {
    // not kept: the next page starts fitted
  }
}

function EndSlot(props: { options: Option[]; name: string }) {
  const t = useTable();
  if (props.options.length === 0) return null;
  return (
    <button
      type="button"
      class="end-slot hot"
      aria-label={`${props.name}, ${choicesWords(props.options.length)}`}
      aria-haspopup={props.options.length > 1 ? "menu" : undefined}
      onClick={(e) => t.offer(props.options, e.currentTarget, props.name)}
    >
      <span aria-hidden="true">
        ✔ {props.name}
        {props.options.length > 1 ? ` (${props.options.length})` : ""}
      </span>
    </button>
  );
}

function JumpList(props: { models: LocationModel[] }) {
  const t = useTable();
  const jump = (index: number) => {
    const column = document.getElementById(`stccg-loc-${index}`);
    column?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "center" });
    column?.querySelector<HTMLElement>(".card.mission")?.focus({ preventScroll: true });
  };
  return (
    <nav class="jump" aria-label="Jump to mission">
      {props.models.map((m) => {
        const mission = m.loc.mission?.handle ?? 0;
        const hot = t.targets.byLocation.has(m.loc.index) || t.targets.byCard.has(mission);
        return (
          <button type="button" class={`jump-to${hot ? " hot" : ""}`} onClick={() => jump(m.loc.index)}>
            {m.loc.index + 1}. {cardTitle(m.loc.mission)}
            {hot ? " ✔" : ""}
          </button>
        );
      })}
    </nav>
  );
}
