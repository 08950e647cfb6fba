// Facilities of Q-Continuum (cards/ABILITIES.md §5): the Colony, a station that scores for the
// Away Team or the CIVILIANs who hold it unopposed.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Colony: a station built at a planet mission its player completed (data). It scores
// 1 point per CIVILIAN at the start of a turn, read one of two ways (rule option
// colony_scores_away_teams): by default (1997) at the start of every turn, for whoever has an
// unopposed Away Team at its location, the one of their Away Teams with the most CIVILIANs
// (only one scores), whoever owns the Colony; otherwise (TSV) at the start of its owner's turn,
// for its owner, per CIVILIAN aboard it while no opposing Away Team is there.

int colony_civilians(const Engine& e, const std::vector<CardId>& group) {
  return static_cast<int>(std::count_if(group.begin(), group.end(), [&](CardId c) {
    return e.facts(c).classification == Classification::kCivilian;
  }));
}

void colony_start_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  const LocIndex loc = s.cards[self].loc;
  if (loc == kNoLoc) return;
  if (!s.options.colony_scores_away_teams) {
    const Seat owner = s.cards[self].controller;
    if (s.active != owner || !e.away_teams(State::other(owner), loc).empty()) return;
    if (const int civilians = colony_civilians(e, e.crew(self)); civilians > 0)
      e.score(owner, civilians, self);
    return;
  }
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    if (!e.away_teams(State::other(seat), loc).empty()) continue;
    int best = 0;
    for (const std::vector<CardId>& team : e.away_teams(seat, loc))
      best = std::max(best, colony_civilians(e, team));
    if (best > 0) e.score(seat, best, self);
  }
}

}  // namespace

extern const Handler kColony{
    .name = "colony",
    .test = "tests/scenarios/card-qc-bog-facilities.scn",
    .start_of_turn = colony_start_of_turn,
};

}  // namespace spacedock::stccg::handlers
