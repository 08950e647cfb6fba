// Blaze of Glory cards that change the tactic step of a ship battle (cards/ABILITIES.md §6):
// Attack Pattern Delta gives its player more tactic draws, one per ship of theirs in the battle.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// The side's ships taking part: those firing and those fired at.
int ships_in_battle(const Engine& e, const ShipBattleFrame& b, int side) {
  std::vector<CardId> ships;
  for (const auto* list : {&b.firing[side], &b.targets[1 - side]}) {
    for (CardId c : *list) {
      if (e.is_ship(c) && e.state().in_play_at(c) &&
          std::find(ships.begin(), ships.end(), c) == ships.end())
        ships.push_back(c);
    }
  }
  return static_cast<int>(ships.size());
}

// --- Attack Pattern Delta: at the start of a ship battle, its player may draw as many more
// tactics as they have ships in the battle. Its other use doubles a Tactical Console, which is in
// none of our sets, so only this one is offered, and only with a Battle Bridge open.

void delta_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  const ShipBattleFrame* b = starting_battle(e, window);
  if (!b || ship_battle_side(*b, seat) < 0 || !e.uses_markers(seat)) return;
  if (ships_in_battle(e, *b, ship_battle_side(*b, seat)) > 0)
    out.push_back({ActionKind::kPlayInterrupt, self});
}

Rule delta_still_legal(const Engine& e, Seat, const Action&) {
  return e.top_frame<ShipBattleFrame>() ? Rule::kOk : Rule::kNoTarget;
}

void delta_resolve(Engine& e, ActionFrame& f) {
  ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  const int side = b ? ship_battle_side(*b, f.actor) : -1;
  if (side < 0) return;
  const int more = ships_in_battle(e, *b, side);
  // Added to any other extra draws (Battle Bridge Door), or raising the normal two to 2 + X.
  const int draws = e.state().options.extra_tactic_draws_add_up
                        ? b->draws[side] + more
                        : std::max<int>(b->draws[side], 2 + more);
  b->draws[side] = static_cast<std::uint8_t>(draws);
}

}  // namespace

extern const Handler kAttackPatternDelta{
    .name = "attack_pattern_delta",
    .test = "tests/scenarios/card-bog-tactics.scn",
    .plays = delta_plays,
    .still_legal = delta_still_legal,
    .resolve = delta_resolve,
};

}  // namespace spacedock::stccg::handlers
