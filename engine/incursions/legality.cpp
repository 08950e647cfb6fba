#include <algorithm>
#include <optional>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

using enum ActionKind;

// Klingons and Romulans can target each other through cloaks (A14).
// The ship's weapon system an action uses, if any.
std::optional<Weapon> system_used(ActionKind kind) {
  switch (kind) {
    case kFireW1:
      return Weapon::kW1;
    case kFireW2:
      return Weapon::kW2;
    case kLayMine:
    case kDetonateMine:
      return Weapon::kW3;
    default:
      return std::nullopt;
  }
}

bool locates(v1::Race a, v1::Race b) {
  auto cloakers = [](v1::Race r) { return r == v1::RACE_KLINGON || r == v1::RACE_ROMULAN; };
  return cloakers(a) && cloakers(b);
}

// Parameters an action kind does not use must be zero, so every action has exactly one id.
bool canonical(const Action& a) {
  switch (a.kind) {
    case kPlayCard:  // its parameters depend on the card: see check_card
      return a.card != 0 && a.denizen == 0 && a.range_power == 0;
    case kDiscardCard:
    case kTakeCard:
    case kTurnDownCard:
      return a.card != 0 && a.subject == 0 && a.power == 0 && a.range_power == 0 &&
             a.officer == 0 && a.denizen == 0;
    case kFireCardWeapon:  // the card is the weapon; the subject its target
      return a.card != 0 && a.range_power == 0 && a.officer == 0 && a.denizen == 0;
    case kDenizenAttack:  // a vessel in the subject, or a denizen (attacked_denizen)
      return a.denizen != 0 && a.power == 0 && a.range_power == 0 && a.officer == 0 &&
             (a.card == 0 || a.subject == 0);
    case kAssimilate:  // an equipment card instead of an officer
      if (a.card != 0)
        return a.officer == 0 && a.power == 0 && a.range_power == 0 && a.denizen == 0;
      break;
    case kRepair:  // aimed at a card in front of the vessel (Pardus Claw), or a system
      if (a.card != 0)
        return a.subject == 0 && a.range_power == 0 && a.officer == 0 && a.denizen == 0;
      break;
    default:
      if (a.card != 0) return false;
      break;
  }
  switch (a.kind) {
    case kDominate:
      return a.denizen != 0 && a.subject == 0 && a.power == 0 && a.range_power == 0 &&
             a.officer == 0;
    case kDenizenMove:
      return a.denizen != 0 && a.power == 0 && a.range_power == 0 && a.officer == 0;
    case kFireHexWeapon:
      return a.denizen == 0 && a.range_power == 0 && a.officer == 0;
    default:
      break;
  }
  if (a.denizen != 0) {
    // A denizen is a weapon's whole target, or a repair's (an Outpost).
    if (a.kind == kRepair) return a.subject == 0 && a.officer == 0 && a.range_power == 0;
    return (a.kind == kFireW1 || a.kind == kFireW2) && a.subject == 0 && a.officer == 0 &&
           (a.kind == kFireW2 || a.range_power == 0);
  }
  bool subject = false;
  bool power = false;
  bool range = false;
  bool officer = false;
  switch (a.kind) {
    case kFireW2:
      range = true;
      [[fallthrough]];
    case kFireW1:
      officer = true;
      [[fallthrough]];
    case kTractor:
    case kRepair:
    case kDefensiveRepair:
      subject = power = true;
      break;
    case kAssimilate:
      return a.officer >= 1 && a.officer <= kPositions && a.power == 0 && a.range_power == 0;
    case kRestoreOfficer:
      return a.officer >= 1 && a.officer <= kPositions && a.subject == 0 && a.power == 0 &&
             a.range_power == 0;
    case kDetonateMine:
    case kMove:
    case kExplore:
    case kBreakTractor:
    case kChooseReward:
    case kCut:
      subject = true;
      break;
    case kLayMine:
    case kEvade:
    case kShieldPower:
      power = true;
      break;
    default:
      break;
  }
  return (subject || a.subject == 0) && (power || a.power == 0) && (range || a.range_power == 0) &&
         (officer ? a.officer <= kPositions : a.officer == 0);
}

}  // namespace

bool Game::held(Seat seat) const {
  for (Seat other = 0; other < s_.players; ++other) {
    if (s_.in_game(other) && s_.vessels[other].holding == seat) return true;
  }
  return false;
}

std::array<std::uint8_t, kMaxTiles> Game::mine_costs(Seat mover) const {
  std::array<std::uint8_t, kMaxTiles> cost{};
  for (const Mine& mine : s_.mines) {
    if (mine.owner != mover && mine.laid_turn != s_.turn) ++cost[mine.tile];
  }
  return cost;
}

