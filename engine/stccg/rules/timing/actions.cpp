// The timing engine (§3.16): an action is announced, the opponent may respond, the action
// resolves whole, then the responses resolve in the order they were announced, each only if it
// is still legal. Response windows also open between dilemmas (§3.8).
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

bool card_play(ActionKind kind) {
  return kind == ActionKind::kReport || kind == ActionKind::kBuild ||
         kind == ActionKind::kPlayEvent;
}

}  // namespace

void Engine::begin_action(Seat actor, const Action& a) {
  PlayerState& player = s_.players[actor];
  if (card_play(a.kind)) {
    player.card_played = true;
    move_card(a.a, Zone::kResolving);  // played face up: both players see what is coming
  } else {
    player.orders_begun = true;
  }
  s_.frames.push_back(ActionFrame{a, actor});
}

void Engine::step(ActionFrame& f) {
  switch (f.step) {
    case ActionFrame::Step::kAnnounced: {
      f.step = ActionFrame::Step::kResolving;
      WindowFrame window;
      window.asking = State::other(f.actor);
      window.passes_to_close = 1;  // the actor has just acted: the opponent's pass closes it
      window.collector = static_cast<std::uint16_t>(s_.frames.size() - 1);
      s_.frames.push_back(window);
      return;
    }
    case ActionFrame::Step::kResolving:
      f.step = ActionFrame::Step::kResponses;
      resolve(f);  // may push the frames of a mission attempt
      return;
    case ActionFrame::Step::kResponses: {
      if (f.next_response < f.responses.size()) {
        const auto [seat, response] = f.responses[f.next_response++];
        if (check_response(seat, response) == Rule::kOk) {
          s_.frames.push_back(ActionFrame{response, seat, ActionFrame::Step::kResolving});
        } else {
          move_card(response.a, Zone::kHand);  // no longer legal: back to the hand
        }
        return;
      }
      s_.frames.pop_back();
      return;
    }
  }
}

void Engine::step(WindowFrame& w) {
  if (auto answer = take_answer()) {
    if (answer->kind == ActionKind::kPass || answer->a == kNoCard) {
      ++w.passes;
    } else {
      w.passes = 0;
      w.passes_to_close = kPlayers;  // after a response, both players must pass in a row
      move_card(answer->a, Zone::kResolving);
      if (w.collector != WindowFrame::kNoCollector) {
        std::get<ActionFrame>(s_.frames[w.collector]).responses.emplace_back(w.asking, *answer);
      } else {
        // Between dilemmas nothing is waiting to resolve: the card is an action of its own.
        s_.frames.push_back(ActionFrame{*answer, w.asking, ActionFrame::Step::kAnnounced});
      }
    }
    w.asking = State::other(w.asking);
    if (w.passes >= w.passes_to_close) s_.frames.pop_back();
    return;
  }
  std::vector<Action> options = response_options(w.asking);
  if (options.empty()) {
    s_.answer = Action{ActionKind::kPass};  // nothing to respond with: no decision to make
    return;
  }
  options.push_back({ActionKind::kPass});
  ask(w.asking, std::move(options), /*forced_ok=*/false);
}

std::vector<Action> Engine::response_options(Seat) const {
  // Interrupts and other responses arrive with part 2's card engines; the windows are in place.
  return {};
}

Rule Engine::check_response(Seat, const Action&) const {
  return Rule::kNotPlayableNow;
}

void Engine::resolve(ActionFrame& f) {
  const Action& a = f.action;
  switch (a.kind) {
    case ActionKind::kReport: {
      const CardState& facility = s_.cards[a.b];
      if (is_ship(a.a)) {
        move_card(a.a, Zone::kPlay, Where::kSpace, facility.loc);  // docked: implicit (§3.5)
      } else {
        move_card(a.a, Zone::kPlay, Where::kAboard, kNoLoc, a.b);
      }
      return;
    }
    case ActionKind::kBuild:
      move_card(a.a, Zone::kPlay, Where::kSpace, a.loc);
      return;
    case ActionKind::kPlayEvent:
      if (a.b == kNoCard) {
        move_card(a.a, Zone::kPlay, Where::kTable);
      } else {
        move_card(a.a, Zone::kPlay, Where::kOn, kNoLoc, a.b);
      }
      return;
    case ActionKind::kMove: {
      CardState& ship = s_.cards[a.a];
      const LocIndex from = ship.loc;
      const int cost = move_cost(f.actor, from, a.loc);
      ship.loc = a.loc;
      ship.range_used = static_cast<std::uint8_t>(ship.range_used + cost);
      if (Effect* damage = find_effect(EffectKind::kDamage, a.a))
        damage->flag = false;  // leaving the outpost breaks this turn's repair (§3.13)
      emit(ev::ShipMoved{a.a, from, a.loc, static_cast<std::uint8_t>(cost)});
      return;
    }
    case ActionKind::kTransfer:
      if (a.b == kNoCard) {
        move_card(a.a, Zone::kPlay, Where::kSurface, a.loc);
      } else {
        move_card(a.a, Zone::kPlay, Where::kAboard, kNoLoc, a.b);
      }
      return;
    case ActionKind::kAttempt:
      start_attempt(f.actor, a.loc, a.a);
      return;
    default:
      return;
  }
}

}  // namespace spacedock::stccg
