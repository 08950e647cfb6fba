// The figures of the cards played for an effect: events, interrupts, doorways, artifacts and
// Battle Bridge tactics.
import {
  StccgAttribute,
  StccgPlayAs,
  StccgPlaysOn,
  StccgShipEquipment,
  StccgSideDeck,
  type StccgArtifact,
  type StccgDoorway,
  type StccgEvent,
  type StccgInterrupt,
  type StccgTactic,
  type StccgTacticBonus,
} from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { affiliationName, enumWords } from "./card_words.js";
import { Facts, Formula, list, Stats } from "./facts.js";
import { modifiers } from "./figures_crew.js";

export function EventFigures({ e }: { e: StccgEvent }) {
  return (
    <Facts
      rows={[
        ["Plays on", enumWords(StccgPlaysOn, e.playsOn, "")],
        ["Treaty between", e.treaty.map(affiliationName).join(" and ")],
        [
          "Espionage",
          e.espionage &&
            `${affiliationName(e.espionage.spy)} personnel match ${affiliationName(e.espionage.target)} icons`,
        ],
        ["Modifiers", modifiers(e.modifiers)],
      ]}
    />
  );
}

export function InterruptFigures({ i }: { i: StccgInterrupt }) {
  return <Facts rows={[["Played", list(i.timing)]]} />;
}

export function DoorwayFigures({ d }: { d: StccgDoorway }) {
  return (
    <Facts
      rows={[
        ["Opens", d.opens ? `the ${enumWords(StccgSideDeck, d.opens)} side deck` : null],
        ["Playable from hand", d.playableFromHand ? (d.anyTurn ? "yes, in either player's turn" : "yes") : "no"],
      ]}
    />
  );
}

export function ArtifactFigures({ a }: { a: StccgArtifact }) {
  return (
    <Facts
      rows={[
        ["Used as", enumWords(StccgPlayAs, a.playAs, "")],
        ["Points", a.points],
        ["Modifiers", modifiers(a.modifiers)],
      ]}
    />
  );
}

// "+2 ATTACK for Klingon ships", "+1 DEFENSE for ships with no staffing icons".
function bonusWords(b: StccgTacticBonus): string {
  const what = [
    b.attack && `${b.attack > 0 ? "+" : ""}${b.attack} ATTACK`,
    b.defense && `${b.defense > 0 ? "+" : ""}${b.defense} DEFENSE`,
  ]
    .filter(Boolean)
    .join(", ");
  const which = [b.affiliation && affiliationName(b.affiliation), b.shipClass, b.unstaffed && "unstaffed"]
    .filter(Boolean)
    .join(" ");
  return which ? `${what} for ${which} ships` : what;
}

export function TacticFigures({ t }: { t: StccgTactic }) {
  const losses = [
    ["HULL", t.hullLoss],
    ["RANGE", t.rangeLoss],
    ["WEAPONS", t.weaponsLoss],
    ["SHIELDS", t.shieldsLoss],
  ].filter(([, n]) => n) as [string, number][];
  return (
    <>
      <Stats
        stats={[
          ["ATTACK", t.attack],
          ["DEFENSE", t.defense],
        ]}
      />
      <Facts
        rows={[
          [
            "Damage markers",
            t.hitMarkers || t.directHitMarkers
              ? `${t.hitMarkers} on a hit, ${t.directHitMarkers} on a direct hit`
              : null,
          ],
          ["Becomes a marker", t.selfMarker ? (t.markerOnMiss ? "yes, even on a miss" : "yes") : null],
          ["As a marker", list(losses.map(([name, n]) => `${name} -${n}`))],
          ["Casualty", t.casualty && `1 at random${t.casualty.filter ? ` (${t.casualty.filter})` : ""}`],
          [
            "Off line",
            list([
              ...t.enhancementsOffLine.map((a) => `${enumWords(StccgAttribute, a).toUpperCase()} enhancements`),
              ...t.equipmentOffLine.map((e) => enumWords(StccgShipEquipment, e).toLowerCase()),
            ]),
          ],
          ["Bonuses", list(t.bonus.map(bonusWords))],
          ["Nullifies the other tactic unless", t.nullifyUnless && <Formula text={t.nullifyUnless} />],
        ]}
      />
    </>
  );
}
