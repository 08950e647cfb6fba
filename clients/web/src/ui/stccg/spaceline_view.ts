// How much of the spaceline is in sight: its size setting (every location fitted to the width, or
// wider columns that scroll), and where the open prompt's targets are, so that the view can bring
// them into sight. Pure, so that it can be tested without a DOM.
import type { StccgCardInPlay } from "../../../gen/spacedock/v1/stccg_pb.js";
import type { PromptTargets } from "./prompt_targets.js";
import type { LocationModel } from "./view_model.js";

export type SpacelineZoom = "fit" | "medium" | "large";

export const kZooms: { zoom: SpacelineZoom; label: string }[] = [
  { zoom: "fit", label: "Fit all" },
  { zoom: "medium", label: "Medium" },
  { zoom: "large", label: "Large" },
];

// A setting kept in the browser; anything else (none yet, an old value) is "fit".
export function parseZoom(stored: string | null): SpacelineZoom {
  return kZooms.some((z) => z.zoom === stored) ? (stored as SpacelineZoom) : "fit";
}

function holdsTarget(cards: StccgCardInPlay[], targets: PromptTargets): boolean {
  return cards.some((c) => {
    const handle = c.card?.handle ?? 0;
    return (
      (handle !== 0 && targets.byCard.has(handle)) || holdsTarget(c.aboard, targets) || holdsTarget(c.attached, targets)
    );
  });
}

// The spaceline indexes of the locations where the prompt offers something: the location itself,
// its mission or copy, a known seed, or a card there (aboard and played on ones included).
export function targetLocations(targets: PromptTargets, models: LocationModel[]): number[] {
  return models
    .filter((m) => {
      const loc = m.loc;
      const refs = [loc.mission, loc.copy, ...loc.seeds].map((r) => r?.handle ?? 0);
      return (
        targets.byLocation.has(loc.index) ||
        refs.some((h) => h !== 0 && targets.byCard.has(h)) ||
        holdsTarget([...loc.facilities, ...loc.ships, ...loc.surface, ...loc.attached], targets)
      );
    })
    .map((m) => m.loc.index);
}

export interface Span {
  left: number;
  width: number;
}

// The scroll position that brings `from` to `to` (two columns, in the scroller's coordinates)
// into the view, or the first of them when both do not fit; undefined when they are in sight.
export function scrollToShow(view: Span, from: Span, to: Span = from, margin = 8): number | undefined {
  const end = view.left + view.width;
  const right = to.left + to.width;
  const fits = right - from.left + 2 * margin <= view.width;
  const firstInSight = from.left >= view.left && from.left + from.width <= end;
  if (firstInSight && (right <= end || !fits)) return undefined;
  if (!fits || from.left < view.left) return Math.max(0, from.left - margin);
  return Math.max(0, right + margin - view.width);
}
