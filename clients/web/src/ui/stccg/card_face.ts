// What a card's tile shows under its title, from the card database and the view: a personnel's
// affiliation, classification, skills and INTEGRITY / CUNNING / STRENGTH, a ship's staffing and
// RANGE / WEAPONS / SHIELDS, a mission's ends, and the one-line summary of everything else.
// Figures are as they stand when the view says (StccgCardInPlay.now: the viewer's own cards),
// else as printed: other players' modifiers may come from cards the viewer may not see.
import {
  StccgClassification,
  StccgFacilityKind,
  StccgPlacement,
  type StccgCard,
  type StccgMissionEnd,
  type StccgShip,
} from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import type { StccgCardInPlay } from "../../../gen/spacedock/v1/stccg_pb.js";
import { affiliationName, enumWords, iconName, skillWords, staffingWords } from "../cards/card_words.js";

export interface Figure {
  name: string; // "INTEGRITY", read aloud and in the preview
  short: string; // "INT", printed on a tile
  value: number; // as it stands; the printed value when the view does not say
  printed: number;
  left?: number; // a ship's RANGE left this turn
}

export interface CardFace {
  line: string; // "Federation · OFFICER", "Klingon · K't'inga Class", "Outpost · Federation"
  icons: string[];
  skills: string;
  figures: Figure[];
  // Ships: the staffing icons, and whether the crew aboard meets them (unset: not said).
  staffing?: { needs: string; met?: boolean };
  summary: string;
}

const blank = (): CardFace => ({ line: "", icons: [], skills: "", figures: [], summary: "" });

function figure(name: string, short: string, printed: number, now: number | undefined): Figure {
  return { name, short, printed, value: now ?? printed };
}

// "Command x2, Staff": the staffing icons of a ship, counted.
export function staffingNeeds(ship: StccgShip): string {
  const counts = new Map<string, number>();
  for (const s of ship.staffing) {
    const word = s.icon ? iconName(s.icon) : staffingWords(s);
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].map(([word, n]) => (n > 1 ? `${word} x${n}` : word)).join(", ");
}

// "35 points · span 2 · Federation · Diplomacy + ENGINEER": one end of a mission in a line.
export function missionEndLine(end: StccgMissionEnd | undefined): string {
  if (!end) return "";
  return [
    end.points !== undefined ? `${end.points} points` : "",
    end.span ? `span ${end.span}` : "",
    end.affiliations.map(affiliationName).join(", "),
    end.requirements,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function cardFace(card: StccgCard | undefined, c?: StccgCardInPlay): CardFace | undefined {
  if (!card) return undefined;
  const face = blank();
  const now = c?.now;
  const d = card.details;
  face.icons = card.icons.map(iconName);
  switch (d.case) {
    case "personnel": {
      const p = d.value;
      face.line = [
        p.affiliations.map(affiliationName).join(" / "),
        enumWords(StccgClassification, p.classification, "").toUpperCase(),
      ]
        .filter(Boolean)
        .join(" · ");
      face.skills = [...p.skills.map(skillWords), ...(p.specialSkill ? ["special skill"] : [])].join(", ");
      face.figures = [
        figure("INTEGRITY", "INT", p.integrity, now?.integrity),
        figure("CUNNING", "CUN", p.cunning, now?.cunning),
        figure("STRENGTH", "STR", p.strength, now?.strength),
      ];
      break;
    }
    case "ship": {
      const s = d.value;
      face.line = [affiliationName(s.affiliation), s.shipClass].filter(Boolean).join(" · ");
      const range = figure("RANGE", "RNG", s.range, now?.range);
      if (c) range.left = c.rangeLeft;
      face.figures = [
        range,
        figure("WEAPONS", "WPN", s.weapons, now?.weapons),
        figure("SHIELDS", "SHD", s.shields, now?.shields),
      ];
      face.staffing = { needs: staffingNeeds(s) || "none", met: c?.staffed };
      break;
    }
    case "facility": {
      const f = d.value;
      face.line = [enumWords(StccgFacilityKind, f.kind, "Facility"), affiliationName(f.affiliation)].join(" · ");
      if (f.weapons !== undefined) face.figures.push(figure("WEAPONS", "WPN", f.weapons, now?.weapons));
      face.figures.push(figure("SHIELDS", "SHD", f.shields, now?.shields));
      face.summary = card.summary;
      break;
    }
    case "mission": {
      const m = d.value;
      face.line = [enumWords(StccgPlacement, m.placement, ""), m.region].filter(Boolean).join(" · ");
      face.summary = missionEndLine(m.seederEnd);
      break;
    }
    case "dilemma":
      face.line = `${enumWords(StccgPlacement, d.value.placement, "")} dilemma`.trim();
      face.summary = card.summary;
      break;
    default:
      face.summary = card.summary;
  }
  return face;
}

// "INTEGRITY 9 (printed 7)", "RANGE 8, 2 left this turn": a figure in words.
export function figureWords(f: Figure): string {
  const printed = f.value !== f.printed ? ` (printed ${f.printed})` : "";
  const left = f.left !== undefined ? `, ${f.left} left this turn` : "";
  return `${f.name} ${f.value}${printed}${left}`;
}

// Up, down or as printed: a modified figure is drawn so that it shows.
export function figureChange(f: Figure): "up" | "down" | "" {
  return f.value > f.printed ? "up" : f.value < f.printed ? "down" : "";
}

// The face in words, for a tile's accessible name (the summary is left to the preview).
export function faceWords(face: CardFace): string[] {
  const staffing = face.staffing;
  return [
    face.line,
    ...face.figures.map(figureWords),
    face.skills && `skills: ${face.skills}`,
    face.icons.length ? `icons: ${face.icons.join(", ")}` : "",
    staffing
      ? `staffing: ${staffing.needs}${staffing.met === true ? ", met" : staffing.met === false ? ", not met" : ""}`
      : "",
  ].filter(Boolean);
}
