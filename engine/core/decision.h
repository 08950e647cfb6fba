#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/core/viewer.h"

namespace spacedock::core {

using DecisionId = std::uint32_t;
// 64 bits: room for an action kind and two card handles.
using OptionId = std::uint64_t;

// A decision the engine waits for: one player picks exactly one of the offered options. Option
// ids are stable (the same action always has the same id), so they double as action names.
struct Decision {
  DecisionId id = 0;
  Seat seat = 0;
  std::vector<OptionId> options;
};

// What became of an input.
enum class Verdict : std::uint8_t {
  kAccepted,
  kNotOpen,          // no open decision has that id
  kNotYourDecision,  // the decision is open for another seat
  kNotOffered,       // the option is not among those offered; SubmitResult::rule says why
  kNotAPlayer,       // the seat does not exist or is out of the game
  kGameOver,
};

// The outcome of submitting an input. A refused input changes nothing.
struct SubmitResult {
  Verdict verdict = Verdict::kAccepted;
  // For kNotOffered: the game rule that forbids the choice, as a stable upper-case code.
  std::string_view rule;

  bool accepted() const { return verdict == Verdict::kAccepted; }
  static SubmitResult ok() { return {}; }
  static SubmitResult refuse(Verdict verdict, std::string_view rule = {}) {
    return {verdict, rule};
  }
};

}  // namespace spacedock::core
