// Interrupts that change how a ship moves this turn (cards/ABILITIES.md §6): Transwarp Conduit
// doubles its RANGE, Distortion of Space/Time Continuum lets it act again, Incoming Message sends
// it home.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

bool own_turn(const Engine& e, Seat seat, const WindowFrame* window) {
  return seat == e.state().active && (!window || window->kind != WindowKind::kBetweenDilemmas);
}

template <typename Fits>
void offer_ships(const Engine& e, Seat seat, CardId self, std::vector<Action>& out, Fits fits) {
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (e.is_ship(c) && s.cards[c].where == Where::kSpace && s.cards[c].controller == seat &&
        fits(c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

// --- Transwarp Conduit: RANGE x2 for the rest of the turn (current RANGE, spent RANGE counts).

bool doubled(const Engine& e, CardId ship) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kAttributeTimes && x.card == ship &&
           x.attribute == Attribute::kRange;
  });
}

void transwarp_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (!own_turn(e, seat, window)) return;
  offer_ships(e, seat, self, out, [&](CardId ship) { return !doubled(e, ship); });
}

void transwarp_resolve(Engine& e, ActionFrame& f) {
  Effect times{.kind = EffectKind::kAttributeTimes, .until = Until::kEndOfTurn};
  times.attribute = Attribute::kRange;
  times.source = f.action.a;
  times.card = f.action.b;
  times.value = 2;
  e.add_effect(times);
}

// --- Distortion of Space/Time Continuum: a ship, an Away Team or an outpost that has acted this
// turn may act again: it and its personnel are unstopped, and a ship's RANGE is restored, with
// its Away Teams on the planet it orbits (CRD IV.8). An Away Team is named by a stopped member.

bool has_acted(const Engine& e, CardId c) {
  const CardState& card = e.state().cards[c];
  return card.stopped || (e.is_ship(c) && card.range_used > 0);
}

void distortion_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (!own_turn(e, seat, window)) return;
  const State& s = e.state();
  for (CardId c : s.in_play) {
    const CardState& card = s.cards[c];
    if (card.controller != seat) continue;
    const bool vessel = (e.is_ship(c) || e.is_facility(c)) && card.where == Where::kSpace;
    const bool team_member = e.is_personnel(c) && card.where == Where::kSurface;
    if ((vessel || team_member) && has_acted(e, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void distortion_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId target = f.action.b;
  CardState& card = s.cards[target];
  const Seat seat = card.controller;
  if (card.where == Where::kSurface) {
    // The Away Team the member is in.
    for (const auto& team : e.away_teams(seat, card.loc)) {
      if (std::find(team.begin(), team.end(), target) == team.end()) continue;
      for (CardId member : team)
        s.cards[member].stopped = false;
    }
    return;
  }
  card.stopped = false;
  card.range_used = 0;
  for (CardId c : s.in_play) {
    CardState& other = s.cards[c];
    const bool aboard = other.where == Where::kAboard && other.host == target;
    // A ship's Away Teams: the player's personnel on the planet it orbits.
    const bool team = e.is_ship(target) && other.where == Where::kSurface &&
                      other.loc == card.loc && other.controller == seat;
    if (aboard || team) other.stopped = false;
  }
}

// --- Incoming Message - Federation / Klingon / Romulan: a required move to the nearest outpost
// of the affiliation; the card rides on the ship until it arrives (CRD II.2, IV.8).

template <Affiliation kAffiliation>
LocIndex nearest_outpost(const Engine& e, CardId ship) {
  const State& s = e.state();
  const LocIndex here = s.cards[ship].loc;
  LocIndex best = kNoLoc;
  int distance = 0;
  for (CardId c : s.in_play) {
    if (!e.is_facility(c) || s.def(c).affiliation != kAffiliation ||
        s.cards[c].controller != s.cards[ship].controller)
      continue;
    const int d = std::abs(static_cast<int>(s.cards[c].loc) - static_cast<int>(here));
    if (best == kNoLoc || d < distance) best = s.cards[c].loc, distance = d;
  }
  return best;
}

template <Affiliation kAffiliation>
void message_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (e.is_ship(c) && s.cards[c].where == Where::kSpace && !s.cards[c].cloaked &&
        s.def(c).affiliation == kAffiliation && !e.has_effect(EffectKind::kRequiredMove, c)) {
      const LocIndex to = nearest_outpost<kAffiliation>(e, c);
      if (to != kNoLoc && to != s.cards[c].loc)
        out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
  }
  (void)seat;
}

template <Affiliation kAffiliation>
void message_resolve(Engine& e, ActionFrame& f) {
  const CardId ship = f.action.b;
  const LocIndex to = nearest_outpost<kAffiliation>(e, ship);
  if (to == kNoLoc) {
    e.nullify(f.action.a);  // no such outpost in play
    return;
  }
  e.move_card(f.action.a, Zone::kPlay, Where::kOn, kNoLoc, ship);
  Effect must{.kind = EffectKind::kRequiredMove, .until = Until::kSourceLeaves};
  must.source = f.action.a;
  must.card = ship;
  must.loc = to;
  e.add_effect(must);
}

template <Affiliation kAffiliation>
void message_state_check(Engine& e, CardId self) {
  // Arrived, the card has done its work; with no such outpost left, it is nullified.
  const State& s = e.state();
  const CardId ship = s.cards[self].host;
  const Effect* must = e.find_effect(EffectKind::kRequiredMove, ship);
  if (!must || must->source != self || s.cards[ship].loc == must->loc ||
      nearest_outpost<kAffiliation>(e, ship) == kNoLoc)
    e.to_discard(self);
}

}  // namespace

extern const Handler kTranswarpConduit{
    .name = "transwarp_conduit",
    .test = "tests/scenarios/movement-interrupts.scn",
    .plays = transwarp_plays,
    .still_legal = target_in_play,
    .resolve = transwarp_resolve,
};

extern const Handler kDistortionOfSpaceTimeContinuum{
    .name = "distortion_of_space_time_continuum",
    .test = "tests/scenarios/movement-interrupts.scn",
    .plays = distortion_plays,
    .still_legal = target_in_play,
    .resolve = distortion_resolve,
};

extern const Handler kIncomingMessageFederation{
    .name = "incoming_message_federation",
    .test = "tests/scenarios/movement-interrupts.scn",
    .plays = message_plays<Affiliation::kFederation>,
    .still_legal = target_in_play,
    .resolve = message_resolve<Affiliation::kFederation>,
    .state_check = message_state_check<Affiliation::kFederation>,
};

extern const Handler kIncomingMessageKlingon{
    .name = "incoming_message_klingon",
    .test = "tests/scenarios/movement-interrupts.scn",
    .plays = message_plays<Affiliation::kKlingon>,
    .still_legal = target_in_play,
    .resolve = message_resolve<Affiliation::kKlingon>,
    .state_check = message_state_check<Affiliation::kKlingon>,
};

extern const Handler kIncomingMessageRomulan{
    .name = "incoming_message_romulan",
    .test = "tests/scenarios/card-premiere-interrupts.scn",
    .plays = message_plays<Affiliation::kRomulan>,
    .still_legal = target_in_play,
    .resolve = message_resolve<Affiliation::kRomulan>,
    .state_check = message_state_check<Affiliation::kRomulan>,
};

}  // namespace spacedock::stccg::handlers
