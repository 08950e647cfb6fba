// Missions whose span is worked out for each ship that moves (cards/ABILITIES.md §12):
// FGC-47 Research costs 6 less the Navigation aboard the moving ship, never under 1.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr int kFgc47Span = 6;

int fgc_47_span(const Engine& e, CardId, CardId mover) {
  // Each Navigation aboard counts, Navigation x2 twice (CONDITIONS.md); a card that moves with
  // no crew (Calamarain) pays 6 (CRD IV.2B).
  const auto navigation = e.state().db->skills().find("Navigation");
  int halves = 0;
  if (navigation) {
    for (CardId c : e.crew(mover))
      halves += e.skilled_facts(c).skills[*navigation];
  }
  return std::max(1, kFgc47Span - halves / 2);
}

}  // namespace

extern const Handler kFgc47Research{
    .name = "fgc_47_research",
    .test = "tests/scenarios/S-54-variable-spans.scn",
    .span = fgc_47_span,
};

}  // namespace spacedock::stccg::handlers
