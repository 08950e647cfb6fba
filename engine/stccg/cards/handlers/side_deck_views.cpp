// Cards that show a player a side deck for a while (cards/ABILITIES.md §13): Tarmin, once per
// game, lets his owner look through one side deck of either player. The view is a grant to that
// player alone (Engine::view_side_deck); it lasts until they say they are done, and the deck is
// not shuffled afterwards (CRD IV.10.E).
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// Tarmin's use is spent: a marker that outlives him (once per game, not once per stay in play).
bool tarmin_used(const Engine& e, CardId self) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card != self;
  });
}

// One use per side deck with face-down cards, of either player, named by its doorway.
void tarmin_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  if (tarmin_used(e, self)) return;
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
  if (tarmin_used(e, self)) return;
  for (Seat owner = 0; owner < 2; ++owner) {
    for (int k = 0; k < kSideDeckKinds; ++k) {
      const auto kind = static_cast<SideDeckKind>(k);
      if (s.players[owner].side_deck(kind).door != f.action.b) continue;
      Effect used{.kind = EffectKind::kCounter, .until = Until::kRemoved};
      used.source = self;
      used.card = f.action.b;
      e.add_effect(used);
      e.view_side_deck(f.actor, owner, kind, true);
      // The view lasts until the viewer is done (tarmin_step).
      s.frames.push_back(CardFrame{.card = self, .player = f.actor, .chosen = f.action.b});
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
