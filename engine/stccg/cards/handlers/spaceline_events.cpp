// Events placed on the spaceline (cards/ABILITIES.md §5): Q-Net sits in the gap between two
// adjacent locations, held here as a card on the mission to the left of the gap, and stops every
// ship without 2 Diplomacy aboard from crossing it (CRD IV.7).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kQNet;

namespace {

// The gap a Q-Net on `mission` sits in: between its location and the next one.
LocIndex gap_of(const Engine& e, CardId q_net) {
  return e.state().cards[e.state().cards[q_net].host].loc;
}

bool gap_taken(const Engine& e, LocIndex gap) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(),
                     [&](CardId c) { return s.def(c).handler == &kQNet && gap_of(e, c) == gap; });
}

// Any gap but one already netted (one Q-Net there would do all a second could).
void q_net_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window) return;
  const auto& line = e.state().spaceline;
  for (std::size_t gap = 0; gap + 1 < line.size(); ++gap) {
    if (!gap_taken(e, static_cast<LocIndex>(gap)))
      out.push_back({ActionKind::kPlayEvent, self, line[gap].mission});
  }
}

Rule q_net_still_legal(const Engine& e, Seat, const Action& play) {
  return gap_taken(e, e.state().cards[play.b].loc) ? Rule::kNoTarget : Rule::kOk;
}

void q_net_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// Each ship on its own (no fleet moves past it, CRD III.6): 2 Diplomacy among its unstopped
// crew.
bool q_net_blocks(const Engine& e, CardId self, CardId ship, LocIndex from, LocIndex to) {
  const LocIndex gap = gap_of(e, self);
  if (gap < std::min(from, to) || gap >= std::max(from, to)) return false;
  const auto diplomacy = e.state().db->skills().find("Diplomacy");
  std::vector<CardId> crew = e.crew(ship);
  std::erase_if(crew, [&](CardId c) { return e.state().cards[c].stopped; });
  return !diplomacy || !has_skill(e, crew, *diplomacy, 4);
}

}  // namespace

extern const Handler kQNet{
    .name = "q_net",
    .test = "tests/scenarios/q-net.scn",
    .plays = q_net_plays,
    .still_legal = q_net_still_legal,
    .resolve = q_net_resolve,
    .blocks_move = q_net_blocks,
};

}  // namespace spacedock::stccg::handlers
