#include "engine/incursions/game.h"

namespace spacedock::incursions {

void Game::pay(Seat seat, int power) {
  // Diverted Pwr goes first: it is lost anyway if this action does not use it.
  Power& p = s_.vessels[seat].power;
  const int from_diverted = std::min<int>(power, p.diverted);
  p.diverted = static_cast<std::uint8_t>(p.diverted - from_diverted);
  const int from_cards = power - from_diverted;
  p.up = static_cast<std::uint8_t>(p.up - from_cards);
  p.spent = static_cast<std::uint8_t>(p.spent + from_cards);
}

void Game::use_aux(Seat seat) {
  // Only spent cards flip; allocated ones keep powering their system (A55).
  Vessel& v = s_.vessels[seat];
  const std::uint8_t restored = v.power.spent;
  v.power.up = static_cast<std::uint8_t>(v.power.up + restored);
  v.power.spent = 0;
  v.aux = false;
  emit(ev::AuxUsed{seat, restored});
}

void Game::divert_shields(Seat seat) {
  Vessel& v = s_.vessels[seat];
  v.shields = static_cast<std::int16_t>(v.shields - 5);
  ++v.power.diverted;
  emit(ev::ShieldsDiverted{seat, v.shields, v.power.diverted});
}

void Game::expire_diverted(Seat seat) {
  s_.vessels[seat].power.diverted = 0;
}

}  // namespace spacedock::incursions
