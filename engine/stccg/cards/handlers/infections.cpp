// Dilemmas that infect a ship and take skills from everyone aboard while they stay on it
// (cards/ABILITIES.md §1): Tsiolkovsky Infection takes the first entry of each skill box, as an
// effect on the ship that Engine::base_facts reads, so the cure counts what is left.
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// Its effect on `ship`; a second copy on an infected ship adds nothing (not cumulative).
void infect(Engine& e, CardId self, CardId ship) {
  if (ship == kNoCard || e.has_effect(EffectKind::kSkillEntryLost, ship)) return;
  Effect loss{.kind = EffectKind::kSkillEntryLost, .until = Until::kSourceLeaves};
  loss.source = self;
  loss.card = ship;
  loss.value = 0;  // the first entry of the skill box
  e.add_effect(loss);
}

void tsiolkovsky_encounter(Engine& e, AttemptFrame& f) {
  // The loss comes first, so that the cure is counted after it (CRD IV.5C); the rest is the
  // standard procedure: no conditions, nobody stopped, attached to the ship.
  const CardId self = f.current;
  infect(e, self, f.vessel);
  e.standard_dilemma(f, &e.state().def(self).condition);
  // Cured at once: it never stayed, and takes nothing.
  if (e.state().cards[self].zone != Zone::kPlay) {
    e.end_effects(
        [&](const Effect& x) { return x.kind == EffectKind::kSkillEntryLost && x.source == self; });
  }
}

void tsiolkovsky_state_check(Engine& e, CardId self) {
  // On a ship however it got there (a position set up by hand), and taking over from a copy
  // that was cured or discarded.
  const CardId ship = e.state().cards[self].host;
  if (e.is_ship(ship)) infect(e, self, ship);
}

}  // namespace

extern const Handler kTsiolkovskyInfection{
    .name = "tsiolkovsky_infection",
    .test = "tests/scenarios/S-53-tsiolkovsky-infection.scn",
    .state_check = tsiolkovsky_state_check,
    .encounter = tsiolkovsky_encounter,
};

}  // namespace spacedock::stccg::handlers
