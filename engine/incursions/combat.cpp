#include <algorithm>
#include <utility>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

void Game::fire(const Action& action) {
  if (action.denizen != 0) {
    attack_denizen(action);
    return;
  }
  const Seat attacker = s_.active;
  const Weapon weapon = action.kind == ActionKind::kFireW1 ? Weapon::kW1 : Weapon::kW2;
  pay(attacker, action.power + action.range_power);
  emit(ev::AttackDeclared{attacker, action.subject, weapon, action.power, action.range_power,
                          action.officer});
  const WeaponStats& stats = s_.ship(attacker).weapon(weapon);
  roll_hit(attacker, action.subject, weapon,
           stats.dice + action.power + hex_weapon_dice(s_, attacker, weapon) + card_dice(weapon),
           stats.flat + weapon_bonus(s_, attacker) +
               card_sum(s_, s_.committed, &CardEffect::attack_flat),
           false, action.officer);
}

int Game::card_dice(Weapon weapon) const {
  // Phasers boosts W1 only (§18); Fire's flat bonus goes with any weapon attack.
  return weapon == Weapon::kW1 ? card_sum(s_, s_.committed, &CardEffect::weapon_dice) : 0;
}

void Game::lay_mine(int power) {
  const Seat owner = s_.active;
  pay(owner, power);
  const WeaponStats& stats = s_.ship(owner).weapon(Weapon::kW3);
  Mine mine{s_.vessels[owner].tile, owner, static_cast<std::uint8_t>(stats.dice + power),
            static_cast<std::int8_t>(stats.flat), s_.turn};
  s_.mines.push_back(mine);
  emit(ev::MineLaid{mine.tile, mine.owner, mine.dice, mine.flat});
}

void Game::detonate_mine(Seat target) {
  // On its placing turn the owner may set the mine off at a vessel in the hex as an ordinary
  // attack, which the target may evade (§11.2).
  const Seat owner = s_.active;
  const Mine mine = *own_fresh_mine(owner);
  std::erase_if(s_.mines, [&](const Mine& m) { return m.owner == owner && m.tile == mine.tile; });
  emit(ev::AttackDeclared{owner, target, Weapon::kW3, 0, 0});
  emit(ev::MineDetonated{mine.tile, owner, mine.dice, mine.flat, target});
  if (mine.card != kNoCard) to_discard(owner, mine.card, v1::CARD_DISCARD_REASON_USED);
  roll_hit(owner, target, Weapon::kW3, mine.dice + hex_weapon_dice(s_, owner, Weapon::kW3),
           mine.flat + weapon_bonus(s_, owner), false);
}

std::pair<int, int> Game::roll_2d6(Seat seat, v1::DiceRollPurpose purpose) {
  const int a = s_.rng.d6();
  const int b = s_.rng.d6();
  emit(ev::DiceRolled{seat,
                      purpose,
                      2,
                      {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)},
                      0,
                      static_cast<std::int16_t>(a + b)});
  return {a, b};
}

bool Game::evade(Seat seat, int power) {
  // Pwr is spent whether or not the roll succeeds (§7.3 D2); 2D6 at most the score succeeds.
  pay(seat, power);
  const int score = evasion_score(s_, seat) + power;
  const auto [a, b] = roll_2d6(seat, v1::DICE_ROLL_PURPOSE_EVASION);
  const bool success = a + b <= score;
  emit(ev::EvasionResolved{seat, static_cast<std::uint8_t>(power), static_cast<std::int8_t>(score),
                           success});
  return success;
}

