// Sabotage (§18): espionage that either turns one tabled equipment card of the target face down,
// or, tabled in front of the target, keeps one of its weapon systems from use until a repair
// removes it. Either way the target's captain may block it (§13.2). Face-down equipment goes back
// into service with a repair maneuver (§13.4).
#include <algorithm>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

// Equipment on `target`'s vessel that a Sabotage could turn face down.
bool turnable(const State& s, const Tabled& t, Seat target) {
  return t.on == target && s.def(t.card).equipment() && s.cards[t.card].face_up;
}

bool any_turnable(const State& s, Seat target) {
  return std::any_of(s.tabled.begin(), s.tabled.end(),
                     [&](const Tabled& t) { return turnable(s, t, target); });
}

}  // namespace

bool Game::weapon_locked(Seat seat, Weapon weapon) const {
  return std::any_of(s_.tabled.begin(), s_.tabled.end(), [&](const Tabled& t) {
    return t.on == seat && t.locks == static_cast<int>(weapon) + 1;
  });
}

Rule Game::check_sabotage(const Action& a) const {
  const Seat seat = s_.active;
  // Espionage reaches any hex, but not a cloaked vessel (§13.1).
  if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
  if (a.officer == 0) return any_turnable(s_, a.subject) ? Rule::kOk : Rule::kInvalidTarget;
  if (a.officer > kWeaponCount) return Rule::kUnknownOption;
  const auto weapon = static_cast<Weapon>(a.officer - 1);
  if (!s_.ship(a.subject).weapon(weapon).present) return Rule::kNoWeapon;
  if (weapon_locked(a.subject, weapon)) return Rule::kOnePerTarget;
  return check_rarity(seat, a.card - 1u);
}

void Game::enumerate_sabotage(CardId card, std::vector<core::OptionId>& out) const {
  for (Seat target = 0; target < s_.players; ++target) {
    for (int mode = 0; mode <= kWeaponCount; ++mode) {
      Action a = card_action(ActionKind::kPlayCard, card, target);
      a.officer = static_cast<std::uint8_t>(mode);
      if (check_card_in_hand(a) == Rule::kOk) out.push_back(encode(a));
    }
  }
}

void Game::sabotage(Seat seat, const Action& a) {
  const Seat target = a.subject;
  const CardId card = a.card - 1u;
  if (espionage_evasion(target, systems_espionage_score(s_, target))) return;
  if (a.officer != 0) {
    table_card(seat, card, target, a.officer);
    return;
  }
  // The saboteur picks the card (the hex version lets the hex's owner pick, §17.3).
  if (!any_turnable(s_, target)) return;
  s_.sabotaged = target;
  open(Step::kSabotage, seat);
}

void Game::enumerate_turnable(std::vector<core::OptionId>& out) const {
  for (const Tabled& t : s_.tabled) {
    if (turnable(s_, t, s_.sabotaged))
      out.push_back(encode(card_action(ActionKind::kTurnDownCard, t.card)));
  }
  // The target may have left the game meanwhile, its cards with it: nothing to pick.
  if (out.empty()) out.push_back(encode(make_action(ActionKind::kAccept)));
}

Rule Game::check_turn_down(const Action& a) const {
  if (a.kind == ActionKind::kAccept)
    return any_turnable(s_, s_.sabotaged) ? Rule::kWrongStep : Rule::kOk;
  if (a.kind != ActionKind::kTurnDownCard) return Rule::kWrongStep;
  const bool found = std::any_of(s_.tabled.begin(), s_.tabled.end(), [&](const Tabled& t) {
    return t.card == a.card - 1u && turnable(s_, t, s_.sabotaged);
  });
  return found ? Rule::kOk : Rule::kNoSuchCard;
}

void Game::turn_down(Seat seat, const Action& a) {
  const Seat target = std::exchange(s_.sabotaged, kNoSeat);
  if (a.kind != ActionKind::kTurnDownCard) return;
  const CardId card = a.card - 1u;
  s_.cards[card].face_up = false;
  emit(ev::CardTurned{target, card, false, seat});
}

Rule Game::check_card_repair(const Action& a) const {
  const Seat seat = s_.active;
  for (const Tabled& t : s_.tabled) {
    if (t.card != a.card - 1u || t.on != seat) continue;
    if (!s_.cards[t.card].face_up) {
      // Back into service: a repair maneuver with no Pwr (§13.4).
      return a.power == 0 ? Rule::kOk : Rule::kPowerMismatch;
    }
    const int needed = s_.def(t.card).effect.removal_repair;
    if (needed == 0) return Rule::kNoSuchCard;
    return repair_points(s_, seat, a.power) >= needed ? Rule::kOk : Rule::kRepairTooSmall;
  }
  return Rule::kNoSuchCard;
}

void Game::repair_card(Seat seat, CardId card) {
  for (std::size_t i = 0; i < s_.tabled.size(); ++i) {
    if (s_.tabled[i].card != card) continue;
    if (!s_.cards[card].face_up) {
      s_.cards[card].face_up = true;
      emit(ev::CardTurned{seat, card, true, kNoSeat});
    } else {
      remove_tabled(i, v1::CARD_DISCARD_REASON_REMOVED);
    }
    return;
  }
}

}  // namespace spacedock::incursions
