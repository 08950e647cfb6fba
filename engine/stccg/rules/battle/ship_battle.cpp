// A ship battle (§3.12, BoG "Ship Battles"): the attacker names the firing cards and one target,
// the defender names its return fire and target, tactics are drawn and revealed together, the
// attack and the return fire are compared, and damage comes after both. Windows open after the
// initiation, before the attack (W1), before the return fire (W2) and before a card is
// destroyed (W3). Each step below may ask a question and run again with the answer.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

using Step = ShipBattleFrame::Step;

Seat seat_of(const ShipBattleFrame& b, int side) {
  return side == 0 ? b.attacker : State::other(b.attacker);
}

}  // namespace

void Engine::begin_ship_battle(Seat seat, CardId firing, CardId target) {
  ShipBattleFrame b;
  b.attacker = seat;
  b.loc = s_.cards[firing].loc;
  b.firing[0].push_back(firing);
  b.target[0] = target;
  b.damaged_before[1] = damaged(target) || has_markers(target);
  emit(ev::BattleStarted{ev::BattleKind::kShip, seat, b.loc, target});
  // The card attacked is unstopped, so that it may return fire (BoG; under the CRD a stopped
  // ship may retaliate anyway).
  if (s_.options.bog_return_fire) s_.cards[target].stopped = false;
  // Its side may fight back next turn whatever its affiliation (§3.11).
  Effect attacked{.kind = EffectKind::kAttacked, .until = Until::kRemoved};
  attacked.player = State::other(seat);
  attacked.loc = b.loc;
  add_effect(attacked);
  s_.frames.push_back(std::move(b));
}

int Engine::defense_shields(CardId target) const {
  // A docked ship adds half its facility's SHIELDS, from one facility only and never from the
  // opponent's (CRD IV.1 "Shield Extension"); an enhancement like any other.
  int shields = attribute(target, Attribute::kShields);
  if (is_ship(target) && docked(target) && !enhancements_off_line(target, Attribute::kShields)) {
    const CardState& ship = s_.cards[target];
    shields += attribute(facility_of(ship.controller, ship.loc), Attribute::kShields) / 2;
  }
  return shields;
}

int Engine::tactic_bonus(const ShipBattleFrame& b, int side, bool attack) const {
  const CardId tactic = b.tactic[side];
  if (tactic == kNoCard) return 0;
  const auto& t = s_.def(tactic).card.tactic();
  int bonus = attack ? t.attack() : t.defense();
  // For ATTACK the condition is on your cards firing; for DEFENSE on your card fired at.
  std::vector<CardId> yours = attack ? b.firing[side] : std::vector<CardId>{b.target[1 - side]};
  for (const v1::StccgTacticBonus& extra : t.bonus()) {
    const bool holds = std::any_of(yours.begin(), yours.end(), [&](CardId c) {
      if (c == kNoCard || !is_ship(c)) return false;
      const CardDef& def = s_.def(c);
      if (extra.affiliation() != v1::STCCG_AFFILIATION_UNSPECIFIED &&
          def.affiliation != static_cast<Affiliation>(extra.affiliation()))
        return false;
      if (!extra.ship_class().empty() && def.card.ship().ship_class() != extra.ship_class())
        return false;
      return !extra.unstaffed() || def.card.ship().staffing().empty();
    });
    if (holds) bonus += attack ? extra.attack() : extra.defense();
  }
  return bonus;
}

void Engine::fire(ShipBattleFrame& b, int side) {
  const CardId target = b.target[side];
  int attack = tactic_bonus(b, side, /*attack=*/true);
  for (CardId c : b.firing[side]) {
    if (s_.in_play_at(c)) attack += attribute(c, Attribute::kWeapons) + b.weapons_bonus[side];
  }
  const int defense = defense_shields(target) + tactic_bonus(b, 1 - side, /*attack=*/false);
  // Both comparisons are strict (CRD II.1 "Damage", "Direct Hit").
  b.hit[side] = attack > 2 * defense ? 2 : attack > defense ? 1 : 0;
  emit(ev::Fired{seat_of(b, side), target, static_cast<std::int16_t>(attack),
                 static_cast<std::int16_t>(defense), b.hit[side]});
}

bool Engine::battle_window(ShipBattleFrame& b, WindowKind kind, CardId about) {
  // Opens this step's window once; true when the step may go on.
  if (b.windowed) {
    b.windowed = false;
    return true;
  }
  b.windowed = true;
  open_window(kind, s_.active, about, b.loc);
  return false;
}

