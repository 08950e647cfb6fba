#include "engine/stccg/cards/card_db.h"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "engine/core/text.h"
#include "engine/core/text_format.h"
#include "engine/stccg/cards/card_files.h"
#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::stccg {
namespace {

// Splits `text` at `sep` where it is not inside parentheses.
std::vector<std::string_view> split_top(std::string_view text, std::string_view sep) {
  std::vector<std::string_view> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')') --depth;
    if (depth == 0 && text.compare(i, sep.size(), sep) == 0) {
      parts.push_back(text.substr(start, i - start));
      start = i + sep.size();
      i += sep.size() - 1;
    }
  }
  parts.push_back(text.substr(start));
  return parts;
}

// Builds the card database; every error names the file and the card.
class Loader {
 public:
  explicit Loader(SkillTable skills) : skills_(std::move(skills)) {}

  void add_file(std::string_view name, std::string_view text) {
    v1::StccgCardFile file;
    if (auto error = core::parse_text_format(name, text, &file)) throw CardDbError(*error);
    for (auto& card : *file.mutable_cards()) {
      where_ = std::string(name) + ": card " + card.id() + " (" + card.title() + ")";
      check_card(card, file.set());
      cards_.push_back(std::move(card));
    }
  }

  std::vector<CardDef> compile() {
    std::vector<CardDef> defs;
    for (std::size_t i = 0; i < cards_.size(); ++i) {
      where_ = "card " + cards_[i].id() + " (" + cards_[i].title() + ")";
      defs.push_back(compile_card(static_cast<DefIndex>(i), cards_[i]));
    }
    return defs;
  }

