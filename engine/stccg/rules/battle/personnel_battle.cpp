// A personnel battle (§3.11, Model A of the CRD): the initiator's Away Team against an opposing
// Away Team on the same planet. The defender says whether it fights back; the STRENGTH totals
// are compared and the loser loses one personnel at random. An initiator without a leader
// loses; a defender that does not fight back kills nobody. Everyone involved is stopped. Rogue
// Borg Mercenaries battle a ship's crew the same way, with no leader needed.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

using PersonnelStep = PersonnelBattleFrame::Step;

Seat seat_of(const PersonnelBattleFrame& b, int side) {
  return side == 0 ? b.attacker : State::other(b.attacker);
}

// A card that joins the Rogue Borg on a ship as one of them (Crosis): its data carries the
// engine's keyword "Rogue Borg".
bool joins_rogue_borg(const CardDef& def) {
  const auto& keywords = def.card.keywords();
  return std::find(keywords.begin(), keywords.end(), "Rogue Borg") != keywords.end();
}

}  // namespace

void Engine::begin_personnel_battle(Seat seat, CardId member, CardId opponent,
                                    const BattleTerms& terms) {
  PersonnelBattleFrame b;
  b.attacker = seat;
  b.loc = s_.cards[member].loc;
  b.terms = terms;
  b.sides[0] = battle_team(member, terms);
  b.sides[1] = battle_team(opponent, terms);
  open_away_team_battle(std::move(b), opponent);
}

void Engine::begin_battle_aboard(Seat seat, CardId vessel, std::vector<CardId> initiators,
                                 std::vector<CardId> opponents, int strength_bonus) {
  PersonnelBattleFrame b;
  b.attacker = seat;
  b.loc = vessel != kNoCard ? s_.cards[vessel].loc : location_of(initiators.front());
  b.aboard = vessel;
  b.terms.no_leader_needed = true;
  b.strength_bonus = static_cast<std::int16_t>(strength_bonus);
  const CardId target = vessel != kNoCard ? vessel : opponents.front();
  b.sides[0] = std::move(initiators);
  b.sides[1] = std::move(opponents);
  emit(ev::BattleStarted{ev::BattleKind::kPersonnel, seat, b.loc, target});
  took_part_in_battle(seat);
  took_part_in_battle(State::other(seat));
  s_.frames.emplace_back(std::move(b));
}

void Engine::begin_rogue_borg_battle(Seat seat, CardId ship, DefIndex rogue) {
  PersonnelBattleFrame b;
  b.attacker = seat;
  b.loc = s_.cards[ship].loc;
  b.rogue_host = ship;
  b.rogue_def = rogue;
  b.step = PersonnelStep::kFight;  // the crew always fights back
  // A card of the ship's player may hold off too few of them (Intruder Force Field): nothing
  // happens until more arrive.
  prune_battle(b);
  const int invaders = static_cast<int>(b.sides[0].size());
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->holds_off_invaders &&
        s_.cards[c].controller == s_.cards[ship].controller &&
        handler->holds_off_invaders(*this, c, ship, invaders))
      return;
  }
  emit(ev::BattleStarted{ev::BattleKind::kPersonnel, seat, b.loc, ship});
  took_part_in_battle(seat);
  s_.frames.emplace_back(std::move(b));
}

void Engine::open_away_team_battle(PersonnelBattleFrame b, CardId opponent) {
  const Seat seat = b.attacker;
  emit(ev::BattleStarted{ev::BattleKind::kPersonnel, seat, b.loc, opponent});
  took_part_in_battle(seat);
  took_part_in_battle(State::other(seat));
  Effect attacked{.kind = EffectKind::kAttacked, .until = Until::kRemoved};
  attacked.player = State::other(seat);
  attacked.loc = b.loc;
  add_effect(attacked);
  s_.frames.emplace_back(std::move(b));
}

void Engine::begin_rogue_borg_raid(Seat seat, CardId ship, DefIndex rogue, CardId opponent) {
  // An Away Team battle with Rogue Borg as the initiating team: no leader needed, and the
  // defender says whether it fights back. Intruder Force Field's minimum of three does not apply
  // (CRD IV.7), so nothing holds them off.
  PersonnelBattleFrame b;
  b.attacker = seat;
  b.loc = s_.cards[ship].loc;
  b.rogue_host = ship;
  b.rogue_def = rogue;
  b.rogue_raid = true;
  b.sides[1] = battle_team(opponent, b.terms);
  prune_battle(b);
  open_away_team_battle(std::move(b), opponent);
}

