// Events that stay on their player's table and change the rules while they last
// (cards/ABILITIES.md §5): Goddess of Empathy bans interrupts.
#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kKevinUxbridge, kQ2;

namespace {

void on_table_plays(const Engine&, Seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (!window) out.push_back({ActionKind::kPlayEvent, self});
}

void to_table(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor);
}

// --- Goddess of Empathy: no interrupts for either player until the end of her player's next
// turn, except Kevin Uxbridge and Q2 (CRD II.2; S-46).

bool goddess_forbids(const Engine& e, CardId, Seat, CardId card) {
  const CardDef& def = e.state().def(card);
  return def.type() == v1::STCCG_CARD_TYPE_INTERRUPT && def.handler != &kKevinUxbridge &&
         def.handler != &kQ2;
}

void goddess_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active == s.cards[self].controller && s.turn > placed_on_turn(e, self)) e.to_discard(self);
}

}  // namespace

extern const Handler kGoddessOfEmpathy{
    .name = "goddess_of_empathy",
    .test = "tests/scenarios/S-46-responses-after-the-action.scn",
    .plays = on_table_plays,
    .resolve = to_table,
    .end_of_turn = goddess_end_of_turn,
    .forbids_play = goddess_forbids,
};

}  // namespace spacedock::stccg::handlers
