// The figures of the cards met at a location: missions (both ends) and dilemmas.
import {
  StccgDestination,
  StccgDisposition,
  StccgPlacement,
  StccgQuadrant,
  StccgScoreWhen,
  StccgSelect,
  type StccgDilemma,
  type StccgEffect,
  type StccgMission,
  type StccgMissionEnd,
} from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { affiliationName, enumWords } from "./card_words.js";
import { Facts, Formula, list } from "./facts.js";

function MissionEnd({ end, title }: { end: StccgMissionEnd; title: string }) {
  return (
    <div class="cards-mission-end">
      <h4>{title}</h4>
      <Facts
        rows={[
          ["Affiliation icons", end.affiliations.length ? end.affiliations.map(affiliationName).join(", ") : "none"],
          ["Requirements", end.requirements ? <Formula text={end.requirements} /> : "cannot be attempted"],
          ["Points", end.points ?? "no point box"],
          ["Span", end.span],
          ["Special", end.special],
        ]}
      />
    </div>
  );
}

export function MissionFigures({ m }: { m: StccgMission }) {
  return (
    <>
      <Facts
        rows={[
          ["Mission", enumWords(StccgPlacement, m.placement, "")],
          ["Quadrant", enumWords(StccgQuadrant, m.quadrant || StccgQuadrant.ALPHA)],
          ["Region", m.region],
          ["Location", m.locationName],
          ["Homeworld", m.homeworld && "yes"],
        ]}
      />
      {m.seederEnd && <MissionEnd end={m.seederEnd} title={m.opponentEnd ? "Seeder's end" : "Both ends"} />}
      {m.opponentEnd && <MissionEnd end={m.opponentEnd} title="Opponent's end" />}
    </>
  );
}

// Who an effect picks: "1 at random", "all (female)".
function picked(select: StccgSelect, count: number, filter: string, half = false): string {
  const how = enumWords(StccgSelect, select, "").toLowerCase();
  const many = select === StccgSelect.ALL ? "all" : half ? "half the group" : String(count || 1);
  return `${many}${how && select !== StccgSelect.ALL ? `, ${how}` : ""}${filter ? ` (${filter})` : ""}`;
}

function effectWords(effect: StccgEffect): string {
  const k = effect.kind;
  switch (k.case) {
    case "kill":
      return (
        `kills ${picked(k.value.select, k.value.count, k.value.filter, k.value.halfOfGroup)}` +
        (k.value.spareHea ? ", sparing holograms, androids and Exocomps" : "")
      );
    case "damageShip":
      return "damages the ship";
    case "destroyShip":
      return "destroys the ship";
    case "relocate":
      return (
        `relocates ${picked(k.value.select, k.value.count, k.value.filter)}` +
        (k.value.destination === StccgDestination.FARTHEST_PLANET ? " to the farthest planet" : "")
      );
    case "score":
      return k.value.perMember ? `scores ${k.value.perMember} per member` : `scores ${k.value.points}`;
    default:
      return "an effect";
  }
}

const kDisposition: Record<number, string> = {
  [StccgDisposition.DISCARD]: "discarded",
  [StccgDisposition.REPLACE]: "back under the mission",
  [StccgDisposition.ATTACH]: "stays in play on its host",
};

export function DilemmaFigures({ d }: { d: StccgDilemma }) {
  const when = enumWords(StccgScoreWhen, d.scoreWhen || StccgScoreWhen.OVERCOME).toLowerCase();
  return (
    <Facts
      rows={[
        ["Dilemma", enumWords(StccgPlacement, d.placement, "")],
        ["Only if", d.trigger && <Formula text={d.trigger} />],
        ["Plays on a ship", d.needsShip && "yes"],
        ["Unless", d.condition ? <Formula text={d.condition} /> : "no conditions"],
        ["Away Team needs instead", d.planetCondition && <Formula text={d.planetCondition} />],
        ["Otherwise", list(d.onFail.map(effectWords))],
        ["Stops", d.stopsAlways ? "always" : d.stopsOnFail ? "when not overcome" : "no"],
        ["When not overcome", kDisposition[d.disposition] ?? kDisposition[StccgDisposition.DISCARD]],
        ["Points", d.points ? `${d.points} when ${when}` : null],
        ["Cure", d.cure && <Formula text={d.cure} />],
      ]}
    />
  );
}
