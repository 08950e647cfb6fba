// Denizens (§10): spawning, their attacks on the vessels that trigger them, ships' attacks on
// them, and what their destruction brings.
#include <algorithm>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

void Game::spawn_denizen(TileIndex tile) {
  // At full life, in its own hex; a hex keeps one record, so a respawn reuses it.
  const DenizenDef& def = *event_at(s_, tile)->denizen;
  auto found = std::find_if(s_.denizens.begin(), s_.denizens.end(),
                            [&](const Denizen& d) { return d.home == tile && !d.placed(); });
  if (found == s_.denizens.end()) found = s_.denizens.insert(s_.denizens.end(), Denizen{tile});
  *found = Denizen{tile, tile, static_cast<std::int16_t>(def.life), true, kNoSeat};
  emit(ev::DenizenSpawned{static_cast<std::uint8_t>(found - s_.denizens.begin())});
}

void Game::denizen_attack(int index, Seat target) {
  const Denizen& d = s_.denizens[static_cast<std::size_t>(index)];
  if (!d.alive || !s_.in_game(target) || s_.vessels[target].tile != d.tile) return;
  // The server rolls for the denizen (§10.2); the vessel defends as against any attack.
  const auto id = static_cast<std::uint8_t>(index + 1);
  ev::AttackDeclared declared{kNoSeat, target, Weapon::kW1, 0, 0};
  declared.denizen_attacker = id;
  emit(declared);
  const Dice weapon = denizen_weapon(s_, d, s_.committed);
  roll_hit(kNoSeat, target, Weapon::kW1, weapon.dice, weapon.flat, false, 0, id);
}

void Game::attack_denizen(const Action& action) {
  const Seat attacker = s_.active;
  const int index = action.denizen - 1;
  const Weapon weapon = action.kind == ActionKind::kFireW1 ? Weapon::kW1 : Weapon::kW2;
  pay(attacker, action.power + action.range_power);
  ev::AttackDeclared declared{attacker, kNoSeat, weapon, action.power, action.range_power};
  declared.denizen_target = action.denizen;
  emit(declared);
  const WeaponStats& stats = s_.ship(attacker).weapon(weapon);
  const int damage = roll_dice(
      attacker,
      stats.dice + action.power + hex_weapon_dice(s_, attacker, weapon) + card_dice(weapon),
      stats.flat + weapon_bonus(s_, attacker) +
          card_sum(s_, s_.committed, &CardEffect::attack_flat));
  strike_denizen(index, damage, attacker);
}

void Game::denizen_attacks_denizen(int index, int target) {
  const Denizen& d = s_.denizens[static_cast<std::size_t>(index)];
  if (!d.alive || !s_.denizens[static_cast<std::size_t>(target)].alive) return;
  const auto id = static_cast<std::uint8_t>(index + 1);
  ev::AttackDeclared declared{kNoSeat, kNoSeat, Weapon::kW1, 0, 0};
  declared.denizen_attacker = id;
  declared.denizen_target = static_cast<std::uint8_t>(target + 1);
  emit(declared);
  const Dice weapon = denizen_weapon(s_, d, s_.committed);
  const int damage = roll_dice(kNoSeat, weapon.dice, weapon.flat, v1::DICE_ROLL_PURPOSE_DAMAGE, id);
  // Its owner ordered the attack, so a kill rewards its owner (§10.4) [R].
  strike_denizen(target, damage, d.owner);
}

void Game::strike_denizen(int index, int damage, Seat attacker) {
  Denizen& d = s_.denizens[static_cast<std::size_t>(index)];
  // It evades on 2D6 at most its score, with no Pwr; platforms never evade (§10.1, §10.2).
  const DenizenDef& def = s_.def(d);
  const bool evaded =
      def.evasion > 0 && roll_dice(kNoSeat, 2, 0, v1::DICE_ROLL_PURPOSE_DENIZEN_EVASION,
                                   static_cast<std::uint8_t>(index + 1)) <= def.evasion;
  if (!evaded) d.life = static_cast<std::int16_t>(d.life - damage);
  emit(ev::DenizenDamaged{static_cast<std::uint8_t>(index),
                          static_cast<std::int16_t>(evaded ? 0 : damage), d.life, evaded});
  if (d.life <= 0) kill_denizen(index, attacker);
}

void Game::offer_kill_reward(Seat killer) {
  if (!s_.in_game(killer)) return;
  // The killer chooses: 2 spent Pwr face up, or 3 cards; with only one of them to be had, it
  // takes that one (A23).
  const bool cards = s_.full() && !s_.zones[killer].deck.empty();
  if (cards && s_.vessels[killer].power.spent > 0) {
    open(Step::kReward, killer);
    return;
  }
  take_kill_reward(killer, cards ? kRewardDrawCards : kRewardFlipPower);
}

void Game::take_kill_reward(Seat killer, int choice) {
  if (choice == kRewardDrawCards) {
    reward(killer, kRewardCards, 0);
  } else {
    reward(killer, 0, kRewardPower);
  }
}

void Game::kill_denizen(int index, Seat killer) {
  Denizen& d = s_.denizens[static_cast<std::size_t>(index)];
  d.alive = false;
  d.life = 0;
  emit(ev::DenizenDestroyed{static_cast<std::uint8_t>(index), killer});
  // The killer's reward (§10.4), once what it was doing is resolved.
  if (s_.in_game(killer)) s_.tasks.push_back({Task::Kind::kKillReward, killer});
  if (d.placed()) {  // its card goes to its owner's discard pile (A32)
    to_discard(d.owner, d.card, v1::CARD_DISCARD_REASON_DESTROYED);
    return;
  }
  // A wormhole's guardians dead, every vessel there that is not cloaked rolls at once, in turn
  // order (§17.3, Wormhole (III)).
  const HexIndex hex = s_.board.tile(d.home).hex;
  if (!s_.content->hex(hex).wormhole) return;
  for (int i = s_.players - 1; i >= 0; --i) {
    const auto seat = static_cast<Seat>((s_.active + i) % s_.players);
    if (s_.in_game(seat) && s_.vessels[seat].tile == d.tile && !s_.vessels[seat].cloaked)
      s_.tasks.push_back({Task::Kind::kWormhole, seat, d.tile, kNoSeat});
  }
}

}  // namespace spacedock::incursions
