// Dilemmas that stay in play and count down at the end of each turn until cured
// (cards/ABILITIES.md §1, §10): Birth of "Junior" eats RANGE, Test Crossfire kills.
#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

void birth_of_junior(Engine& e, CardId self) {
  // At the end of each of the ship owner's turns the ship loses 1 RANGE for good; at RANGE 0 it
  // is destroyed. The loss is an effect of this card, so it ends when the card is cured.
  State& s = e.state();
  const CardId ship = s.cards[self].host;
  if (s.cards[ship].controller != s.active) return;
  Effect* lost = nullptr;
  for (Effect& x : s.effects) {
    if (x.kind == EffectKind::kAttribute && x.source == self && x.card == ship) lost = &x;
  }
  if (!lost) {
    lost = &add_attribute_while(e, self, ship, Attribute::kRange, 0);
  }
  --lost->value;
  if (e.attribute(ship, Attribute::kRange) <= 0) e.destroy_vessel(ship);
}

void test_crossfire(Engine& e, CardId self) {
  // At the end of each of the encountering player's turns, one of their personnel there dies.
  State& s = e.state();
  if (s.cards[self].controller != s.active) return;
  std::vector<CardId> there = e.cure_group(self);
  if (!there.empty()) e.picked_at_random(e.random_member(there), WindowKind::kPickedToDie);
}

}  // namespace

extern const Handler kBirthOfJunior{
    .name = "birth_of_junior",
    .test = "tests/scenarios/S-05-set-before-add.scn",
    .end_of_turn = birth_of_junior,
};

extern const Handler kTestCrossfire{
    .name = "test_crossfire",
    .test = "tests/scenarios/S-68-empathic-echo-friendly-fire.scn",
    .end_of_turn = test_crossfire,
};

}  // namespace spacedock::stccg::handlers
