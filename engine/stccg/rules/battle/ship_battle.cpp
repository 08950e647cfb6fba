// A ship battle (§3.12, BoG "Ship Battles"): the attacker names the firing cards and one target,
// the defender names its return fire and target, tactics are drawn and revealed together, the
// attack and the return fire are compared, and damage comes after both. Windows open after the
// initiation, before the attack (W1), before the return fire (W2) and before a card is
// destroyed (W3). Each step below may ask a question and run again with the answer. A side may
// be a self-controlling card with no seat (the Borg Ship dilemma, Handler::self_controlling).
#include <algorithm>

#include "engine/core/text.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

using ShipStep = ShipBattleFrame::Step;

bool contains(const std::vector<CardId>& list, CardId c) {
  return std::find(list.begin(), list.end(), c) != list.end();
}

}  // namespace

// A card with a "*" WEAPONS box (Handler::fires_otherwise: Gomtuu).
static bool ship_battle_fires_otherwise(const State& s, CardId c) {
  const Handler* handler = s.handler(c);
  return handler && handler->fires_otherwise;
}

void Engine::begin_ship_battle(Seat seat, CardId firing, CardId target, const BattleTerms& terms) {
  // `seat` is kNoSeat when a self-controlling card attacks: the target's controller defends.
  ShipBattleFrame b;
  const Seat defender = seat == kNoSeat            ? s_.cards[target].controller
                        : self_controlling(target) ? kNoSeat
                                                   : State::other(seat);
  b.seat = {seat, defender};
  b.loc = location_of(firing);
  b.firing[0].push_back(firing);
  b.targets[0].push_back(target);
  b.terms = terms;
  emit(ev::BattleStarted{ev::BattleKind::kShip, seat, b.loc, target, firing});
  for (Seat side : b.seat) {
    if (side != kNoSeat) took_part_in_battle(side);
  }
  // The card attacked is unstopped, so that it may return fire (BoG; under the CRD a stopped
  // ship may retaliate anyway).
  if (s_.options.bog_return_fire) s_.cards[target].stopped = false;
  // Its side may fight back next turn whatever its affiliation (§3.11); attacked by a
  // self-controlling card, it may fight back against that card.
  if (defender != kNoSeat) {
    Effect attacked{.kind = EffectKind::kAttacked, .until = Until::kRemoved};
    attacked.player = defender;
    attacked.loc = b.loc;
    if (seat == kNoSeat) attacked.card = firing;
    add_effect(attacked);
  }
  s_.frames.emplace_back(std::move(b));
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

int Engine::meeting_bonus(const v1::StccgTacticBonus& bonus,
                          const std::vector<CardId>& ships) const {
  return static_cast<int>(std::count_if(ships.begin(), ships.end(), [&](CardId c) {
    if (c == kNoCard || !is_ship(c)) return false;
    const CardDef& def = s_.def(c);
    if (bonus.affiliation() != v1::STCCG_AFFILIATION_UNSPECIFIED &&
        def.affiliation != static_cast<Affiliation>(bonus.affiliation()))
      return false;
    if (!bonus.ship_class().empty() && def.card.ship().ship_class() != bonus.ship_class())
      return false;
    if (!bonus.keyword().empty() &&
        std::none_of(
            def.card.keywords().begin(), def.card.keywords().end(),
            [&](const std::string& k) { return core::lower(k) == core::lower(bonus.keyword()); }))
      return false;
    if (!bonus.titles().empty() && std::find(bonus.titles().begin(), bonus.titles().end(),
                                             def.card.title()) == bonus.titles().end())
      return false;
    return !bonus.unstaffed() || def.card.ship().staffing().empty();
  }));
}

int Engine::tactic_bonus(const ShipBattleFrame& b, int side, bool attack) const {
  const CardId tactic = b.tactic[side];
  if (tactic == kNoCard) return 0;
  const auto& t = s_.def(tactic).card.tactic();
  int bonus = attack ? t.attack() : t.defense();
  // For ATTACK the condition is on your cards firing; for DEFENSE on your cards fired at.
  const std::vector<CardId>& yours = attack ? b.firing[side] : b.targets[1 - side];
  for (const v1::StccgTacticBonus& extra : t.bonus()) {
    const int meeting = meeting_bonus(extra, yours);
    if (meeting == 0) continue;
    bonus += (attack ? extra.attack() : extra.defense()) * (extra.per_ship() ? meeting : 1);
  }
  return bonus;
}

int Engine::extra_hit_markers(const ShipBattleFrame& b, int side) const {
  const CardId tactic = b.tactic[side];
  if (tactic == kNoCard) return 0;
  int extra = 0;
  for (const v1::StccgTacticBonus& bonus : s_.def(tactic).card.tactic().bonus()) {
    if (bonus.extra_markers() > 0 && meeting_bonus(bonus, b.firing[side]) > 0)
      extra += static_cast<int>(bonus.extra_markers());
  }
  return extra;
}

int Engine::opposing_bonus(const ShipBattleFrame& b, int side, CardId card, Attribute a) const {
  if (!is_ship(card) || enhancements_off_line(card, a)) return 0;
  // The other side's cards: those firing at this side and those this side fires at.
  std::vector<CardId> theirs = b.firing[1 - side];
  theirs.insert(theirs.end(), b.targets[side].begin(), b.targets[side].end());
  int bonus = 0;
  for (const v1::StccgOpposingBonus& against : s_.def(card).card.ship().opposing()) {
    const bool holds = std::any_of(theirs.begin(), theirs.end(), [&](CardId c) {
      if (c == kNoCard) return false;
      const CardDef& def = s_.def(c);
      if (against.affiliation() != v1::STCCG_AFFILIATION_UNSPECIFIED &&
          (!is_ship(c) || def.affiliation != static_cast<Affiliation>(against.affiliation())))
        return false;
      if (!against.ship_class().empty() &&
          (!is_ship(c) || def.card.ship().ship_class() != against.ship_class()))
        return false;
      return against.titles().empty() || std::find(against.titles().begin(), against.titles().end(),
                                                   def.card.title()) != against.titles().end();
    });
    if (holds) bonus += a == Attribute::kWeapons ? against.weapons() : against.shields();
  }
  return bonus;
}

void Engine::fire(ShipBattleFrame& b, int side) {
  int attack = tactic_bonus(b, side, /*attack=*/true);
  // A card whose fire is something else than damage adds nothing, its tactic none either.
  bool damaging = false;
  for (CardId c : b.firing[side]) {
    if (ship_battle_fires_otherwise(s_, c)) continue;
    damaging = true;
    // A card whose attacks are nullified (Hugh on the Borg Ship) adds nothing.
    if (s_.in_play_at(c) && !has_effect(EffectKind::kNoAttacks, c))
      attack += attribute(c, Attribute::kWeapons) + b.weapons_bonus[side] +
                opposing_bonus(b, side, c, Attribute::kWeapons);
  }
  if (!damaging) attack = 0;
  // Each target is compared on its own: separate engagements do not add up (CRD IV.1).
  b.hits[side].clear();
  for (CardId target : b.targets[side]) {
    const int defense = defense_shields(target) + b.shields_bonus[1 - side] +
                        tactic_bonus(b, 1 - side, /*attack=*/false) +
                        opposing_bonus(b, 1 - side, target, Attribute::kShields);
    // Both comparisons are strict (CRD II.1 "Damage", "Direct Hit").
    std::uint8_t hit = attack > 2 * defense ? 2 : attack > defense ? 1 : 0;
    if (const Handler* handler = s_.handler(target);
        handler && handler->nullifies_attack && handler->nullifies_attack(*this, target))
      hit = 0;
    // Sheltered from battles (Asteroid Sanctuary, played in the battle before this fire).
    if (has_effect(EffectKind::kBattleShielded, target)) hit = 0;
    b.hits[side].push_back(hit);
    emit(ev::Fired{b.seat[side], target, static_cast<std::int16_t>(attack),
                   static_cast<std::int16_t>(defense), hit});
  }
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
    case ShipStep::kJoin: {
      // More of the attacker's ships and facilities may fire at the same target.
      std::vector<CardId> more;
      for (CardId c : s_.in_play) {
        const CardState& card = s_.cards[c];
        if (b.seat[0] != kNoSeat && card.controller == b.seat[0] && card.where == Where::kSpace &&
            card.loc == b.loc && !contains(b.firing[0], c) &&
            check_attack(b.seat[0], c, b.targets[0].front(), b.terms) == Rule::kOk)
          more.push_back(c);
      }
      auto next = more.empty() ? std::optional<CardId>(kNoCard) : pick_or_done(b.seat[0], more);
      if (!next) return;
      if (*next == kNoCard) {
        // BoG: the defender declares its return fire now; CRD: after the attack.
        b.step = s_.options.bog_return_fire ? ShipStep::kReturnTarget : ShipStep::kStart;
      } else {
        b.firing[0].push_back(*next);
      }
      return;
    }
    case ShipStep::kReturnTarget: {
      std::vector<CardId> targets;
      for (CardId c : b.firing[0]) {
        if (!s_.cards[c].cloaked) targets.push_back(c);
      }
      const Seat defender = b.seat[1];
      if (defender == kNoSeat) {
        // A self-controlling card returns fire at every card attacking it (CRD IV.5C).
        b.firing[1] = b.targets[0];
        b.targets[1] = targets;
        b.step = s_.options.bog_return_fire ? ShipStep::kStart : ShipStep::kReturnFire;
        return;
      }
      // The defender declares its return fire now, at one of the attacking cards (BoG).
      const bool can_fire = std::any_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
        const CardState& card = s_.cards[c];
        return card.controller == defender && card.where == Where::kSpace && card.loc == b.loc &&
               may_return_fire(c, b.terms) == Rule::kOk;
      });
      auto target = can_fire && !targets.empty() ? pick_or_done(defender, targets)
                                                 : std::optional<CardId>(kNoCard);
      if (!target) return;
      if (*target == kNoCard) {
        b.step = s_.options.bog_return_fire ? ShipStep::kStart : ShipStep::kReturnFire;
      } else {
        b.targets[1] = {*target};
        b.step = ShipStep::kReturnJoin;
      }
      return;
    }
    case ShipStep::kReturnJoin: {
      const Seat defender = b.seat[1];
      std::vector<CardId> more;
      for (CardId c : s_.in_play) {
        const CardState& card = s_.cards[c];
        if (card.controller == defender && card.where == Where::kSpace && card.loc == b.loc &&
            !contains(b.firing[1], c) && may_return_fire(c, b.terms) == Rule::kOk)
          more.push_back(c);
      }
      auto next = more.empty() ? std::optional<CardId>(kNoCard) : pick_or_done(defender, more);
      if (!next) return;
      if (*next == kNoCard) {
        if (b.firing[1].empty()) b.targets[1].clear();  // nobody returns fire after all
        b.step = s_.options.bog_return_fire ? ShipStep::kStart : ShipStep::kReturnFire;
      } else {
        b.firing[1].push_back(*next);
      }
      return;
    }
    case ShipStep::kStart:
      if (!battle_window(b, WindowKind::kBattleStart, b.targets[0].front())) return;
      b.step = ShipStep::kTactics;
      b.side = 0;
      return;
    case ShipStep::kTactics:
      if (b.side < 2) {
        if (choose_tactic(b, b.side)) ++b.side;
        return;
      }
      b.step = ShipStep::kReveal;
      return;
    case ShipStep::kReveal:
      reveal_tactics(b);
      b.step = ShipStep::kRepick;
      b.side = 0;
      return;
    case ShipStep::kRepick:
      if (b.side < 2) {
        if (repick_tactic(b, b.side)) ++b.side;
        return;
      }
      b.step = ShipStep::kAttack;
      return;
    case ShipStep::kAttack:
      if (!battle_window(b, WindowKind::kBattle, b.targets[0].front())) return;
      fire(b, 0);
      b.step = s_.options.bog_return_fire ? ShipStep::kReturnFire : ShipStep::kReturnTarget;
      return;
    case ShipStep::kReturnFire:
      if (!b.targets[1].empty() && !b.firing[1].empty()) {
        if (!battle_window(b, WindowKind::kBattle, b.targets[1].front())) return;
        fire(b, 1);
      }
      b.step = ShipStep::kDamage;
      return;
    case ShipStep::kDamage:
      apply_battle_damage(b);
      b.step = ShipStep::kDestroy;
      fire_otherwise(b);  // last: it may push frames above `b`
      return;
    case ShipStep::kDestroy:
      // A window before each card goes (W3: Escape Pod), then it is destroyed.
      std::erase_if(b.doomed, [&](CardId c) { return !s_.in_play_at(c) || hull(c) > 0; });
      if (!b.doomed.empty()) {
        if (!battle_window(b, WindowKind::kDestroyed, b.doomed.front())) return;
        const CardId doomed = b.doomed.front();
        b.doomed.erase(b.doomed.begin());
        // Destroyed by the side that fired at it.
        const Seat by = contains(b.targets[0], doomed) ? b.seat[0] : b.seat[1];
        if (s_.in_play_at(doomed) && hull(doomed) <= 0) {
          b.destroyed.push_back({doomed, by, crew(doomed)});
          destroy_vessel(doomed, by);
        }
        return;
      }
      b.step = ShipStep::kEnd;
      return;
    case ShipStep::kEnd:
      end_ship_battle(b);
      return;
    case ShipStep::kEnded:
      s_.frames.pop_back();  // `b` is gone from here on
      return;
  }
}

