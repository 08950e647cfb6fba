// Alternate Universe cards of the Q-Continuum (cards/ABILITIES.md §5): they come into play
// through an open Alternate Universe Door (Engine::doorway_admits). Doppelganger: when a unique
// personnel arrives by moving where the other player has a copy of that card, the copy that was
// there first is discarded.
#include <string>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// Moving is the arrival: reporting or playing to a location is not (CRD IV.7), and beaming
// stays within one location, so only a ship stopping brings its crew. A personnel present with
// either copy who suspends it there (Katherine Pulaski, StccgWherePresent) spares the pair.
void doppelganger_ship_arrived(Engine& e, CardId self, CardId ship) {
  const State& s = e.state();
  const LocIndex here = e.location_of(ship);
  const std::string& title = s.def(self).title();
  std::vector<CardId> first_there;
  for (CardId mover : e.crew(ship)) {
    if (!e.is_personnel(mover) || !s.def(mover).unique()) continue;
    for (CardId c : s.in_play) {
      if (c != mover && e.is_personnel(c) && s.cards[c].controller != s.cards[mover].controller &&
          s.def(c).title() == s.def(mover).title() && e.location_of(c) == here &&
          s.cards[c].host != ship && !e.suspends_where_present(mover, title) &&
          !e.suspends_where_present(c, title))
        first_there.push_back(c);
    }
  }
  for (CardId c : first_there) {
    if (e.state().in_play_at(c)) e.to_discard(c);
  }
}

}  // namespace

extern const Handler kDoppelganger{
    .name = "doppelganger",
    .test = "tests/scenarios/card-au-door.scn",
    .plays = plays_on_table,
    .resolve = place_on_table,
    .ship_arrived = doppelganger_ship_arrived,
};

}  // namespace spacedock::stccg::handlers
