#pragma once

#include <functional>
#include <memory>
#include <string>

#include "engine/core/match_engine.h"

namespace spacedock::core {

// One input applied to an engine so that a failure inside the engine changes nothing. The rules
// never throw on a player's input, whatever it is: a throw, or a state that breaks an invariant
// afterwards, is an engine bug, which the match survives.
struct Guarded {
  SubmitResult result;
  // Empty when the engine applied or refused the input normally; otherwise what went wrong, and
  // `engine` is back as it was before the input.
  std::string failure;
};

// `rebuild` makes the engine as it was before the input (by replaying the inputs before it from
// the seed): it runs only when the input failed, so that no copy of the game is made for every
// input on the chance of a failure.
inline Guarded apply_guarded(std::unique_ptr<MatchEngine>& engine,
                             const std::function<std::unique_ptr<MatchEngine>()>& rebuild,
                             const std::function<SubmitResult(MatchEngine&)>& input) {
  Guarded out;
  try {
    out.result = input(*engine);
    if (out.result.accepted()) out.failure = engine->broken_invariant();
  } catch (const std::exception& e) {
    out.failure = std::string("the engine threw: ") + e.what();
  } catch (...) {
    out.failure = "the engine threw something that is not a std::exception";
  }
  if (!out.failure.empty()) engine = rebuild();
  return out;
}

}  // namespace spacedock::core