void Engine::apply_battle_damage(ShipBattleFrame& b) {
  for (int side = 0; side < 2; ++side) {
    const CardId tactic = b.tactic[side];
    for (std::size_t i = 0; i < b.targets[side].size() && i < b.hits[side].size(); ++i) {
      const CardId target = b.targets[side][i];
      if (!s_.in_play_at(target)) continue;
      if (side == 1 && b.commanders_evade && matching_commander_aboard(target)) continue;
      // A self-controlling card deals default damage from the Battle Bridge of the damaged
      // card's owner's opponent, if open (BoG "Battle Bridge and the Borg").
      const Seat by =
          b.seat[side] != kNoSeat ? b.seat[side] : State::other(s_.cards[target].controller);
      if (b.hits[side][i] > 0) {
        b.units[side] =
            static_cast<std::uint8_t>(b.units[side] + inflict(target, by, b.hits[side][i], tactic,
                                                              extra_hit_markers(b, side)));
      } else if (tactic != kNoCard && s_.def(tactic).card.tactic().marker_on_miss()) {
        // Target Shields is placed even on a miss; it damages the target only under
        // `target_shields_miss_no_damage` off (a damage unit if the target was undamaged).
        const bool was_damaged = damaged(target) || has_markers(target);
        place_marker(tactic, target);
        if (!s_.options.target_shields_miss_no_damage) {
          emit(ev::Damaged{target, static_cast<std::int8_t>(hull(target))});
          if (!was_damaged) ++b.units[side];
        }
      }
      if (s_.in_play_at(target) && hull(target) <= 0) b.doomed.push_back(target);
    }
  }
}

