// Captains and crew in words: positions, bonus bars, a vessel's tabled officers as the board
// shows them, its figures (what the server computed with every bonus applied) and its discard
// pile. Nothing here computes a rule: every number is one the server sent.
import {
  IncursionsPosition,
  Race,
  type IncursionsCard,
  type IncursionsFigures,
  type IncursionsOfficer,
  type IncursionsOfficerBonuses,
  type IncursionsVessel,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { ownerLabel, raceName, seatName } from "./words.js";

export const positionName = (position: IncursionsPosition): string =>
  ({
    [IncursionsPosition.CAPTAIN]: "Captain",
    [IncursionsPosition.FIRST_OFFICER]: "First Officer",
    [IncursionsPosition.HELM]: "Helm",
    [IncursionsPosition.TACTICAL]: "Tactical",
    [IncursionsPosition.SCIENCE]: "Science",
    [IncursionsPosition.ENGINEERING]: "Engineering",
    [IncursionsPosition.OPERATIONS]: "Operations",
    [IncursionsPosition.UNSPECIFIED]: "",
  })[position] ?? "";

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

// A card's bonus bar: "shields +5, evasion +1, repair +2"; "" when it has none.
export function bonusWords(bonuses: IncursionsOfficerBonuses | undefined): string {
  if (!bonuses) return "";
  const parts: string[] = [];
  if (bonuses.shields) parts.push(`shields ${signed(bonuses.shields)}`);
  if (bonuses.evasion) parts.push(`evasion ${signed(bonuses.evasion)}`);
  if (bonuses.weapons) parts.push(`weapons ${signed(bonuses.weapons)}`);
  if (bonuses.repair) parts.push(`repair ${signed(bonuses.repair)}`);
  if (bonuses.crewEspionage) parts.push(`crew espionage ${signed(bonuses.crewEspionage)}`);
  return parts.join(", ");
}

// A card as a chooser lists it: "Helm Officer (Helm · evasion +1 · espionage 5)".
export function cardLine(card: IncursionsCard): string {
  const parts = [positionName(card.position)];
  if (card.race) parts.push(raceName(card.race));
  const bonuses = bonusWords(card.bonuses);
  if (bonuses) parts.push(bonuses);
  parts.push(`espionage ${card.espionageEvasion}`);
  return `${card.title} (${parts.filter(Boolean).join(" · ")})`;
}

// One tabled officer as its board shows it.
export interface OfficerLine {
  // Stable within a vessel: the seat and position ("1:3"), or the card and index when it has
  // no position (an assimilated captain kept without bonuses).
  key: string;
  title: string;
  position: IncursionsPosition;
  // "Captain", "Helm", or "Extra captain (no bonuses)".
  place: string;
  race: string;
  faceUp: boolean;
  // "Face up" or "Face down: out of action".
  state: string;
  // "Assimilated from alice" (its owner; "Player 1" when names are not known), or "".
  assimilated: string;
  espionage: number;
  bonuses: string;
  // Everything in one sentence, for its accessible name and tooltip.
  label: string;
}

// The key of an officer a prompt may aim at: its vessel's seat and its position.
export const officerKey = (seat: number, position: IncursionsPosition): string => `${seat}:${position}`;

// `names`: the players' names by seat, when known.
export function officerLine(
  seat: number,
  officer: IncursionsOfficer,
  index: number,
  me: number | undefined,
  names?: readonly string[],
): OfficerLine {
  const card = officer.card;
  const title = card?.title || card?.id || "Officer";
  const place = officer.position ? positionName(officer.position) : "Extra captain (no bonuses)";
  // An assimilated officer serves the Borg and counts as Borg (§13.3).
  const race = officer.assimilated ? raceName(Race.BORG) : card?.race ? raceName(card.race) : "";
  const from = officer.assimilated ? seatName(officer.ownerSeat, me, names) : "";
  const assimilated = from && `Assimilated from ${from}`;
  const state = officer.faceUp ? "Face up" : "Face down: out of action";
  const bonuses = bonusWords(card?.bonuses);
  const parts = [`${ownerLabel(seat, me, names)} ${place === "Captain" ? "captain" : place}: ${title}`];
  if (race) parts.push(race);
  parts.push(officer.faceUp ? "face up" : "face down, out of action");
  // Inside the sentence: "assimilated from" written out, not lower-cased, so a user name keeps its case.
  if (from) parts.push(`assimilated from ${from}`);
  parts.push(`espionage evasion ${officer.espionageEvasion}`);
  if (bonuses && officer.faceUp && officer.position) parts.push(bonuses);
  return {
    key: officer.position ? officerKey(seat, officer.position) : `${card?.id ?? "?"}#${index}`,
    title,
    position: officer.position,
    place,
    race,
    faceUp: officer.faceUp,
    state,
    assimilated,
    espionage: officer.espionageEvasion,
    bonuses,
    label: parts.join(", "),
  };
}

// The vessel's officers in the order the server sends them: the captain first, then the crew
// by position, then assimilated captains kept without bonuses.
export const officerLines = (
  vessel: IncursionsVessel,
  me: number | undefined,
  names?: readonly string[],
): OfficerLine[] => vessel.officers.map((officer, i) => officerLine(vessel.seat, officer, i, me, names));

// The officer of `vessel` at `position`, if one sits there.
export const officerAt = (
  vessel: IncursionsVessel | undefined,
  position: IncursionsPosition,
): IncursionsOfficer | undefined => (position ? vessel?.officers.find((o) => o.position === position) : undefined);

// The vessel's figures as label and value pairs, for a small table on its board.
export function figureLines(figures: IncursionsFigures | undefined): [string, string][] {
  if (!figures) return [];
  return [
    ["Shields max", String(figures.shieldsMax)],
    ["Evasion", String(figures.evasion)],
    ["Weapons", signed(figures.weaponBonus)],
    ["Repair", `${figures.repairPoints} points`],
    [
      "Espionage evasion",
      figures.espionageEvasion > 0 ? String(figures.espionageEvasion) : "none (no officer face up)",
    ],
    ["Captain race", figures.captainRace ? raceName(figures.captainRace) : "no captain"],
  ];
}

// "Discard pile: Helm Officer, Tactical Officer" or "Discard pile: empty".
export function discardWords(discard: IncursionsCard[]): string {
  if (discard.length === 0) return "Discard pile: empty";
  return `Discard pile (${discard.length}): ${discard.map((card) => card.title || card.id).join(", ")}`;
}
