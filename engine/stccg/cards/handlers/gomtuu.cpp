// Gomtuu (cards/abilities/dual-affiliation.md; CRD IV.11.E): its WEAPONS box is a "*". Its fire
// does no damage: a ship it fires at whose defense is under 9 plus the enhancements of Gomtuu's
// WEAPONS (Data's Head: under 11) is thrown, undamaged, up to 9 span along the spaceline either
// way, where Gomtuu's controller chooses, or not at all. The throw uses none of the ship's RANGE;
// a card acting on the locations it crosses acts (Subspace Warp Rift), and a Q-Net on the way
// stops it short (no landing beyond the net is offered). The ship thrown still returns fire: the
// throw comes once the battle's damage is applied (Handler::fires_otherwise). Staffed, it is
// immune to Supernova (Handler::immune_to).
#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace gomtuu_detail {

constexpr int kGomtuuReach = 9;  // the SHIELDS a target must be under, and the span of the throw

// The missions of the locations the ship may land at.
std::vector<CardId> landings(const Engine& e, CardId ship) {
  const State& s = e.state();
  const LocIndex from = s.cards[ship].loc;
  std::vector<CardId> out;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (loc != from && e.move_cost(ship, from, loc) <= kGomtuuReach &&
        !e.move_blocked(ship, from, loc, Passage::kThrown))
      out.push_back(s.spaceline[loc].mission);
  }
  return out;
}

bool throwable(const Engine& e, CardId ship) {
  const State& s = e.state();
  return s.in_play_at(ship) && e.is_ship(ship) && s.cards[ship].where == Where::kSpace &&
         !landings(e, ship).empty();
}

void fires(Engine& e, CardId self, CardId target, int attack, int defense) {
  if (defense >= kGomtuuReach + attack || !throwable(e, target)) return;
  State& s = e.state();
  s.frames.emplace_back(
      CardFrame{.card = self, .player = s.cards[self].controller, .chosen = target});
}

void throw_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  const CardId ship = f.chosen;
  std::optional<CardId> landing = kNoCard;
  if (throwable(e, ship)) {
    landing = e.pick_or_done(f.player, landings(e, ship));
    if (!landing) return;
  }
  s.frames.pop_back();  // `f` is gone from here on; the move may start another battle
  if (*landing == kNoCard) return;
  const auto range_used = s.cards[ship].range_used;
  e.move_ship(ship, mission_location(s, *landing));
  if (s.in_play_at(ship)) s.cards[ship].range_used = range_used;  // thrown: no RANGE used
}

// Staffed, it is immune to Supernova (au.md).
bool immune(const Engine& e, CardId self, CardId card) {
  return e.state().def(card).title() == "Supernova" && e.staffed(self, e.crew(self));
}

}  // namespace gomtuu_detail

extern const Handler kGomtuu{
    .name = "gomtuu",
    .test = "tests/scenarios/card-au-dual-affiliation.scn",
    .fires_otherwise = gomtuu_detail::fires,
    .immune_to = gomtuu_detail::immune,
    .step = gomtuu_detail::throw_step,
    .choose_label = "choose where to throw the ship it fired at (done: leave it there)",
};

}  // namespace spacedock::stccg::handlers
