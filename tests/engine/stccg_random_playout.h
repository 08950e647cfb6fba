// A whole STCCG game played by answering every decision with a random offered option, through
// Game::submit only: what the whole-game property tests replay and compare.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>

#include "engine/core/rng.h"
#include "engine/stccg/game.h"

namespace spacedock::stccg {

struct Played {
  std::uint32_t decisions = 0;
  std::uint64_t hash = 0;  // the final state's
  Game game;
};

// The same setup and seed always play the same game.
inline Played play(const Setup& setup, std::uint64_t seed) {
  Game game = Game::create(CardDb::standard(), setup, seed);
  core::Rng chooser(seed * 31 + 7);
  std::uint32_t decisions = 0;
  while (const core::Decision* d = game.decision()) {
    const auto option = d->options[chooser.below(static_cast<std::uint32_t>(d->options.size()))];
    REQUIRE(game.submit(d->seat, d->id, option).accepted());
    ++decisions;
  }
  return {decisions, game.state().hash(), std::move(game)};
}

}  // namespace spacedock::stccg
