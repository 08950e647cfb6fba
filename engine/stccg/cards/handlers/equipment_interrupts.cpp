// Interrupts aimed at equipment (cards/ABILITIES.md §6): Disruptor Overload destroys one piece of
// equipment, picked at random, present with a ship's crew or an Away Team of either player.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// An Equipment card, or an artifact used as equipment (with a crew or an Away Team, not on a
// table): what Disruptor Overload may hit (CRD IV.4).
bool equipment(const State& s, CardId c) {
  const auto type = s.type(c);
  const Where where = s.cards[c].where;
  return type == v1::STCCG_CARD_TYPE_EQUIPMENT ||
         (type == v1::STCCG_CARD_TYPE_ARTIFACT &&
          (where == Where::kAboard || where == Where::kSurface));
}

// The equipment present with the target: aboard the ship, or with the Away Team of the
// personnel named (its player's equipment on that planet).
std::vector<CardId> present(const Engine& e, CardId target) {
  const State& s = e.state();
  const CardState& t = s.cards[target];
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    const CardState& card = s.cards[c];
    if (!equipment(s, c)) continue;
    const bool with = e.is_ship(target) ? card.where == Where::kAboard && card.host == target
                                        : card.where == Where::kSurface && card.loc == t.loc &&
                                              card.controller == t.controller;
    if (with) out.push_back(c);
  }
  return out;
}

// A ship, or an Away Team named by its first member (one play per team).
bool is_target(const Engine& e, CardId c) {
  const State& s = e.state();
  if (!s.in_play_at(c)) return false;
  if (e.is_ship(c)) return s.cards[c].where == Where::kSpace;
  if (!e.is_personnel(c) || s.cards[c].where != Where::kSurface) return false;
  for (const auto& team : e.away_teams(s.cards[c].controller, s.cards[c].loc)) {
    if (team.front() == c) return true;
  }
  return false;
}

// Offered where `seat` may know there is equipment; on the opponent's ships and hidden Away
// Teams always, since what they carry is hidden (§1.5) and offering only some would tell.
bool worth_a_try(const Engine& e, Seat seat, CardId target) {
  const State& s = e.state();
  if (s.cards[target].controller != seat && (e.is_ship(target) || !e.all_see(target))) return true;
  const std::vector<CardId> there = present(e, target);
  return std::any_of(there.begin(), there.end(), [&](CardId c) {
    return s.cards[c].controller == seat ? e.owner_sees(c) : e.all_see(c);
  });
}

void overload_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  for (CardId c : e.state().in_play) {
    if (is_target(e, c) && worth_a_try(e, seat, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule overload_still_legal(const Engine& e, Seat, const Action& play) {
  return is_target(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void overload_resolve(Engine& e, ActionFrame& f) {
  const std::vector<CardId> there = present(e, f.action.b);
  if (there.empty()) return;
  const CardId hit = e.random_member(there);
  // Played to destroy it: a card that costs its destroyer points is told who (Mona Lisa).
  const Handler* handler = e.state().handler(hit);
  if (handler && handler->destroyed) handler->destroyed(e, hit, f.actor);
  if (e.state().in_play_at(hit)) e.to_discard(hit);
}

}  // namespace

extern const Handler kDisruptorOverload{
    .name = "disruptor_overload",
    .test = "tests/scenarios/disruptor-overload.scn",
    .plays = overload_plays,
    .still_legal = overload_still_legal,
    .resolve = overload_resolve,
};

}  // namespace spacedock::stccg::handlers