const Mine* Game::own_fresh_mine(Seat seat) const {
  for (const Mine& mine : s_.mines) {
    if (mine.owner == seat && mine.tile == s_.vessels[seat].tile && mine.laid_turn == s_.turn) {
      return &mine;
    }
  }
  return nullptr;
}

Rule Game::check_target(Seat attacker, Seat target) const {
  if (target == attacker || !s_.in_game(target)) return Rule::kInvalidTarget;
  if (s_.vessels[target].cloaked && !s_.vessels[attacker].sweep &&
      (s_.options.rules.cloak_sight_only || !locates(s_.race(attacker), s_.race(target)))) {
    return Rule::kTargetCloaked;
  }
  return Rule::kOk;
}

Rule Game::check_evasion(Seat seat, int power) const {
  if (held(seat) || evasion_forbidden_here(s_, seat)) return Rule::kEvasionForbidden;
  if (power > s_.vessels[seat].power.available()) return Rule::kInsufficientPower;
  // At least one Pwr, and a score below 2 can never succeed (A05).
  if (power < 1 || evasion_score(s_, seat) + power < 2) return Rule::kInvalidEvasion;
  return Rule::kOk;
}

Rule Game::check_officer(Seat seat, int officer) const {
  // `officer` is a position + 1; the card must be tabled there.
  return officer >= 1 && s_.officer(seat, officer - 1) != kNoCard ? Rule::kOk : Rule::kNoOfficer;
}

Rule Game::check_action(const Action& a) const {
  if (!canonical(a)) return Rule::kUnknownOption;
  const Seat seat = decider();
  const Vessel& v = s_.vessels[seat];
  auto free_action = [&]() {
    if (a.kind == kUseAux) return v.aux ? Rule::kOk : Rule::kAuxUsed;
    return v.shields >= 5 && v.power.diverted < kMaxDiverted ? Rule::kOk
                                                             : Rule::kInsufficientShields;
  };
  switch (s_.step) {
    case Step::kNone:
      return Rule::kWrongStep;
    case Step::kCut:
      if (a.kind != kCut) return Rule::kWrongStep;
      return a.subject < cut_size() ? Rule::kOk : Rule::kInvalidCut;
    case Step::kKeepCloak:
    case Step::kKeepTractor: {
      if (a.kind == kRelease) return Rule::kOk;
      if (a.kind != kKeep) return Rule::kWrongStep;
      const int cost = s_.step == Step::kKeepCloak ? cloak_cost(s_, seat) : v.beam;
      return v.power.up >= cost ? Rule::kOk : Rule::kInsufficientPower;
    }
    case Step::kManeuver:
      if (!s_.in_game(seat)) return check_domination(a);
      if (a.kind == kUseAux || a.kind == kDivertShields) return free_action();
      return check_maneuver(a);
    case Step::kTractorLock:
      switch (a.kind) {
        case kEvade:
          return check_evasion(seat, a.power);
        case kUseAux:
        case kDivertShields:
          return free_action();
        case kAccept:
          return Rule::kOk;
        default:
          return Rule::kWrongStep;
      }
    case Step::kEventRepair:
      if (a.kind != kRepair || a.power != 0 || a.card != 0) return Rule::kWrongStep;
      return a.subject <= 1 ? Rule::kOk : Rule::kInvalidSystem;
    case Step::kRespond:
      switch (a.kind) {
        case kAccept:
          return Rule::kOk;
        case kUseAux:
          return free_action();
        case kPlayCard:
          return check_card(a);
        default:
          return Rule::kWrongStep;
      }
    case Step::kEscape:
    case Step::kBlockEvent:
      if (a.kind == kAccept) return Rule::kOk;
      return a.kind == kPlayCard ? check_card(a) : Rule::kWrongStep;
    case Step::kSabotage:
      return check_turn_down(a);
    case Step::kReward:
      if (a.kind != kChooseReward) return Rule::kWrongStep;
      return a.subject <= kRewardDrawCards ? Rule::kOk : Rule::kUnknownOption;
    case Step::kDiscard:
      if (a.kind != kDiscardCard) return Rule::kWrongStep;
      return in_hand(seat, a.card - 1u) ? Rule::kOk : Rule::kNotInHand;
    case Step::kSearchDeck:
    case Step::kTakeFromHand: {
      if (a.kind != kTakeCard) return Rule::kWrongStep;
      const auto& from =
          s_.step == Step::kSearchDeck ? s_.zones[seat].deck : s_.zones[s_.taking_from].hand;
      return std::find(from.begin(), from.end(), a.card - 1u) != from.end() ? Rule::kOk
                                                                            : Rule::kNoSuchCard;
    }
    case Step::kDefend:
    case Step::kAbsorb:
      break;
  }

  // Answering a hit (§7.3); a mine's hit is automatic: shield power only (§11.2).
  const Hit& hit = s_.hit;
  switch (a.kind) {
    case kEvade:
      // Event damage (a mine after its placing turn is an event too) is never evaded (A45).
      if (hit.automatic) return Rule::kEventNotEvadable;
      if (!hit.evasion_open) return Rule::kEvasionClosed;
      return check_evasion(seat, a.power);
    case kPlayCard:
      return check_card(a);
    case kShieldPower:
      if (shields_offline(s_, seat)) return Rule::kShieldsOffline;
      // Any amount, in as many steps as wanted (after AUX, say), until the hit is covered.
      if (hit.evaded ||
          hit.shield_power * s_.ship(seat).shield_absorb + hit.card_absorb >= hit.damage) {
        return Rule::kNothingToAbsorb;
      }
      if (a.power < 1 || a.power > v.power.available()) return Rule::kInsufficientPower;
      // Diverted Pwr may not go back into the shields (§6.4).
      return a.power <= v.power.up ? Rule::kOk : Rule::kIllegalPowerTarget;
    case kDefensiveRepair:
      if (hit.automatic) return Rule::kWrongStep;
      if (hit.repair_chosen || hit.card_absorb > 0 || hit.card_repair > 0) {
        return Rule::kDefenseSlotUsed;
      }
      if (a.subject > 1) return Rule::kInvalidSystem;
      return a.power <= v.power.available() ? Rule::kOk : Rule::kInsufficientPower;
    case kDivertShields:
      return hit.automatic ? Rule::kWrongStep : free_action();
    case kUseAux:
      return free_action();
    case kAccept:
      return Rule::kOk;
    default:
      return Rule::kWrongStep;
  }
}

