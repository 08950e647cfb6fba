// The hexes whose events their data cannot say in full (§17.3), each a handler registered by
// hex id. The data still decides whom they act on and when (HexEventDef); a handler runs on the
// triggers the data names, for a vessel the hex affects.
#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

Game::HexHandler Game::handler_for(const std::string& hex_id) {
  static constexpr std::array<std::pair<std::string_view, HexHandler>, 4> kHandlers = {{
      {"hex.004.borg_checkpoint", &Game::borg_checkpoint},
      {"hex.008.collective_impulse", &Game::collective_impulse},
      {"hex.052.spacestation", &Game::spacestation},
      {"hex.054.timestorm", &Game::timestorm},
  }};
  for (const auto& [id, handler] : kHandlers) {
    if (id == hex_id) return handler;
  }
  return nullptr;
}

void Game::borg_checkpoint(Seat seat, TileIndex tile, bool) {
  // Each crewmember of an entering non-Borg vessel (not its captain) rolls its own espionage
  // evasion; one that fails is assimilated: by the hex's owner if they fly a Borg ship and are
  // still in, else it goes to its owner's discard pile (§17.3 [P]).
  const Seat owner = s_.board.tile(tile).owner;
  const bool borg_owner = s_.in_game(owner) && owner != seat && s_.race(owner) == v1::RACE_BORG;
  for (int position = 1; position < kPositions; ++position) {
    const CardId card = s_.officer(seat, position);
    if (card == kNoCard) continue;
    if (espionage_evasion(seat, espionage_score(s_, seat, position))) continue;
    if (borg_owner) {
      take_officer(seat, position, owner);
    } else {
      discard_officer(seat, position);
    }
  }
}

void Game::collective_impulse(Seat seat, TileIndex, bool) {
  // Two free hexes on the vessel's next warp, this turn or its next (§17.3 [P]).
  s_.vessels[seat].impulse = 2;
  s_.vessels[seat].impulse_aged = false;
}

void Game::spacestation(Seat seat, TileIndex, bool) {
  // 1D6 on the station's table (§17.3 [P], A44): 1-2 2D6 damage, 3-4 a repair of 6 to the hull
  // or the shields, 5-6 two cards or, without decks, two Pwr face up.
  const int roll = roll_dice(seat, 1, 0, v1::DICE_ROLL_PURPOSE_TABLE);
  if (roll <= 2) {
    const int damage = s_.options.rules.spacestation_flat_damage
                           ? 2
                           : roll_dice(seat, 2, 0, v1::DICE_ROLL_PURPOSE_EVENT);
    open_hit(kNoSeat, seat, Weapon::kW1, damage, /*automatic=*/true);
  } else if (roll <= 4) {
    s_.event_repair = 6;
    open(Step::kEventRepair, seat);
  } else {
    reward(seat, 2, 2);
  }
}

void Game::timestorm(Seat seat, TileIndex tile, bool) {
  // Once per game (or, as a variant, on every arrival) every vessel is pulled in, cloaked ones
  // too; a pull is no stop (A18, A20).
  if (!fire_unique(s_.board.tile(tile).hex) && !s_.options.rules.timestorm_every_arrival) return;
  for (Seat other = 0; other < s_.players; ++other) {
    if (other == seat || !s_.in_game(other) || s_.vessels[other].tile == tile) continue;
    place(other, tile);
    emit(ev::Teleported{other, tile});
  }
  check_beams();
}

}  // namespace spacedock::incursions
