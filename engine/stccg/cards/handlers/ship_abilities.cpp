// Ships whose text acts outside play (cards/ABILITIES.md §14): the U.S.S. Stargazer may be taken
// back from its owner's discard pile into hand, once per game.
#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// Taking it back is spent for the whole game, whatever the card does afterwards.
bool stargazer_may_take_back(const Engine& e, Seat, CardId self) {
  return !use_spent(e, self);
}

void stargazer_resolve(Engine& e, ActionFrame& f) {
  spend_use(e, f.action.a, f.actor, Until::kRemoved);
}

}  // namespace

extern const Handler kUssStargazer{
    .name = "uss_stargazer",
    .test = "tests/scenarios/card-bog-ships.scn",
    .resolve = stargazer_resolve,
    .may_take_back = stargazer_may_take_back,
};

}  // namespace spacedock::stccg::handlers
