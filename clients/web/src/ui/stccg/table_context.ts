// What every part of the table needs without passing it down by hand: the seats, the prompt's
// options by place, and the two things a click does (preview a card, offer its options).
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import type { StccgCard } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import type { StccgCardInPlay, StccgCardRef } from "../../../gen/spacedock/v1/stccg_pb.js";
import { emptyTargets, type PromptTargets } from "./prompt_targets.js";
import type { LocationModel, Sides } from "./view_model.js";

// What the preview pane shows: a card as the viewer knows it, or a location.
export interface PreviewItem {
  card?: StccgCardRef;
  inPlay?: StccgCardInPlay;
  location?: LocationModel;
  where: string;
  options: Option[];
}

export interface TableCtx {
  sides: Sides;
  targets: PromptTargets;
  // The card the open decision is about (0: none), and its badge ("encountered", "attacked").
  aboutHandle: number;
  aboutWord: string;
  // One option: chosen at once; several: a menu anchored at `anchor`, titled `name`.
  offer(options: Option[], anchor: HTMLElement, name: string): void;
  preview(item: PreviewItem): void;
  // The card database by card id, once loaded (figures the view does not carry).
  cards?: ReadonlyMap<string, StccgCard>;
  // Welcome.card_image_template: where card pictures come from ("" or unset: none).
  imageTemplate?: string;
}

export const TableContext = createContext<TableCtx>({
  sides: { bottom: 0, top: 1, player: false },
  targets: emptyTargets(),
  aboutHandle: 0,
  aboutWord: "",
  offer: () => {},
  preview: () => {},
});

export function useTable(): TableCtx {
  return useContext(TableContext);
}
