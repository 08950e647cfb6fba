// Q-Continuum personnel whose special skill answers a death in battle (cards/ABILITIES.md §13):
// Kova Tholl scores for his owner when he dies in an attack they did not answer.
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr int kKovaThollBonus = 10;

// Whether the battle under way is an attack on `owner` that they do not answer: a ship battle
// without their return fire, or a personnel battle in which they do not fight back.
bool kova_unanswered_attack(const Engine& e, Seat owner) {
  if (const auto* ship = e.top_frame<ShipBattleFrame>())
    return ship->seat[1] == owner && ship->targets[1].empty();
  if (const auto* team = e.top_frame<PersonnelBattleFrame>())
    return team->attacker != owner && !team->retaliates;
  return false;
}

void kova_score(Engine& e, CardId self) {
  const Seat owner = e.state().cards[self].owner;
  if (kova_unanswered_attack(e, owner)) e.score(owner, kKovaThollBonus, self);
}

void kova_killed(Engine& e, CardId self, CardId victim) {
  if (victim == self) kova_score(e, self);
}

// Aboard a ship or facility destroyed, he dies with it.
void kova_vessel_destroyed(Engine& e, CardId self, CardId vessel, Seat) {
  const CardState& kova = e.state().cards[self];
  if (kova.where == Where::kAboard && kova.host == vessel) kova_score(e, self);
}

}  // namespace

extern const Handler kKovaTholl{
    .name = "kova_tholl",
    .test = "tests/scenarios/card-qc-bog-personnel.scn",
    .personnel_killed = kova_killed,
    .vessel_destroyed = kova_vessel_destroyed,
};

}  // namespace spacedock::stccg::handlers
