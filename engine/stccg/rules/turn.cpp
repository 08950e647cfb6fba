// The turn (§1.4): start, the card play and orders, end-of-turn effects, the draw that ends it,
// and who plays next: the opponent, unless a card in play grants the player an extra turn.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
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
          end_orders(f);
        } else {
          if (s_.journal.kept) journal_order(*answer);
          begin_action(s_.active, *answer);
        }
        return;
      }
      {
        std::vector<Action> orders = order_options(s_.active);
        // One option is End turn, taken at once (ask): the turn ends for want of anything else.
        f.nothing_left = orders.size() == 1;
        ask(s_.active, std::move(orders));
      }
      return;
    case TurnFrame::Step::kEnd:
      emit(ev::StepStarted{ev::Step::kEndOfTurn, s_.active, s_.turn, f.nothing_left});
      end_of_turn_effects();
      f.step = TurnFrame::Step::kDraw;
      return;
    case TurnFrame::Step::kDraw: {
      // The draw is still part of the turn: effects that last the turn (no more draws) hold.
      const Seat active = s_.active;
      const auto& hand = s_.players[active].hand;
      const std::size_t held = hand.size();
      f.step = TurnFrame::Step::kDrawn;  // before drawing, which may push frames (`f` moves)
      // A draw already made, early, in an earlier turn (Samuel Clemens' Pocketwatch) is not
      // made again.
      const auto taken = [&](const Effect& x) {
        return x.kind == EffectKind::kDrawTaken && x.player == active && x.turn < s_.turn;
      };
      if (std::any_of(s_.effects.begin(), s_.effects.end(), taken)) return end_effects(taken);
      draw(active);
      // A card drawn may be answered (Subspace Schism), if a player holds a card that may.
      if (!s_.over && hand.size() > held && draw_answerable())
        open_window(WindowKind::kDrawn, State::other(active), hand.back());
      return;
    }
    case TurnFrame::Step::kDrawn: {
      const Seat active = s_.active;
      s_.frames.pop_back();  // `f` is gone from here on
      end_turn_effects();
      // An extra turn granted to the player (Horga'hn) follows at once; one just taken ends.
      end_effects([](const Effect& x) { return x.kind == EffectKind::kExtraTurn && x.flag; });
      for (Effect& x : s_.effects) {
        if (x.kind == EffectKind::kExtraTurn && x.player == active) {
          x.flag = true;
          return;
        }
      }
      s_.active = State::other(active);
      return;
    }
  }
}

void Engine::end_orders(TurnFrame& f) {
  f.step = TurnFrame::Step::kEnd;
  // The opponent's last chance to act in this turn (§3.16 item 5).
  open_window(WindowKind::kEndOfTurn, State::other(s_.active));
  std::get<WindowFrame>(s_.frames.back()).passes_to_close = 1;
}

bool Engine::draw_answerable() const {
  for (const PlayerState& player : s_.players) {
    for (CardId c : player.hand) {
      const Handler* handler = s_.handler(c);
      if (handler && handler->answers_draw) return true;
    }
  }
  return false;
}

void Engine::start_turn() {
  ++s_.turn;
  s_.journal.clear();
  // Stopped cards of both players become unstopped: automatic, not an action (§1.4 T0).
  for (CardId c : s_.in_play) {
    CardState& card = s_.cards[c];
    card.stopped = false;
    if (card.controller == s_.active) {
      card.range_used = 0;
      card.cloak_changed = false;
    }
  }
  end_effects(
      [&](const Effect& x) { return x.until == Until::kPlayersNextTurn && x.player == s_.active; });
  reactivate_holograms();
  // Repair counts the turns a ship spends docked from start to end (§3.13).
  for (CardId c : s_.in_play) {
    CardState& card = s_.cards[c];
    if (card.controller == s_.active && is_ship(c)) card.docked_all_turn = docked(c);
  }
  PlayerState& player = s_.players[s_.active];
  player.card_played = false;
  player.orders_begun = false;
  player.only_reports = true;
  emit(ev::StepStarted{ev::Step::kTurn, s_.active, s_.turn});
  // Cards in play that act at the start of every turn.
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    if (s_.cards[c].zone != Zone::kPlay) continue;
    const Handler* handler = s_.handler(c);
    if (handler && handler->start_of_turn) handler->start_of_turn(*this, c);
  }
}

}  // namespace spacedock::stccg
