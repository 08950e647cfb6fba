// The figures of the cards that crew and fly: personnel, ships, facilities and equipment.
import {
  StccgClassification,
  StccgFacilityKind,
  StccgGender,
  StccgPersonnelKind,
  StccgQuadrant,
  StccgShipEquipment,
  type StccgEquipment,
  type StccgFacility,
  type StccgModifier,
  type StccgPersonnel,
  type StccgShip,
} from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { affiliationName, enumWords, modifierWords, skillWords, staffingWords } from "./card_words.js";
import { Facts, Formula, list, Stats } from "./facts.js";

export const modifiers = (items: readonly StccgModifier[]) => list(items.map(modifierWords));

export function PersonnelFigures({ p }: { p: StccgPersonnel }) {
  const skills = p.skills.map(skillWords);
  if (p.specialSkill) skills.push("a special skill");
  return (
    <>
      <Stats
        stats={[
          ["INTEGRITY", p.integrity],
          ["CUNNING", p.cunning],
          ["STRENGTH", p.strength],
        ]}
      />
      <Facts
        rows={[
          ["Affiliation", p.affiliations.map(affiliationName).join(" / ")],
          ["Classification", enumWords(StccgClassification, p.classification, "")],
          ["Skills", list(skills)],
          ["Skill dots", p.skillDots || null],
          ["Species", list(p.species)],
          ["Gender", enumWords(StccgGender, p.gender, "")],
          ["Kind", p.kind > StccgPersonnelKind.NORMAL && enumWords(StccgPersonnelKind, p.kind)],
          ["Drone", p.drone && "yes"],
          ["Native quadrant", p.nativeQuadrant > StccgQuadrant.ALPHA && enumWords(StccgQuadrant, p.nativeQuadrant)],
          ["Does not work with", list(p.doesNotWorkWith)],
          ["Matching ship", p.matchingShip],
          ["Modifiers", modifiers(p.modifiers)],
        ]}
      />
    </>
  );
}

export function ShipFigures({ s }: { s: StccgShip }) {
  return (
    <>
      <Stats
        stats={[
          ["RANGE", s.range],
          ["WEAPONS", s.weapons],
          ["SHIELDS", s.shields],
          ["HULL", `${s.hull || 100}%`],
        ]}
      />
      <Facts
        rows={[
          ["Affiliation", affiliationName(s.affiliation)],
          ["Class", s.shipClass],
          ["Staffing", s.staffing.length ? list(s.staffing.map(staffingWords)) : "none"],
          ["Special equipment", list(s.specialEquipment.map((e) => enumWords(StccgShipEquipment, e)))],
          ["Matching commanders", list(s.matchingCommanders)],
          ["Shuttlecraft", s.shuttlecraft && "yes"],
          ["Modifiers", modifiers(s.modifiers)],
        ]}
      />
    </>
  );
}

export function FacilityFigures({ f }: { f: StccgFacility }) {
  return (
    <>
      <Stats
        stats={[
          ["SHIELDS", f.shields],
          ["WEAPONS", f.weapons],
        ]}
      />
      <Facts
        rows={[
          ["Kind", enumWords(StccgFacilityKind, f.kind, "")],
          ["Affiliation", affiliationName(f.affiliation)],
          ["Repairs ships", f.noRepairs ? "no" : "yes"],
          ["Built where there is", f.buildRequires && <Formula text={f.buildRequires} />],
        ]}
      />
    </>
  );
}

export function EquipmentFigures({ e }: { e: StccgEquipment }) {
  return (
    <Facts
      rows={[
        ["Usable by", e.usableBy.length ? e.usableBy.map(affiliationName).join(" / ") : "anyone"],
        ["Hand weapon", e.handWeapon && "yes"],
        ["Modifiers", modifiers(e.modifiers)],
      ]}
    />
  );
}
