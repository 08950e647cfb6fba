#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/condition.h"
#include "engine/stccg/cards/title_key.h"
#include "engine/stccg/cards/vocabulary.h"
#include "spacedock/v1/stccg_cards.pb.h"

namespace spacedock::stccg {

struct Handler;

using DefIndex = std::uint16_t;
inline constexpr DefIndex kNoDef = 0xffff;
using PersonaId = std::uint16_t;
inline constexpr PersonaId kNoPersona = 0xffff;

// A modifier with its formulas compiled.
struct ModifierDef {
  v1::StccgScope scope = v1::STCCG_SCOPE_UNSPECIFIED;
  Formula filter;
  std::optional<Attribute> attribute;
  int add = 0;
  int multiply = 0;
  Formula per_filter;
  std::optional<SkillId> grant_skill;
  std::optional<SkillId> lose_skill;
  v1::StccgAboard aboard = v1::STCCG_ABOARD_UNSPECIFIED;
  Formula while_with;
  AffiliationSet affiliations = 0;       // 0: any
  std::optional<TitleKey> aboard_title;  // none: aboard anything, or nothing
};

struct SkillEntry {
  SkillId skill = 0;
  SkillHalves halves = 2;  // x1
  // The affiliation whose skill box holds it, for a personnel with one box per affiliation
  // (Major Rakal): it counts only while the personnel is of that affiliation. 0: the only box.
  AffiliationSet box = 0;
};

// The most staffing requirements a ship may have (card loading checks it).
inline constexpr std::size_t kMostStaffingNeeds = 8;

// One staffing requirement of a ship (StccgStaffing), compiled: filled by a personnel with the
// skill at `halves` or more, or of the affiliation, or else with the icon.
struct StaffingNeed {
  std::optional<SkillId> skill;
  SkillHalves halves = 2;
  AffiliationSet affiliation = 0;
  v1::StccgIcon icon{};
};

// One end of a mission, compiled.
// A starred point box's bonus (StccgStarBonus).
struct StarBonusDef {
  int points = 0;
  Formula when;  // group formula; empty: always
  Formula each;  // filter; empty: once, not per member
};

// Cards the solving group discards as part of a mission's requirement (StccgSolveCost).
struct SolveCostDef {
  int count = 0;  // 0: no cost
  Formula personnel;
  v1::StccgCardType card_type = v1::STCCG_CARD_TYPE_UNSPECIFIED;  // set: cards, not members
  std::optional<Formula> instead_of;
};

struct MissionEndDef {
  AffiliationSet affiliations = 0;
  Formula requirements;
  // The requirements split into alternatives (OR) of terms (+), to tell how near a group comes
  // and what it lacks; one whole term where a part does not stand alone.
  std::vector<std::vector<Formula>> alternatives;
  std::optional<int> points;
  std::vector<StarBonusDef> star_bonus;
  // Dilemma titles, for the player who solved the mission from this end (StccgMissionEnd).
  std::vector<std::string> overcomes_dilemmas;
  std::vector<std::string> no_points_for_dilemmas;
  SolveCostDef solve_cost;
  int span = 0;
  bool any_affiliation = false;  // no matching icon needed (StccgMissionEnd.any_affiliation)
};

// A card definition: the printed card (`card`) plus what the rules engine computes from it once.
struct CardDef {
  DefIndex index = 0;
  v1::StccgCard card;
  PersonaId persona = kNoPersona;  // unique personnel and ships
  std::string title_group;         // colon rule: the text before a colon
  std::uint32_t icons = 0;         // bit per v1::StccgIcon

