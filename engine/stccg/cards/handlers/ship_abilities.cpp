// Ships whose text acts outside play (cards/ABILITIES.md §14): the U.S.S. Stargazer may be taken
// back from its owner's discard pile into hand, once per game.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// The mark left by taking it back: it lasts the whole game, whatever the card does afterwards.
bool stargazer_taken_back(const Engine& e, CardId self) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard;
  });
}

bool stargazer_may_take_back(const Engine& e, Seat, CardId self) {
  return !stargazer_taken_back(e, self);
}

void stargazer_resolve(Engine& e, ActionFrame& f) {
  Effect once{.kind = EffectKind::kCounter, .until = Until::kRemoved};
  once.source = f.action.a;
  once.player = f.actor;
  e.add_effect(once);
}

}  // namespace

extern const Handler kUssStargazer{
    .name = "uss_stargazer",
    .test = "tests/scenarios/card-bog-ships.scn",
    .resolve = stargazer_resolve,
    .may_take_back = stargazer_may_take_back,
};

}  // namespace spacedock::stccg::handlers