int Game::roll_dice(Seat seat, int dice, int flat, v1::DiceRollPurpose purpose,
                    std::uint8_t denizen) {
  ev::DiceRolled roll{seat,
                      purpose,
                      static_cast<std::uint8_t>(dice),
                      {},
                      static_cast<std::int16_t>(flat),
                      static_cast<std::int16_t>(flat)};
  roll.denizen = denizen;
  for (int i = 0; i < dice; ++i) {
    roll.dice[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(s_.rng.d6());
    roll.total = static_cast<std::int16_t>(roll.total + roll.dice[static_cast<std::size_t>(i)]);
  }
  emit(roll);
  return roll.total;
}

void Game::roll_hit(Seat attacker, Seat target, Weapon weapon, int dice, int flat, bool automatic,
                    int officer, int denizen) {
  // The damage is rolled and shown before the defender chooses (A06).
  const int damage = roll_dice(attacker, dice, flat, v1::DICE_ROLL_PURPOSE_DAMAGE,
                               static_cast<std::uint8_t>(denizen));
  open_hit(attacker, target, weapon, damage, automatic, officer, denizen);
}

void Game::open_hit(Seat attacker, Seat target, Weapon weapon, int damage, bool automatic,
                    int officer, int denizen) {
  s_.hit = Hit{};
  s_.hit.attacker = attacker;
  s_.hit.target = target;
  s_.hit.officer = static_cast<std::uint8_t>(officer);
  s_.hit.denizen = static_cast<std::uint8_t>(denizen);
  s_.hit.weapon = weapon;
  s_.hit.automatic = automatic;
  s_.hit.damage = static_cast<std::int16_t>(damage);
  s_.hit.evasion_open = !automatic;
  open(automatic ? Step::kAbsorb : Step::kDefend, target);
}

void Game::defend(const Action& action) {
  const Step step = s_.hit.automatic ? Step::kAbsorb : Step::kDefend;
  const Seat target = s_.hit.target;
  Vessel& v = s_.vessels[target];
  switch (action.kind) {
    case ActionKind::kEvade: {
      s_.hit.evasion_open = false;
      s_.hit.evaded = evade(target, action.power);
      break;
    }
    case ActionKind::kShieldPower:
      v.power.up = static_cast<std::uint8_t>(v.power.up - action.power);
      v.power.spent = static_cast<std::uint8_t>(v.power.spent + action.power);
      s_.hit.shield_power = static_cast<std::uint8_t>(s_.hit.shield_power + action.power);
      s_.hit.evasion_open = false;  // evasion comes before shield power (§7.3)
      emit(
          ev::ShieldPower{target, action.power,
                          static_cast<std::int16_t>(action.power * s_.ship(target).shield_absorb)});
      break;
    case ActionKind::kDefensiveRepair:
      // Paid now, applied after the damage (§8).
      pay(target, action.power);
      s_.hit.repair_chosen = true;
      s_.hit.repair_system = action.subject;
      s_.hit.repair_power = action.power;
      break;
    case ActionKind::kUseAux:
      use_aux(target);
      break;
    case ActionKind::kDivertShields:
      divert_shields(target);
      break;
    case ActionKind::kPlayCard:
      answer_hit_with_card(action);  // resume_hit() follows its windows
      return;
    default:  // kAccept
      resolve_hit();
      return;
  }
  open(step, target);
}

void Game::resume_hit(Seat target) {
  // A card answering the hit has had its windows: the target answers on, unless it has left
  // the game or an Event Block left nothing to answer.
  if (!s_.in_game(target) || s_.hit.target != target) {
    s_.hit = Hit{};
    return;
  }
  if (s_.hit.blocked) {
    resolve_hit();
    return;
  }
  open(s_.hit.automatic ? Step::kAbsorb : Step::kDefend, target);
}

void Game::resolve_hit() {
  const Hit hit = s_.hit;
  s_.hit = Hit{};
  const Seat target = hit.target;
  Vessel& v = s_.vessels[target];
  if (!v.eliminated && !hit.evaded && hit.officer != 0) {
    // A hit on an officer deals no damage to the vessel: unless shield power absorbs all of
    // it, the officer must evade or go face down (§13.4).
    const int absorbed = std::min<int>(
        hit.damage, hit.shield_power * s_.ship(target).shield_absorb + hit.card_absorb);
    if (hit.damage > absorbed && s_.officer(target, hit.officer - 1) != kNoCard) {
      hit_officer(target, hit.officer - 1);
    }
  } else if (!v.eliminated && !hit.evaded) {
    // Shield power first, then a hex's shield layer, then the shields, then the hull (§7.4);
    // where shields are offline, all of it goes to the hull.
    const bool offline = shields_offline(s_, target);
    const int absorbed =
        offline ? 0
                : std::min<int>(hit.damage,
                                hit.shield_power * s_.ship(target).shield_absorb + hit.card_absorb);
    const int layered = offline ? 0 : std::min<int>(hit.damage - absorbed, v.layer);
    v.layer = static_cast<std::uint8_t>(v.layer - layered);
    // A shuttle as armour next, even where shields are offline (§7.4).
    const int armoured = armour_takes(target, hit.damage - absorbed - layered);
    const int rest = hit.damage - absorbed - layered - armoured;
    const int to_shields = offline ? 0 : std::min<int>(rest, v.shields);
    const int to_hull = rest - to_shields;
    v.shields = static_cast<std::int16_t>(v.shields - to_shields);
    v.hull = static_cast<std::int16_t>(v.hull - to_hull);
    emit(ev::DamageApplied{target, hit.damage, static_cast<std::int16_t>(absorbed + layered),
                           static_cast<std::int16_t>(to_shields),
                           static_cast<std::int16_t>(to_hull), v.shields, v.hull,
                           static_cast<std::int16_t>(armoured)});
    if (armoured > 0) discard_spent_armour(target);
    if (v.hull <= 0) {
      destroyed(target);  // its repairs die with it
      return;
    }
  }
  if (!v.eliminated) {
    if (hit.repair_chosen) repair(target, hit.repair_system, hit.repair_power);
    if (hit.card_repair > 0) repair_hull_first(target, hit.card_repair);
    expire_diverted(target);
  }
  check_victory();
}

void Game::repair(Seat seat, int system, int power) {
  repair_by(seat, system, repair_points(s_, seat, power), power);
}

void Game::repair_by(Seat seat, int system, int points, int power) {
  Vessel& v = s_.vessels[seat];
  std::int16_t& value = system == 0 ? v.hull : v.shields;
  const int maximum = system == 0 ? s_.ship(seat).hull : shields_max(s_, seat);
  const int applied = std::clamp(maximum - value, 0, points);  // excess points are lost (A57)
  value = static_cast<std::int16_t>(value + applied);
  emit(ev::Repaired{seat, system == 0 ? v1::INCURSIONS_SYSTEM_HULL : v1::INCURSIONS_SYSTEM_SHIELDS,
                    static_cast<std::int16_t>(points), static_cast<std::int16_t>(applied), value,
                    static_cast<std::uint8_t>(power)});
}

void Game::repair_hull_first(Seat seat, int points) {
  const int to_hull = std::min<int>(points, s_.ship(seat).hull - s_.vessels[seat].hull);
  const bool shields_whole = s_.vessels[seat].shields >= shields_max(s_, seat);
  if (to_hull > 0 || shields_whole) repair_by(seat, 0, points, 0);
  if (points > to_hull && !shields_whole) repair_by(seat, 1, points - to_hull, 0);
}

void Game::discard_attached(Seat seat) {
  if (seat != s_.active) return;  // only the active player has cards attached
  for (CardId card : std::exchange(s_.attached, {}))
    to_discard(seat, card, v1::CARD_DISCARD_REASON_REMOVED);
}

void Game::eliminate(Seat seat, v1::EliminationReason reason) {
  // The ship card and its Pwr leave the game (§7.5); its mines stay on the board.
  Vessel& v = s_.vessels[seat];
  v.eliminated = true;
  v.cloaked = false;
  v.sweep = false;
  emit(ev::PlayerEliminated{seat, reason});
  discard_officers(seat);
  if (s_.full()) {
    discard_tabled(seat);
    if (v.craft != kNoCard)
      to_discard(seat, std::exchange(v.craft, kNoCard), v1::CARD_DISCARD_REASON_DESTROYED);
    discard_attached(seat);
  }
  check_beams();
  v.power = Power{0, 0, 0, 0, 0};
}

}  // namespace spacedock::incursions
