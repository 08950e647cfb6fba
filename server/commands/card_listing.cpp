#include "server/commands/card_listing.h"

#include <cstdio>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/card_db.h"

namespace spacedock::server {
namespace {

using stccg::CardDb;
using stccg::CardDef;

std::string_view type_name(v1::StccgCardType type) {
  switch (type) {
    case v1::STCCG_CARD_TYPE_MISSION:
      return "Mission";
    case v1::STCCG_CARD_TYPE_DILEMMA:
      return "Dilemma";
    case v1::STCCG_CARD_TYPE_ARTIFACT:
      return "Artifact";
    case v1::STCCG_CARD_TYPE_FACILITY:
      return "Facility";
    case v1::STCCG_CARD_TYPE_PERSONNEL:
      return "Personnel";
    case v1::STCCG_CARD_TYPE_SHIP:
      return "Ship";
    case v1::STCCG_CARD_TYPE_EQUIPMENT:
      return "Equipment";
    case v1::STCCG_CARD_TYPE_EVENT:
      return "Event";
    case v1::STCCG_CARD_TYPE_INTERRUPT:
      return "Interrupt";
    case v1::STCCG_CARD_TYPE_DOORWAY:
      return "Doorway";
    case v1::STCCG_CARD_TYPE_TACTIC:
      return "Tactic";
    case v1::STCCG_CARD_TYPE_INCIDENT:
      return "Incident";
    case v1::STCCG_CARD_TYPE_OBJECTIVE:
      return "Objective";
    case v1::STCCG_CARD_TYPE_SITE:
      return "Site";
    default:
      return "Card";
  }
}

std::string_view affiliation_name(int affiliation) {
  switch (affiliation) {
    case v1::STCCG_AFFILIATION_FEDERATION:
      return "Federation";
    case v1::STCCG_AFFILIATION_KLINGON:
      return "Klingon";
    case v1::STCCG_AFFILIATION_ROMULAN:
      return "Romulan";
    case v1::STCCG_AFFILIATION_CARDASSIAN:
      return "Cardassian";
    case v1::STCCG_AFFILIATION_FERENGI:
      return "Ferengi";
    case v1::STCCG_AFFILIATION_BORG:
      return "Borg";
    case v1::STCCG_AFFILIATION_BAJORAN:
      return "Bajoran";
    case v1::STCCG_AFFILIATION_DOMINION:
      return "Dominion";
    case v1::STCCG_AFFILIATION_NON_ALIGNED:
      return "Non-Aligned";
    case v1::STCCG_AFFILIATION_NEUTRAL:
      return "Neutral";
    default:
      return "?";
  }
}

std::string_view icon_name(int icon) {
  switch (icon) {
    case v1::STCCG_ICON_COMMAND:
      return "Command";
    case v1::STCCG_ICON_STAFF:
      return "Staff";
    case v1::STCCG_ICON_AU:
      return "AU";
    case v1::STCCG_ICON_Q:
      return "Q";
    case v1::STCCG_ICON_TOS:
      return "TOS";
    case v1::STCCG_ICON_BARASH:
      return "Barash";
    case v1::STCCG_ICON_GAMMA_QUADRANT:
      return "Gamma Quadrant";
    case v1::STCCG_ICON_SPECIAL_DOWNLOAD:
      return "Special Download";
    case v1::STCCG_ICON_HOLOGRAM:
      return "Hologram";
    case v1::STCCG_ICON_DELTA_QUADRANT:
      return "Delta Quadrant";
    case v1::STCCG_ICON_KETRACEL_WHITE:
      return "Ketracel-White";
    case v1::STCCG_ICON_MAQUIS:
      return "Maquis";
    case v1::STCCG_ICON_HIDDEN_AGENDA:
      return "Hidden Agenda";
    case v1::STCCG_ICON_REFEREE:
      return "Referee";
    case v1::STCCG_ICON_BORG_USE_ONLY:
      return "Borg Use Only";
    case v1::STCCG_ICON_BLOOD_OATH_SWORN:
      return "Blood Oath (sworn)";
    case v1::STCCG_ICON_BLOOD_OATH_TARGET:
      return "Blood Oath (target)";
    case v1::STCCG_ICON_SELF_CONTROLLING:
      return "Self-Controlling";
    case v1::STCCG_ICON_BORG_COMMUNICATIONS:
      return "Communications";
    case v1::STCCG_ICON_BORG_DEFENSE:
      return "Defense";
    case v1::STCCG_ICON_BORG_NAVIGATION:
      return "Navigation";
    default:
      return "?";
  }
}

std::string_view placement_name(v1::StccgPlacement placement) {
  switch (placement) {
    case v1::STCCG_PLACEMENT_PLANET:
      return "Planet";
    case v1::STCCG_PLACEMENT_SPACE:
      return "Space";
    case v1::STCCG_PLACEMENT_DUAL:
      return "Planet or space";
    default:
      return "?";
  }
}

std::string_view quadrant_name(v1::StccgQuadrant quadrant) {
  switch (quadrant) {
    case v1::STCCG_QUADRANT_GAMMA:
      return "Gamma";
    case v1::STCCG_QUADRANT_DELTA:
      return "Delta";
    default:
      return "Alpha";
  }
}

std::string_view facility_kind_name(v1::StccgFacilityKind kind) {
  switch (kind) {
    case v1::STCCG_FACILITY_KIND_STATION:
      return "station";
    case v1::STCCG_FACILITY_KIND_HEADQUARTERS:
      return "headquarters";
    default:
      return "outpost";
  }
}

// Card ids start with the set number (see the header of engine/stccg/cards/data/premiere.txtpb).
std::string_view set_name(const std::string& id) {
  if (id.starts_with("101_")) return "Premiere";
  if (id.starts_with("103_")) return "Alternate Universe";
  if (id.starts_with("105_")) return "Q-Continuum";
  if (id.starts_with("116_")) return "Blaze of Glory";
  if (id.starts_with("T_")) return "rules test fixture";
  return "unknown set";
}

template <typename List>
std::string affiliations(const List& list) {
  std::string out;
  for (int a : list) {
    if (!out.empty()) out += "/";
    out += affiliation_name(a);
  }
  return out;
}

std::string skill_text(const v1::StccgSkill& skill) {
  const unsigned times = skill.times() == 0 ? 1 : skill.times();
  const unsigned per = skill.per() == 0 ? 1 : skill.per();
  std::string out = skill.name();
  if (per != 1) return out + " x" + std::to_string(times) + "/" + std::to_string(per);
  if (times != 1) out += " x" + std::to_string(times);
  return out;
}

void print_personnel(const CardDb& db, const CardDef& def) {
  const auto& p = def.card.personnel();
  const auto classification = static_cast<stccg::Classification>(p.classification());
  std::printf("  %s %s\n", affiliations(p.affiliations()).c_str(),
              db.skills().name(stccg::SkillTable::of(classification)).c_str());
  std::string skills;
  for (const auto& skill : p.skills()) {
    if (!skills.empty()) skills += ", ";
    skills += skill_text(skill);
  }
  if (p.special_skill()) skills += skills.empty() ? "special skill" : ", special skill";
  if (!skills.empty()) std::printf("  Skills: %s\n", skills.c_str());
  std::printf("  INTEGRITY %d, CUNNING %d, STRENGTH %d\n", p.integrity(), p.cunning(),
              p.strength());
}

void print_ship(const CardDef& def) {
  const auto& s = def.card.ship();
  std::string staffing;
  for (const auto& need : s.staffing()) {
    if (!staffing.empty()) staffing += ", ";
    if (need.affiliation()) {
      staffing += affiliation_name(need.affiliation());
    } else if (need.skill().empty()) {
      staffing += icon_name(need.icon());
    } else {
      staffing += need.skill();
      if (need.count() > 1) staffing += " x" + std::to_string(need.count());
    }
  }
  std::printf("  %s, %s; staffing: %s\n", std::string(affiliation_name(s.affiliation())).c_str(),
              s.ship_class().empty() ? "no class" : s.ship_class().c_str(),
              staffing.empty() ? "none" : staffing.c_str());
  std::printf("  RANGE %d, WEAPONS %d, SHIELDS %d\n", s.range(), s.weapons(), s.shields());
}

void print_mission_end(const char* label, const v1::StccgMissionEnd& end) {
  const std::string affs = affiliations(end.affiliations());
  const std::string points =
      end.has_points() ? std::to_string(end.points()) + " points" : std::string("no points");
  std::printf("  %sAffiliations: %s; requirements: %s; %s; span %d\n", label,
              affs.empty() ? "none" : affs.c_str(),
              end.requirements().empty() ? "none" : end.requirements().c_str(), points.c_str(),
              end.span());
}

void print_mission(const CardDef& def) {
  const auto& m = def.card.mission();
  std::printf("  %s mission, %s Quadrant%s%s\n", std::string(placement_name(m.placement())).c_str(),
              std::string(quadrant_name(m.quadrant())).c_str(), m.region().empty() ? "" : ", ",
              m.region().c_str());
  if (m.has_opponent_end()) {
    print_mission_end("Seeder's end: ", m.seeder_end());
    print_mission_end("Other end: ", m.opponent_end());
  } else {
    print_mission_end("", m.seeder_end());
  }
}

void print_dilemma(const CardDef& def) {
  const auto& d = def.card.dilemma();
  std::printf("  %s dilemma", std::string(placement_name(d.placement())).c_str());
  if (d.points() != 0) std::printf(", %d points", d.points());
  std::printf("\n");
  if (!d.trigger().empty()) std::printf("  Trigger: %s\n", d.trigger().c_str());
  if (!d.condition().empty()) std::printf("  Conditions: %s\n", d.condition().c_str());
  if (!d.cure().empty()) std::printf("  Cure: %s\n", d.cure().c_str());
}

void print_card(const CardDb& db, const CardDef& def) {
  const auto& card = def.card;
  std::printf("%s [%s]\n", def.title().c_str(), def.id().c_str());
  std::string line = std::string(type_name(def.type())) + ", " + std::string(set_name(def.id()));
  if (!card.rarity().empty()) line += " " + card.rarity();
  line += card.universal() ? ", universal" : ", unique";
  if (card.half_card()) line += ", counts as half a card";
  if (card.test_only()) line += ", never legal in a deck";
  if (card.icons_size() > 0) {
    line += ", icons:";
    for (int icon : card.icons())
      line += " " + std::string(icon_name(icon));
  }
  if (card.countdown() > 0) line += ", countdown " + std::to_string(card.countdown());
  std::printf("  %s\n", line.c_str());
  switch (card.details_case()) {
    case v1::StccgCard::kPersonnel:
      print_personnel(db, def);
      break;
    case v1::StccgCard::kShip:
      print_ship(def);
      break;
    case v1::StccgCard::kMission:
      print_mission(def);
      break;
    case v1::StccgCard::kDilemma:
      print_dilemma(def);
      break;
    case v1::StccgCard::kFacility: {
      const auto& f = card.facility();
      std::printf("  %s %s; SHIELDS %d", std::string(affiliation_name(f.affiliation())).c_str(),
                  std::string(facility_kind_name(f.kind())).c_str(), f.shields());
      if (f.has_weapons()) std::printf(", WEAPONS %d", f.weapons());
      std::printf("\n");
      break;
    }
    case v1::StccgCard::kEquipment:
      if (card.equipment().usable_by_size() > 0)
        std::printf("  Usable by %s\n", affiliations(card.equipment().usable_by()).c_str());
      break;
    case v1::StccgCard::kTactic:
      std::printf("  ATTACK %d, DEFENSE %d\n", card.tactic().attack(), card.tactic().defense());
      break;
    default:
      break;
  }
  if (!card.summary().empty()) std::printf("  %s\n", card.summary().c_str());
  if (def.unsupported()) std::printf("  Not played yet: %s\n", card.unsupported().c_str());
}

}  // namespace

int print_cards(std::optional<std::string> search, bool unsupported_only) {
  const CardDb& db = CardDb::standard();
  std::vector<stccg::DefIndex> cards;
  if (search) {
    cards = db.search(*search);
    if (cards.empty()) {
      std::fprintf(stderr, "no card matches '%s'\n", search->c_str());
      return 1;
    }
  } else {
    for (const CardDef& def : db.defs())
      cards.push_back(def.index);
  }
  // The cards of the sets still waiting for their mechanism; silent when there are none. A rules
  // fixture is never played by design, so it is not listed.
  if (unsupported_only) {
    std::erase_if(cards, [&](stccg::DefIndex c) {
      return !db.def(c).unsupported() || db.def(c).card.test_only();
    });
    if (cards.empty()) return 0;
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) std::printf("\n");
    print_card(db, db.def(cards[i]));
  }
  std::printf("\n%zu card%s", cards.size(), cards.size() == 1 ? "" : "s");
  if (search) std::printf(" matching '%s'", search->c_str());
  if (unsupported_only) std::printf(" not played yet");
  std::printf("\n");
  return 0;
}

}  // namespace spacedock::server
