#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace spacedock::stccg {

// Small value types shared by the card database, the condition language and the rules.

enum class Affiliation : std::uint8_t {
  kNone,
  kFederation,
  kKlingon,
  kRomulan,
  kCardassian,
  kFerengi,
  kBorg,
  kBajoran,
  kDominion,
  kNonAligned,
  kNeutral,
};
inline constexpr int kAffiliationCount = 11;
// A set of affiliations, one bit per Affiliation value.
using AffiliationSet = std::uint16_t;
constexpr AffiliationSet bit(Affiliation a) {
  return static_cast<AffiliationSet>(1u << static_cast<int>(a));
}
// Non-aligned and Neutral: cards of no affiliation of their own, which mix with anyone.
inline constexpr AffiliationSet kUnaligned =
    bit(Affiliation::kNonAligned) | bit(Affiliation::kNeutral);

enum class Classification : std::uint8_t {
  kNone,
  kOfficer,
  kEngineer,
  kMedical,
  kScience,
  kSecurity,
  kCivilian,
  kVip,
  kAnimal,
};
inline constexpr int kClassificationCount = 9;

enum class Attribute : std::uint8_t { kIntegrity, kCunning, kStrength, kRange, kWeapons, kShields };
inline constexpr std::size_t kAttributeCount = 6;
constexpr unsigned attribute_bit(Attribute a) {
  return 1u << static_cast<unsigned>(a);
}
// A personnel's attributes; the others are a ship's or a facility's.
inline constexpr unsigned kPersonnelAttributes = attribute_bit(Attribute::kIntegrity) |
                                                 attribute_bit(Attribute::kCunning) |
                                                 attribute_bit(Attribute::kStrength);

enum class Gender : std::uint8_t { kUnknown, kMale, kFemale, kNone };
enum class PersonnelKind : std::uint8_t { kNormal, kHologram, kAndroid, kExocomp };

// Skills are numbered by the skill table; classification words have skills of their own.
using SkillId = std::uint8_t;
inline constexpr int kMaxSkills = 128;
// No skill: a choice of a skill declined (K'chiQ keeps the one she has).
inline constexpr SkillId kNoSkill = 0xff;

// Skill amounts are kept in halves, because Leadership x1/2 exists: x1 is 2, x2 is 4.
using SkillHalves = std::uint8_t;

// The names of all skills, in a fixed order. The eight classification words (OFFICER ... ANIMAL,
// "V.I.P." for VIP) come first, so that the skill of classification c is SkillId(c) - 1; the
// other skills follow in the order given.
class SkillTable {
 public:
  // `other_skills` excludes the classification words. Throws std::invalid_argument on a
  // duplicate name or more than kMaxSkills skills.
  explicit SkillTable(std::vector<std::string> other_skills);
  std::optional<SkillId> find(std::string_view name) const;
  const std::string& name(SkillId id) const { return names_[id]; }
  std::size_t size() const { return names_.size(); }
  static SkillId of(Classification c) { return static_cast<SkillId>(static_cast<int>(c) - 1); }

 private:
  // Looked up by a string_view without building a string (heterogeneous lookup).
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const {
      return std::hash<std::string_view>{}(name);
    }
  };
  std::vector<std::string> names_;
  std::unordered_map<std::string, SkillId, NameHash, std::equal_to<>> by_name_;  // and "VIP"
};

// Everything the condition language needs to know about one personnel, precomputed.
struct MemberFacts {
  std::uint16_t persona = 0xffff;  // persona id in the card database
  Classification classification = Classification::kNone;
  Gender gender = Gender::kUnknown;
  PersonnelKind kind = PersonnelKind::kNormal;
  int integrity = 0;
  int cunning = 0;
  int strength = 0;
  std::array<SkillHalves, kMaxSkills> skills{};  // skill box + grants + classification
  AffiliationSet affiliations = 0;
  bool unique = false;      // a unique card (not universal)
  bool disabled = false;    // CardState::disabled: no skills or attributes, moved like equipment
  std::uint32_t icons = 0;  // one bit per v1::StccgIcon
  // Its species and keywords as tag ids of the card database (FormulaNames::tag), sorted; null
  // for none.
  const std::vector<std::uint16_t>* tags = nullptr;
  // In a group: its classification, skills and attributes are subtracted from the group's
  // totals instead of added (an infiltrator under Counterintelligence).
  bool against = false;
};

// A group: its members and the ship or facility they are on, if any.
struct GroupFacts {
  std::vector<MemberFacts> members;
  bool has_vessel = false;
  int shields = 0;
  int weapons = 0;
  int range = 0;
  // The titles and keywords (tag ids, sorted) of the equipment and artifacts with the group.
  std::vector<std::uint16_t> equipment;
  // What cards with the group add to its skill and attribute totals without being members
  // (Data's Head: CUNNING 10 and Computer Skill); no count, classification or trait sees them.
  std::array<SkillHalves, kMaxSkills> extra_skills{};
  std::array<int, kAttributeCount> extra_attributes{};
};

}  // namespace spacedock::stccg