void Engine::prune_battle(PersonnelBattleFrame& b) {
  if (b.rogue_host != kNoCard) {
    // Rogue Borg aboard against the rest of the crew, as they are now.
    b.sides[0].clear();
    for (CardId c : s_.in_play) {
      const CardState& card = s_.cards[c];
      if (card.where == Where::kOn && card.host == b.rogue_host && card.controller == b.attacker &&
          (card.def == b.rogue_def || joins_rogue_borg(s_.def(c))))
        b.sides[0].push_back(c);
    }
    if (!b.rogue_raid) {
      b.sides[1] = s_.in_play_at(b.rogue_host) ? crew(b.rogue_host) : std::vector<CardId>{};
      return;
    }
    // A raid: the Away Team, as long as it stays on the planet.
    std::erase_if(b.sides[1], [&](CardId c) {
      const CardState& card = s_.cards[c];
      return card.zone != Zone::kPlay || card.where != Where::kSurface || card.loc != b.loc;
    });
    return;
  }
  for (auto& side : b.sides) {
    std::erase_if(side, [&](CardId c) {
      const CardState& card = s_.cards[c];
      if (b.aboard != kNoCard) {
        return card.zone != Zone::kPlay || card.where != Where::kAboard || card.host != b.aboard;
      }
      return card.zone != Zone::kPlay || card.where != Where::kSurface || card.loc != b.loc;
    });
  }
}

int Engine::battle_strength(const PersonnelBattleFrame& b, int side) const {
  if (b.rogue_host != kNoCard && side == 0) {
    // Each Rogue Borg is as strong as there are Rogue Borg in the group (CRD IV.8), times the
    // largest STRENGTH multiplier one of them carries (Crosis doubles them all, not cumulative).
    const int n = static_cast<int>(b.sides[0].size());
    int times = 1;
    for (const Effect& x : s_.effects) {
      if (x.kind == EffectKind::kAttributeTimes && x.attribute == Attribute::kStrength &&
          std::find(b.sides[0].begin(), b.sides[0].end(), x.card) != b.sides[0].end())
        times = std::max<int>(times, x.value);
    }
    return n * n * times;
  }
  const bool vengeful = b.vengeance == side + 1;
  const auto klingon = bit(Affiliation::kKlingon);
  int total = side == 0 ? b.strength_bonus : 0;
  for (CardId c : b.sides[side]) {
    // Klingon Right of Vengeance: only the Klingons fight again, with STRENGTH x2.
    if (vengeful && !(affiliations(c) & klingon)) continue;
    total += attribute(c, Attribute::kStrength) * (vengeful ? 2 : 1);
  }
  return total + card_battle_strength(b.sides[side]);
}

int Engine::card_battle_strength(const std::vector<CardId>& fighters) const {
  int total = 0;
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->battle_strength) total += handler->battle_strength(*this, c, fighters);
  }
  return total;
}

void Engine::step(PersonnelBattleFrame& b) {
  switch (b.step) {
    case PersonnelStep::kRetaliate: {
      auto fights = yes_no(State::other(b.attacker));
      if (!fights) return;
      b.retaliates = *fights;
      b.step = PersonnelStep::kStart;
      return;
    }
    case PersonnelStep::kStart:
      if (!b.windowed) {
        b.windowed = true;
        open_window(WindowKind::kBattleStart, s_.active, kNoCard, b.loc);
        // Cards that act as a battle starts (Sniper) do so, in their state checks, before
        // anyone is asked in its window: the checks run even though nothing was reported.
        s_.events_checked = 0;
        return;
      }
      b.windowed = false;
      b.step = PersonnelStep::kFight;
      return;
    case PersonnelStep::kFight:
      fight_round(b);
      return;
    case PersonnelStep::kCasualty:
      battle_casualties(b);
      return;
    case PersonnelStep::kKilled:
      // The one picked may have been saved as it was picked (Wolf): then nobody was killed.
      if (!b.windowed && !s_.in_play_at(b.killed)) {
        b.windowed = true;
        open_window(WindowKind::kKilled, s_.cards[b.killed].owner, b.killed, b.loc);
        return;
      }
      b.windowed = false;
      b.step = b.vengeance != 0 ? PersonnelStep::kFight : PersonnelStep::kEnd;
      return;
    case PersonnelStep::kEnd: {
      // Once, after the last round's casualty (a Klingon Right of Vengeance round included);
      // then a window just after the battle (Data's Medals), with this frame still below it.
      if (!b.windowed) {
        emit(ev::BattleEnded{ev::BattleKind::kPersonnel, b.loc, b.winner});
        battle_over();
        // The cards that added STRENGTH to a side count the battle (Echo Papa 607).
        for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
          const Handler* handler = s_.handler(c);
          if (!handler || !handler->battle_strength || !handler->fought_in_battle) continue;
          if (handler->battle_strength(*this, c, b.sides[0]) > 0 ||
              handler->battle_strength(*this, c, b.sides[1]) > 0)
            handler->fought_in_battle(*this, c);
        }
        mark_losers(b);
        for (const auto& side : b.sides) {
          for (CardId c : side) {
            if (s_.in_play_at(c)) stop(c);
          }
        }
        b.windowed = true;
        open_window(WindowKind::kBattleEnded, s_.active, kNoCard, b.loc);
        return;
      }
      s_.frames.pop_back();  // `b` is gone from here on
      return;
    }
  }
}