  // Personnel.
  AffiliationSet affiliations = 0;
  std::vector<SkillEntry> skills;
  Formula reports_to_group;  // who may report for duty to its group (Mr. Homn)
  // Species and keywords as tag ids (FormulaNames::tag), sorted.
  std::vector<std::uint16_t> tags;
  // Equipment and artifacts: the tag of their own title (also among `tags`).
  std::optional<std::uint16_t> title_tag;
  // Ships and facilities.
  Affiliation affiliation = Affiliation::kNone;
  // Ships: their special equipment as keyword tags ("keyword:Holodeck"), which an `equipment:`
  // atom finds for the crew (Tarchannen Study's Holodeck).
  std::vector<std::uint16_t> special_equipment;
  // Ships: each requirement that a different personnel aboard must fill to move it (§3.3).
  std::vector<StaffingNeed> staffing;
  // Missions: [0] the seeder's end, [1] the other player's.
  std::array<MissionEndDef, 2> ends;
  // Dilemmas.
  Formula trigger;
  Formula condition;
  Formula planet_condition;  // empty: an Away Team meets `condition` too
  Formula cure;
  // One per on_fail effect: the filter of a kill or a relocation (empty for the others).
  std::vector<Formula> effect_filters;
  // Equipment: the personnel it may also report beside (empty: none).
  Formula reports_with;
  // Facilities.
  Formula build_requires;
  // Tactics: who a damage marker's casualty may be, and what nullifies it.
  Formula casualty_filter;
  Formula nullify_unless;
  // Equipment, events, artifacts, personnel, ships: standing effects.
  std::vector<ModifierDef> modifiers;
  // Some personnel suspends or nullifies it where present (StccgWherePresent): worth checking.
  bool suspendable = false;
  // What the card's native handler adds (cards/handlers/); nullptr for a card that is data only.
  const Handler* handler = nullptr;

  v1::StccgCardType type() const { return card.type(); }
  const std::string& id() const { return card.id(); }
  const std::string& title() const { return card.title(); }
  bool unique() const { return !card.universal(); }
  // The card's data says the engine does not play it yet (StccgCard.unsupported).
  bool unsupported() const { return !card.unsupported().empty(); }
};

// A personnel's printed gender and kind, in the rules' vocabulary.
Gender printed_gender(const CardDef& def);
PersonnelKind printed_kind(const CardDef& def);

// The facts the rules ask of every card in play at every decision, packed apart from the
// definitions (a CardDef holds protobufs and formulas, hundreds of bytes): a walk over the cards
// in play reads these and stays in cache.
struct CardTraits {
  TitleKey title = 0;
  v1::StccgCardType type{};
  v1::StccgPlacement placement{};   // a mission's
  v1::StccgPersonnelKind kind{};    // a personnel's
  AffiliationSet affiliations = 0;  // a personnel's, or the one of any other card
  std::uint32_t icons = 0;          // as CardDef::icons
  AffiliationSet infiltrates = 0;   // a personnel's printed infiltration icons
  std::uint8_t downloads = 0;       // entries of StccgCard.downloads
  PersonaId persona = kNoPersona;   // as CardDef::persona
  bool takes_reports = false;       // a personnel others report to (CardDef::reports_to_group)
};

// A card file could not be loaded; what() names the file, the card and the problem.
class CardDbError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The card database: every card of the sets this build knows, loaded strictly from the data
// files under engine/stccg/cards/.
class CardDb {
 public:
  struct File {
    std::string_view name;
    std::string_view text;
  };
  // `skills` is the text of skills.txtpb; `files` the card files, loaded in order.
  static CardDb load(std::string_view skills, std::span<const File> files);
  static CardDb load(std::string_view skills, std::initializer_list<File> files) {
    return load(skills, std::span<const File>(files.begin(), files.size()));
  }
  // The card files built into this binary, in load order (engine/stccg/cards/data/).
  static std::span<const File> standard_files();
  // The card files built into this binary, loaded once. Test fixtures are included; they are
  // marked test_only and refused in decks.
  static const CardDb& standard();

  const CardDef& def(DefIndex i) const { return defs_[i]; }
  const std::vector<CardDef>& defs() const { return defs_; }
  const CardTraits& traits(DefIndex i) const { return traits_[i]; }
  std::optional<DefIndex> find_id(std::string_view id) const;
  // Exact title (case-insensitive); several printings share a title, the first is returned.
  std::optional<DefIndex> find_title(std::string_view title) const;
  // Cards whose title, id, keywords or summary contain `text` (case-insensitive).
  std::vector<DefIndex> search(std::string_view text) const;
  const SkillTable& skills() const { return skills_; }
  const std::string& persona_name(PersonaId p) const { return personas_[p]; }

 private:
  explicit CardDb(SkillTable skills) : skills_(std::move(skills)) {}
  SkillTable skills_;
  std::vector<CardDef> defs_;
  std::vector<CardTraits> traits_;  // index for index with defs_
  std::vector<std::string> personas_;
};

}  // namespace spacedock::stccg
