// What the open prompt lets this viewer click on the map and the boards. Every highlight comes
// from an offered option: a move's destination, an explored neighbour, the vessel a weapon, beam
// or assimilation is aimed at (and the hex it sits in), or the officer a shot or assimilation
// aims at, or one the player may return to service (on the boards). Nothing here decides what
// is legal.
import type { DecisionPrompt, Option } from "../../../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  type IncursionsAction,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { axial, hexKey } from "./hex.js";
import { officerKey } from "./officer_words.js";

// Why a hex is highlighted; shown as a glyph and said in its name.
export type HexRole = "move" | "explore" | "target";

export interface HexTarget {
  options: Option[];
  roles: Set<HexRole>;
}

export interface PromptTargets {
  // By hexKey: options about that hex.
  hexes: Map<string, HexTarget>;
  // By seat: options aimed at that vessel, shots at its officers included.
  vessels: Map<number, Option[]>;
  // By officerKey (seat and position): options aimed at that officer, on the boards.
  officers: Map<string, Option[]>;
  // Options that name no place on the map (repair, cloak, end maneuvers, cut...).
  other: Option[];
}

// Kinds whose target_seat names the vessel aimed at (BREAK_TRACTOR: the beam's holder;
// FIRE_* and ASSIMILATE may name one of its officers as well).
const kAimed = new Set([
  Kind.FIRE_W1,
  Kind.FIRE_W2,
  Kind.DETONATE_MINE,
  Kind.TRACTOR,
  Kind.BREAK_TRACTOR,
  Kind.ASSIMILATE,
]);

export const actionOf = (option: Option): IncursionsAction | undefined =>
  option.detail.case === "incursions" ? option.detail.value : undefined;

export function promptTargets(prompt: DecisionPrompt | null, view: IncursionsView): PromptTargets {
  const targets: PromptTargets = { hexes: new Map(), vessels: new Map(), officers: new Map(), other: [] };
  if (!prompt) return targets;
  const addHex = (key: string, option: Option, role: HexRole) => {
    const entry = targets.hexes.get(key) ?? { options: [], roles: new Set<HexRole>() };
    entry.options.push(option);
    entry.roles.add(role);
    targets.hexes.set(key, entry);
  };
  const addOfficer = (key: string, option: Option) =>
    targets.officers.set(key, [...(targets.officers.get(key) ?? []), option]);
  for (const option of prompt.options) {
    const action = actionOf(option);
    // Returning one of the decider's own officers to service: that officer, on its board.
    if (action?.kind === Kind.RESTORE_OFFICER && action.officer) {
      addOfficer(officerKey(prompt.seat, action.officer), option);
      continue;
    }
    if (action && (action.kind === Kind.MOVE || action.kind === Kind.EXPLORE) && action.destination) {
      addHex(hexKey(axial(action.destination)), option, action.kind === Kind.MOVE ? "move" : "explore");
      continue;
    }
    if (action && kAimed.has(action.kind) && action.targetSeat !== undefined) {
      const seat = action.targetSeat;
      targets.vessels.set(seat, [...(targets.vessels.get(seat) ?? []), option]);
      if (action.officer) addOfficer(officerKey(seat, action.officer), option);
      const vessel = view.vessels.find((v) => v.seat === seat && !v.eliminated);
      if (vessel) addHex(hexKey(axial(vessel.position)), option, "target");
      continue;
    }
    targets.other.push(option);
  }
  return targets;
}
