#include "engine/stccg/cards/vocabulary.h"

#include <algorithm>
#include <stdexcept>

namespace spacedock::stccg {

namespace {

// The classification words in the order of `Classification` (after kNone), so that
// SkillTable::of() is a subtraction.
constexpr std::string_view kClassificationSkills[] = {
    "OFFICER", "ENGINEER", "MEDICAL", "SCIENCE", "SECURITY", "CIVILIAN", "V.I.P.", "ANIMAL",
};
static_assert(std::size(kClassificationSkills) == kClassificationCount - 1);

// Card texts write the classification both ways; the table keeps the printed "V.I.P.".
constexpr std::string_view kVipAlias = "VIP";

}  // namespace

SkillTable::SkillTable(std::vector<std::string> other_skills) {
  if (std::size(kClassificationSkills) + other_skills.size() > kMaxSkills)
    throw std::invalid_argument("more than " + std::to_string(kMaxSkills) + " skills");
  names_.reserve(std::size(kClassificationSkills) + other_skills.size());
  names_.assign(std::begin(kClassificationSkills), std::end(kClassificationSkills));
  for (auto& skill : other_skills) {
    if (skill.empty()) throw std::invalid_argument("empty skill name");
    // The alias counts as a duplicate: "VIP" must keep meaning the classification.
    if (std::find(names_.begin(), names_.end(), skill) != names_.end() || skill == kVipAlias)
      throw std::invalid_argument("duplicate skill '" + skill + "'");
    names_.push_back(std::move(skill));
  }
  for (std::size_t i = 0; i < names_.size(); ++i)
    by_name_.emplace(names_[i], static_cast<SkillId>(i));
  by_name_.emplace(kVipAlias, of(Classification::kVip));
}

std::optional<SkillId> SkillTable::find(std::string_view name) const {
  // The rules and the card handlers look skills up by name at every decision ("Navigation"):
  // one hash, not a binary search of string comparisons.
  const auto it = by_name_.find(name);
  if (it == by_name_.end()) return std::nullopt;
  return it->second;
}

}  // namespace spacedock::stccg
