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

// Answers open decisions with uniformly random offered options until the game is over or
// `max_decisions` were answered; returns how many were. Used by benchmarks, bots and tests.
std::size_t play_randomly(MatchEngine& match, Rng& chooser, std::size_t max_decisions,
                          std::vector<Input>* record = nullptr);

}  // namespace spacedock::core