Rule Game::check_weapon_reach(const Action& a, TileIndex target) const {
  const Seat seat = s_.active;
  const bool torpedo = a.kind == kFireW2;
  const int needed = std::max(0, distance(s_, s_.vessels[seat].tile, target) -
                                     weapon_range(s_, seat, torpedo ? Weapon::kW2 : Weapon::kW1));
  const int available = s_.vessels[seat].power.available();
  // Out of reach is OUT_OF_RANGE however the Pwr was allocated (§7.1); only torpedoes can buy
  // range with power (§6.2).
  if (needed > (torpedo ? std::min<int>(available, a.range_power) : 0)) return Rule::kOutOfRange;
  if (a.range_power != needed) return Rule::kPowerMismatch;
  // A09's option: the Pwr goes all into range or all into dice.
  if (s_.options.rules.torpedo_one_choice && a.range_power > 0 && a.power > 0) {
    return Rule::kPowerMismatch;
  }
  return a.power + a.range_power <= available ? Rule::kOk : Rule::kInsufficientPower;
}

Rule Game::check_denizen_target(const Action& a) const {
  if (a.denizen > s_.denizens.size() || !s_.denizens[a.denizen - 1u].alive) {
    return Rule::kNoDenizen;
  }
  if (own_object(s_.active, a.denizen) != nullptr) return Rule::kInvalidTarget;
  return check_weapon_reach(a, s_.denizens[a.denizen - 1u].tile);
}

