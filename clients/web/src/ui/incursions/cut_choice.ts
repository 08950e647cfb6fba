// A cut of a freshly shuffled hexpile (or, in the full game, a deck, §3.3): the server offers one
// option per count of hexes or cards to move from the top to the bottom, 34 of them for a full
// hexpile. The decision panel asks for the count instead, and a count reads "1 hex", "2 hexes".
import { type DecisionPrompt, type Option } from "../../../gen/spacedock/v1/game_pb.js";
import { IncursionsActionKind, IncursionsStep } from "../../../gen/spacedock/v1/incursions_pb.js";

export type CutUnit = "hex" | "card";

export interface CutChoice {
  unit: CutUnit;
  min: number;
  max: number;
  // The option that cuts each count offered.
  options: Map<number, bigint>;
}

export function countWords(count: number, unit: CutUnit): string {
  if (unit === "hex") return count === 1 ? "1 hex" : `${count} hexes`;
  return count === 1 ? "1 card" : `${count} cards`;
}

export const cutWords = (count: number, unit: CutUnit): string =>
  `Cut ${countWords(count, unit)} from the top to the bottom`;

export function cutUnit(prompt: DecisionPrompt): CutUnit {
  return prompt.context.case === "incursions" && prompt.context.value.deckOwner !== undefined ? "card" : "hex";
}

// How many the option cuts, or null if it is not a cut.
export function cutCount(option: Option): number | null {
  const action = option.detail.case === "incursions" ? option.detail.value : undefined;
  return action?.kind === IncursionsActionKind.CUT ? action.cut : null;
}

// The cut the prompt asks for, or null when it is not a cut (or offers anything else too, which
// the option list shows as it is).
export function cutChoice(prompt: DecisionPrompt | null): CutChoice | null {
  if (prompt?.context.case !== "incursions" || prompt.context.value.step !== IncursionsStep.CUT) return null;
  const options = new Map<number, bigint>();
  for (const option of prompt.options) {
    const count = cutCount(option);
    if (count === null) return null;
    options.set(count, option.id);
  }
  if (options.size === 0) return null;
  const counts = [...options.keys()];
  return { unit: cutUnit(prompt), min: Math.min(...counts), max: Math.max(...counts), options };
}

// A count typed or slid, kept within what is offered (a whole number).
export function clampCut(cut: CutChoice, count: number): number {
  if (!Number.isFinite(count)) return cut.min;
  return Math.min(cut.max, Math.max(cut.min, Math.round(count)));
}

// Where the slider starts: the middle of the pile, as a cut by hand would.
export const middleCut = (cut: CutChoice): number => Math.floor((cut.min + cut.max) / 2);
