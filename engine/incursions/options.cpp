// The options of the open decision: every action the rules allow, each listed once. What is
// allowed is decided in legality.cpp; this file only walks the candidates.
#include <algorithm>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

std::vector<CardId> sorted(std::vector<CardId> cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

}  // namespace

using enum ActionKind;

void Game::enumerate(std::vector<core::OptionId>& out) const {
  out.clear();
  const Seat seat = decider();
  const Power& power = s_.vessels[seat].power;
  auto add_if = [&](Action a) {
    if (check_action(a) == Rule::kOk) out.push_back(encode(a));
  };
  switch (s_.step) {
    case Step::kNone:
      return;
    case Step::kCut:
      for (std::size_t depth = 0; depth < cut_size(); ++depth) {
        out.push_back(encode(make_action(kCut, static_cast<int>(depth))));
      }
      return;
    case Step::kKeepCloak:
    case Step::kKeepTractor:
      add_if(make_action(kKeep));
      out.push_back(encode(make_action(kRelease)));
      return;
    case Step::kManeuver:
      if (!s_.in_game(seat)) {
        enumerate_domination(out);
        out.push_back(encode(make_action(kEndManeuvers)));
        return;
      }
      enumerate_maneuvers(out);
      if (!s_.attached.empty()) {
        // Attached cards narrow the next maneuver (a Warp's move, Fire's attack).
        if (const std::uint8_t demands = attached_demands(); demands != 0) {
          std::erase_if(out, [&](core::OptionId id) { return !fits(demands, *decode(id)); });
        }
        out.push_back(encode(make_action(kDetachCards)));
      }
      enumerate_cards(out);
      enumerate_free_actions(seat, out);
      out.push_back(encode(make_action(kEndManeuvers)));
      return;
    case Step::kEventRepair:
      out.push_back(encode(make_action(kRepair, 0)));
      out.push_back(encode(make_action(kRepair, 1)));
      return;
    case Step::kRespond:
      enumerate_cards(out);
      enumerate_free_actions(seat, out);
      out.push_back(encode(make_action(kAccept)));
      return;
    case Step::kEscape:
    case Step::kBlockEvent:
      enumerate_cards(out);
      out.push_back(encode(make_action(kAccept)));
      return;
    case Step::kSabotage:
      enumerate_turnable(out);
      return;
    case Step::kReward:
      out.push_back(encode(make_action(kChooseReward, kRewardFlipPower)));
      out.push_back(encode(make_action(kChooseReward, kRewardDrawCards)));
      return;
    case Step::kDiscard:
      for (CardId card : sorted(s_.zones[seat].hand))
        out.push_back(encode(card_action(kDiscardCard, card)));
      return;
    case Step::kSearchDeck:
    case Step::kTakeFromHand:
      // By instance, never in pile order: the deck's order is hidden from its owner too.
      for (CardId card : sorted(s_.step == Step::kSearchDeck ? s_.zones[seat].deck
                                                             : s_.zones[s_.taking_from].hand)) {
        out.push_back(encode(card_action(kTakeCard, card)));
      }
      return;
    case Step::kTractorLock:
    case Step::kDefend:
    case Step::kAbsorb:
      break;
  }
  // Each of these is allowed from some least amount of Pwr up to what the vessel holds: find
  // the least, then list the rest unchecked.
  auto add_amounts = [&](ActionKind kind, int subject, int from, int to) {
    int k = from;
    while (k <= to && check_action(make_action(kind, subject, k)) != Rule::kOk)
      ++k;
    for (; k <= to; ++k)
      out.push_back(encode(make_action(kind, subject, k)));
  };
  add_amounts(kEvade, 0, 1, power.available());
  if (s_.step != Step::kTractorLock) {
    add_amounts(kShieldPower, 0, 1, power.up);
    for (int system = 0; system < 2; ++system)
      add_amounts(kDefensiveRepair, system, 0, power.available());
  }
  if (s_.step != Step::kTractorLock) enumerate_cards(out);
  enumerate_free_actions(seat, out);
  out.push_back(encode(make_action(kAccept)));
}

void Game::enumerate_free_actions(Seat, std::vector<core::OptionId>& out) const {
  for (ActionKind kind : {kUseAux, kDivertShields}) {
    if (check_action(make_action(kind)) == Rule::kOk) out.push_back(encode(make_action(kind)));
  }
}