  std::vector<std::string> personas() const { return persona_names_; }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    throw CardDbError(where_ + ": " + problem);
  }
  void require(bool ok, const std::string& problem) const {
    if (!ok) fail(problem);
  }

  void check_card(const v1::StccgCard& card, const std::string& set) {
    require(!card.id().empty() && !card.title().empty(), "id and title are required");
    require(ids_.insert(card.id()).second, "duplicate id");
    require(card.type() != v1::STCCG_CARD_TYPE_UNSPECIFIED, "type is required");
    require(!card.test_only() || set == "test", "test_only cards belong in the test set");
    const auto details = card.details_case();
    using D = v1::StccgCard::DetailsCase;
    const bool matches = [&] {
      switch (card.type()) {
        case v1::STCCG_CARD_TYPE_PERSONNEL:
          return details == D::kPersonnel;
        case v1::STCCG_CARD_TYPE_SHIP:
          return details == D::kShip;
        case v1::STCCG_CARD_TYPE_MISSION:
          return details == D::kMission;
        case v1::STCCG_CARD_TYPE_DILEMMA:
          return details == D::kDilemma;
        case v1::STCCG_CARD_TYPE_FACILITY:
          return details == D::kFacility;
        case v1::STCCG_CARD_TYPE_EQUIPMENT:
          return details == D::kEquipment;
        case v1::STCCG_CARD_TYPE_EVENT:
          return details == D::kEvent || details == D::DETAILS_NOT_SET;
        case v1::STCCG_CARD_TYPE_INTERRUPT:
          return details == D::kInterrupt || details == D::DETAILS_NOT_SET;
        case v1::STCCG_CARD_TYPE_DOORWAY:
          return details == D::kDoorway;
        case v1::STCCG_CARD_TYPE_ARTIFACT:
          return details == D::kArtifact;
        case v1::STCCG_CARD_TYPE_TACTIC:
          return details == D::kTactic;
        case v1::STCCG_CARD_TYPE_INCIDENT:
        case v1::STCCG_CARD_TYPE_OBJECTIVE:
        case v1::STCCG_CARD_TYPE_SITE:
          return details == D::DETAILS_NOT_SET;
        default:
          return false;
      }
    }();
    require(matches, "its details do not match its type");
    if (card.has_personnel()) {
      const auto& p = card.personnel();
      require(p.affiliations_size() > 0, "personnel need an affiliation");
      require(p.classification() != v1::STCCG_CLASSIFICATION_UNSPECIFIED,
              "personnel need a classification");
      for (const auto& skill : p.skills()) {
        skill_halves(skill);
        const int box = skill.affiliation();
        require(box == v1::STCCG_AFFILIATION_UNSPECIFIED ||
                    std::find(p.affiliations().begin(), p.affiliations().end(), box) !=
                        p.affiliations().end(),
                "a skill box of an affiliation the personnel does not have");
      }
    }
    if (card.has_ship())
      require(card.ship().affiliation() != v1::STCCG_AFFILIATION_UNSPECIFIED,
              "ships need an affiliation");
    if (card.has_mission()) {
      require(card.mission().placement() != v1::STCCG_PLACEMENT_UNSPECIFIED,
              "missions need a placement");
      require(card.mission().has_seeder_end(), "missions need a seeder_end");
    }
    if (card.has_dilemma())
      require(card.dilemma().placement() != v1::STCCG_PLACEMENT_UNSPECIFIED,
              "dilemmas need a placement");
    if (card.has_facility())
      require(card.facility().affiliation() != v1::STCCG_AFFILIATION_UNSPECIFIED,
              "facilities need an affiliation");
    if (card.has_event() && card.event().has_espionage()) {
      const auto& spying = card.event().espionage();
      require(card.event().plays_on() == v1::STCCG_PLAYS_ON_MISSION,
              "espionage is played on a mission");
      require(spying.spy() != v1::STCCG_AFFILIATION_UNSPECIFIED &&
                  spying.target() != v1::STCCG_AFFILIATION_UNSPECIFIED,
              "espionage needs a spy and a target affiliation");
    }
    for (const auto& keyword : card.keywords())
      tag_of("keyword:" + keyword);
    for (int equipment : card.ship().special_equipment())
      tag_of("keyword:" + special_equipment_name(equipment));
    if (carries_title_tag(card)) tag_of("title:" + card.title());
    for (const auto& species : card.personnel().species())
      tag_of("species:" + species);
    if (card.type() == v1::STCCG_CARD_TYPE_PERSONNEL || card.type() == v1::STCCG_CARD_TYPE_SHIP) {
      if (card.personas().empty()) {
        persona_of(card.title());
      } else {
        for (const auto& persona : card.personas())
          persona_of(persona);
      }
    }
  }

  PersonaId persona_of(const std::string& name) {
    auto [it, added] = persona_ids_.emplace(name, static_cast<PersonaId>(persona_names_.size()));
    if (added) persona_names_.push_back(name);
    return it->second;
  }

  // A ship's special equipment by the keyword the cards print for it (Holodeck).
  static std::string special_equipment_name(int equipment) {
    switch (static_cast<v1::StccgShipEquipment>(equipment)) {
      case v1::STCCG_SHIP_EQUIPMENT_TRACTOR_BEAM:
        return "Tractor Beam";
      case v1::STCCG_SHIP_EQUIPMENT_CLOAKING_DEVICE:
        return "Cloaking Device";
      case v1::STCCG_SHIP_EQUIPMENT_HOLODECK:
        return "Holodeck";
      case v1::STCCG_SHIP_EQUIPMENT_LONG_RANGE_SCAN_SHIELDING:
        return "Long Range Scan Shielding";
      default:
        return "?";
    }
  }

  std::uint16_t tag_of(const std::string& name) {
    return tag_ids_.emplace(name, static_cast<std::uint16_t>(tag_ids_.size())).first->second;
  }

  SkillHalves skill_halves(const v1::StccgSkill& skill) const {
    require(skills_.find(skill.name()).has_value(), "unknown skill '" + skill.name() + "'");
    const unsigned times = skill.times() == 0 ? 1 : skill.times();
    const unsigned per = skill.per() == 0 ? 1 : skill.per();
    require(per == 1 || per == 2, "skill multipliers are whole or halves");
    require(2 * times / per >= 1 && 2 * times / per <= 20, "skill multiplier out of range");
    return static_cast<SkillHalves>(2 * times / per);
  }

  FormulaNames names() const {
    return {&skills_,
            [this](std::string_view title) -> std::optional<std::uint16_t> {
              auto it = persona_ids_.find(std::string(title));
              if (it == persona_ids_.end()) return std::nullopt;
              return it->second;
            },
            [this](std::string_view tag) -> std::optional<std::uint16_t> {
              auto it = tag_ids_.find(std::string(tag));
              if (it == tag_ids_.end()) return std::nullopt;
              return it->second;
            }};
  }

  // Equipment and artifacts are also named by title in formulas (equipment:NAME).
  static bool carries_title_tag(const v1::StccgCard& card) {
    return card.type() == v1::STCCG_CARD_TYPE_EQUIPMENT ||
           card.type() == v1::STCCG_CARD_TYPE_ARTIFACT;
  }

  Formula formula(const std::string& text, const char* what) const {
    try {
      return parse_formula(text, names());
    } catch (const FormulaError& e) {
      fail(std::string(what) + ": " + e.what());
    }
  }

  // `requirements` (which parses) split at its top-level ORs and +s.
  std::vector<std::vector<Formula>> alternatives(const Formula& requirements) const {
    std::vector<std::vector<Formula>> out;
    try {
      for (std::string_view alternative : split_top(requirements.text(), " OR ")) {
        std::vector<Formula> terms;
        for (std::string_view term : split_top(alternative, "+"))
          terms.push_back(parse_formula(term, names()));
        out.push_back(std::move(terms));
      }
    } catch (const FormulaError&) {
      out = {{requirements}};  // a part that does not stand alone: all or nothing
    }
    return out;
  }

  ModifierDef modifier(const v1::StccgModifier& m) const {
    ModifierDef out;
    out.scope = m.scope();
    require(m.scope() != v1::STCCG_SCOPE_UNSPECIFIED, "a modifier needs a scope");
    out.filter = formula(m.filter(), "modifier filter");
    out.per_filter = formula(m.per_filter(), "modifier per_filter");
    if (m.attribute() != v1::STCCG_ATTRIBUTE_UNSPECIFIED) {
      out.attribute = static_cast<Attribute>(static_cast<int>(m.attribute()) - 1);
    }
    out.add = m.add();
    out.multiply = m.multiply();
    if (!m.grant_skill().empty()) {
      auto skill = skills_.find(m.grant_skill());
      require(skill.has_value(), "modifier grants unknown skill '" + m.grant_skill() + "'");
      out.grant_skill = *skill;
    }
    if (!m.lose_skill().empty()) {
      auto skill = skills_.find(m.lose_skill());
      require(skill.has_value(), "modifier takes away unknown skill '" + m.lose_skill() + "'");
      out.lose_skill = *skill;
    }
    require(
        out.attribute.has_value() + out.grant_skill.has_value() + out.lose_skill.has_value() == 1,
        "a modifier changes an attribute, grants a skill or takes one away: exactly one");
    out.aboard = m.aboard();
    out.while_with = formula(m.while_with(), "modifier while_with");
    if (!m.aboard_title().empty()) out.aboard_title = title_key(m.aboard_title());
    for (int a : m.affiliations())
      out.affiliations |= bit(static_cast<Affiliation>(a));
    return out;
  }

  MissionEndDef mission_end(const v1::StccgMissionEnd& end) const {
    MissionEndDef out;
    for (int a : end.affiliations())
      out.affiliations |= bit(static_cast<Affiliation>(a));
    out.requirements = formula(end.requirements(), "requirements");
    out.alternatives = alternatives(out.requirements);
    if (end.has_points()) out.points = end.points();
    out.any_affiliation = end.any_affiliation();
    for (const auto& bonus : end.star_bonus())
      out.star_bonus.push_back({bonus.points(), formula(bonus.when(), "star_bonus.when"),
                                formula(bonus.each(), "star_bonus.each")});
    out.overcomes_dilemmas.assign(end.overcomes_dilemmas().begin(), end.overcomes_dilemmas().end());
    out.no_points_for_dilemmas.assign(end.no_points_for_dilemmas().begin(),
                                      end.no_points_for_dilemmas().end());
    if (end.has_solve_cost()) {
      const auto& cost = end.solve_cost();
      require(cost.count() > 0, "solve_cost needs a count");
      out.solve_cost.count = static_cast<int>(cost.count());
      out.solve_cost.personnel = formula(cost.personnel(), "solve_cost.personnel");
      out.solve_cost.card_type = cost.card_type();
      if (!cost.instead_of().empty())
        out.solve_cost.instead_of = formula(cost.instead_of(), "solve_cost.instead_of");
    }
    require(end.span() >= 0, "span must not be negative");
    out.span = end.span();
    return out;
  }

  CardDef compile_card(DefIndex index, const v1::StccgCard& card) const {
    CardDef def;
    def.index = index;
    def.card = card;
    def.title_group = card.title().substr(0, card.title().find(':'));
    if (!card.native().empty()) {
      def.handler = find_handler(card.native());
      require(def.handler != nullptr, "names the native handler '" + card.native() +
                                          "', which does not exist (cards/handlers/registry.cpp)");
    }
    for (int icon : card.icons())
      def.icons |= 1u << icon;
    for (const auto& keyword : card.keywords())
      def.tags.push_back(tag_ids_.at("keyword:" + keyword));
    if (carries_title_tag(card)) {
      def.title_tag = tag_ids_.at("title:" + card.title());
      def.tags.push_back(*def.title_tag);
    }
    for (int equipment : card.ship().special_equipment())
      def.special_equipment.push_back(tag_ids_.at("keyword:" + special_equipment_name(equipment)));
    if (card.type() == v1::STCCG_CARD_TYPE_PERSONNEL || card.type() == v1::STCCG_CARD_TYPE_SHIP) {
      def.persona = persona_ids_.at(card.personas().empty() ? card.title() : card.personas(0));
    }
    auto add_modifiers = [&](const auto& list) {
      for (const auto& m : list)
        def.modifiers.push_back(modifier(m));
    };
    switch (card.details_case()) {
      case v1::StccgCard::kPersonnel:
        for (int a : card.personnel().affiliations())
          def.affiliations |= bit(static_cast<Affiliation>(a));
        for (const auto& s : card.personnel().skills()) {
          const auto box = static_cast<Affiliation>(s.affiliation());
          def.skills.push_back({*skills_.find(s.name()), skill_halves(s),
                                box == Affiliation::kNone ? AffiliationSet{0} : bit(box)});
        }
        for (const auto& species : card.personnel().species())
          def.tags.push_back(tag_ids_.at("species:" + species));
        add_modifiers(card.personnel().modifiers());
        def.reports_to_group = formula(card.personnel().reports_to_group(), "reports_to_group");
        // The missions are named by title and need not be in the database: Donald Varley's are
        // of sets still to come.
        for (const auto& icon : card.personnel().adds_mission_icons()) {
          require((icon.at_own_mission() ? icon.if_icon() != v1::STCCG_AFFILIATION_UNSPECIFIED
                                         : !icon.mission().empty()) &&
                      icon.affiliation() != v1::STCCG_AFFILIATION_UNSPECIFIED,
                  "adds_mission_icons needs a mission (or at_own_mission and if_icon) and an "
                  "affiliation");
        }
        break;
      case v1::StccgCard::kShip:
        def.affiliation = static_cast<Affiliation>(card.ship().affiliation());
        for (const auto& staffing : card.ship().staffing()) {
          StaffingNeed need;
          if (!staffing.skill().empty()) {
            need.skill = skills_.find(staffing.skill());
            require(need.skill.has_value(),
                    "staffing names unknown skill '" + staffing.skill() + "'");
            need.halves = static_cast<SkillHalves>(2 * std::max(1u, staffing.count()));
          }
          if (staffing.affiliation())
            need.affiliation = bit(static_cast<Affiliation>(staffing.affiliation()));
          need.icon = staffing.icon();
          def.staffing.push_back(need);
        }
        require(def.staffing.size() <= kMostStaffingNeeds, "has too many staffing requirements");
        add_modifiers(card.ship().modifiers());
        break;
      case v1::StccgCard::kMission:
        def.ends[0] = mission_end(card.mission().seeder_end());
        def.ends[1] = card.mission().has_opponent_end() ? mission_end(card.mission().opponent_end())
                                                        : def.ends[0];
        break;
      case v1::StccgCard::kDilemma: {
        const auto& d = card.dilemma();
        def.trigger = formula(d.trigger(), "trigger");
        def.condition = formula(d.condition(), "condition");
        def.planet_condition = formula(d.planet_condition(), "planet_condition");
        def.cure = formula(d.cure(), "cure");
        for (const auto& effect : d.on_fail()) {
          const std::string& filter = effect.has_kill()       ? effect.kill().filter()
                                      : effect.has_relocate() ? effect.relocate().filter()
                                                              : std::string();
          def.effect_filters.push_back(formula(filter, "effect filter"));
        }
        break;
      }
      case v1::StccgCard::kFacility:
        def.affiliation = static_cast<Affiliation>(card.facility().affiliation());
        def.build_requires = formula(card.facility().build_requires(), "build_requires");
        break;
      case v1::StccgCard::kEquipment:
        add_modifiers(card.equipment().modifiers());
        def.reports_with = formula(card.equipment().reports_with(), "reports_with");
        break;
      case v1::StccgCard::kEvent:
        add_modifiers(card.event().modifiers());
        break;
      case v1::StccgCard::kArtifact:
        add_modifiers(card.artifact().modifiers());
        break;
      case v1::StccgCard::kTactic: {
        // As a damage marker its losses are modifiers of the card it sits on.
        const auto& tactic = card.tactic();
        const std::pair<Attribute, int> losses[] = {{Attribute::kRange, tactic.range_loss()},
                                                    {Attribute::kWeapons, tactic.weapons_loss()},
                                                    {Attribute::kShields, tactic.shields_loss()}};
        for (const auto& [attribute, loss] : losses) {
          if (loss == 0) continue;
          ModifierDef m;
          m.scope = v1::STCCG_SCOPE_HOST;
          m.attribute = attribute;
          m.add = -loss;
          def.modifiers.push_back(std::move(m));
        }
        def.casualty_filter = formula(tactic.casualty().filter(), "casualty filter");
        def.nullify_unless = formula(tactic.nullify_unless(), "nullify_unless");
        break;
      }
      default:
        break;
    }
    std::sort(def.tags.begin(), def.tags.end());
    return def;
  }

  SkillTable skills_;
  std::vector<v1::StccgCard> cards_;
  std::unordered_set<std::string> ids_;
  std::map<std::string, PersonaId> persona_ids_;
  std::vector<std::string> persona_names_;
  std::map<std::string, std::uint16_t> tag_ids_;  // "species:X" and "keyword:X"
  std::string where_;
};

