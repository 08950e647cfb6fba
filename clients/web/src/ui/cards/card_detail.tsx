// One card in full: what every card has (type, set, icons, keywords, seeding, our one-line
// summary), then the figures of its type.
import { StccgSeedRule, type StccgCard } from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import { cardSet, setName } from "./card_search.js";
import { iconName, typeName } from "./card_words.js";
import { Facts, list } from "./facts.js";
import { EquipmentFigures, FacilityFigures, PersonnelFigures, ShipFigures } from "./figures_crew.js";
import { DilemmaFigures, MissionFigures } from "./figures_mission.js";
import { ArtifactFigures, DoorwayFigures, EventFigures, InterruptFigures, TacticFigures } from "./figures_play.js";

function Figures({ card }: { card: StccgCard }) {
  const d = card.details;
  switch (d.case) {
    case "personnel":
      return <PersonnelFigures p={d.value} />;
    case "ship":
      return <ShipFigures s={d.value} />;
    case "facility":
      return <FacilityFigures f={d.value} />;
    case "equipment":
      return <EquipmentFigures e={d.value} />;
    case "mission":
      return <MissionFigures m={d.value} />;
    case "dilemma":
      return <DilemmaFigures d={d.value} />;
    case "event":
      return <EventFigures e={d.value} />;
    case "interrupt":
      return <InterruptFigures i={d.value} />;
    case "doorway":
      return <DoorwayFigures d={d.value} />;
    case "artifact":
      return <ArtifactFigures a={d.value} />;
    case "tactic":
      return <TacticFigures t={d.value} />;
    default:
      return null;
  }
}

const kSeeding: Record<number, string> = {
  [StccgSeedRule.SEEDS]: "seeds",
  [StccgSeedRule.SEEDS_OR_PLAYS]: "seeds, or is played from hand",
  [StccgSeedRule.SEEDS_LIKE_DILEMMA]: "seeds face down under a mission, like a dilemma",
};

// Rules flags, in a few words each.
function flags(card: StccgCard): string[] {
  const n = card.nullifiers;
  return [
    card.halfCard && "counts as half a card",
    card.cumulative && "cumulative",
    card.notDuplicatable && "not duplicatable",
    card.leavesOnCompletion && "discarded when its mission is completed",
    card.untilAnyQFlash && "lasts until any Q-Flash",
    card.allowedInQTent && "allowed in Q's Tent",
    n?.notNullifiable && "cannot be nullified",
    n?.onlyBy.length && `nullified only by ${list(n.onlyBy)}`,
    n?.mayBeNullifiedBy.length && `also nullified by ${list(n.mayBeNullifiedBy)}`,
  ].filter((flag): flag is string => typeof flag === "string");
}

export function CardDetail({ card }: { card: StccgCard }) {
  const personas = card.personas.filter((name) => name !== card.title);
  return (
    <article class="cards-article" aria-labelledby="card-detail-title">
      <h2 id="card-detail-title">
        {card.universal && (
          <span title="Universal" aria-label="Universal">
            ♦{" "}
          </span>
        )}
        {card.title}
      </h2>
      <p class="muted small">
        {typeName(card.type)} · {setName(cardSet(card))} <span class="cards-id">{card.id}</span>
        {card.rarity && ` · rarity ${card.rarity}`} · {card.universal ? "universal" : "unique"}
      </p>
      {card.summary && <p class="cards-summary">{card.summary}</p>}
      {card.unsupported && (
        <p class="cards-unsupported" role="note">
          Not playable on this server yet: {card.unsupported}
        </p>
      )}
      <Figures card={card} />
      <Facts
        rows={[
          ["Icons", list(card.icons.map(iconName))],
          ["Persona of", list(personas)],
          ["Seeding", kSeeding[card.seedRule]],
          ["Rules", list(flags(card))],
          [
            "Keywords",
            card.keywords.length > 0 && (
              <ul class="cards-keywords">
                {card.keywords.map((k) => (
                  <li>{k}</li>
                ))}
              </ul>
            ),
          ],
        ]}
      />
    </article>
  );
}
