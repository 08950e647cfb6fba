#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/vocabulary.h"

namespace spacedock::stccg {

struct FormulaNames;

// A formula of the condition language (CONDITIONS.md), compiled. Empty formulas are true.
// The representation (`Op`, `ops_`) is the implementation's; only the public functions are the
// interface the rest of the engine uses.
class Formula {
 public:
  Formula() = default;

  bool empty() const { return ops_.empty(); }
  // The formula as it was written (for views and messages).
  const std::string& text() const { return text_; }

  // True if the group meets the formula (requirements, conditions, triggers, cures).
  bool holds_for_group(const GroupFacts& group) const;
  // True if one personnel meets it (filters): the formula evaluated for a group of that one
  // personnel, with no ship or facility.
  bool holds_for_member(const MemberFacts& member) const;

  // One step of the compiled formula: postfix, except that a `count` op comes before the `arg`
  // ops of its filter, which it runs once per member. Eight bytes, so formulas stay in cache.
  struct Op {
    std::uint8_t code = 0;     // an OpCode (condition.cpp)
    std::uint8_t compare = 0;  // a Compare, for tests against `value`
    std::uint16_t arg = 0;     // skill, classification, attribute, trait, persona, arity or span
    std::int32_t value = 0;    // threshold: skill halves, personnel count or attribute total
  };

 private:
  friend Formula parse_formula(std::string_view text, const FormulaNames& names);
  std::string text_;
  std::vector<Op> ops_;
};

// Thrown for a formula that does not parse; what() gives the position and the problem.
class FormulaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the parser needs to resolve names: skills, and personnel titles to persona ids.
struct FormulaNames {
  const SkillTable* skills = nullptr;
  std::function<std::optional<std::uint16_t>(std::string_view title)> persona;
  // "species:NAME" or "keyword:NAME" to the tag id cards carry in MemberFacts::tags.
  std::function<std::optional<std::uint16_t>(std::string_view tag)> tag;
};

Formula parse_formula(std::string_view text, const FormulaNames& names);

}  // namespace spacedock::stccg