void Engine::fire_otherwise(const ShipBattleFrame& b) {
  // After the damage, the fire of a "*" WEAPONS box (Gomtuu), with its WEAPONS as enhanced in
  // this battle. What to tell is gathered first: a handler may push frames, moving `b`.
  struct Told {
    CardId self, target;
    int attack, defense;
  };
  std::vector<Told> told;
  for (int side = 0; side < 2; ++side) {
    for (CardId c : b.firing[side]) {
      if (!ship_battle_fires_otherwise(s_, c) || !s_.in_play_at(c) ||
          has_effect(EffectKind::kNoAttacks, c))
        continue;
      const int attack = attribute(c, Attribute::kWeapons) + b.weapons_bonus[side] +
                         opposing_bonus(b, side, c, Attribute::kWeapons) +
                         tactic_bonus(b, side, /*attack=*/true);
      for (CardId target : b.targets[side]) {
        if (!s_.in_play_at(target) || hull(target) <= 0 ||
            has_effect(EffectKind::kBattleShielded, target))
          continue;
        const int defense = defense_shields(target) + b.shields_bonus[1 - side] +
                            tactic_bonus(b, 1 - side, /*attack=*/false) +
                            opposing_bonus(b, 1 - side, target, Attribute::kShields);
        // Its own coin toss for a card that shrugs off attacks (Edo Vessel).
        const Handler* shrugs = s_.handler(target);
        if (shrugs && shrugs->nullifies_attack && shrugs->nullifies_attack(*this, target)) continue;
        told.push_back({c, target, attack, defense});
      }
    }
  }
  for (const Told& t : told) {
    if (s_.in_play_at(t.self) && s_.in_play_at(t.target))
      s_.handler(t.self)->fires_otherwise(*this, t.self, t.target, t.attack, t.defense);
  }
}