SkillTable load_skills(std::string_view text) {
  v1::StccgSkillFile file;
  if (auto error = core::parse_text_format("skills.txtpb", text, &file)) throw CardDbError(*error);
  try {
    return SkillTable({file.skill().begin(), file.skill().end()});
  } catch (const std::invalid_argument& e) {
    throw CardDbError(std::string("skills.txtpb: ") + e.what());
  }
}

}  // namespace

CardDb CardDb::load(std::string_view skills, std::span<const File> files) {
  SkillTable table = load_skills(skills);
  Loader loader(table);
  for (const File& file : files)
    loader.add_file(file.name, file.text);
  CardDb db(std::move(table));
  db.defs_ = loader.compile();
  std::unordered_map<TitleKey, std::string_view> titles;  // each key's one title
  for (const CardDef& def : db.defs_) {
    const TitleKey title = title_key(def.title());
    const auto [known, added] = titles.emplace(title, def.title());
    if (!added && known->second != def.title()) {
      throw CardDbError("card " + def.id() + ": the titles '" + def.title() + "' and '" +
                        std::string(known->second) + "' have one TitleKey; change title_key()");
    }
    const bool personnel = def.type() == v1::STCCG_CARD_TYPE_PERSONNEL;
    AffiliationSet infiltrates = 0;
    for (int a : def.card.personnel().infiltrates())
      infiltrates |= bit(static_cast<Affiliation>(a));
    db.traits_.push_back({.title = title,
                          .type = def.type(),
                          .placement = def.card.mission().placement(),
                          .kind = def.card.personnel().kind(),
                          .affiliations = personnel ? def.affiliations : bit(def.affiliation),
                          .icons = def.icons,
                          .infiltrates = infiltrates,
                          .downloads = static_cast<std::uint8_t>(def.card.downloads_size()),
                          .persona = def.persona,
                          .takes_reports = !def.reports_to_group.empty()});
  }
  // The cards some personnel suspends where present, found once here rather than on every read.
  for (const CardDef& suspender : db.defs_) {
    for (const auto& entry : suspender.card.personnel().where_present()) {
      if (entry.effect() == v1::STCCG_PRESENCE_EFFECT_MAY_NULLIFY ||
          entry.effect() == v1::STCCG_PRESENCE_EFFECT_UNSPECIFIED)
        continue;
      for (CardDef& def : db.defs_) {
        if (def.title() == entry.title()) def.suspendable = true;
      }
    }
  }
  db.personas_ = loader.personas();
  return db;
}

