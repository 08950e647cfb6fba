#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "engine/core/decision.h"
#include "engine/stccg/game.h"
#include "engine/stccg/scenario/script.h"

namespace spacedock::stccg::scenario {

// What an expectation may look at: the running game, and how the case names cards and actions.
struct Scene {
  const Game& game;
  std::size_t mark = 0;  // events from this index on came after the last action
  std::function<CardId(const std::string&)> card;
  std::function<Action(const ActionSpec&)> action;
};

// Whether an expectation holds as written, before any `not`; `got` says what was found.
bool holds(const Step& step, const Scene& scene, std::string& got);

// A refused answer as the messages show it: "NOT_OFFERED CARD_PLAY_USED".
std::string refusal(const core::SubmitResult& result);

}  // namespace spacedock::stccg::scenario