void Engine::step(ShipBattleFrame& b) {
  switch (b.step) {
    case Step::kJoin: {
      // More of the attacker's ships and facilities may fire at the same target.
      std::vector<CardId> more;
      for (CardId c : s_.in_play) {
        const CardState& card = s_.cards[c];
        if (card.controller == b.attacker && card.where == Where::kSpace && card.loc == b.loc &&
            std::find(b.firing[0].begin(), b.firing[0].end(), c) == b.firing[0].end() &&
            check_attack(b.attacker, c, b.target[0]) == Rule::kOk)
          more.push_back(c);
      }
      auto next = more.empty() ? std::optional<CardId>(kNoCard) : pick_or_done(b.attacker, more);
      if (!next) return;
      if (*next == kNoCard) {
        // BoG: the defender declares its return fire now; CRD: after the attack.
        b.step = s_.options.bog_return_fire ? Step::kReturnTarget : Step::kStart;
      } else {
        b.firing[0].push_back(*next);
      }
      return;
    }
    case Step::kReturnTarget: {
      // The defender declares its return fire now, at one of the attacking cards (BoG).
      const Seat defender = State::other(b.attacker);
      const bool can_fire = std::any_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
        const CardState& card = s_.cards[c];
        return card.controller == defender && card.where == Where::kSpace && card.loc == b.loc &&
               may_return_fire(c) == Rule::kOk;
      });
      std::vector<CardId> targets;
      for (CardId c : b.firing[0]) {
        if (!s_.cards[c].cloaked) targets.push_back(c);
      }
      auto target = can_fire && !targets.empty() ? pick_or_done(defender, targets)
                                                 : std::optional<CardId>(kNoCard);
      if (!target) return;
      b.target[1] = *target;
      b.step = *target != kNoCard           ? Step::kReturnJoin
               : s_.options.bog_return_fire ? Step::kStart
                                            : Step::kReturnFire;
      if (*target != kNoCard) b.damaged_before[0] = damaged(*target) || has_markers(*target);
      return;
    }
    case Step::kReturnJoin: {
      const Seat defender = State::other(b.attacker);
      std::vector<CardId> more;
      for (CardId c : s_.in_play) {
        const CardState& card = s_.cards[c];
        if (card.controller == defender && card.where == Where::kSpace && card.loc == b.loc &&
            std::find(b.firing[1].begin(), b.firing[1].end(), c) == b.firing[1].end() &&
            may_return_fire(c) == Rule::kOk)
          more.push_back(c);
      }
      auto next = more.empty() ? std::optional<CardId>(kNoCard) : pick_or_done(defender, more);
      if (!next) return;
      if (*next == kNoCard) {
        if (b.firing[1].empty()) b.target[1] = kNoCard;  // nobody returns fire after all
        b.step = s_.options.bog_return_fire ? Step::kStart : Step::kReturnFire;
      } else {
        b.firing[1].push_back(*next);
      }
      return;
    }
    case Step::kStart:
      if (!battle_window(b, WindowKind::kBattleStart, b.target[0])) return;
      b.step = Step::kTactics;
      b.side = 0;
      return;
    case Step::kTactics:
      if (b.side < 2) {
        if (choose_tactic(b, b.side)) ++b.side;
        return;
      }
      b.step = Step::kReveal;
      return;
    case Step::kReveal:
      reveal_tactics(b);
      b.step = Step::kAttack;
      return;
    case Step::kAttack:
      if (!battle_window(b, WindowKind::kBattle, b.target[0])) return;
      fire(b, 0);
      b.step = s_.options.bog_return_fire ? Step::kReturnFire : Step::kReturnTarget;
      return;
    case Step::kReturnFire:
      if (b.target[1] != kNoCard && !b.firing[1].empty()) {
        if (!battle_window(b, WindowKind::kBattle, b.target[1])) return;
        fire(b, 1);
      }
      b.step = Step::kDamage;
      return;
    case Step::kDamage:
      apply_battle_damage(b);
      b.step = Step::kDestroy;
      return;
    case Step::kDestroy:
      // A window before each card goes (W3: Escape Pod), then it is destroyed.
      std::erase_if(b.doomed, [&](CardId c) { return !s_.in_play_at(c) || hull(c) > 0; });
      if (!b.doomed.empty()) {
        if (!battle_window(b, WindowKind::kDestroyed, b.doomed.front())) return;
        const CardId doomed = b.doomed.front();
        b.doomed.erase(b.doomed.begin());
        if (s_.in_play_at(doomed) && hull(doomed) <= 0) destroy_vessel(doomed);
        return;
      }
      b.step = Step::kEnd;
      return;
    case Step::kEnd:
      end_ship_battle(b);
      return;
  }
}

void Engine::apply_battle_damage(ShipBattleFrame& b) {
  for (int side = 0; side < 2; ++side) {
    const CardId target = b.target[side];
    if (target == kNoCard || !s_.in_play_at(target)) continue;
    const Seat by = seat_of(b, side);
    const CardId tactic = b.tactic[side];
    if (b.hit[side] > 0) {
      b.units[side] = static_cast<std::uint8_t>(inflict(target, by, b.hit[side], tactic));
    } else if (tactic != kNoCard && s_.def(tactic).card.tactic().marker_on_miss()) {
      place_marker(tactic, target);  // Target Shields is placed even on a miss
    }
    if (s_.in_play_at(target) && hull(target) <= 0) b.doomed.push_back(target);
  }
}

void Engine::end_ship_battle(ShipBattleFrame& b) {
  const Seat winner = b.units[0] > b.units[1]   ? b.attacker
                      : b.units[1] > b.units[0] ? State::other(b.attacker)
                                                : kNoSeat;
  emit(ev::BattleEnded{ev::BattleKind::kShip, b.loc, winner});
  // Current tactics not used as markers go face up under their side deck.
  for (CardId tactic : b.tactic) {
    if (tactic != kNoCard && s_.cards[tactic].zone == Zone::kResolving) to_discard(tactic);
  }
  // Everything that took part is stopped, the crews of an attacked facility included (§3.12).
  for (int side = 0; side < 2; ++side) {
    for (CardId c : b.firing[side]) {
      if (s_.in_play_at(c)) stop(c);
    }
    if (b.target[side] != kNoCard && s_.in_play_at(b.target[side])) stop(b.target[side]);
  }
  s_.frames.pop_back();  // `b` is gone from here on
}

}  // namespace spacedock::stccg
