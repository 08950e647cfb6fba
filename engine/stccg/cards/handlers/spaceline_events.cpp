// Events placed on the spaceline (cards/ABILITIES.md §5), held as cards on a mission: Q-Net sits
// in the gap to the right of its mission and stops every ship without 2 Diplomacy aboard from
// crossing it (CRD IV.7); Calamarain moves like a ship and may once damage a ship, never
// destroying it (CRD IV.7, BoG).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kQNet;

namespace {

// The gap a Q-Net on `mission` sits in: between its location and the next one.
LocIndex gap_of(const Engine& e, CardId q_net) {
  return e.state().cards[e.state().cards[q_net].host].loc;
}

bool gap_taken(const Engine& e, LocIndex gap) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(),
                     [&](CardId c) { return s.handler(c) == &kQNet && gap_of(e, c) == gap; });
}

// Any gap but one already netted (one Q-Net there would do all a second could).
void q_net_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window) return;
  const auto& line = e.state().spaceline;
  for (std::size_t gap = 0; gap + 1 < line.size(); ++gap) {
    if (!gap_taken(e, static_cast<LocIndex>(gap)))
      out.push_back({ActionKind::kPlayEvent, self, line[gap].mission});
  }
}

Rule q_net_still_legal(const Engine& e, Seat, const Action& play) {
  return gap_taken(e, e.state().cards[play.b].loc) ? Rule::kNoTarget : Rule::kOk;
}

void q_net_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// An Alternate Universe Door let `ship` through this net once (handlers/au_doorways.cpp): its
// mark, a counter from the net on the ship.
bool let_through(const Effect& x, CardId self, CardId ship) {
  return x.kind == EffectKind::kCounter && x.source == self && x.card == ship;
}

// Each ship on its own (no fleet moves past it, CRD III.6): 2 Diplomacy among its unstopped
// crew. A thrown ship has no say: the net catches it (CRD IV.11.E Gomtuu).
bool q_net_blocks(const Engine& e, CardId self, CardId ship, LocIndex from, LocIndex to,
                  Passage passage) {
  const LocIndex gap = gap_of(e, self);
  if (!e.move_passes_gap(ship, from, to, gap)) return false;
  if (passage == Passage::kThrown) return true;
  const auto& effects = e.state().effects;
  if (std::any_of(effects.begin(), effects.end(),
                  [&](const Effect& x) { return let_through(x, self, ship); }))
    return false;
  const auto diplomacy = e.state().db->skills().find("Diplomacy");
  std::vector<CardId> crew = e.crew(ship);
  std::erase_if(crew, [&](CardId c) { return e.state().cards[c].stopped; });
  return !diplomacy || !has_skill(e, crew, *diplomacy, 4);
}

// The ship an Alternate Universe Door let through has used its passage once it crossed.
void q_net_ship_moved(Engine& e, CardId self, CardId ship, LocIndex from, LocIndex to) {
  if (e.move_passes_gap(ship, from, to, gap_of(e, self)))
    e.end_effects([&](const Effect& x) { return let_through(x, self, ship); });
}

// --- Calamarain: its player's card play; the opponent picks the location it enters. Its player
// then moves it as one of their orders like a ship with RANGE 6, renewed each of their turns,
// paying the spans of their own mission ends; it is no ship, so Q-Net and ship cards ignore it.
// Once, as an order where it is, it damages one uncloaked ship without destroying it, and goes.

constexpr int kCalamarainRange = 6;

void calamarain_plays(const Engine&, Seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (!window) out.push_back({ActionKind::kPlayEvent, self});
}

// Whether its strike may be aimed at `ship`: never a cloaked ship, and with rotation damage never
// one already damaged, which it would destroy (CRD IV.7).
bool may_strike(const Engine& e, CardId self, CardId ship) {
  const State& s = e.state();
  const CardState& card = s.cards[ship];
  if (!s.in_play_at(ship) || !e.is_ship(ship) || card.where != Where::kSpace || card.cloaked ||
      card.loc != e.location_of(self))
    return false;
  return e.uses_markers(s.cards[self].controller) || (!e.damaged(ship) && !e.has_markers(ship));
}

void calamarain_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  if (s.cards[self].where != Where::kOn) return;  // its location is still to be picked
  const LocIndex here = e.location_of(self);
  const int range = e.range_left(self);
  for (LocIndex to = 0; to < s.spaceline.size(); ++to) {
    if (to != here && e.move_cost(self, here, to) <= range)
      out.push_back({ActionKind::kMove, self, kNoCard, to});
  }
  for (CardId c : s.in_play) {
    if (may_strike(e, self, c)) out.push_back({ActionKind::kAttack, self, c});
  }
}

void calamarain_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId self = f.action.a;
  switch (f.action.kind) {
    case ActionKind::kPlayEvent:
      // On the table until the opponent has picked where it enters.
      place(e, self, f.actor);
      s.frames.emplace_back(CardFrame{.card = self, .player = State::other(f.actor)});
      return;
    case ActionKind::kMove: {
      if (!s.in_play_at(self)) return;
      const LocIndex from = e.location_of(self);
      const int cost = e.move_cost(self, from, f.action.loc);
      s.cards[self].range_used = static_cast<std::uint8_t>(s.cards[self].range_used + cost);
      e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[f.action.loc].mission,
                  s.cards[self].controller);
      e.emit(ev::ShipMoved{self, from, f.action.loc, static_cast<std::uint8_t>(cost)});
      return;
    }
    case ActionKind::kAttack:
      if (!s.in_play_at(self)) return;
      if (may_strike(e, self, f.action.b)) e.damage_sparing(f.action.b, s.cards[self].controller);
      e.to_discard(self);
      return;
    default:
      return;
  }
}

void calamarain_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  std::vector<CardId> missions;
  for (const Location& at : s.spaceline)
    missions.push_back(at.mission);
  auto where = e.pick(f.player, missions);
  if (!where) return;
  const CardId self = f.card;
  s.frames.pop_back();  // `f` is gone from here on
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, *where, s.cards[self].controller);
}

int calamarain_figures(const Engine&, CardId, Attribute attribute) {
  return attribute == Attribute::kRange ? kCalamarainRange : 0;
}

}  // namespace

extern const Handler kCalamarain{
    .name = "calamarain",
    .test = "tests/scenarios/S-16-calamarain.scn",
    .plays = calamarain_plays,
    .resolve = calamarain_resolve,
    .orders = calamarain_orders,
    .figures = calamarain_figures,
    .step = calamarain_step,
    .choose_label = "choose the location where Calamarain enters the spaceline",
};

extern const Handler kQNet{
    .name = "q_net",
    .test = "tests/scenarios/q-net.scn",
    .plays = q_net_plays,
    .still_legal = q_net_still_legal,
    .resolve = q_net_resolve,
    .blocks_move = q_net_blocks,
    .ship_moved = q_net_ship_moved,
};

}  // namespace spacedock::stccg::handlers
