// Cards that use infiltrators (BoG; cards/ABILITIES.md §17; the rules are in
// rules/infiltration.cpp): Counterintelligence turns an infiltrator against its crew's or Away
// Team's totals, Dial Martok for Murder starts a battle against its crewmates or teammates,
// Inside Operation weakens the opponent's ships and facilities in a battle and exposes the
// infiltrator, and The Guardian makes a shape-shifter morph (and so exposes it, unless it is
// Odo Founder).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kOdoFounder;

namespace {

// `seat`'s personnel in play now infiltrating the other player's crews.
std::vector<CardId> infiltrators_of(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (CardId c : e.state().in_play) {
    if (e.state().cards[c].controller == seat && e.infiltrated_player(c) == State::other(seat))
      out.push_back(c);
  }
  return out;
}

// --- Counterintelligence: on your infiltrator, until the end of the turn: it counts against
// the totals of the crew or Away Team it is in (MemberFacts::against), in mission and dilemma
// checks alike.

bool counterintelligence_target(const Engine& e, Seat seat, CardId personnel) {
  return e.state().in_play_at(personnel) && e.state().cards[personnel].controller == seat &&
         e.infiltrated_player(personnel) == State::other(seat) &&
         !e.has_effect(EffectKind::kCountsAgainst, personnel);
}

void counterintelligence_plays(const Engine& e, Seat seat, CardId self, const WindowFrame*,
                               std::vector<Action>& out) {
  for (CardId c : infiltrators_of(e, seat)) {
    if (counterintelligence_target(e, seat, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule counterintelligence_still_legal(const Engine& e, Seat seat, const Action& play) {
  return counterintelligence_target(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void counterintelligence_resolve(Engine& e, ActionFrame& f) {
  Effect against{.kind = EffectKind::kCountsAgainst, .until = Until::kEndOfTurn};
  against.card = f.action.b;
  against.source = f.action.a;
  e.add_effect(against);
}

// --- Dial Martok for Murder: your infiltrator starts a personnel battle aboard the ship or
// facility it infiltrates, or on the planet in the Away Team it infiltrates, against one or two
// of the opponent's personnel in that crew or team (your pick), with STRENGTH +4 for the battle
// and no leader needed. It is not exposed.

std::vector<CardId> crewmates_to_fight(const Engine& e, CardId infiltrator) {
  const State& s = e.state();
  std::vector<CardId> out;
  const Seat holder = e.infiltrated_player(infiltrator);
  if (holder == kNoSeat) return out;
  for (CardId c : e.group_of(infiltrator)) {
    if (s.cards[c].controller == holder) out.push_back(c);
  }
  return out;
}

bool dial_martok_infiltrator(const Engine& e, Seat seat, CardId c) {
  return e.state().in_play_at(c) && e.state().cards[c].controller == seat &&
         !e.state().cards[c].stopped && e.infiltrated_player(c) == State::other(seat) &&
         !crewmates_to_fight(e, c).empty();
}

void dial_martok_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (window) return;  // the turn's card play
  for (CardId c : infiltrators_of(e, seat)) {
    if (dial_martok_infiltrator(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule dial_martok_still_legal(const Engine& e, Seat seat, const Action& play) {
  return dial_martok_infiltrator(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void dial_martok_resolve(Engine& e, ActionFrame& f) {
  const CardId infiltrator = f.action.b;
  if (!dial_martok_infiltrator(e, f.actor, infiltrator)) return;
  std::vector<CardId> targets = crewmates_to_fight(e, infiltrator);
  if (f.sub == 0) {  // the first adversary
    auto first = e.pick(f.actor, targets);
    if (!first) return;
    f.chosen = *first;
    f.sub = 1;
  }
  std::erase(targets, f.chosen);
  CardId second = kNoCard;
  if (!targets.empty()) {  // a second one, or none
    auto more = e.pick_or_done(f.actor, targets);
    if (!more) return;
    second = *more;
  }
  std::vector<CardId> adversaries{f.chosen};
  if (second != kNoCard) adversaries.push_back(second);
  const CardState& card = e.state().cards[infiltrator];
  e.begin_battle_aboard(f.actor, card.where == Where::kAboard ? card.host : kNoCard, {infiltrator},
                        std::move(adversaries), 4);
}

// --- Inside Operation: at the start of a ship battle, if your personnel infiltrates one of the
// opponent's ships or facilities in it (firing, or fired at), all of the opponent's ships and
// facilities in the battle have WEAPONS -3 and SHIELDS -3 for it; that infiltrator is exposed.

std::vector<CardId> inside_agents(const Engine& e, const ShipBattleFrame& b, Seat seat) {
  const int side = ship_battle_side(b, seat);
  std::vector<CardId> out;
  if (side < 0) return out;
  std::vector<CardId> theirs = b.firing[1 - side];
  theirs.insert(theirs.end(), b.targets[side].begin(), b.targets[side].end());
  for (CardId c : infiltrators_of(e, seat)) {
    const CardId vessel = e.state().cards[c].host;
    if (std::find(theirs.begin(), theirs.end(), vessel) != theirs.end()) out.push_back(c);
  }
  return out;
}

void inside_operation_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                            std::vector<Action>& out) {
  const ShipBattleFrame* b = starting_battle(e, window);
  if (b && !inside_agents(e, *b, seat).empty()) out.push_back({ActionKind::kPlayInterrupt, self});
}

Rule inside_operation_still_legal(const Engine& e, Seat seat, const Action&) {
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  return b && !inside_agents(e, *b, seat).empty() ? Rule::kOk : Rule::kNoTarget;
}

void inside_operation_resolve(Engine& e, ActionFrame& f) {
  ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  if (!b) return;
  const std::vector<CardId> agents = inside_agents(e, *b, f.actor);
  if (agents.empty()) return;
  const int theirs = 1 - ship_battle_side(*b, f.actor);
  b->weapons_bonus[theirs] = static_cast<std::int8_t>(b->weapons_bonus[theirs] - 3);
  b->shields_bonus[theirs] = static_cast<std::int8_t>(b->shields_bonus[theirs] - 3);
  for (CardId c : agents)
    e.expose_infiltrator(c);
}

// --- The Guardian: placed at any time on your shape-shifter, which morphs: STRENGTH +6 while
// the card stays on it. Morphing exposes an infiltrating shape-shifter, but for Odo Founder. The
// card is discarded when that shape-shifter morphs again (another morph card placed on it) and,
// with the guardian_countdown option, at the end of its player's second turn after it was
// placed (its countdown icon).

bool morph_card(const CardDef& def) {
  return std::any_of(def.card.keywords().begin(), def.card.keywords().end(),
                     [](const std::string& k) { return k == "Morph card"; });
}

bool guardian_target(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  if (!s.in_play_at(c) || !e.is_personnel(c) || s.cards[c].controller != seat ||
      s.cards[c].disabled)
    return false;
  const auto& keywords = s.def(c).card.keywords();
  return std::any_of(keywords.begin(), keywords.end(),
                     [](const std::string& k) { return k == "Shape-shifter"; });
}

void guardian_plays(const Engine& e, Seat seat, CardId self, const WindowFrame*,
                    std::vector<Action>& out) {
  for (CardId c : e.state().in_play) {
    if (guardian_target(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule guardian_still_legal(const Engine& e, Seat seat, const Action& play) {
  return guardian_target(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void guardian_resolve(Engine& e, ActionFrame& f) {
  State& s = e.state();
  const CardId self = f.action.a;
  const CardId shifter = f.action.b;
  // It morphs again: the morph card it carried goes.
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (s.cards[c].where == Where::kOn && s.cards[c].host == shifter && morph_card(s.def(c)))
      e.to_discard(c);
  }
  place(e, self, f.actor, shifter);
  add_attribute_while(e, self, shifter, Attribute::kStrength, 6);
  if (s.handler(shifter) != &kOdoFounder) e.expose_infiltrator(shifter);
}

void guardian_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  if (!s.options.guardian_countdown || s.active != s.cards[self].controller) return;
  // Its player's turns ended since it was placed, the turn it was placed in included.
  Effect* count = nullptr;
  for (Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == s.cards[self].host)
      count = &x;
  }
  if (!count) {
    Effect ends{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    ends.source = self;
    ends.card = s.cards[self].host;
    count = &e.add_effect(ends);
  }
  if (++count->value >= static_cast<int>(s.def(self).card.countdown())) e.to_discard(self);
}

}  // namespace

extern const Handler kCounterintelligence{
    .name = "counterintelligence",
    .test = "tests/scenarios/card-infiltration.scn",
    .plays = counterintelligence_plays,
    .still_legal = counterintelligence_still_legal,
    .resolve = counterintelligence_resolve,
};

extern const Handler kDialMartokForMurder{
    .name = "dial_martok_for_murder",
    .test = "tests/scenarios/card-infiltration.scn",
    .plays = dial_martok_plays,
    .still_legal = dial_martok_still_legal,
    .resolve = dial_martok_resolve,
};

extern const Handler kInsideOperation{
    .name = "inside_operation",
    .test = "tests/scenarios/card-infiltration.scn",
    .plays = inside_operation_plays,
    .still_legal = inside_operation_still_legal,
    .resolve = inside_operation_resolve,
};

// Odo Founder: no hook; The Guardian knows him (his own morphing does not expose him).
extern const Handler kOdoFounder{
    .name = "odo_founder",
    .test = "tests/scenarios/card-infiltration.scn",
};

extern const Handler kTheGuardian{
    .name = "the_guardian",
    .test = "tests/scenarios/card-infiltration.scn",
    .plays = guardian_plays,
    .still_legal = guardian_still_legal,
    .resolve = guardian_resolve,
    .end_of_turn = guardian_end_of_turn,
};

}  // namespace spacedock::stccg::handlers
