// The turn (§1.4): start, the card play and orders, end-of-turn effects, the draw that ends it.
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

void Engine::step(TurnFrame& f) {
  switch (f.step) {
    case TurnFrame::Step::kStart:
      start_turn();
      f.step = TurnFrame::Step::kOrders;
      return;
    case TurnFrame::Step::kOrders:
      if (auto answer = take_answer()) {
        if (answer->kind == ActionKind::kEndTurn) {
          f.step = TurnFrame::Step::kEnd;
        } else {
          begin_action(s_.active, *answer);
        }
        return;
      }
      ask(s_.active, order_options(s_.active));
      return;
    case TurnFrame::Step::kEnd:
      emit(ev::StepStarted{ev::Step::kEndOfTurn, s_.active, s_.turn});
      end_of_turn_effects();
      f.step = TurnFrame::Step::kDraw;
      return;
    case TurnFrame::Step::kDraw: {
      const Seat active = s_.active;
      s_.frames.pop_back();  // `f` is gone from here on
      draw(active);
      s_.active = State::other(active);
      return;
    }
  }
}

void Engine::start_turn() {
  ++s_.turn;
  // Stopped cards of both players become unstopped: automatic, not an action (§1.4 T0).
  for (CardId c : s_.in_play) {
    CardState& card = s_.cards[c];
    card.stopped = false;
    if (card.controller == s_.active) card.range_used = 0;
  }
  // Repair counts the turns a damaged ship spends docked from start to end (§3.13).
  for (Effect& x : s_.effects) {
    if (x.kind == EffectKind::kDamage && s_.cards[x.card].controller == s_.active)
      x.flag = docked_for_repair(x.card);
  }
  PlayerState& player = s_.players[s_.active];
  player.card_played = false;
  player.orders_begun = false;
  emit(ev::StepStarted{ev::Step::kTurn, s_.active, s_.turn});
}

}  // namespace spacedock::stccg
