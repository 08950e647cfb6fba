// A vessel's Warp Power cards as the board draws them, one chip per card, from the view's
// counts: face up, spent (face down), allocated to a system (cloak, tractor beam), or out of play
// while the vessel stays in a hex that takes them (Nebula: Class IV).
import type { IncursionsPower } from "../../../gen/spacedock/v1/incursions_pb.js";

export type PowerState = "up" | "spent" | "cloak" | "tractor" | "out";

export interface PowerCard {
  state: PowerState;
  text: string; // on the chip
}

const kText: Record<PowerState, string> = {
  up: "UP",
  spent: "SPENT",
  cloak: "→ CLOAK",
  tractor: "→ TRACTOR",
  out: "OUT",
};

export function powerCards(power: IncursionsPower | undefined): PowerCard[] {
  const cards: PowerCard[] = [];
  const add = (state: PowerState, count: number) => {
    for (let i = 0; i < count; i++) cards.push({ state, text: kText[state] });
  };
  add("up", power?.up ?? 0);
  add("spent", power?.spent ?? 0);
  add("cloak", power?.cloak ?? 0);
  add("tractor", power?.tractor ?? 0);
  add("out", power?.outOfPlay ?? 0);
  return cards;
}

// "2 up, 1 spent, 1 allocated to the cloak, 1 diverted from the shields".
export function powerWords(power: IncursionsPower | undefined): string {
  const parts: string[] = [`${power?.up ?? 0} up`];
  if (power?.spent) parts.push(`${power.spent} spent`);
  if (power?.cloak) parts.push(`${power.cloak} allocated to the cloak`);
  if (power?.tractor) parts.push(`${power.tractor} allocated to the tractor beam`);
  if (power?.outOfPlay) parts.push(`${power.outOfPlay} out of play while in this hex`);
  if (power?.diverted) parts.push(`${power.diverted} diverted from the shields`);
  return `Power: ${parts.join(", ")}`;
}
