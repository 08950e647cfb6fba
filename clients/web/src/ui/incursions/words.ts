// The map and boards in words: seat and ship names, and the accessible names of hexes and
// vessels ("Hex 12, Nebula: Class I, your ship here, reachable").
import type { DecisionPrompt, Option } from "../../../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind,
  IncursionsPhase,
  IncursionsStep,
  IncursionsWeaponSlot,
  Race,
  type IncursionsDenizen,
  type IncursionsHit,
  type IncursionsMine,
  type IncursionsShip,
  type IncursionsTile,
  type IncursionsVessel,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { cutCount, cutUnit, cutWords } from "./cut_choice.js";
import { axial, hexKey, type Axial } from "./hex.js";
import type { HexRole } from "./prompt_targets.js";

// Another seat is named by its player's user name when the page has it (`names`: by seat), else
// by number from 1 ("Player 2"); the viewer's own is "you".
export const seatName = (seat: number, me: number | undefined, names?: readonly string[]): string =>
  seat === me ? "you" : names?.[seat] || `Player ${seat + 1}`;

export const ownerName = (seat: number, me: number | undefined, names?: readonly string[]): string =>
  seat === me ? "your" : `${seatName(seat, me, names)}'s`;

// The same at a sentence's start: "You", "Your". A user name keeps its case ("bob's", never
// "Bob's"), so these never capitalise one.
export const seatLabel = (seat: number, me: number | undefined, names?: readonly string[]): string =>
  seat === me ? "You" : seatName(seat, me, names);

export const ownerLabel = (seat: number, me: number | undefined, names?: readonly string[]): string =>
  seat === me ? "Your" : ownerName(seat, me, names);

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const raceName = (race: Race): string =>
  ({
    [Race.FEDERATION]: "Federation",
    [Race.KLINGON]: "Klingon",
    [Race.ROMULAN]: "Romulan",
    [Race.BORG]: "Borg",
    [Race.UNSPECIFIED]: "",
  })[race] ?? "";

// One letter drawn on a token, so that race does not rely on the seat colour.
export const raceGlyph = (race: Race): string =>
  ({ [Race.FEDERATION]: "F", [Race.KLINGON]: "K", [Race.ROMULAN]: "R", [Race.BORG]: "B" })[race as number] ?? "?";

export const coordText = (h: Axial): string => `(${h.q},${h.r})`;

export const dice = (count: number, flat: number): string =>
  `${count}D6${flat > 0 ? `+${flat}` : flat < 0 ? String(flat) : ""}`;

export function weaponName(ship: IncursionsShip | undefined, slot: IncursionsWeaponSlot): string {
  if (slot === IncursionsWeaponSlot.HEX) return "the hex's weapon";
  const weapon = slot === IncursionsWeaponSlot.W1 ? ship?.w1 : slot === IncursionsWeaponSlot.W2 ? ship?.w2 : ship?.w3;
  const tag = slot === IncursionsWeaponSlot.W3 ? "W3" : slot === IncursionsWeaponSlot.W2 ? "W2" : "W1";
  return weapon?.name ? `${weapon.name} (${tag})` : tag;
}

// "Hex 12, Nebula: Class I", "Start tile", "Open Space" (fillers have no printed number).
export function tileTitle(tile: IncursionsTile): string {
  if (tile.hexId === "start") return "Start tile";
  return tile.number > 0 ? `Hex ${tile.number}, ${tile.name}` : tile.name || tile.hexId;
}

const roleWords: Record<HexRole, string> = { move: "reachable", explore: "explorable", target: "has a target" };

export interface HexFacts {
  tile: IncursionsTile | undefined; // undefined: unexplored space
  at: Axial;
  vessels: IncursionsVessel[];
  mines: IncursionsMine[];
  roles: Set<HexRole>;
  choices: number;
  // Living denizens in the hex (EVENTS mode).
  denizens?: IncursionsDenizen[];
}

