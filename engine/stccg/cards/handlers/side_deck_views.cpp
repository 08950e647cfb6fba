// Cards that show a player a side deck for a while (cards/ABILITIES.md §13): Tarmin, once per
// game, lets his owner look through one side deck of either player. The view is a grant to that
// player alone (Engine::view_side_deck); it lasts until they say they are done, and the deck is
// not shuffled afterwards (CRD IV.10.E).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// One use per side deck with face-down cards, of either player, named by its doorway.
void tarmin_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  if (use_spent(e, self)) return;
  for (Seat owner = 0; owner < 2; ++owner) {
    for (int k = 0; k < kSideDeckKinds; ++k) {
      const SideDeck& deck = s.players[owner].side_deck(static_cast<SideDeckKind>(k));
      if (deck.door != kNoCard && !deck.cards.empty())
        out.push_back({ActionKind::kUseCard, self, deck.door});
    }
  }
}

void tarmin_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId self = f.action.a;
  if (use_spent(e, self)) return;
  for (Seat owner = 0; owner < 2; ++owner) {
    for (int k = 0; k < kSideDeckKinds; ++k) {
      const auto kind = static_cast<SideDeckKind>(k);
      if (s.players[owner].side_deck(kind).door != f.action.b) continue;
      spend_use(e, self, f.actor, Until::kRemoved);  // once per game, outliving him
      e.view_side_deck(f.actor, owner, kind, true);
      // The view lasts until the viewer is done (tarmin_step).
      s.frames.emplace_back(CardFrame{.card = self, .player = f.actor, .chosen = f.action.b});
      return;
    }
  }
}

void tarmin_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  if (!e.take_answer()) {
    e.ask(f.player, {Action{ActionKind::kDone}}, /*forced_ok=*/false);
    return;
  }
  const CardId door = f.chosen;
  const Seat viewer = f.player;
  s.frames.pop_back();  // `f` is gone from here on
  for (Seat owner = 0; owner < 2; ++owner) {
    for (int k = 0; k < kSideDeckKinds; ++k) {
      const auto kind = static_cast<SideDeckKind>(k);
      if (s.players[owner].side_deck(kind).door == door)
        e.view_side_deck(viewer, owner, kind, false);
    }
  }
}

}  // namespace

extern const Handler kTarmin{
    .name = "tarmin",
    .test = "tests/scenarios/card-qc-q-cards-2.scn",
    .resolve = tarmin_resolve,
    .orders = tarmin_orders,
    .step = tarmin_step,
    .use_label = "look through this side deck (once per game)",
};

}  // namespace spacedock::stccg::handlers
