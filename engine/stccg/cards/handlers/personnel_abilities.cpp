// Personnel whose special skill the data cannot say (cards/ABILITIES.md §13): Timicin leaves play
// once his owner's score reaches 60 (CRD IV.10.E).
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr int kTimicinLimit = 60;

void timicin_check(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.players[s.cards[self].owner].score >= kTimicinLimit) e.to_discard(self);
}

}  // namespace

extern const Handler kTimicin{
    .name = "timicin",
    .test = "tests/scenarios/card-personnel-presence.scn",
    .state_check = timicin_check,
};

}  // namespace spacedock::stccg::handlers