// The accessible name of a hex: what it is, who is there, and what the prompt offers there.
// `names`: the players' names by seat, when known.
export function describeHex(facts: HexFacts, me: number | undefined, names?: readonly string[]): string {
  const parts: string[] = [];
  const { tile } = facts;
  parts.push(tile ? tileTitle(tile) : "Unexplored space");
  if (tile?.wormhole) parts.push("wormhole");
  if (tile && tile.ownerSeat !== undefined) parts.push(`from ${ownerName(tile.ownerSeat, me, names)} hexpile`);
  for (const v of facts.vessels) {
    const ship = v.seat === me ? "ship" : (v.ship?.name ?? "ship");
    parts.push(`${ownerName(v.seat, me, names)} ${ship} here${v.cloaked ? " (cloaked)" : ""}`);
  }
  for (const m of facts.mines) {
    parts.push(
      `${ownerName(m.ownerSeat, me, names)} mine ${dice(m.dice, m.flat)}${m.armed ? ", armed" : ", not armed yet"}`,
    );
  }
  for (const d of facts.denizens ?? []) {
    // An object a player placed (§11.1): "Player 2's Weapons Platform here (15 of 15 life)".
    if (d.ownerSeat !== undefined) {
      parts.push(
        `${ownerName(d.ownerSeat, me, names)} ${d.card?.card?.title || d.name || "object"} here (${d.life} of ${d.lifeMax} life)`,
      );
      continue;
    }
    const owner = d.dominatedBy !== undefined ? `, dominated by ${seatName(d.dominatedBy, me, names)}` : "";
    parts.push(`denizen ${d.name || "unnamed"} here (${d.life} of ${d.lifeMax} life${owner})`);
  }
  for (const role of facts.roles) parts.push(roleWords[role]);
  if (facts.choices > 1) parts.push(`${facts.choices} choices`);
  parts.push(`at ${coordText(facts.at)}`);
  return parts.join(", ");
}

// The shields' maximum: the server's figure with the officers' bonuses, else the ship card's.
export const shieldsMax = (v: IncursionsVessel): number | undefined => v.figures?.shieldsMax || v.ship?.shields;

export function describeVessel(
  v: IncursionsVessel,
  me: number | undefined,
  choices: number,
  names?: readonly string[],
): string {
  const parts = [
    `${ownerLabel(v.seat, me, names)} ${v.ship?.name ?? "ship"}`,
    `hull ${v.hull} of ${v.ship?.hull ?? "?"}`,
    `shields ${v.shields} of ${shieldsMax(v) ?? "?"}`,
  ];
  if (v.cloaked) parts.push("cloaked");
  if (v.shieldLayer > 0) parts.push(`shield layer ${v.shieldLayer}`);
  if (v.escapeThreshold > 0) parts.push(`held: escape on 2D6 at most ${v.escapeThreshold}`);
  if (choices > 0) parts.push(choices === 1 ? "target, 1 choice" : `target, ${choices} choices`);
  return parts.join(", ");
}

// A chip on a vessel's board; `hex` marks what the hex it stands in does to it, `held` an escape
// roll it needs to leave.
export interface StatusChip {
  text: string;
  kind?: "hex" | "held";
}

// What a vessel is doing, as small chips on its board: the AUX marker, cloak, sweep, tractor
// beams, and what the hex it stands in does to it (EVENTS mode): a shield layer, Pwr out of play,
// free hexes on its next warp, an escape roll to leave. (`stayed` is left out: on a hex with no
// remain trigger, the start tile say, it would promise an event that never comes.) `names`: the
// players' names by seat, when known.
export function statusChips(
  vessel: IncursionsVessel,
  view: IncursionsView,
  me: number | undefined,
  names?: readonly string[],
): StatusChip[] {
  const chips: StatusChip[] = [{ text: vessel.auxAvailable ? "AUX ready" : "AUX used" }];
  const add = (text: string, kind?: StatusChip["kind"]) => chips.push(kind ? { text, kind } : { text });
  if (vessel.cloaked) add("Cloaked");
  if (vessel.sweepActive) add("Tachyon Sweep on");
  if (vessel.tractoringSeat !== undefined)
    add(`Tractor beam on ${seatName(vessel.tractoringSeat, me, names)} (strength ${vessel.tractorStrength})`);
  for (const holder of view.vessels) {
    if (holder.tractoringSeat === vessel.seat) add(`Held by ${ownerName(holder.seat, me, names)} tractor beam`);
  }
  if (vessel.eliminated) return chips;
  if (vessel.shieldLayer > 0) add(`+${vessel.shieldLayer} shield layer`, "hex");
  const out = vessel.power?.outOfPlay ?? 0;
  if (out > 0) add(`${out} Pwr out of play`, "hex");
  if (vessel.freeHexes > 0)
    add(`${vessel.freeHexes} free ${vessel.freeHexes === 1 ? "hex" : "hexes"} on the next warp`, "hex");
  if (vessel.escapeThreshold > 0) add(`Held: escape on 2D6 ≤ ${vessel.escapeThreshold}`, "held");
  return chips;
}

