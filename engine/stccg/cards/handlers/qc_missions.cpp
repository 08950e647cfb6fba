// Q-Continuum missions whose special text acts outside the attempt (cards/ABILITIES.md §12):
// Investigate Legend cloaks and uncloaks its planet at every score, and Samaritan Snare makes a
// Federation ship that stops there attempt it. Their solve costs are data (StccgSolveCost).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// Every score, by either player, switches the planet between cloaked and uncloaked (a loss of
// points is not a score; a mission's value changing scores nothing, so it switches nothing).
void legend_points_scored(Engine& e, CardId self, Seat, int points) {
  if (points <= 0) return;
  const LocIndex here = mission_location(e.state(), self);
  if (here == kNoLoc) return;
  const auto cloak = [&](const Effect& x) {
    return x.kind == EffectKind::kPlanetCloaked && x.loc == here && x.source == self;
  };
  auto& effects = e.state().effects;
  if (std::any_of(effects.begin(), effects.end(), cloak)) {
    e.end_effects(cloak);
    return;
  }
  Effect cloaked{.kind = EffectKind::kPlanetCloaked, .until = Until::kRemoved};
  cloaked.loc = here;
  cloaked.source = self;
  cloaked.card = self;
  e.add_effect(cloaked);
}

// A Federation ship stopping here must attempt the mission this turn, if it can.
void snare_ship_arrived(Engine& e, CardId self, CardId ship) {
  State& s = e.state();
  if (!e.is_ship(ship) || !(e.affiliations(ship) & bit(Affiliation::kFederation))) return;
  const LocIndex here = mission_location(s, self);
  if (here == kNoLoc) return;
  Effect must{.kind = EffectKind::kRequiredAttempt, .until = Until::kEndOfTurn};
  must.player = s.cards[ship].controller;
  must.loc = here;
  must.source = self;
  must.card = ship;
  e.add_effect(must);
}

}  // namespace

extern const Handler kInvestigateLegend{
    .name = "investigate_legend",
    .test = "tests/scenarios/card-qc-missions-2.scn",
    .points_scored = legend_points_scored,
};

extern const Handler kSamaritanSnare{
    .name = "samaritan_snare",
    .test = "tests/scenarios/card-qc-missions-2.scn",
    .ship_arrived = snare_ship_arrived,
};

}  // namespace spacedock::stccg::handlers