void Engine::end_ship_battle(ShipBattleFrame& b) {
  const Seat winner = b.units[0] > b.units[1]   ? b.seat[0]
                      : b.units[1] > b.units[0] ? b.seat[1]
                                                : kNoSeat;
  b.winner = winner;
  emit(ev::BattleEnded{ev::BattleKind::kShip, b.loc, winner});
  battle_over();
  // Current tactics not used as markers go face up under their side deck.
  for (CardId tactic : b.tactic) {
    if (tactic != kNoCard && s_.cards[tactic].zone == Zone::kResolving) to_discard(tactic);
  }
  // Everything that took part is stopped, the crews of an attacked facility included (§3.12);
  // a self-controlling card is never stopped.
  for (int side = 0; side < 2; ++side) {
    for (CardId c : b.firing[side]) {
      if (s_.in_play_at(c) && !self_controlling(c)) stop(c);
    }
    for (CardId c : b.targets[side]) {
      if (s_.in_play_at(c) && !self_controlling(c)) stop(c);
    }
  }
  // A cloaked ship exposed for this attack is cloaked again (La Forge Maneuver).
  end_effects([](const Effect& x) { return x.kind == EffectKind::kCloakPierced && x.flag; });
  // A window just after the battle (Phaser Array Power Cell), with this frame below it.
  b.step = ShipStep::kEnded;
  open_window(WindowKind::kBattleEnded, s_.active, kNoCard, b.loc);
}

}  // namespace spacedock::stccg