// One line for the status bar: the phase, whose turn, the maneuvers. `names`: the players'
// names by seat, when known.
export function statusLine(view: IncursionsView, me: number | undefined, names?: readonly string[]): string {
  switch (view.phase) {
    case IncursionsPhase.SETUP:
      return "Setting up: the hexpiles are being cut";
    case IncursionsPhase.GAME_OVER: {
      if (view.winners.length === 0) return "Game over: nobody won";
      const winners = view.winners.map((seat) => seatName(seat, me, names));
      const won = winners.length === 1 && winners[0] === "you" ? "you won" : `${winners.join(" and ")} won`;
      return `Game over: ${won}`;
    }
    default: {
      const who = view.activeSeat === me ? "Your turn" : `${seatLabel(view.activeSeat, me, names)}'s turn`;
      return `Round ${view.round}, turn ${view.turn}: ${who}, ${view.maneuversUsed} of ${view.maneuversAllowed} maneuvers used`;
    }
  }
}

// A hex name broken into at most two short lines for the map; the full name is in the hex's
// accessible name and tooltip.
export function nameLines(name: string, width = 15): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of name.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  const shortened = lines.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  if (shortened.length <= 2) return shortened;
  const second = shortened[1];
  return [shortened[0], second.length >= width ? `${second.slice(0, width - 1)}…` : `${second}…`];
}

// "Pirates" attack, "Crystal Entity" attacks: a denizen's name ending in s is taken as a band.
export const isBand = (name: string): boolean => /s$/i.test(name.trim());

// The tile a vessel stands on, if it is on the board.
export function tileUnder(view: IncursionsView, seat: number): IncursionsTile | undefined {
  const vessel = view.vessels.find((v) => v.seat === seat);
  if (!vessel) return undefined;
  const key = hexKey(axial(vessel.position));
  return view.tiles.find((t) => hexKey(axial(t.coord)) === key);
}

