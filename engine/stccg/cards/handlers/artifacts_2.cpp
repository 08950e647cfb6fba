// Premiere and Alternate Universe artifacts kept in the hand, second part (cards/abilities/
// artifacts.md): Tox Uthat, played in one of two ways (an event that lets its player play a
// Supernova, or an interrupt that stops one); Time Travel Pod, sending a ship forward some full
// turns; Samuel Clemens' Pocketwatch, making now what must happen on its player's next turn.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kSupernova;

// A namespace of its own: the unity build merges the anonymous namespaces of handler files.
namespace artifacts_2 {
namespace {

// Interrupts of these cards may be played as an order or in a response window, never while a
// dilemma is being met (CRD II.2).
bool interrupt_time(const WindowFrame* window) {
  return !window ||
         (window->kind != WindowKind::kDilemma && window->kind != WindowKind::kBetweenDilemmas);
}

// --- Tox Uthat: earned into the hand (`to_hand`), played either as an event on its player's
// table (the card play: its `play_as`), where it lets them play a Supernova, which discards it as
// it is played (premiere_events.cpp); or as an interrupt (`also_play_as`) against an opponent's
// Supernova being played, which it nullifies. Discarded after either use (CRD IV.4, IV.7).

bool supernova_being_played(const Engine& e, CardId self, CardId c, Seat seat) {
  return e.state().handler(c) == &kSupernova && e.just_played(c, State::other(seat)) &&
         e.may_nullify(self, c);
}

void tox_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
               std::vector<Action>& out) {
  if (!window) {
    out.push_back({ActionKind::kPlayEvent, self});
    return;
  }
  for (CardId c : e.state().resolving) {
    if (supernova_being_played(e, self, c, seat))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule tox_still_legal(const Engine& e, Seat, const Action& play) {
  if (play.kind == ActionKind::kPlayEvent) return Rule::kOk;
  return e.state().cards[play.b].zone == Zone::kResolving ? Rule::kOk : Rule::kNoTarget;
}

void tox_resolve(Engine& e, ActionFrame& f) {
  if (f.action.kind == ActionKind::kPlayEvent) return place(e, f.action.a, f.actor);
  if (e.state().cards[f.action.b].zone == Zone::kResolving) e.nullify(f.action.b);
}

// --- Time Travel Pod: earned into the hand; played as an interrupt on any ship in space, either
// player's. Its player says how many full turns, 1 to 5 (one, then "a turn further?" up to four
// times). The ship leaves play with everything aboard and on it, stored under the Pod on its
// player's table (common.h store_ship: not in play, nothing reaches it, countdowns on it wait),
// and comes back at the end of the last of those full turns (turns after the one it left in),
// to the location it left, undocked, as it was (not stopped); the Pod is then discarded. The
// full turns are those of the player who played the Pod (CRD II.1 "Full turn"), or with the
// rule option time_travel_pod_players_turns off those of the ship's controller (premiere-a.md,
// AMBIGUOUS). Its count is the `value` of the counter remembering the ship.

constexpr int kPodMaxTurns = 5;

bool pod_ship(const Engine& e, CardId ship) {
  return e.is_ship(ship) && e.state().in_play_at(ship) &&
         e.state().cards[ship].where == Where::kSpace;
}

void pod_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
               std::vector<Action>& out) {
  // An action of its own: not inside a battle.
  if (!interrupt_time(window) || e.top_frame<ShipBattleFrame>()) return;
  for (CardId c : e.state().in_play) {
    if (pod_ship(e, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule pod_still_legal(const Engine& e, Seat, const Action& play) {
  return pod_ship(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void pod_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  // On the table before its player chooses: a card still resolving when its handler waits for
  // an answer is discarded. `f.sub` then counts the full turns chosen.
  if (f.sub == 0) {
    place(e, self, f.actor);
    f.sub = 1;
  }
  while (f.sub < kPodMaxTurns) {
    const auto further = e.yes_no(f.actor);
    if (!further) return;
    if (!*further) break;
    ++f.sub;
  }
  if (!pod_ship(e, f.action.b)) return e.to_discard(self);
  store_ship(e, self, f.action.b);
  stored_ship(e, self)->value = static_cast<std::int16_t>(f.sub);
}

// The player whose full turns count.
Seat pod_counter(const Engine& e, CardId self) {
  if (e.state().options.time_travel_pod_players_turns) return e.state().cards[self].controller;
  const Effect* ship = stored_ship(e, self);
  return ship ? ship->player : e.state().cards[self].controller;
}

// Whether the turn being played is one of the full turns counted.
bool pod_counts_this_turn(const Engine& e, CardId self) {
  const State& s = e.state();
  return s.active == pod_counter(e, self) && s.turn > placed_on_turn(e, self);
}

void pod_return(Engine& e, CardId self) {
  const Effect* record = stored_ship(e, self);
  if (!record) return e.to_discard(self);
  const CardId ship = record->card;
  return_stored_ship(e, self);
  // Back at its player's facility it is undocked there (premiere-a.md, AMBIGUOUS (b)).
  if (e.state().in_play_at(ship) && e.docked(ship)) e.state().cards[ship].undocked = true;
  e.to_discard(self);
}

void pod_end_of_turn(Engine& e, CardId self) {
  if (!pod_counts_this_turn(e, self)) return;
  Effect* record = stored_ship(e, self);
  if (!record || --record->value <= 0) pod_return(e, self);
}

// The ship's coming back must happen on that player's next turn (Samuel Clemens' Pocketwatch).
bool pod_due_next_turn(const Engine& e, CardId self, Seat seat) {
  const Effect* record = stored_ship(e, self);
  if (!record || pod_counter(e, self) != seat) return false;
  // The full turns still to count once the one being played, if counted, is over.
  const int after_this_turn = record->value - (pod_counts_this_turn(e, self) ? 1 : 0);
  return after_this_turn == 1;
}

void pod_bring_forward(Engine& e, CardId self, Seat) {
  pod_return(e, self);
}

// --- Samuel Clemens' Pocketwatch (AU): earned into the hand; played as an interrupt (never while
// a dilemma is met), for one thing that must happen on its player's next turn, named as it is
// played, which happens now instead and not on that turn (CRD IV.4: "must", never "may"): the
// card draw that ends that turn (no card named), or what a card in play must do then (its
// handler's due_next_turn: a Temporal Rift's or a Time Travel Pod's ship coming back, a second
// Devidian Door shown, a Distortion Field turned over). Then it is discarded.

bool draw_due(const Engine& e, Seat seat) {
  const State& s = e.state();
  return !s.players[seat].draw.empty() &&
         std::none_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
           return x.kind == EffectKind::kDrawTaken && x.player == seat;
         });
}

bool card_due(const Engine& e, CardId c, Seat seat) {
  const Handler* handler = e.state().handler(c);
  return e.state().in_play_at(c) && handler && handler->due_next_turn &&
         handler->due_next_turn(e, c, seat);
}

void pocketwatch_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (!interrupt_time(window)) return;
  if (draw_due(e, seat)) out.push_back({ActionKind::kPlayInterrupt, self});
  for (CardId c : e.state().handled_in_play) {
    if (card_due(e, c, seat)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule pocketwatch_still_legal(const Engine& e, Seat seat, const Action& play) {
  const bool due = play.b == kNoCard ? draw_due(e, seat) : card_due(e, play.b, seat);
  return due ? Rule::kOk : Rule::kNoTarget;
}

void pocketwatch_resolve(Engine& e, ActionFrame& f) {
  const Seat seat = f.actor;
  if (f.action.b != kNoCard) {
    if (card_due(e, f.action.b, seat))
      e.state().handler(f.action.b)->bring_forward(e, f.action.b, seat);
    return;
  }
  if (!draw_due(e, seat)) return;
  const std::size_t held = e.state().players[seat].hand.size();
  e.draw(seat);
  if (e.state().players[seat].hand.size() == held) return;  // nothing drawn (Q's Tent)
  Effect taken{.kind = EffectKind::kDrawTaken, .until = Until::kRemoved};
  taken.player = seat;
  e.add_effect(taken);
}

}  // namespace
}  // namespace artifacts_2

extern const Handler kToxUthat{
    .name = "tox_uthat",
    .test = "tests/scenarios/card-artifacts-2.scn",
    .plays = artifacts_2::tox_plays,
    .still_legal = artifacts_2::tox_still_legal,
    .resolve = artifacts_2::tox_resolve,
};

extern const Handler kTimeTravelPod{
    .name = "time_travel_pod",
    .test = "tests/scenarios/card-artifacts-2.scn",
    .plays = artifacts_2::pod_plays,
    .still_legal = artifacts_2::pod_still_legal,
    .resolve = artifacts_2::pod_resolve,
    .end_of_turn = artifacts_2::pod_end_of_turn,
    // Everything stored comes back also as the Pod leaves play some other way.
    .leaving_play = return_stored_ship,
    .due_next_turn = artifacts_2::pod_due_next_turn,
    .bring_forward = artifacts_2::pod_bring_forward,
    .question = "send the ship one more full turn into the future?",
    .yes_label = "One turn further",
    .no_label = "That is far enough",
};

extern const Handler kSamuelClemensPocketwatch{
    .name = "samuel_clemens_pocketwatch",
    .test = "tests/scenarios/card-artifacts-2.scn",
    .plays = artifacts_2::pocketwatch_plays,
    .still_legal = artifacts_2::pocketwatch_still_legal,
    .resolve = artifacts_2::pocketwatch_resolve,
};

}  // namespace spacedock::stccg::handlers