const CardDb& CardDb::standard() {
  static const CardDb db = load(embedded::stccg_skills, standard_files());
  return db;
}

std::span<const CardDb::File> CardDb::standard_files() {
  // The starter pool's files first, so that their cards keep their indices as sets grow.
  static const File kFiles[] = {
      {"premiere.txtpb", embedded::stccg_premiere},
      {"au.txtpb", embedded::stccg_au},
      {"qc.txtpb", embedded::stccg_qc},
      {"bog.txtpb", embedded::stccg_bog},
      {"test.txtpb", embedded::stccg_test},
      {"premiere-personnel.txtpb", embedded::stccg_premiere_personnel},
      {"premiere-ships.txtpb", embedded::stccg_premiere_ships},
      {"premiere-missions.txtpb", embedded::stccg_premiere_missions},
      {"premiere-artifacts.txtpb", embedded::stccg_premiere_artifacts},
      {"premiere-dilemmas.txtpb", embedded::stccg_premiere_dilemmas},
      {"premiere-interrupts.txtpb", embedded::stccg_premiere_interrupts},
      {"premiere-events.txtpb", embedded::stccg_premiere_events},
      {"au-personnel.txtpb", embedded::stccg_au_personnel},
      {"au-ships.txtpb", embedded::stccg_au_ships},
      {"au-missions.txtpb", embedded::stccg_au_missions},
      {"au-artifacts.txtpb", embedded::stccg_au_artifacts},
      {"au-dilemmas.txtpb", embedded::stccg_au_dilemmas},
      {"au-events.txtpb", embedded::stccg_au_events},
      {"au-interrupts.txtpb", embedded::stccg_au_interrupts},
      {"au-equipment.txtpb", embedded::stccg_au_equipment},
      {"au-doorways.txtpb", embedded::stccg_au_doorways},
  };
  return kFiles;
}