// The hit being resolved, in words: a headline and what has been done about it so far. A hex
// event's damage names the hex (it cannot be evaded); a denizen's attack names the denizen, and an
// object a player placed (§11.1) is named as that player's ("alice's Weapons Platform", "Player
// 2's" when `names`, the players' names by seat, are not known).
export function hitWords(
  hit: IncursionsHit,
  view: IncursionsView,
  me: number | undefined,
  names?: readonly string[],
): { headline: string; details: string[] } {
  // An attack on an officer (the target's shields were down, §13.4) names the officer.
  const officer = hit.targetOfficer
    ? view.vessels.find((v) => v.seat === hit.target)?.officers.find((o) => o.position === hit.targetOfficer)
    : undefined;
  const target = hit.targetOfficer
    ? `${ownerName(hit.target, me, names)} ${officer?.card?.title ?? "officer"}`
    : seatName(hit.target, me, names);
  let headline: string;
  const details: string[] = [];
  if (hit.event) {
    const tile = tileUnder(view, hit.target);
    const hex = tile ? (tile.hexId === "start" ? "The start tile" : tile.name || tileTitle(tile)) : "The hex";
    headline = `${hex} hits ${target} for ${hit.damage} — cannot be evaded`;
    details.push("Hex event damage: only Pwr put into the shields softens it");
  } else if (hit.attackingDenizen !== undefined) {
    const denizen = view.denizens.find((d) => d.id === hit.attackingDenizen);
    const name = denizen?.card?.card?.title || denizen?.name || "denizen";
    const whose = denizen?.ownerSeat !== undefined ? ownerLabel(denizen.ownerSeat, me, names) : "The";
    headline = `${whose} ${name} ${isBand(name) ? "attack" : "attacks"} ${target} for ${hit.damage}`;
    if (denizen?.dominatedBy !== undefined) details.push(`Dominated by ${seatName(denizen.dominatedBy, me, names)}`);
  } else if (hit.weapon === IncursionsWeaponSlot.W3) {
    headline = `${ownerLabel(hit.attacker, me, names)} mine goes off under ${target}: ${hit.damage} damage rolled`;
  } else {
    const ship = view.vessels.find((v) => v.seat === hit.attacker)?.ship;
    const subject = hit.attacker === me ? "You fire" : `${seatLabel(hit.attacker, me, names)} fires`;
    // A hex's weapon (Launching Center) is named after the hex the attacker stands in.
    const hex = hit.weapon === IncursionsWeaponSlot.HEX ? tileUnder(view, hit.attacker) : undefined;
    const weapon = hex?.name ? `the ${hex.name}'s weapon` : weaponName(ship, hit.weapon);
    headline = `${subject} ${weapon} at ${target}: ${hit.damage} damage rolled`;
  }
  if (hit.targetOfficer)
    details.push(
      `Aimed at the ${officer?.card?.title ?? "officer"}, not the vessel` +
        (officer ? `: espionage evasion ${officer.espionageEvasion}` : ""),
    );
  if (hit.evaded) details.push("Evaded: the hit deals no damage");
  else if (hit.evasionOpen) details.push("Evasion may still be tried");
  if (hit.shieldPower > 0) details.push(`${hit.shieldPower} Pwr in the shields absorbs ${hit.absorbed}`);
  if (hit.defenseSlotUsed) details.push("A defensive repair follows the hit");
  return { headline, details };
}

// Hex ids as people read them, duplicates counted: "hex.p1.open_space" twice → "open space ×2",
// "hex.052.spacestation" → "#52 spacestation".
export function groupHexIds(ids: string[]): string[] {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const match = /^hex\.(?:([0-9]+[a-z]?|p[0-9]+)\.)?(.+)$/.exec(id);
    const number = match?.[1] ?? "";
    const name = (match?.[2] ?? id).replace(/_/g, " ");
    const key = /^[0-9]/.test(number) ? `#${number.replace(/^0+(?=[0-9])/, "")} ${name}` : name;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
}

// A hex repairing the deciding ship (EVENT_REPAIR), in words: the server's title names the hex
// and the points; the detail says what the choice is.
export function eventRepairWords(
  view: IncursionsView,
  seat: number,
  title: string,
): { headline: string; detail: string } {
  const tile = tileUnder(view, seat);
  const hex = tile ? (tile.hexId === "start" ? "The start tile" : tile.name || tileTitle(tile)) : "This hex";
  return {
    headline: title || `${hex} repairs your ship`,
    detail: `${hex} repairs your ship: choose whether the points go to the hull or the shields.`,
  };
}

// An option's label as the table and the decision panel show it: the server's, except passing a
// response window, which an older server labels as it does taking a hit ("Take the hit"), and
// declining to escape a destroyed ship when the server sends no words for it.
export function optionLabel(prompt: DecisionPrompt, option: Option): string {
  const step = prompt.context.case === "incursions" ? prompt.context.value.step : undefined;
  const accept = option.detail.case === "incursions" && option.detail.value.kind === IncursionsActionKind.ACCEPT;
  if (step === IncursionsStep.RESPOND && accept && (option.label === "" || option.label === "Take the hit"))
    return "Pass: let it resolve";
  if (step === IncursionsStep.ESCAPE && accept && (option.label === "" || option.label === "Take the hit"))
    return "Go down with the ship: you are out of the game";
  // The server counts "1 hexes".
  const cut = step === IncursionsStep.CUT ? cutCount(option) : null;
  if (cut !== null) return cutWords(cut, cutUnit(prompt));
  return option.label;
}
