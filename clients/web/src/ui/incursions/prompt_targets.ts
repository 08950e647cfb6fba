// What the open prompt lets this viewer click on the map. Every highlight comes from an offered
// option: a move's destination, an explored neighbour, or the vessel a weapon or beam is aimed
// at (and the hex it sits in). Nothing here decides what is legal.
import type { DecisionPrompt, Option } from "../../../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  type IncursionsAction,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { axial, hexKey } from "./hex.js";

// Why a hex is highlighted; shown as a glyph and said in its name.
export type HexRole = "move" | "explore" | "target";

export interface HexTarget {
  options: Option[];
  roles: Set<HexRole>;
}

export interface PromptTargets {
  // By hexKey: options about that hex.
  hexes: Map<string, HexTarget>;
  // By seat: options aimed at that vessel.
  vessels: Map<number, Option[]>;
  // Options that name no place on the map (repair, cloak, end maneuvers, cut...).
  other: Option[];
}

// Kinds whose target_seat names the vessel aimed at (BREAK_TRACTOR: the beam's holder).
const kAimed = new Set([Kind.FIRE_W1, Kind.FIRE_W2, Kind.DETONATE_MINE, Kind.TRACTOR, Kind.BREAK_TRACTOR]);

export const actionOf = (option: Option): IncursionsAction | undefined =>
  option.detail.case === "incursions" ? option.detail.value : undefined;

export function promptTargets(prompt: DecisionPrompt | null, view: IncursionsView): PromptTargets {
  const targets: PromptTargets = { hexes: new Map(), vessels: new Map(), other: [] };
  if (!prompt) return targets;
  const addHex = (key: string, option: Option, role: HexRole) => {
    const entry = targets.hexes.get(key) ?? { options: [], roles: new Set<HexRole>() };
    entry.options.push(option);
    entry.roles.add(role);
    targets.hexes.set(key, entry);
  };
  for (const option of prompt.options) {
    const action = actionOf(option);
    if (action && (action.kind === Kind.MOVE || action.kind === Kind.EXPLORE) && action.destination) {
      addHex(hexKey(axial(action.destination)), option, action.kind === Kind.MOVE ? "move" : "explore");
      continue;
    }
    if (action && kAimed.has(action.kind) && action.targetSeat !== undefined) {
      const seat = action.targetSeat;
      targets.vessels.set(seat, [...(targets.vessels.get(seat) ?? []), option]);
      const vessel = view.vessels.find((v) => v.seat === seat && !v.eliminated);
      if (vessel) addHex(hexKey(axial(vessel.position)), option, "target");
      continue;
    }
    targets.other.push(option);
  }
  return targets;
}
