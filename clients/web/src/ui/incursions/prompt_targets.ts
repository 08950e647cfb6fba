// What the open prompt lets this viewer click on the map and the boards. Every highlight comes
// from an offered option: a move's destination, an explored neighbour, the vessel a weapon, beam
// or assimilation is aimed at (and the hex it sits in), the denizen a shot is aimed at (and its
// hex), the player's own placed object a repair mends (an Outpost, and its hex), or the officer a shot or assimilation aims at, or one the player may return to service
// (on the boards), or a game card of the full game to play, discard or take (in the hand, or among
// the cards a deck search or a spy's look shows), or a rival's equipment a Sabotage turns face
// down (among the cards the SABOTAGE decision shows). An action kind newer than this client is
// placed by the fields it sets (a destination, a seat, a denizen), and is otherwise left to the
// decision panel with the rest.
// Nothing here decides what is legal.
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
  // By denizen id (IncursionsDenizen.id): options aimed at that denizen.
  denizens: Map<number, Option[]>;
  // By card instance (IncursionsCardInstance.id): playing, discarding or taking that card.
  cards: Map<number, Option[]>;
  // Options that name no place on the map (the ship's own repair, cloak, end maneuvers, cut...).
  other: Option[];
}

// Kinds whose `card` is the card chosen: in the hand (PLAY_CARD, DISCARD_CARD), or among the
// prompt's choices (TAKE_CARD, TURN_DOWN_CARD).
const kCardKinds = new Set([Kind.PLAY_CARD, Kind.DISCARD_CARD, Kind.TAKE_CARD, Kind.TURN_DOWN_CARD]);

// Kinds whose target_seat names the vessel aimed at (BREAK_TRACTOR: the beam's holder;
// FIRE_* and ASSIMILATE may name one of its officers as well; FIRE_W1 and FIRE_W2 may aim at a
// denizen instead; DENIZEN_ATTACK's target_denizen is the attacker, a dominated denizen or the
// player's own placed object, its target the vessel).
const kAimed = new Set([
  Kind.FIRE_W1,
  Kind.FIRE_W2,
  Kind.DETONATE_MINE,
  Kind.TRACTOR,
  Kind.BREAK_TRACTOR,
  Kind.ASSIMILATE,
  Kind.FIRE_HEX_WEAPON,
  Kind.DENIZEN_ATTACK,
]);

// Kinds whose target_denizen is the denizen aimed at, taken or mended: a shot at it, domination,
// or the repair of the player's own placed object (an Outpost).
const kAtDenizen = new Set([Kind.FIRE_W1, Kind.FIRE_W2, Kind.DOMINATE, Kind.REPAIR]);

// Kinds whose destination is where something goes: the decider's vessel, or its dominated
// denizen (DENIZEN_MOVE).
const kMoves = new Set([Kind.MOVE, Kind.EXPLORE, Kind.DENIZEN_MOVE]);

export const actionOf = (option: Option): IncursionsAction | undefined =>
  option.detail.case === "incursions" ? option.detail.value : undefined;

// A kind this client's protocol does not name (a newer server's).
const isNewKind = (kind: Kind): boolean => Kind[kind] === undefined;

export function promptTargets(prompt: DecisionPrompt | null, view: IncursionsView): PromptTargets {
  const targets: PromptTargets = {
    hexes: new Map(),
    vessels: new Map(),
    officers: new Map(),
    denizens: new Map(),
    cards: new Map(),
    other: [],
  };
  if (!prompt) return targets;
  const addHex = (key: string, option: Option, role: HexRole) => {
    const entry = targets.hexes.get(key) ?? { options: [], roles: new Set<HexRole>() };
    entry.options.push(option);
    entry.roles.add(role);
    targets.hexes.set(key, entry);
  };
  const addOfficer = (key: string, option: Option) =>
    targets.officers.set(key, [...(targets.officers.get(key) ?? []), option]);
  const addVessel = (seat: number, option: Option) => {
    targets.vessels.set(seat, [...(targets.vessels.get(seat) ?? []), option]);
    const vessel = view.vessels.find((v) => v.seat === seat && !v.eliminated);
    if (vessel) addHex(hexKey(axial(vessel.position)), option, "target");
  };
  const addDenizen = (id: number, option: Option) => {
    targets.denizens.set(id, [...(targets.denizens.get(id) ?? []), option]);
    const denizen = view.denizens.find((d) => d.id === id);
    if (denizen) addHex(hexKey(axial(denizen.coord)), option, "target");
  };
  for (const option of prompt.options) {
    const action = actionOf(option);
    if (action && isNewKind(action.kind)) {
      // A newer server's action: where it goes, else whom it aims at.
      if (action.destination) addHex(hexKey(axial(action.destination)), option, "move");
      else if (action.targetSeat !== undefined) addVessel(action.targetSeat, option);
      else if (action.targetDenizen !== undefined) addDenizen(action.targetDenizen, option);
      else targets.other.push(option);
      continue;
    }
    // A game card played, discarded, taken or turned down: on the card (a card played at a rival,
    // Gather Intelligence, Pardus Claw or Sabotage, too: the menu of the card names the rival).
    if (action && kCardKinds.has(action.kind) && action.card) {
      targets.cards.set(action.card.id, [...(targets.cards.get(action.card.id) ?? []), option]);
      continue;
    }
    // Returning one of the decider's own officers to service: that officer, on its board.
    if (action?.kind === Kind.RESTORE_OFFICER && action.officer) {
      addOfficer(officerKey(prompt.seat, action.officer), option);
      continue;
    }
    if (action && kMoves.has(action.kind) && action.destination) {
      addHex(hexKey(axial(action.destination)), option, action.kind === Kind.EXPLORE ? "explore" : "move");
      continue;
    }
    // A shot at a denizen names it instead of a seat; so does taking control of one, or repairing
    // one's placed object.
    if (action && kAtDenizen.has(action.kind) && action.targetDenizen !== undefined) {
      addDenizen(action.targetDenizen, option);
      continue;
    }
    // An object its owner controls, turned on a denizen of its hex (§11.1).
    if (action?.kind === Kind.DENIZEN_ATTACK && action.attackedDenizen !== undefined) {
      addDenizen(action.attackedDenizen, option);
      continue;
    }
    if (action && kAimed.has(action.kind) && action.targetSeat !== undefined) {
      const seat = action.targetSeat;
      addVessel(seat, option);
      if (action.officer) addOfficer(officerKey(seat, action.officer), option);
      continue;
    }
    targets.other.push(option);
  }
  return targets;
}
