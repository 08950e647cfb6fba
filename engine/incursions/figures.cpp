#include "engine/incursions/figures.h"

#include <algorithm>

#include "engine/incursions/events/conditions.h"

namespace spacedock::incursions {

int officer_bonus(const State& s, Seat seat, int Bonuses::*bonus) {
  int total = 0;
  for (CardId card : s.vessels[seat].officers) {
    if (card != kNoCard && s.cards[card].face_up) total += s.def(card).bonuses.*bonus;
  }
  return total;
}

int shields_max(const State& s, Seat seat) {
  return s.ship(seat).shields + officer_bonus(s, seat, &Bonuses::shields);
}

namespace {

// Equipment a seat tabled on its own vessel adds from the maneuver after its own (§5.2).
int equipment_bonus(const State& s, Seat seat, int CardEffect::*figure) {
  int total = 0;
  for (const Tabled& t : s.tabled) {
    if (t.on == seat && t.controller == seat && s.in_effect(t))
      total += s.def(t.card).effect.*figure;
  }
  return total;
}

}  // namespace

int card_sum(const State& s, std::span<const CardId> cards, int CardEffect::*figure) {
  int sum = 0;
  for (CardId card : cards)
    sum += s.def(card).effect.*figure;
  return sum;
}

Dice denizen_weapon(const State& s, const Denizen& d, std::span<const CardId> cards) {
  const DenizenDef& def = s.def(d);
  Dice weapon = def.weapon;
  if (def.weapon_bonus && s.in_game(d.owner)) weapon.flat += weapon_bonus(s, d.owner);
  weapon.dice += card_sum(s, cards, &CardEffect::weapon_dice);
  weapon.flat += card_sum(s, cards, &CardEffect::attack_flat);
  return weapon;
}

EscapePower escape_power(const State& s, Seat seat) {
  // Two Pwr cards go along, in the states they are in (A33): how many of them are UP, from
  // the fewest to the most. Cards held by a cloak or a beam count as SPENT once freed; cards
  // out of play stay behind.
  const Power& p = s.vessels[seat].power;
  const int others = p.spent + p.cloak + p.tractor;
  const int kept = std::min(2, p.up + others);
  return {kept, std::max(0, kept - others), std::min<int>(kept, p.up)};
}

bool own_card_in_effect(const State& s, Seat seat, const Tabled& t) {
  return t.on == seat && t.controller == seat && s.in_effect(t);
}

bool card_in_effect(const State& s, Seat seat, v1::IncursionsCardMechanism mechanism) {
  return std::any_of(s.tabled.begin(), s.tabled.end(), [&](const Tabled& t) {
    return own_card_in_effect(s, seat, t) && s.def(t.card).effect.mechanism == mechanism;
  });
}

int evasion_score(const State& s, Seat seat) {
  return s.ship(seat).evasion + officer_bonus(s, seat, &Bonuses::evasion) +
         standing(s, seat).evasion + equipment_bonus(s, seat, &CardEffect::evasion);
}

int weapon_bonus(const State& s, Seat seat) {
  return officer_bonus(s, seat, &Bonuses::weapons);
}

int repair_points(const State& s, Seat seat, int power) {
  return 3 + 3 * power + s.ship(seat).repair_bonus + officer_bonus(s, seat, &Bonuses::repair);
}

int drive(const State& s, Seat seat) {
  return std::max(1, s.ship(seat).drive + standing(s, seat).drive);
}

int weapon_range(const State& s, Seat seat, Weapon weapon) {
  const HexModifiers& m = standing(s, seat);
  const int bonus = weapon == Weapon::kW1 ? m.w1_range : weapon == Weapon::kW2 ? m.w2_range : 0;
  return std::max(0, s.ship(seat).weapon(weapon).range + bonus);
}

int distance(const State& s, TileIndex from, TileIndex to) {
  if (s.options.rules.range_over_tiles) return s.board.steps(from, to);
  return hex_distance(s.board.tile(from).coord, s.board.tile(to).coord);
}

int hex_weapon_dice(const State& s, Seat seat, Weapon weapon) {
  const HexModifiers& m = standing(s, seat);
  return m.weapon_dice + (weapon == Weapon::kW2 ? m.torpedo_dice : 0);
}

int cloak_cost(const State& s, Seat seat) {
  const int cost = s.ship(seat).cloak_cost;
  if (cost > 0 && card_in_effect(s, seat, v1::INCURSIONS_CARD_MECHANISM_CLOAK_AND_MOVE)) return 0;
  return cost == 0 ? 0 : std::max(1, cost - standing(s, seat).cloak_discount);
}

bool evasion_forbidden_here(const State& s, Seat seat) {
  return standing(s, seat).no_evasion;
}

bool shields_offline(const State& s, Seat seat) {
  return standing(s, seat).shields_offline;
}

int assimilation_range(const State& s, Seat seat) {
  return standing(s, seat).assimilation_range;
}

int espionage_score(const State& s, Seat seat, int position) {
  const CardId card = s.officer(seat, position);
  return s.def(card).espionage_evasion + officer_bonus(s, seat, &Bonuses::crew_espionage);
}

int systems_espionage_score(const State& s, Seat seat) {
  const CardId captain = s.officer(seat, kCaptain);
  if (captain != kNoCard && s.cards[captain].face_up) return espionage_score(s, seat, kCaptain);
  int best = 0;
  bool any = false;
  for (int position = 0; position < kPositions; ++position) {
    const CardId card = s.officer(seat, position);
    if (card == kNoCard || !s.cards[card].face_up) continue;
    best = std::max(best, s.def(card).espionage_evasion);
    any = true;
  }
  return any ? best + officer_bonus(s, seat, &Bonuses::crew_espionage) : 0;
}

v1::Race officer_race(const State& s, Seat seat, CardId card) {
  if (s.cards[card].assimilated) return v1::RACE_BORG;
  const v1::Race race = s.def(card).race;
  return race != v1::RACE_UNSPECIFIED ? race : s.race(seat);
}

v1::Race captain_race(const State& s, Seat seat) {
  const CardId captain = s.officer(seat, kCaptain);
  return captain == kNoCard ? v1::RACE_UNSPECIFIED : officer_race(s, seat, captain);
}

}  // namespace spacedock::incursions
