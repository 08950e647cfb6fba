// Ships of the Q-Continuum and Blaze of Glory with a standing ability (cards/ABILITIES.md §14):
// the Zalkonian Vessel kills every John Doe where it is at the end of its owner's turn.
#include <vector>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// Whether a Transfiguration is played on `personnel`: he is transfigured, out of its reach.
bool zalkonian_transfigured(const State& s, CardId personnel) {
  for (CardId c : s.in_play) {
    if (s.cards[c].where == Where::kOn && s.cards[c].host == personnel &&
        s.def(c).title() == "Transfiguration")
      return true;
  }
  return false;
}

// Mandatory (CRD IV.11.E): every John Doe at its location, either player's, aboard a ship or
// facility there or on the planet.
void zalkonian_vessel_end_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active != s.cards[self].owner || !s.in_play_at(self) ||
      s.cards[self].where != Where::kSpace)
    return;
  const LocIndex here = e.location_of(self);
  std::vector<CardId> doomed;
  for (CardId c : s.in_play) {
    if (e.is_personnel(c) && s.def(c).title() == "John Doe" && e.location_of(c) == here &&
        !zalkonian_transfigured(s, c))
      doomed.push_back(c);
  }
  for (CardId c : doomed) {
    if (e.state().in_play_at(c)) e.kill(c);
  }
}

}  // namespace

extern const Handler kZalkonianVessel{
    .name = "zalkonian_vessel",
    .test = "tests/scenarios/card-qc-bog-ships.scn",
    .end_of_turn = zalkonian_vessel_end_of_turn,
};

}  // namespace spacedock::stccg::handlers