void Engine::mark_losers(const PersonnelBattleFrame& b) {
  // The survivors of the side that lost, remembered while they stay in play (Discommendation).
  if (b.winner == kNoSeat || b.rogue_host != kNoCard) return;
  const int side = b.winner == b.attacker ? 1 : 0;
  for (CardId c : b.sides[side]) {
    if (!s_.in_play_at(c)) continue;
    end_effects([&](const Effect& x) { return x.kind == EffectKind::kLostBattle && x.card == c; });
    Effect lost{.kind = EffectKind::kLostBattle, .until = Until::kRemoved};
    lost.card = c;
    lost.turn = s_.turn;
    add_effect(lost);
  }
}

void Engine::fight_round(PersonnelBattleFrame& b) {
  prune_battle(b);
  const bool vengeance_round = b.vengeance != 0;
  const int strength[2] = {battle_strength(b, 0), battle_strength(b, 1)};
  b.vengeance = 0;
  int winner = strength[0] > strength[1] ? 0 : strength[1] > strength[0] ? 1 : -1;
  // An initiator without a leader loses (§3.11); Rogue Borg need none, nor a battle whose card
  // lifts the need (BattleTerms: Dial Martok for Murder's, aboard or on a planet).
  if (!vengeance_round && b.rogue_host == kNoCard && !b.terms.no_leader_needed &&
      leaders(b.sides[0]) == 0)
    winner = 1;
  // A defender that does not fight back kills nobody (CRD III.4 "Retaliation").
  // (A ship's crew always fights the Rogue Borg: `retaliates` stays true.)
  if (winner == 1 && !b.retaliates) winner = -1;
  for (int side = 0; side < 2; ++side) {
    emit(ev::Fired{seat_of(b, side), kNoCard, static_cast<std::int16_t>(strength[side]),
                   static_cast<std::int16_t>(strength[1 - side]),
                   static_cast<std::uint8_t>(winner == side)});
  }
  b.winner = winner < 0 ? kNoSeat : seat_of(b, winner);
  const bool tie = winner < 0 && strength[0] == strength[1] && b.retaliates &&
                   !s_.options.battle_tie_kills_nobody;
  b.killed = kNoCard;
  b.losers = 0;
  for (int loser = 0; loser < 2; ++loser) {
    // The loser loses one personnel by random selection (a Rogue Borg counts as one); in a tie
    // both do under A-26's other reading.
    if ((winner < 0 && !tie) || (winner == loser) || b.sides[loser].empty()) continue;
    b.losers = static_cast<std::uint8_t>(b.losers | (1u << loser));
  }
  b.step = PersonnelStep::kCasualty;
  battle_casualties(b);
}

void Engine::battle_casualties(PersonnelBattleFrame& b) {
  while (b.losers != 0) {
    const int loser = (b.losers & 1u) != 0 ? 0 : 1;
    CardId victim = kNoCard;
    // An opposing Elim there picks among personnel all of one player's (bog.md).
    if (const Seat chooser = random_chooser(b.sides[loser]); chooser != kNoSeat) {
      const auto picked = pick(chooser, b.sides[loser]);
      if (!picked) return;  // runs again with the answer
      victim = *picked;
    } else {
      victim = random_member(b.sides[loser]);
    }
    b.losers = static_cast<std::uint8_t>(b.losers & ~(1u << loser));
    if (!is_personnel(victim)) {
      to_discard(victim);
      continue;
    }
    b.killed = victim;
    // Side 1's casualty, left in a tie, is asked for only once a window opened on this pick
    // has closed: a question may not wait under a window.
    if (picked_at_random(victim, WindowKind::kPickedToDie) && b.losers != 0 &&
        random_chooser(b.sides[1]) != kNoSeat)
      return;
  }
  b.step = b.killed != kNoCard ? PersonnelStep::kKilled : PersonnelStep::kEnd;
}

}  // namespace spacedock::stccg