Rule Game::check_maneuver(const Action& a) const {
  const Seat seat = s_.active;
  const Vessel& v = s_.vessels[seat];
  const ShipDef& ship = s_.ship(seat);
  switch (a.kind) {
    case kEndManeuvers:
      return Rule::kOk;
    case kEvade:
    case kShieldPower:
    case kDefensiveRepair:
    case kAccept:
    case kKeep:
    case kRelease:
    case kCut:
    case kDiscardCard:
    case kTakeCard:
    case kChooseReward:
      return Rule::kWrongStep;
    case kPlayCard:
      return check_card(a);
    case kDetachCards:
      return s_.attached.empty() ? Rule::kNoSuchCard : Rule::kOk;
    default:
      break;
  }
  if (a.kind == kRestoreOfficer) {
    if (Rule r = check_officer(seat, a.officer); r != Rule::kOk) return r;
    if (s_.cards[s_.officer(seat, a.officer - 1)].face_up) return Rule::kNotFaceDown;
  }
  if (s_.maneuvers_used >= s_.maneuvers_allowed) return Rule::kNoManeuversLeft;
  if (!s_.attached.empty() && !fits(attached_demands(), a)) return Rule::kNotForThisManeuver;
  const int available = v.power.available();
  if (const std::optional<Weapon> system = system_used(a.kind)) {
    if (!ship.weapon(*system).present) return Rule::kNoWeapon;  // a craft's (§19.4)
    if (weapon_locked(seat, *system)) return Rule::kSystemSabotaged;
  }
  switch (a.kind) {
    case kFireW1:
    case kFireW2: {
      if (a.denizen != 0) return check_denizen_target(a);
      if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
      if (a.officer != 0) {
        // A tabled card is a weapon's target only once the shields are down (§13.4).
        if (Rule r = check_officer(a.subject, a.officer); r != Rule::kOk) return r;
        if (!s_.cards[s_.officer(a.subject, a.officer - 1)].face_up) return Rule::kNoOfficer;
        if (s_.vessels[a.subject].shields > 0) return Rule::kShieldsUp;
      }
      return check_weapon_reach(a, s_.vessels[a.subject].tile);
    }
    case kAssimilate:
      if (s_.race(seat) != v1::RACE_BORG) return Rule::kNotBorg;
      if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
      if (a.card != 0) {
        if (!assimilable(a.subject, a.card - 1u)) return Rule::kNoSuchCard;
      } else if (Rule r = check_officer(a.subject, a.officer); r != Rule::kOk) {
        return r;
      }
      if (distance(s_, v.tile, s_.vessels[a.subject].tile) > assimilation_range(s_, seat)) {
        return Rule::kOutOfRange;
      }
      return available >= 3 ? Rule::kOk : Rule::kInsufficientPower;
    case kRestoreOfficer:
      return Rule::kOk;
    case kFireHexWeapon:
      return check_hex_weapon(a);
    case kFireCardWeapon:
      return check_card_weapon(a);
    case kDenizenAttack:  // with an object placed this turn, or a craft (§11.1, §11.3)
      return check_object_attack(a);
    case kDenizenMove:  // a craft, 1 hex (§11.3)
      return check_object_move(a);
    case kLayMine:
      for (const Mine& mine : s_.mines) {
        const bool counts = s_.options.mine_limit == v1::MINE_LIMIT_PER_HEX || mine.owner == seat;
        if (mine.tile == v.tile && counts) return Rule::kMineLimit;
      }
      return a.power <= available ? Rule::kOk : Rule::kInsufficientPower;
    case kDetonateMine:
      if (own_fresh_mine(seat) == nullptr) return Rule::kNoMine;
      if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
      return s_.vessels[a.subject].tile == v.tile ? Rule::kOk : Rule::kOutOfRange;
    case kMove: {
      if (held(seat)) return Rule::kTractored;
      if (a.subject >= s_.board.size() || a.subject == v.tile) return Rule::kIllegalPath;
      Routes routes;
      routes.compute(s_.board, v.tile, kMaxTiles, mine_costs(seat));
      if (routes.steps[a.subject] == Routes::kUnreached) return Rule::kIllegalPath;
      return routes.steps[a.subject] <= drive(s_, seat) + v.impulse +
                                            card_sum(s_, s_.attached, &CardEffect::warp_hexes) +
                                            available
                 ? Rule::kOk
                 : Rule::kInsufficientPower;
    }
    case kExplore:
      if (held(seat)) return Rule::kTractored;
      if (a.subject >= kDirections) return Rule::kUnknownOption;
      if (s_.pile_for(seat).hexes.empty() || s_.board.size() >= kMaxTiles) {
        return Rule::kCannotExplore;
      }
      return s_.board.next_to(v.tile, a.subject) == kNoTile ? Rule::kOk : Rule::kCannotExplore;
    case kRepair:
      if (a.power > available) return Rule::kInsufficientPower;
      if (a.card != 0) return check_card_repair(a);
      if (a.denizen != 0) return check_object_repair(a);
      return a.subject <= 1 ? Rule::kOk : Rule::kInvalidSystem;
    case kCloak:
      if (!ship.can_cloak()) return Rule::kNoCloak;
      if (v.cloaked) return Rule::kAlreadyCloaked;
      if (held(seat)) return Rule::kTractored;
      // Allocated Pwr must be real cards, not diverted Pwr.
      return v.power.up >= cloak_cost(s_, seat) ? Rule::kOk : Rule::kInsufficientPower;
    case kTachyonSweep:
      if (v.sweep) return Rule::kSweepActive;
      return available >= 3 ? Rule::kOk : Rule::kInsufficientPower;
    case kTractor:
      if (a.subject == seat || !s_.in_game(a.subject)) return Rule::kInvalidTarget;
      if (s_.vessels[a.subject].cloaked) return Rule::kTargetCloaked;
      if (s_.vessels[a.subject].tile != v.tile) return Rule::kOutOfRange;
      if (v.holding != kNoSeat) return Rule::kAlreadyTractoring;
      return a.power >= 1 && a.power <= v.power.up ? Rule::kOk : Rule::kInsufficientPower;
    case kBreakTractor:
      if (!s_.in_game(a.subject) || s_.vessels[a.subject].holding != seat) {
        return Rule::kNotTractored;
      }
      return available >= s_.vessels[a.subject].beam ? Rule::kOk : Rule::kInsufficientPower;
    default:
      return Rule::kWrongStep;
  }
}

}  // namespace spacedock::incursions
