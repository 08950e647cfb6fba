// The Borg Ship dilemma, 1997 reading (cards/ABILITIES.md §1; CRD IV.5A, IV.5C; BoG): a
// self-controlling card on the spaceline that fights like a ship through the ship battle rules,
// moves one location toward the far end at the end of every turn, and attacks where it goes.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr int kBorgWeapons = 24;
constexpr int kBorgShields = 24;

int borg_figures(const Engine&, CardId, Attribute attribute) {
  // It always moves exactly one location, so RANGE plays no part (CRD IV.5C).
  switch (attribute) {
    case Attribute::kWeapons:
      return kBorgWeapons;
    case Attribute::kShields:
      return kBorgShields;
    default:
      return 0;
  }
}

// The way it travels along the spaceline (+1 to the right, -1 to the left): toward the end with
// more locations beyond it, counted from where it was placed; random if both are as far (Reading),
// then kept as an effect of the card.
int heading(Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == kNoCard) return x.value;
  }
  const int here = e.location_of(self);
  const int left = here;
  const int right = static_cast<int>(e.state().spaceline.size()) - 1 - here;
  const int way = right > left ? 1 : left > right ? -1 : e.state().rng.below(2) == 0 ? 1 : -1;
  Effect course{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  course.source = self;
  course.value = static_cast<std::int16_t>(way);
  e.add_effect(course);
  return way;
}

// It attacks every uncloaked ship and facility (outposts, stations) where it is, either
// player's, each in a battle of its own: a CardFrame starts them one after another, in card
// order, `chosen` being the last card attacked.
void attack_everything(Engine& e, CardId self) {
  if (e.has_effect(EffectKind::kNoAttacks, self)) return;  // Hugh
  e.state().frames.emplace_back(
      CardFrame{.card = self, .player = e.state().cards[self].controller});
}

void borg_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId self = f.card;
  CardId next = kNoCard;
  if (s.in_play_at(self)) {
    const LocIndex here = e.location_of(self);
    for (CardId c : s.in_play) {
      const CardState& card = s.cards[c];
      if (card.where != Where::kSpace || card.loc != here || card.cloaked ||
          (!e.is_ship(c) && !e.is_facility(c)))
        continue;
      if (f.chosen != kNoCard && c <= f.chosen) continue;
      next = std::min(next, c);
    }
  }
  if (next == kNoCard) {
    s.frames.pop_back();  // `f` is gone from here on
    return;
  }
  f.chosen = next;
  e.begin_ship_battle(kNoSeat, self, next);
}

void borg_encounter(Engine& e, AttemptFrame& f) {
  // No trigger, no conditions: it stays on the spaceline here (attached to the mission) and
  // attacks; the group is stopped (Rakal: stops), the ship it is aboard by the attack.
  const CardId self = f.current;
  e.stop_group(f);
  e.attach_dilemma(f, ev::Outcome::kApplied);
  heading(e, self);
  attack_everything(e, self);
}

void borg_end_of_turn(Engine& e, CardId self) {
  // Every turn, both players': one location on, whatever the span (S-54); off the end it goes.
  State& s = e.state();
  const LocIndex from = e.location_of(self);
  const int to = from + heading(e, self);
  if (to < 0 || to >= static_cast<int>(s.spaceline.size())) {
    e.to_discard(self);
    return;
  }
  const auto at = static_cast<LocIndex>(to);
  e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[at].mission,
              s.cards[self].controller);
  e.emit(ev::ShipMoved{self, from, at, 0});
  attack_everything(e, self);
}

void borg_ship_arrived(Engine& e, CardId self, CardId ship) {
  // A ship stopping where it is (flying past is safe), or decloaking there (CRD IV.5C).
  const State& s = e.state();
  const CardState& card = s.cards[ship];
  if (e.has_effect(EffectKind::kNoAttacks, self)) return;  // Hugh
  if (e.is_ship(ship) && card.where == Where::kSpace && !card.cloaked &&
      card.loc == e.location_of(self))
    e.begin_ship_battle(kNoSeat, self, ship);
}

void borg_destroyed(Engine& e, CardId self, Seat by) {
  // The destroying player puts it in their bonus area for its points (CRD IV.5A: 45); the
  // damage markers on it go back under their side decks.
  if (by == kNoSeat) return;
  State& s = e.state();
  for (CardId c : std::vector<CardId>(s.in_play)) {
    if (s.cards[c].zone == Zone::kPlay && s.cards[c].host == self) e.to_discard(c);
  }
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, by);
  e.score(by, s.def(self).card.dilemma().points(), self);
}

}  // namespace

extern const Handler kBorgShip{
    .name = "borg_ship",
    .test = "tests/scenarios/S-06-borg-ship.scn",
    .end_of_turn = borg_end_of_turn,
    .ship_arrived = borg_ship_arrived,
    .figures = borg_figures,
    .self_controlling = true,
    .destroyed = borg_destroyed,
    .step = borg_step,
    .encounter = borg_encounter,
};

}  // namespace spacedock::stccg::handlers
