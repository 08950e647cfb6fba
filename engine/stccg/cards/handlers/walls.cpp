// Wall dilemmas with a way through that the condition language cannot write
// (cards/ABILITIES.md §1): Alien Labyrinth lets a Tricorder find the way.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

bool tricorder_with_group(const Engine& e, const AttemptFrame& f) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.def(c).title() == "Tricorder" && s.cards[c].controller == f.player &&
           e.with_group(f, c);
  });
}

}  // namespace

extern const Handler kAlienLabyrinth{
    .name = "alien_labyrinth",
    .test = "tests/scenarios/S-34-replaced-dilemma-met-again.scn",
    .also_overcome = tricorder_with_group,
};

}  // namespace spacedock::stccg::handlers
