// A weapon a hex lends to the vessels it affects (Launching Center, §17.3): an Attack maneuver
// for the hex's cost in Pwr, each further Pwr adding 1 hex of range; the captain's and crew's
// weapon bonus applies (§7.1).
#include <algorithm>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

const HexWeaponDef* Game::hex_weapon(Seat seat) const {
  const TileIndex tile = s_.vessels[seat].tile;
  if (!affected(s_, seat, tile)) return nullptr;
  const auto& weapon = event_at(s_, tile)->weapon;
  return weapon ? &*weapon : nullptr;
}

Rule Game::check_hex_weapon(const Action& a) const {
  const Seat seat = s_.active;
  const HexWeaponDef* weapon = hex_weapon(seat);
  if (weapon == nullptr) return Rule::kNoHexWeapon;
  if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
  const int reach = weapon->range + std::max(0, a.power - weapon->power);
  if (distance(s_, s_.vessels[seat].tile, s_.vessels[a.subject].tile) > reach) {
    return Rule::kOutOfRange;
  }
  if (a.power < weapon->power || a.power > s_.vessels[seat].power.available())
    return Rule::kInsufficientPower;
  return Rule::kOk;
}

void Game::fire_hex_weapon(const Action& a) {
  const Seat attacker = s_.active;
  const HexWeaponDef& weapon = *hex_weapon(attacker);
  pay(attacker, a.power);
  const auto range_power = static_cast<std::uint8_t>(a.power - weapon.power);
  emit(ev::AttackDeclared{attacker, a.subject, Weapon::kHex, a.power, range_power});
  roll_hit(attacker, a.subject, Weapon::kHex, weapon.damage.dice,
           weapon.damage.flat + weapon_bonus(s_, attacker), false);
}

}  // namespace spacedock::incursions
