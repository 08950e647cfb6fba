#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/match_engine.h"
#include "engine/core/rng.h"

namespace spacedock::core {

// One accepted answer, as an input log records it.
struct Input {
  Seat seat = 0;
  DecisionId decision = 0;
  OptionId option = 0;
};

// Far more decisions than any real game takes: a guard for playout loops.
inline constexpr std::size_t kMaxDecisionsPerGame = 1'000'000;

struct PlayStats {
  std::size_t decisions = 0;
  std::size_t options_offered = 0;  // summed over the decisions answered
};

// Answers open decisions with uniformly random offered options until the game is over or
// `max_decisions` were answered. Used by benchmarks, bots and tests.
PlayStats play_randomly(MatchEngine& match, Rng& chooser, std::size_t max_decisions,
                        std::vector<Input>* record = nullptr);

}  // namespace spacedock::core
