// Words for the card database's enums and small structures, for people.
import {
  StccgAffiliation,
  StccgAttribute,
  StccgCardType,
  StccgIcon,
  StccgScope,
  type StccgModifier,
  type StccgSkill,
  type StccgStaffing,
} from "../../../gen/spacedock/v1/stccg_cards_pb.js";

// Names the generated enums do not spell well by themselves.
const kSpecial: Record<string, string> = {
  NON_ALIGNED: "Non-Aligned",
  AU: "Alternate Universe",
  TOS: "TOS",
  Q: "Q",
  Q_TENT: "Q's Tent",
  Q_CONTINUUM: "Q-Continuum",
  KETRACEL_WHITE: "Ketracel-White",
  BLOOD_OATH_SWORN: "Blood Oath (sworn)",
  BLOOD_OATH_TARGET: "Blood Oath (target)",
  BORG_USE_ONLY: "Borg use only",
};

// An enum value in words: STCCG_ICON_GAMMA_QUADRANT (GAMMA_QUADRANT) is "Gamma quadrant".
// `none` names the unset value.
export function enumWords(values: Record<number, string>, value: number, none = "—"): string {
  const name = values[value];
  if (!name || name === "UNSPECIFIED") return none;
  if (kSpecial[name]) return kSpecial[name];
  const lower = name.toLowerCase().replace(/_/g, " ");
  return lower[0].toUpperCase() + lower.slice(1);
}

export const typeName = (type: StccgCardType) => enumWords(StccgCardType, type, "Card");
export const affiliationName = (a: StccgAffiliation) => enumWords(StccgAffiliation, a);
export const iconName = (icon: StccgIcon) => enumWords(StccgIcon, icon);

// "Diplomacy x2", "Leadership x1/2", "Honor".
// An entry of one affiliation's skill box (Major Rakal) says which: "Tal Shiar (Romulan)".
export function skillWords(skill: StccgSkill): string {
  const times = skill.times || 1;
  const per = skill.per || 1;
  const words = times === 1 && per === 1 ? skill.name : `${skill.name} x${per === 1 ? times : `${times}/${per}`}`;
  return skill.affiliation ? `${words} (${affiliationName(skill.affiliation)})` : words;
}

// One staffing requirement: an icon, a personnel of an affiliation, or a skill with its count.
export function staffingWords(staffing: StccgStaffing): string {
  if (staffing.affiliation) return `${affiliationName(staffing.affiliation)} icon`;
  if (staffing.icon) return `${iconName(staffing.icon)} icon`;
  return staffing.count > 1 ? `${staffing.skill} x${staffing.count}` : staffing.skill;
}

const kScopes: Record<number, string> = {
  [StccgScope.SELF]: "itself",
  [StccgScope.PRESENT]: "your personnel present",
  [StccgScope.HOST]: "the ship it is on",
  [StccgScope.ALL_YOURS]: "all yours",
  [StccgScope.ALL]: "everyone's",
};

// A standing modifier: "STRENGTH x2 (your personnel present)", "+2 SHIELDS per SCIENCE (the ship
// it is on)", "gives Navigation (itself, only class:OFFICER)".
export function modifierWords(modifier: StccgModifier): string {
  const attribute = enumWords(StccgAttribute, modifier.attribute, "").toUpperCase();
  const change: string[] = [];
  if (modifier.grantSkill) change.push(`gives ${modifier.grantSkill}`);
  if (attribute && modifier.multiply) change.push(`${attribute} x${modifier.multiply}`);
  if (attribute && modifier.add) change.push(`${modifier.add > 0 ? "+" : ""}${modifier.add} ${attribute}`);
  if (modifier.perFilter) change.push(`per ${modifier.perFilter}`);
  const who = [kScopes[modifier.scope], modifier.filter && `only ${modifier.filter}`].filter(Boolean);
  return `${change.join(" ") || "a modifier"}${who.length ? ` (${who.join(", ")})` : ""}`;
}
