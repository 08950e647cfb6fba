// Damage and repair (§3.13): rotation damage, and the damage markers of a Battle Bridge side
// deck, which are never mixed on one opponent's card.
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

void Engine::damage(CardId target, Seat) {
  // Rotation damage: a damaged card hit again is destroyed (§3.13).
  if (damaged(target)) {
    destroy_vessel(target);
  } else {
    add_effect({.kind = EffectKind::kDamage, .until = Until::kRemoved, .card = target});
  }
}

void Engine::repair(CardId target) {
  end_effects([&](const Effect& x) { return x.kind == EffectKind::kDamage && x.card == target; });
}

}  // namespace spacedock::stccg
