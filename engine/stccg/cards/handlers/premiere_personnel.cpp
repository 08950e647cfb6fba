// Premiere personnel whose special skill the data cannot say
// (cards/abilities/premiere-personnel.md): the Exocomp repairs the damaged ship it is aboard after
// two of its owner's full turns, without an outpost (CRD II.1 "Damage", "Full turn").
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr int kExocompRepairTurns = 2;

// The damaged ship of its controller that `self` is aboard, or kNoCard.
CardId exocomp_damaged_ship(const Engine& e, CardId self) {
  const CardState& card = e.state().cards[self];
  const CardId ship = card.host;
  if (card.where != Where::kAboard || !e.is_ship(ship)) return kNoCard;
  if (e.state().cards[ship].controller != card.controller) return kNoCard;
  return e.damaged(ship) || e.has_markers(ship) ? ship : kNoCard;
}

// The Exocomp's repair count: `card` is the ship, `value` the full turns counted, `flag` set
// while the current turn began with the Exocomp aboard, `loc` where the ship was then.
Effect* exocomp_count(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card != self) return &x;
  }
  return nullptr;
}

void exocomp_forget_count(Engine& e, CardId self) {
  e.end_effects([&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card != self;
  });
}

// A full turn counts only if it begins with the Exocomp aboard the damaged ship; leaving it, or
// boarding another, starts the count again (premiere-a.md AMBIGUOUS: it must stay aboard).
void exocomp_turn_begins(Engine& e, CardId self) {
  if (e.state().cards[self].controller != e.state().active) return;
  const CardId ship = exocomp_damaged_ship(e, self);
  Effect* count = exocomp_count(e, self);
  if (count && count->card != ship) {
    exocomp_forget_count(e, self);
    count = nullptr;
  }
  if (ship == kNoCard) return;
  if (!count) {
    Effect started{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    started.source = self;
    started.card = ship;
    count = &e.add_effect(started);
  }
  count->flag = true;
  count->loc = e.state().cards[ship].loc;
}

// Under the option exocomp_ship_may_move off, a turn in which the ship moved does not count.
bool exocomp_ship_moved(const Engine& e, const Effect& count) {
  const CardState& ship = e.state().cards[count.card];
  return !e.state().options.exocomp_ship_may_move && (ship.range_used > 0 || ship.loc != count.loc);
}

void exocomp_turn_ends(Engine& e, CardId self) {
  if (e.state().cards[self].controller != e.state().active) return;
  Effect* count = exocomp_count(e, self);
  if (!count) return;
  const CardId ship = count->card;
  if (!count->flag || exocomp_damaged_ship(e, self) != ship || exocomp_ship_moved(e, *count)) {
    exocomp_forget_count(e, self);
    return;
  }
  count->flag = false;
  if (++count->value < kExocompRepairTurns) return;
  exocomp_forget_count(e, self);
  e.repair(ship);  // a full repair: rotation undone, every damage marker removed
}

}  // namespace

extern const Handler kExocompRepair{
    .name = "exocomp_repair",
    .test = "tests/scenarios/card-premiere-personnel-exocomp.scn",
    .start_of_turn = exocomp_turn_begins,
    .end_of_turn = exocomp_turn_ends,
};

}  // namespace spacedock::stccg::handlers
