#pragma once

#include <span>

#include "engine/incursions/state.h"

namespace spacedock::incursions {

// A vessel's figures with its officers' bonuses (§15, A61) and the modifiers of the hex it
// stands in (§9.5): the one place that adds them up. Only face-up officers in a position count;
// an assimilated captain kept beside the Borg's own gives nothing (A39).

int officer_bonus(const State& s, Seat seat, int Bonuses::*bonus);
int shields_max(const State& s, Seat seat);
// The evasion score before Pwr.
int evasion_score(const State& s, Seat seat);
// Added to every weapon the seat fires, lays or detonates (§7.1).
int weapon_bonus(const State& s, Seat seat);
// Points of a repair with `power` Pwr (§8): 3 + 3 per Pwr + ship and officer bonuses.
int repair_points(const State& s, Seat seat, int power);
// Hexes a move maneuver covers without Pwr.
int drive(const State& s, Seat seat);
// A weapon's range in hexes before Pwr, and its extra dice from the hex.
int weapon_range(const State& s, Seat seat, Weapon weapon);
// How far apart two tiles are for range (§7.1): the axial hex distance across open space, or
// with A49's option the fewest steps over placed tiles.
int distance(const State& s, TileIndex from, TileIndex to);
int hex_weapon_dice(const State& s, Seat seat, Weapon weapon);
int cloak_cost(const State& s, Seat seat);
// The hex forbids evasion, or puts the shields offline.
bool evasion_forbidden_here(const State& s, Seat seat);
bool shields_offline(const State& s, Seat seat);
// Range of Borg assimilation: the same hex unless the hex says otherwise (§13.3).
int assimilation_range(const State& s, Seat seat);

// The espionage evasion of the officer in `position` (§13.2): its own score plus every
// crew-wide bonus of the vessel, its own included.
int espionage_score(const State& s, Seat seat, int position);
// The score that guards the ship's systems: the captain's, else the best officer's; 0 with no
// officer face up, so the defence always fails (A26).
int systems_espionage_score(const State& s, Seat seat);

// The sum of one figure over some cards: the ones committed to a maneuver or attached to the
// next one (FULL).
int card_sum(const State& s, std::span<const CardId> cards, int CardEffect::*figure);

// What a denizen or placed object attacks with: a Weapons Platform adds its owner's weapon
// bonus (§18), and a craft its owner commands the Phasers and Fire `cards` that go with the
// attack (§11.3; none when it strikes by itself).
Dice denizen_weapon(const State& s, const Denizen& d, std::span<const CardId> cards);

// The Pwr cards an escape craft takes along (A33): `kept` cards, of which from `least_up` to
// `most_up` may be UP, the rest SPENT.
struct EscapePower {
  int kept = 0;
  int least_up = 0;
  int most_up = 0;
};
EscapePower escape_power(const State& s, Seat seat);

// Whether a card `seat` tabled on its own vessel with this mechanism is in effect (FULL); and
// whether one tabled card is such a card of `seat`'s.
bool card_in_effect(const State& s, Seat seat, v1::IncursionsCardMechanism mechanism);
bool own_card_in_effect(const State& s, Seat seat, const Tabled& t);

// The race an officer counts as: BORG once assimilated, the card's own, or for crew who serve
// any race, the ship's.
v1::Race officer_race(const State& s, Seat seat, CardId card);
// The race captain-keyed effects see; RACE_UNSPECIFIED with no captain (A25).
v1::Race captain_race(const State& s, Seat seat);

}  // namespace spacedock::incursions
