// Missions whose special text acts on the spaceline (cards/ABILITIES.md §12): Paxan "Wormhole"
// sends away an opponent's ship that stops there with no android aboard, and Space, a universal
// spacer, has a span that grows with the universal locations beside it.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr int kSpaceBaseSpan = 3;

// The mission's owner sends an opponent's ship with no android aboard elsewhere: the owner
// picks the location next (paxan_step), or the ship's owner with the rule option
// paxan_mission_owner_picks off.
void paxan_ship_arrived(Engine& e, CardId self, CardId ship) {
  State& s = e.state();
  const Seat owner = s.cards[self].owner;
  if (!e.is_ship(ship) || s.cards[ship].controller == owner || s.spaceline.size() < 2) return;
  const auto crew = e.crew(ship);
  if (std::any_of(crew.begin(), crew.end(),
                  [&](CardId c) { return e.facts(c).kind == PersonnelKind::kAndroid; }))
    return;
  const Seat picker = s.options.paxan_mission_owner_picks ? owner : s.cards[ship].controller;
  s.frames.emplace_back(CardFrame{.card = self, .player = picker, .chosen = ship});
}

void paxan_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId ship = f.chosen;
  const LocIndex here = mission_location(s, f.card);
  if (!s.in_play_at(ship) || e.location_of(ship) != here) {
    s.frames.pop_back();  // gone already: nothing to send away
    return;
  }
  std::vector<CardId> elsewhere;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (loc != here) elsewhere.push_back(s.spaceline[loc].mission);
  }
  auto where = e.pick(f.player, elsewhere);
  if (!where) return;
  s.frames.pop_back();  // `f` is gone from here on
  // Relocated, not moved: it spends no RANGE.
  const LocIndex to = mission_location(s, *where);
  CardState& card = s.cards[ship];
  card.loc = to;
  card.undocked = false;
  card.docked_all_turn = false;
  e.emit(ev::ShipMoved{ship, here, to, 0});
}

// Span X: 3, plus 1 for each universal location next to it.
int space_span(const Engine& e, CardId self, CardId) {
  const State& s = e.state();
  const LocIndex here = mission_location(s, self);
  int span = kSpaceBaseSpan;
  if (here == kNoLoc) return span;
  const auto universal_at = [&](LocIndex loc) {
    return loc < s.spaceline.size() && s.def(s.spaceline[loc].mission).card.universal();
  };
  if (here > 0 && universal_at(here - 1)) ++span;
  if (universal_at(here + 1)) ++span;
  return span;
}

}  // namespace

extern const Handler kPaxanWormhole{
    .name = "paxan_wormhole",
    .test = "tests/scenarios/card-qc-bog-missions.scn",
    .ship_arrived = paxan_ship_arrived,
    .step = paxan_step,
    .choose_label = "choose where the ship is sent",
};

extern const Handler kSpace{
    .name = "space",
    .test = "tests/scenarios/card-qc-bog-missions.scn",
    .seeds_between_missions = true,
    .span = space_span,
};

}  // namespace spacedock::stccg::handlers