std::optional<DefIndex> CardDb::find_id(std::string_view id) const {
  for (const auto& def : defs_) {
    if (def.id() == id) return def.index;
  }
  return std::nullopt;
}

std::optional<DefIndex> CardDb::find_title(std::string_view title) const {
  const std::string wanted = core::lower(title);
  for (const auto& def : defs_) {
    if (core::lower(def.title()) == wanted) return def.index;
  }
  return std::nullopt;
}

Gender printed_gender(const CardDef& def) {
  switch (def.card.personnel().gender()) {
    case v1::STCCG_GENDER_MALE:
      return Gender::kMale;
    case v1::STCCG_GENDER_FEMALE:
      return Gender::kFemale;
    case v1::STCCG_GENDER_NONE:
      return Gender::kNone;
    default:
      return Gender::kUnknown;
  }
}

PersonnelKind printed_kind(const CardDef& def) {
  switch (def.card.personnel().kind()) {
    case v1::STCCG_PERSONNEL_KIND_HOLOGRAM:
      return PersonnelKind::kHologram;
    case v1::STCCG_PERSONNEL_KIND_ANDROID:
      return PersonnelKind::kAndroid;
    case v1::STCCG_PERSONNEL_KIND_EXOCOMP:
      return PersonnelKind::kExocomp;
    default:
      return PersonnelKind::kNormal;
  }
}

std::vector<DefIndex> CardDb::search(std::string_view text) const {
  const std::string wanted = core::lower(text);
  std::vector<DefIndex> found;
  for (const auto& def : defs_) {
    std::string haystack = def.title() + " " + def.id() + " " + def.card.summary();
    for (const auto& keyword : def.card.keywords())
      haystack += " " + keyword;
    if (core::lower(haystack).find(wanted) != std::string::npos) found.push_back(def.index);
  }
  return found;
}

}  // namespace spacedock::stccg
