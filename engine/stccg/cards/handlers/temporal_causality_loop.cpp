// Temporal Causality Loop (cards/abilities/temporal-causality-loop.md): failed, the encountering
// player's last orders of the turn are undone (rules/journal.cpp) and the turn ends.
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// The first order undone (all after it are, the current one, the attempt, too): the second
// before the attempt, or by the option the one before it; the turn's first when fewer came.
std::size_t first_undone(const State& s) {
  const std::size_t current = s.journal.orders.size() - 1;
  const std::size_t before_attempt = s.options.causality_loop_spares_attempt ? 2 : 1;
  return current >= before_attempt ? current - before_attempt : 0;
}

void temporal_causality_loop(Engine& e, AttemptFrame& f) {
  const State& s = e.state();
  const CardId self = f.current;
  const bool fails = f.sub == DilemmaStep::kEntry && !e.condition_met(f, s.def(self).condition);
  e.standard_dilemma(f, &s.def(self).condition);  // 5 points, or stopped and discarded
  // Only the active player's own orders are journaled: met otherwise, it just stops the group.
  if (fails && f.player == s.active && !s.journal.orders.empty())
    e.rewind_orders(first_undone(s), self);
}

}  // namespace

extern const Handler kTemporalCausalityLoop{
    .name = "temporal_causality_loop",
    .test = "tests/scenarios/card-temporal-causality-loop.scn",
    .undoes_orders = true,
    .encounter = temporal_causality_loop,
};

}  // namespace spacedock::stccg::handlers