void Game::enumerate_maneuvers(std::vector<core::OptionId>& out) const {
  if (s_.maneuvers_used >= s_.maneuvers_allowed) return;
  const Seat seat = s_.active;
  const Vessel& v = s_.vessels[seat];
  const int available = v.power.available();
  auto add_if = [&](Action a) {
    if (check_maneuver(a) == Rule::kOk) out.push_back(encode(a));
  };

  // The reaches, once: each looks up the hex the vessel stands in.
  const int w1_range = weapon_range(s_, seat, Weapon::kW1);
  const int w2_range = weapon_range(s_, seat, Weapon::kW2);
  // A craft lacks torpedoes (§19.4); a Sabotage may lock either weapon (§18).
  const bool phasers = !weapon_locked(seat, Weapon::kW1);
  const bool torpedoes =
      s_.ship(seat).weapon(Weapon::kW2).present && !weapon_locked(seat, Weapon::kW2);
  // A09's option: a torpedo's Pwr all into dice or all into range.
  auto split_ok = [&](int dice_power, int range_power) {
    return !s_.options.rules.torpedo_one_choice || dice_power == 0 || range_power == 0;
  };
  for (Seat target = 0; target < s_.players; ++target) {
    if (check_target(seat, target) != Rule::kOk) continue;
    const int apart = distance(s_, v.tile, s_.vessels[target].tile);
    const int torpedo_range = std::max(0, apart - w2_range);
    // The vessel, then each face-up officer once its shields are down (§13.4).
    for (int officer = 0; officer <= kPositions; ++officer) {
      if (officer > 0) {
        const CardId card = s_.officer(target, officer - 1);
        if (s_.vessels[target].shields > 0) break;
        if (card == kNoCard || !s_.cards[card].face_up) continue;
      }
      for (int k = 0; k <= available; ++k) {
        if (phasers && apart <= w1_range)
          out.push_back(encode(make_action(kFireW1, target, k, 0, officer)));
        if (torpedoes && k + torpedo_range <= available && split_ok(k, torpedo_range)) {
          out.push_back(encode(make_action(kFireW2, target, k, torpedo_range, officer)));
        }
      }
    }
    if (s_.race(seat) == v1::RACE_BORG) {
      for (int officer = 1; officer <= kPositions; ++officer)
        add_if(make_action(kAssimilate, target, 0, 0, officer));
      for (const Tabled& t : s_.tabled) {  // and its equipment (§13.3)
        if (t.on == target) add_if(card_action(kAssimilate, t.card, target));
      }
    }
  }
  for (std::size_t d = 0; d < s_.denizens.size(); ++d) {
    if (!s_.denizens[d].alive || own_object(seat, static_cast<int>(d) + 1) != nullptr) continue;
    const int apart = distance(s_, v.tile, s_.denizens[d].tile);
    const int torpedo_range = std::max(0, apart - w2_range);
    const int id = static_cast<int>(d) + 1;
    for (int k = 0; k <= available; ++k) {
      if (phasers && apart <= w1_range) out.push_back(encode(make_action(kFireW1, 0, k, 0, 0, id)));
      if (torpedoes && k + torpedo_range <= available && split_ok(k, torpedo_range))
        out.push_back(encode(make_action(kFireW2, 0, k, torpedo_range, 0, id)));
    }
  }
  enumerate_objects(out);
  if (own_fresh_mine(seat) != nullptr) {
    for (Seat target = 0; target < s_.players; ++target)
      add_if(make_action(kDetonateMine, target));
  }
  // Only the power bound depends on the Pwr put in: check once, list every amount.
  if (check_maneuver(make_action(kLayMine)) == Rule::kOk) {
    for (int k = 0; k <= available; ++k)
      out.push_back(encode(make_action(kLayMine, 0, k)));
  }

  if (!held(seat)) {
    Routes routes;
    routes.compute(s_.board, v.tile,
                   drive(s_, seat) + v.impulse +
                       card_sum(s_, s_.attached, &CardEffect::warp_hexes) + available,
                   mine_costs(seat));
    for (std::size_t tile = 0; tile < s_.board.size(); ++tile) {
      const auto steps = routes.steps[tile];
      if (steps != Routes::kUnreached && steps > 0)
        out.push_back(encode(make_action(kMove, static_cast<int>(tile))));
    }
    if (!s_.pile_for(seat).hexes.empty() && s_.board.size() < kMaxTiles) {
      for (int direction = 0; direction < kDirections; ++direction) {
        if (s_.board.next_to(v.tile, direction) == kNoTile)
          out.push_back(encode(make_action(kExplore, direction)));
      }
    }
  }
  for (int system = 0; system < 2; ++system) {
    for (int k = 0; k <= available; ++k)
      out.push_back(encode(make_action(kRepair, system, k)));
  }
  for (const Tabled& t : s_.tabled) {
    if (t.on != seat) continue;
    for (int k = 0; k <= available; ++k)
      add_if(card_action(kRepair, t.card, 0, k));
  }
  for (int officer = 1; officer <= kPositions; ++officer)
    add_if(make_action(kRestoreOfficer, 0, 0, 0, officer));
  // Weapon systems tabled as cards, at vessels in the same hex.
  for (const Tabled& t : s_.tabled) {
    if (t.on != seat ||
        s_.def(t.card).effect.mechanism != v1::INCURSIONS_CARD_MECHANISM_WEAPON_SYSTEM) {
      continue;
    }
    for (Seat target = 0; target < s_.players; ++target) {
      if (check_maneuver(card_action(kFireCardWeapon, t.card, target)) != Rule::kOk) continue;
      for (int k = 0; k <= available; ++k)
        out.push_back(encode(card_action(kFireCardWeapon, t.card, target, k)));
    }
  }
  if (hex_weapon(seat) != nullptr) {
    for (Seat target = 0; target < s_.players; ++target) {
      for (int k = 0; k <= available; ++k)
        add_if(make_action(kFireHexWeapon, target, k));
    }
  }
  add_if(make_action(kCloak));
  add_if(make_action(kTachyonSweep));
  for (Seat target = 0; target < s_.players; ++target) {
    if (check_maneuver(make_action(kTractor, target, 1)) == Rule::kOk) {
      for (int k = 1; k <= v.power.up; ++k)
        out.push_back(encode(make_action(kTractor, target, k)));
    }
    add_if(make_action(kBreakTractor, target));
  }
}

}  // namespace spacedock::incursions
