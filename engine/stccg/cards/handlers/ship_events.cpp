// Events played on a ship or an outpost that damage, destroy or repair ships
// (cards/ABILITIES.md §5): Plasma Fire burns until SECURITY puts it out, Warp Core Breach blows
// the ship up unless an ENGINEER is aboard, Spacedock repairs the ships docked at its outpost.
#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kSpacedock;

namespace {

// Any ship in play, either player's, cloaked or not (CRD IV.11.A). Whoever is aboard does not
// matter to the play: the opponent's crews are hidden.
void on_ship_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play) {
    if (e.is_ship(c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

void onto_target(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// Whether the unstopped personnel aboard the ship `self` is on have `classification`: stopped
// personnel are not there to overcome an event (stccg-rules A-29).
bool aboard(const Engine& e, CardId self, Classification classification) {
  std::vector<CardId> crew = e.crew(e.state().cards[self].host);
  std::erase_if(crew, [&](CardId c) { return e.state().cards[c].stopped; });
  return has_skill(e, crew, SkillTable::of(classification), 2);
}

// The end of a turn of the ship's owner after the one the card was played in.
bool owners_later_turn(const Engine& e, CardId self) {
  const State& s = e.state();
  return s.active == s.cards[s.cards[self].host].controller && s.turn > placed_on_turn(e, self);
}

// --- Plasma Fire: normal damage at the end of each of the owner's turns from the next one on;
// SECURITY aboard puts it out at once, even on arrival (CRD IV.7).

void plasma_fire_state_check(Engine& e, CardId self) {
  if (aboard(e, self, Classification::kSecurity)) e.to_discard(self);
}

void plasma_fire_end_of_turn(Engine& e, CardId self) {
  if (!owners_later_turn(e, self) || aboard(e, self, Classification::kSecurity)) return;
  const Seat player = e.state().cards[self].controller;  // played to destroy it (CRD IV.4)
  e.damage(e.state().cards[self].host, player, player);
}

// --- Warp Core Breach: at the end of the owner's next turn the ship is destroyed unless an
// ENGINEER is aboard; either way the card goes.

void breach_end_of_turn(Engine& e, CardId self) {
  if (!owners_later_turn(e, self)) return;
  if (aboard(e, self, Classification::kEngineer)) {
    e.to_discard(self);
  } else {
    // By its player, who played it to destroy the ship (CRD IV.4); the card goes with it.
    e.destroy_vessel(e.state().cards[self].host, e.state().cards[self].controller);
  }
}

// --- Spacedock: on one of your outposts (a Neutral Outpost too); your ships docked there,
// Non-Aligned ones included, are fully repaired at once (CRD IV.1, IV.7).

void spacedock_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (window) return;
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (!e.is_facility(c) || s.cards[c].controller != seat) continue;
    bool has_one = false;  // not cumulative: a second one there would do nothing
    for (CardId other : s.in_play) {
      has_one |= s.handler(other) == &kSpacedock && s.cards[other].host == c;
    }
    if (!has_one) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule spacedock_still_legal(const Engine& e, Seat seat, const Action& play) {
  return e.state().in_play_at(play.b) && e.state().cards[play.b].controller == seat
             ? Rule::kOk
             : Rule::kNoTarget;
}

void spacedock_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const CardState& outpost = s.cards[s.cards[self].host];
  for (CardId c : s.in_play) {
    const CardState& ship = s.cards[c];
    if (e.is_ship(c) && ship.where == Where::kSpace && ship.loc == outpost.loc &&
        ship.controller == outpost.controller && !ship.undocked &&
        (e.damaged(c) || e.has_markers(c)))
      e.repair(c);  // rotation undone, or every damage marker removed (S-18 c)
  }
}

}  // namespace

extern const Handler kPlasmaFire{
    .name = "plasma_fire",
    .test = "tests/scenarios/ship-events.scn",
    .plays = on_ship_plays,
    .still_legal = target_in_play,
    .resolve = onto_target,
    .end_of_turn = plasma_fire_end_of_turn,
    .state_check = plasma_fire_state_check,
};

extern const Handler kWarpCoreBreach{
    .name = "warp_core_breach",
    .test = "tests/scenarios/ship-events.scn",
    .plays = on_ship_plays,
    .still_legal = target_in_play,
    .resolve = onto_target,
    .end_of_turn = breach_end_of_turn,
};

extern const Handler kSpacedock{
    .name = "spacedock",
    .test = "tests/scenarios/S-18-repairing-damage-markers.scn",
    .plays = spacedock_plays,
    .still_legal = spacedock_still_legal,
    .resolve = onto_target,
    .state_check = spacedock_state_check,
};

}  // namespace spacedock::stccg::handlers
