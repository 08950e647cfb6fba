// Rules scenarios for the Star Trek: Incursions basic game: the acceptance scenarios of
// incursions-rules.md §22.3 that BASIC covers (adapted where they mix in captains, crew, cards or
// hex events, which BASIC does not have), plus scenarios for basic-game rules the list leaves
// out. Every scenario builds a position, loads the dice and drives the engine through
// Game::submit only; the expected values come from the rules text, not from the engine.
//
// Scenarios not here: T01-T03, T08, T09 (decks and hands), T04 (hexpoint budget: in
// incursions_content_test.cpp), T31-T39, T44-T53 (denizens, captains, crew, cards, hex events).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/incursions/game.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {

namespace {

using namespace scenario;

}  // namespace

// ---------------------------------------------------------------------------------------------
// §22.3 acceptance scenarios
// ---------------------------------------------------------------------------------------------

TEST_CASE("T05 initiative with tie") {
  // §3.5, A54: only the tied leaders roll again; play then runs in seat order from the winner.
  Setup setup;
  setup.options.players = 3;
  for (std::string_view ship : {"TS-F", "TS-K", "TS-R"}) {
    SeatSetup seat;
    seat.hexes = {hex_id(kWormhole), hex_id(kOpen)};
    seat.hexpoints = 1;
    seat.ship = content().find_ship(ship);
    setup.seats.push_back(seat);
  }
  Game g = Game::create(content(), setup, 2026);

  // The setup first asks for the hexpile cuts (§3.3): each pile is cut by the next seat, and
  // nobody has rolled for initiative yet.
  CHECK(events_of<ev::StartingPlayer>(g).empty());
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_INITIATIVE).empty());
  g.script_dice({3, 4, 5, 2, 1, 2, 1, 1, 6, 6});
  for (Seat owner = 0; owner < 3; ++owner) {
    REQUIRE(g.state().step == Step::kCut);
    const auto before = g.state().piles[owner].hexes;  // the top is the back
    play(g, static_cast<Seat>((owner + 1) % 3), act(kCut, 1));
    const auto& after = g.state().piles[owner].hexes;
    REQUIRE(after.size() == 2);
    CHECK(after.back().hex == before.front().hex);  // the top hex went under the other
    CHECK(after.front().hex == before.back().hex);
  }
  const auto cuts = events_of<ev::HexpileCut>(g);
  REQUIRE(cuts.size() == 3);
  for (int i = 0; i < 3; ++i) {
    CHECK(int{cuts[static_cast<std::size_t>(i)].owner} == i);
    CHECK(int{cuts[static_cast<std::size_t>(i)].cutter} == (i + 1) % 3);
  }

  // P1 = 7, P2 = 7, P3 = 3; P1 and P2 reroll: P1 = 2, P2 = 12. P3 does not reroll.
  const auto initiative = rolls(g, 0, v1::DICE_ROLL_PURPOSE_INITIATIVE);
  REQUIRE(initiative.size() == 5);
  const int seats[] = {0, 1, 2, 0, 1};
  const int totals[] = {7, 7, 3, 2, 12};
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(int{initiative[i].seat} == seats[i]);
    CHECK(initiative[i].total == totals[i]);
  }
  CHECK(dice_left(g) == 0);
  const auto starting = events_of<ev::StartingPlayer>(g);
  REQUIRE(starting.size() == 1);
  CHECK(int{starting[0].seat} == 1);
  CHECK(int{g.state().starting} == 1);
  CHECK(active(g) == 1);
  CHECK(decider(g) == 1);
  CHECK(g.state().round == 1);

  // Turn order P2 -> P3 -> P1; round 1 ends when play comes back to P2.
  play(g, 1, act(kEndManeuvers));
  CHECK(active(g) == 2);
  CHECK(g.state().round == 1);
  play(g, 2, act(kEndManeuvers));
  CHECK(active(g) == 0);
  CHECK(g.state().round == 1);
  play(g, 0, act(kEndManeuvers));
  CHECK(active(g) == 1);
  CHECK(g.state().round == 2);
}

TEST_CASE("T06 post-setup state (BASIC)") {
  // BASIC version: no decks, so the opening hand and the tabled CRW-HELM are left out. Ships are
  // drawn at random from the pool without replacement (§3.1, R01).
  Setup setup;
  setup.options.players = 3;
  const char* presets[] = {"standard", "federation", "klingon"};
  for (const char* preset : presets) {
    SeatSetup seat;
    REQUIRE(content().find_preset(preset) != nullptr);
    seat.hexes = content().find_preset(preset)->hexes;
    seat.hexpoints = 30;
    setup.seats.push_back(seat);
  }
  setup.ship_pool = content().standard_pool();
  Game g = Game::create(content(), setup, 77);
  int cuts = 0;
  while (g.decision() != nullptr && g.state().step == Step::kCut) {
    play(g, static_cast<Seat>(decider(g)), act(kCut, 0));
    ++cuts;
  }
  CHECK(cuts == 3);

  const State& s = g.state();
  std::set<int> ships;
  for (Seat seat = 0; seat < 3; ++seat) {
    CAPTURE(int{seat});
    const Vessel& v = s.vessels[seat];
    const auto& pool = content().standard_pool();
    CHECK(std::find(pool.begin(), pool.end(), v.ship) != pool.end());
    ships.insert(v.ship);
    const ShipDef& def = content().ship(v.ship);
    CHECK(v.hull == def.hull);
    CHECK(v.shields == def.shields);
    CHECK(pwr(g, seat) == Pwr{4, 0, 0, 0, 0});
    CHECK(v.aux);
    CHECK_FALSE(v.cloaked);
    CHECK_FALSE(v.eliminated);
    CHECK(int{v.tile} == 0);
    CHECK(s.position(seat) == Coord{0, 0});
    CHECK(s.piles[seat].hexes.size() == content().find_preset(presets[seat])->hexes.size());
  }
  CHECK(ships.size() == 3);  // without replacement
  // The start tile at (0, 0) is neutral: no event, not a wormhole (A02).
  REQUIRE(s.board.size() == 1);
  CHECK(s.board.tile(0).hex == kStartHex);
  CHECK(s.mines.empty());
  CHECK(s.round == 1);
  CHECK(s.turn == 1);
  CHECK(s.active == s.starting);
  CHECK(used(g) == 0);
  CHECK(int{s.maneuvers_allowed} == 2);
  CHECK(s.step == Step::kManeuver);
  CHECK(decider(g) == int{s.starting});
}

TEST_CASE("T07 power persists across turns") {
  // §6.1: Pwr spent comes back only at its owner's next POWER_UP.
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  g.script_dice({2, 2, 2, 2, 6, 6, 1});
  play(g, 0, act(kFireW1, 1, 3));  // P1 spends 3 Pwr on an attack: 4 dice = 8
  play(g, 1, act(kEvade, 0, 1));   // P2 spends 1 Pwr to evade: 12 > 6, the evasion fails
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 12);
  CHECK(pwr(g, 0) == Pwr{1, 3});
  CHECK(pwr(g, 1) == Pwr{3, 1});
  // The rest of P1's turn: attacked again, P2 still has only 3 UP.
  play(g, 0, act(kFireW1, 1, 0));
  CHECK(pwr(g, 1) == Pwr{3, 1});
  CHECK(refused(g, 1, act(kEvade, 0, 4)) == "INSUFFICIENT_POWER");
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 11);
  CHECK(dice_left(g) == 0);

  // P2's POWER_UP: 4 UP again. P1 still has 1 UP for defence throughout P2's turn.
  REQUIRE(active(g) == 1);
  CHECK(pwr(g, 1) == Pwr{4, 0});
  CHECK(pwr(g, 0) == Pwr{1, 3});
  g.script_dice({1});
  play(g, 1, act(kFireW1, 0, 0));
  CHECK(refused(g, 0, act(kEvade, 0, 2)) == "INSUFFICIENT_POWER");
  CHECK(offered(g, act(kEvade, 0, 1)));
  play(g, 0, act(kAccept));
  CHECK(pwr(g, 0) == Pwr{1, 3});
  play(g, 1, act(kEndManeuvers));

  // P1's next POWER_UP.
  REQUIRE(active(g) == 0);
  CHECK(pwr(g, 0) == Pwr{4, 0});
}

TEST_CASE("T10 basic phaser hit") {
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  g.script_dice({4});
  play(g, 0, act(kFireW1, 1, 0));
  REQUIRE(decider(g) == 1);
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 16);
  CHECK(hull(g, 1) == 30);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{4, 0});
  CHECK(decider(g) == 0);  // maneuver 2 of 2
  const auto damage = events_of<ev::DamageApplied>(g);
  REQUIRE(damage.size() == 1);
  CHECK(damage[0].damage == 4);
  CHECK(damage[0].shields_lost == 4);
  CHECK(damage[0].hull_lost == 0);
}

TEST_CASE("T11 (adapted) stacked attack: power dice in one maneuver") {
  // Without the Fire command and the Phasers card (FULL mode): W1 with 4 Pwr rolls 5 dice.
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  g.script_dice({1, 2, 3, 4, 5});
  play(g, 0, act(kFireW1, 1, 4));
  play(g, 1, act(kAccept));
  const auto damage = rolls(g, 0, v1::DICE_ROLL_PURPOSE_DAMAGE);
  REQUIRE(damage.size() == 1);
  CHECK(int{damage[0].count} == 5);
  CHECK(damage[0].total == 15);
  CHECK(shields(g, 1) == 5);
  CHECK(hull(g, 1) == 30);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{0, 4});
}

TEST_CASE("T12 destruction and last ship standing") {
  // Without the tabled CRW-TAC (BASIC has no crew).
  State s = position({"TS-F", "TS-K"});
  s.vessels[1].shields = 3;
  s.vessels[1].hull = 4;
  Game g = Game::from_position(s);
  g.script_dice({4, 5});
  play(g, 0, act(kFireW1, 1, 1));
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 0);
  CHECK(hull(g, 1) == -2);
  CHECK(g.state().vessels[1].eliminated);
  CHECK(pwr(g, 1) == Pwr{});  // the ship and its Pwr leave the game
  const auto out = events_of<ev::PlayerEliminated>(g);
  REQUIRE(out.size() == 1);
  CHECK(int{out[0].seat} == 1);
  CHECK(out[0].reason == v1::ELIMINATION_REASON_DESTROYED);
  CHECK(g.over());
  CHECK(g.decision() == nullptr);
  CHECK(winners(g) == 0b01);
  CHECK(g.state().reason == v1::RESULT_REASON_LAST_SHIP_STANDING);
}

TEST_CASE("T13 successful evasion") {
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  g.script_dice({5, 2, 4});
  play(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kEvade, 0, 1));  // score 5 + 1 = 6; 2 + 4 = 6 <= 6
  const auto evasion = events_of<ev::EvasionResolved>(g);
  REQUIRE(evasion.size() == 1);
  CHECK(int{evasion[0].score} == 6);
  CHECK(evasion[0].success);
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 20);
  CHECK(hull(g, 1) == 30);
  CHECK(pwr(g, 1) == Pwr{3, 1});
  CHECK(events_of<ev::DamageApplied>(g).empty());
}

TEST_CASE("T15 impossible evasion rejected") {
  // A05: an evasion whose effective score is below 2 is rejected and costs nothing.
  Game g = Game::from_position(position({"TS-F", "TS-B"}));
  g.script_dice({4, 4, 1, 1});
  play(g, 0, act(kFireW1, 1, 1));                                // 8 damage
  CHECK(refused(g, 1, act(kEvade, 0, 1)) == "INVALID_EVASION");  // 0 + 1 = 1
  CHECK(pwr(g, 1) == Pwr{4, 0});
  play(g, 1, act(kEvade, 0, 2));  // 0 + 2 = 2; 1 + 1 = 2 <= 2
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 20);
  CHECK(pwr(g, 1) == Pwr{2, 2});
}

TEST_CASE("T16 (adapted) one defense slot per attack: defensive repair after the damage") {
  // Without Reinforce Shields and Repair Crew (cards): the basic game's only Defense-slot
  // answer is a defensive repair (§7.3, §8, A07). It is paid when chosen and applied after the
  // damage; evasion and shield power do not use the slot.
  State s = position({"TS-F", "TS-K"});
  s.vessels[1].shields = 10;
  Game g = Game::from_position(s);
  g.script_dice({6, 6});
  play(g, 0, act(kFireW1, 1, 1));           // 12 damage
  play(g, 1, act(kDefensiveRepair, 1, 1));  // shields, 3 + 3 = 6 points
  CHECK(pwr(g, 1) == Pwr{3, 1});
  CHECK(refused(g, 1, act(kDefensiveRepair, 0, 0)) == "DEFENSE_SLOT_USED");
  CHECK(g.check(encode(act(kEvade, 0, 1))) == Rule::kOk);
  CHECK(g.check(encode(act(kShieldPower, 0, 1))) == Rule::kOk);
  play(g, 1, act(kAccept));
  // After the damage: 12 takes the 10 shields and 2 hull, then the shields get 6 back. (Before
  // the damage it would have been shields 16 - 12 = 4 and the hull untouched.)
  CHECK(hull(g, 1) == 28);
  CHECK(shields(g, 1) == 6);
  const long damage = first_index<ev::DamageApplied>(g);
  const long repair = first_index<ev::Repaired>(g);
  REQUIRE(damage >= 0);
  REQUIRE(repair >= 0);
  CHECK(damage < repair);
}

TEST_CASE("T18 phaser range (parts 1 and 3; BASIC ignores Ion Storm: Force III)") {
  // Part 2 (a FED ship's phasers reach 1 hex in Ion Storm: Force III) is a hex event, which
  // BASIC does not have: there even the FED ship's phasers stay at range 0.
  SUBCASE("part 1: an adjacent target is out of W1 range") {
    State s = position({"TS-F", "TS-K"});
    s.vessels[1].tile = add_tile(s, {1, 0}, kOpen);
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "OUT_OF_RANGE");
    CHECK(refused(g, 0, act(kFireW1, 1, 4)) == "OUT_OF_RANGE");  // Pwr buys dice, not range
    CHECK(g.check(encode(act(kFireW2, 1, 0, 0))) == Rule::kOk);  // torpedoes reach 1 hex
  }
  SUBCASE("part 3: a KLI ship in Ion Storm: Force III") {
    State s = position({"TS-K", "TS-F"});
    s.vessels[0].tile = add_tile(s, {1, 0}, kIonStorm3);
    s.vessels[1].tile = add_tile(s, {2, 0}, kOpen);
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "OUT_OF_RANGE");
  }
  SUBCASE("BASIC: a FED ship in Ion Storm: Force III is not helped either") {
    State s = position({"TS-F", "TS-K"});
    s.vessels[0].tile = add_tile(s, {1, 0}, kIonStorm3);
    s.vessels[1].tile = add_tile(s, {2, 0}, kOpen);
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "OUT_OF_RANGE");
  }
}

TEST_CASE("T19 multi-hex warp is one maneuver") {
  // The hex events on the way (Allied Starbase) and at the end (Nebula: Class III) are left
  // out: BASIC has none, so nothing is rolled and no shield layer appears.
  State s = position({"TS-F", "TS-K"});
  add_tile(s, {1, 0}, kOpen);
  add_tile(s, {2, 0}, kStarbase);
  const int h3 = add_tile(s, {3, 0}, kNebula3);
  add_tile(s, {4, 0}, kOpen);
  add_tile(s, {5, 0}, kOpen);
  const int h6 = add_tile(s, {6, 0}, kOpen);
  Game g = Game::from_position(s);
  // Six hexes need drive 1 + 5 Pwr; P1 has 4.
  CHECK(refused(g, 0, act(kMove, h6)) == "INSUFFICIENT_POWER");
  play(g, 0, act(kMove, h3));  // drive 1 + 2 Pwr
  CHECK(tile_of(g, 0) == h3);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{2, 2});
  CHECK(events_of<ev::DiceRolled>(g).empty());
  CHECK(shields(g, 0) == 20);
  CHECK(hull(g, 0) == 30);
  const auto moved = events_of<ev::VesselMoved>(g);
  REQUIRE(moved.size() == 1);
  CHECK(int{moved[0].from} == 0);
  CHECK(int{moved[0].to} == h3);
  CHECK(int{moved[0].steps} == 3);
  CHECK(int{moved[0].power} == 2);
  CHECK(decider(g) == 0);  // maneuver 2 is still to come
}

TEST_CASE("T20 exploration") {
  // The Allied Starbase event (8 automatic damage, EVENT_NOT_EVADABLE) is left out: BASIC has
  // no hex events (see T22).
  SUBCASE("the top hex of the explorer's own pile is placed at the chosen neighbour") {
    State s = position({"TS-F", "TS-K"});
    s.piles[0].hexes = {{hex_id(kOpen), 0}, {hex_id(kStarbase), 0}};  // top: Allied Starbase
    s.piles[1].hexes = {{hex_id(kWormhole), 1}};
    Game g = Game::from_position(s);
    play(g, 0, act(kExplore, 5));  // direction 5: (0, 1)
    REQUIRE(g.state().board.size() == 2);
    const Tile& tile = g.state().board.tile(1);
    CHECK(tile.coord == Coord{0, 1});
    CHECK(tile.hex == hex_id(kStarbase));
    CHECK(int{tile.owner} == 0);
    CHECK(tile_of(g, 0) == 1);
    CHECK(pwr(g, 0) == Pwr{4, 0});
    CHECK(used(g) == 1);
    REQUIRE(g.state().piles[0].hexes.size() == 1);
    CHECK(g.state().piles[0].hexes.back().hex == hex_id(kOpen));
    CHECK(g.state().piles[1].hexes.size() == 1);  // P2's pile is untouched
    const auto explored = events_of<ev::HexExplored>(g);
    REQUIRE(explored.size() == 1);
    CHECK(int{explored[0].seat} == 0);
    CHECK(int{explored[0].tile} == 1);
    CHECK(shields(g, 0) == 20);
  }
  SUBCASE("variant: the explorer's pile is empty") {
    State s = position({"TS-F", "TS-K"});
    s.piles[1].hexes = {{hex_id(kOpen), 1}};  // someone else's pile does not help
    Game g = Game::from_position(s);
    for (int direction = 0; direction < 6; ++direction)
      CHECK(refused(g, 0, act(kExplore, direction)) == "CANNOT_EXPLORE");
  }
  SUBCASE("variant: every neighbour is taken") {
    State s = position({"TS-F", "TS-K"});
    s.piles[0].hexes = {{hex_id(kOpen), 0}};
    for (int direction = 0; direction < 6; ++direction)
      add_tile(s, neighbour({0, 0}, direction), kOpen);
    Game g = Game::from_position(s);
    for (int direction = 0; direction < 6; ++direction)
      CHECK(refused(g, 0, act(kExplore, direction)) == "CANNOT_EXPLORE");
  }
  SUBCASE("variant: one neighbour is taken, the others are free") {
    State s = position({"TS-F", "TS-K"});
    s.piles[0].hexes = {{hex_id(kOpen), 0}};
    add_tile(s, {1, 0}, kOpen);
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kExplore, 0)) == "CANNOT_EXPLORE");
    CHECK(g.check(encode(act(kExplore, 1))) == Rule::kOk);
  }
}

TEST_CASE("T21 (adapted) no remain trigger in BASIC, not even for a wormhole") {
  // The Allied Starbase remain trigger is a hex event (not in BASIC). The one BASIC event, the
  // wormhole, fires on arrival (explore or stop) only (§16.1, §17.3 "X; A"): a vessel that
  // spends its whole turn in a wormhole hex rolls nothing at the end of the turn.
  State s = position({"TS-F", "TS-K"});
  const int w = add_tile(s, {1, 0}, kWormhole);
  s.vessels[0].tile = w;
  s.vessels[1].tile = w;
  Game g = Game::from_position(s);
  g.script_dice({1, 1});
  play(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kAccept));
  play(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kAccept));
  CHECK(active(g) == 1);  // P1's turn is over
  CHECK(shields(g, 1) == 18);
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_WORMHOLE).empty());
  CHECK(tile_of(g, 0) == w);
  CHECK_FALSE(g.over());
  CHECK(dice_left(g) == 0);
}

TEST_CASE("T22 BASIC ignores hex events except wormholes") {
  State s = position({"TS-F", "TS-K"});
  s.piles[0].hexes = {{hex_id(kWormhole), 0}, {hex_id(kStarbase), 0}};
  Game g = Game::from_position(s);
  play(g, 0, act(kExplore, 0));  // Allied Starbase at (1, 0)
  CHECK(events_of<ev::DiceRolled>(g).empty());
  CHECK(shields(g, 0) == 20);
  CHECK(hull(g, 0) == 30);

  g.script_dice({1, 2});
  play(g, 0, act(kExplore, 0));  // Wormhole (I) at (2, 0): the doubles roll happens
  const auto wormhole = rolls(g, 0, v1::DICE_ROLL_PURPOSE_WORMHOLE);
  REQUIRE(wormhole.size() == 1);
  CHECK(int{wormhole[0].seat} == 0);
  CHECK(wormhole[0].total == 3);
  CHECK(events_of<ev::DiceRolled>(g).size() == 1);
  CHECK(dice_left(g) == 0);
  CHECK_FALSE(g.over());
  CHECK(tile_of(g, 0) == 0);  // missed: back to the start tile
}

TEST_CASE("T23 wormhole win") {
  State s = position({"TS-F", "TS-K"});
  s.piles[0].hexes = {{hex_id(kWormhole), 0}};
  Game g = Game::from_position(s);
  g.script_dice({3, 3});
  play(g, 0, act(kExplore, 0));
  CHECK(g.over());
  CHECK(winners(g) == 0b01);
  CHECK(g.state().reason == v1::RESULT_REASON_WORMHOLE);
  CHECK(used(g) == 1);
  // Maneuver 2 is never offered.
  CHECK(g.decision() == nullptr);
  CHECK(g.submit(0, 0, encode(act(kEndManeuvers))).verdict == Verdict::kGameOver);
  const auto ended = events_of<ev::GameEnded>(g);
  REQUIRE(ended.size() == 1);
  CHECK(int{ended[0].winners} == 0b01);
}

TEST_CASE("T26 cloak and Tachyon Sweep") {
  // §12.1, §12.3, A13, A15. P1 = seat 0 (TS-F), P2 = seat 1 (TS-K), P3 = seat 2 (TS-F).
  State s = position({"TS-F", "TS-K", "TS-F"});
  s.active = 1;
  Game g = Game::from_position(s);
  play(g, 1, act(kCloak));
  CHECK(g.state().vessels[1].cloaked);
  CHECK(pwr(g, 1) == Pwr{2, 0, 2});
  play(g, 1, act(kEndManeuvers));

  REQUIRE(active(g) == 2);  // P3 cannot target P2
  CHECK(refused(g, 2, act(kFireW1, 1, 0)) == "TARGET_CLOAKED");
  play(g, 2, act(kEndManeuvers));

  REQUIRE(active(g) == 0);
  CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "TARGET_CLOAKED");
  CHECK(refused(g, 0, act(kFireW2, 1, 0, 0)) == "TARGET_CLOAKED");
  play(g, 0, act(kTachyonSweep));  // exactly 3 Pwr, maneuver 1
  CHECK(pwr(g, 0) == Pwr{1, 3});
  CHECK(g.state().vessels[0].sweep);
  CHECK(refused(g, 0, act(kTachyonSweep)) == "SWEEP_ACTIVE");
  g.script_dice({5});
  play(g, 0, act(kFireW1, 1, 0));  // maneuver 2
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 15);
  CHECK(g.state().vessels[1].cloaked);  // not decloaked

  // P2 keeps the cloak at its POWER_UP; P3 still cannot target it.
  REQUIRE(active(g) == 1);
  REQUIRE(g.state().step == Step::kKeepCloak);
  play(g, 1, act(kKeep));
  CHECK(pwr(g, 1) == Pwr{2, 0, 2});
  play(g, 1, act(kEndManeuvers));
  REQUIRE(active(g) == 2);
  CHECK(refused(g, 2, act(kFireW1, 1, 0)) == "TARGET_CLOAKED");
  play(g, 2, act(kEndManeuvers));
  // The sweep lasted until the start of P1's next turn.
  REQUIRE(active(g) == 0);
  CHECK_FALSE(g.state().vessels[0].sweep);
  CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "TARGET_CLOAKED");
}

TEST_CASE("T27 cloak upkeep and cloak break") {
  State s = position({"TS-F", "TS-K"});
  s.active = 1;
  Game g = Game::from_position(s);
  play(g, 1, act(kCloak));
  play(g, 1, act(kEndManeuvers));
  play(g, 0, act(kEndManeuvers));
  REQUIRE(active(g) == 1);
  REQUIRE(g.state().step == Step::kKeepCloak);
  REQUIRE(decider(g) == 1);

  SUBCASE("re-allocated at POWER_UP, then broken by an attack") {
    play(g, 1, act(kKeep));
    CHECK(g.state().vessels[1].cloaked);
    CHECK(pwr(g, 1) == Pwr{2, 0, 2});
    const std::size_t mark = g.events().size();
    g.script_dice({3});
    play(g, 1, act(kFireW1, 0, 0));
    // The cloak breaks before the attack resolves; its 2 Pwr become SPENT.
    const long broken = first_index<ev::CloakChanged>(g, mark);
    const long attack = first_index<ev::AttackDeclared>(g, mark);
    REQUIRE(broken >= 0);
    REQUIRE(attack >= 0);
    CHECK(broken < attack);
    const auto change = std::get<ev::CloakChanged>(g.events()[static_cast<std::size_t>(broken)]);
    CHECK_FALSE(change.cloaked);
    CHECK(change.reason == v1::CLOAK_REASON_BROKEN);
    CHECK_FALSE(g.state().vessels[1].cloaked);
    CHECK(pwr(g, 1) == Pwr{2, 2});
    play(g, 0, act(kAccept));
    CHECK(shields(g, 0) == 17);
  }
  SUBCASE("variant: not re-allocated, it decloaks at once") {
    play(g, 1, act(kRelease));
    CHECK_FALSE(g.state().vessels[1].cloaked);
    CHECK(pwr(g, 1) == Pwr{4, 0});
    const auto changes = events_of<ev::CloakChanged>(g);
    REQUIRE_FALSE(changes.empty());
    CHECK(changes.back().reason == v1::CLOAK_REASON_RELEASED);
    CHECK(decider(g) == 1);
    CHECK(g.state().step == Step::kManeuver);
  }
}

TEST_CASE("T28 Klingons and Romulans locate each other") {
  // A14. P1 = seat 0 (TS-F), P2 = seat 1 (TS-K), P3 = seat 2 (TS-R).
  State s = position({"TS-F", "TS-K", "TS-R"});
  s.active = 2;
  Game g = Game::from_position(s);
  play(g, 2, act(kCloak));
  play(g, 2, act(kEndManeuvers));
  REQUIRE(active(g) == 0);
  CHECK(refused(g, 0, act(kFireW1, 2, 0)) == "TARGET_CLOAKED");
  play(g, 0, act(kEndManeuvers));
  REQUIRE(active(g) == 1);
  CHECK(g.check(encode(act(kFireW2, 2, 0, 0))) == Rule::kOk);
  g.script_dice({2});
  play(g, 1, act(kFireW1, 2, 0));  // no sweep needed
  play(g, 2, act(kAccept));
  CHECK(shields(g, 2) == 18);
  CHECK(g.state().vessels[2].cloaked);
}

TEST_CASE("T41 AUX power") {
  // §6.3, A55.
  SUBCASE("in the defender window, then a normal evasion; a second AUX is refused") {
    State s = position({"TS-F", "TS-K"});
    set_power(s, 1, {0, 4});
    Game g = Game::from_position(s);
    g.script_dice({4, 5, 3, 3});
    play(g, 0, act(kFireW1, 1, 1));  // 9
    CHECK(refused(g, 1, act(kEvade, 0, 1)) == "INSUFFICIENT_POWER");
    play(g, 1, act(kUseAux));
    CHECK(pwr(g, 1) == Pwr{4, 0});
    CHECK_FALSE(g.state().vessels[1].aux);
    play(g, 1, act(kEvade, 0, 1));  // 3 + 3 = 6 <= 6
    CHECK(pwr(g, 1) == Pwr{3, 1});
    CHECK(refused(g, 1, act(kUseAux)) == "AUX_USED");
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 20);
  }
  SUBCASE("variant: a cloaked ship flips only its SPENT cards; the cloak stays") {
    State s = position({"TS-F", "TS-K"});
    s.active = 1;
    s.vessels[1].cloaked = true;
    set_power(s, 1, {0, 2, 2});
    Game g = Game::from_position(s);
    play(g, 1, act(kUseAux));
    CHECK(pwr(g, 1) == Pwr{2, 0, 2});
    CHECK(g.state().vessels[1].cloaked);
    CHECK(used(g) == 0);  // AUX is free
    const auto aux = events_of<ev::AuxUsed>(g);
    REQUIRE(aux.size() == 1);
    CHECK(int{aux[0].restored} == 2);
    CHECK(refused(g, 1, act(kUseAux)) == "AUX_USED");
  }
}

TEST_CASE("T42 diverting shields") {
  // §6.4, A56.
  SUBCASE("the virtual Pwr powers the next maneuver") {
    State s = position({"TS-F", "TS-K"});
    set_power(s, 0, {0, 4});
    s.vessels[0].shields = 12;
    Game g = Game::from_position(s);
    play(g, 0, act(kDivertShields));
    CHECK(shields(g, 0) == 7);
    CHECK(pwr(g, 0) == Pwr{0, 4, 0, 0, 1});
    CHECK(used(g) == 0);  // free
    g.script_dice({2, 3});
    play(g, 0, act(kFireW1, 1, 1));
    const auto damage = rolls(g, 0, v1::DICE_ROLL_PURPOSE_DAMAGE);
    REQUIRE(damage.size() == 1);
    CHECK(int{damage[0].count} == 2);
    CHECK(pwr(g, 0) == Pwr{0, 4});
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 15);
  }
  SUBCASE("variant: the next maneuver does not use it, so it is lost") {
    State s = position({"TS-F", "TS-K"});
    set_power(s, 0, {0, 4});
    s.vessels[0].shields = 12;
    const int next = add_tile(s, {1, 0}, kOpen);
    Game g = Game::from_position(s);
    play(g, 0, act(kDivertShields));
    play(g, 0, act(kMove, next));  // 1 hex: the drive pays for it
    CHECK(tile_of(g, 0) == next);
    CHECK(pwr(g, 0) == Pwr{0, 4});
    CHECK(shields(g, 0) == 7);  // the diverted shields do not come back
  }
  SUBCASE("variant: an unused virtual Pwr is lost after the response it was taken for") {
    Game g = Game::from_position(position({"TS-F", "TS-K"}));
    g.script_dice({6});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kDivertShields));
    CHECK(shields(g, 1) == 15);
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 9);
    CHECK(pwr(g, 1) == Pwr{4, 0});
  }
  SUBCASE("variant: shields at 4") {
    State s = position({"TS-F", "TS-K"});
    s.vessels[0].shields = 4;
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kDivertShields)) == "INSUFFICIENT_SHIELDS");
  }
  SUBCASE("variant: virtual Pwr cannot go into the shields") {
    State s = position({"TS-F", "TS-K"});
    set_power(s, 1, {0, 4});
    Game g = Game::from_position(s);
    g.script_dice({6, 1, 1});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kDivertShields));
    CHECK(pwr(g, 1) == Pwr{0, 4, 0, 0, 1});
    CHECK(refused(g, 1, act(kShieldPower, 0, 1)) == "ILLEGAL_POWER_TARGET");
    play(g, 1, act(kEvade, 0, 1));  // it may power an evasion: 1 + 1 <= 6
    CHECK(pwr(g, 1) == Pwr{0, 4});
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 15);
  }
}

TEST_CASE("T43 (without crew) repair arithmetic: 3 + 3 x Pwr, capped at the maximum") {
  // §8, A57. CRW-ENG and Repair Crew are left out (crew and cards), so the example's 12 points
  // become 3 + 3 x 2 = 9.
  SUBCASE("tactical repair of the hull") {
    State s = position({"TS-F", "TS-K"});
    s.vessels[0].hull = 20;
    Game g = Game::from_position(s);
    play(g, 0, act(kRepair, 0, 2));  // 3 + 6 = 9
    CHECK(hull(g, 0) == 29);
    CHECK(shields(g, 0) == 20);
    CHECK(used(g) == 1);
    CHECK(pwr(g, 0) == Pwr{2, 2});
    play(g, 0, act(kRepair, 0, 1));  // 6 points, 1 of them fits: the rest is lost
    CHECK(hull(g, 0) == 30);
    const auto repairs = events_of<ev::Repaired>(g);
    REQUIRE(repairs.size() == 2);
    CHECK(repairs[0].points == 9);
    CHECK(repairs[0].applied == 9);
    CHECK(repairs[1].points == 6);
    CHECK(repairs[1].applied == 1);
    CHECK(pwr(g, 0) == Pwr{1, 3});
    CHECK(active(g) == 1);
  }
  SUBCASE("FED-1 repairs 2 more (§19.2)") {
    State s = position({"FED-1", "TS-K"});
    s.vessels[0].shields = 10;
    Game g = Game::from_position(s);
    play(g, 0, act(kRepair, 1, 0));  // 3 + 0 + 2
    CHECK(shields(g, 0) == 15);
    CHECK(pwr(g, 0) == Pwr{4, 0});
  }
}

TEST_CASE("T54 exploring is its own maneuver") {
  // A48. A move names a placed tile, so a move onto an empty coordinate, or across one, is an
  // illegal path; exploring takes no Pwr and is one step, one maneuver.
  State s = position({"TS-F", "TS-K"});
  add_tile(s, {1, 0}, kOpen);
  const int island = add_tile(s, {3, 0}, kOpen);  // (2, 0) is empty
  s.piles[0].hexes = {{hex_id(kOpen), 0}, {hex_id(kOpen), 0}};
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, act(kMove, island)) == "ILLEGAL_PATH");
  CHECK(refused(g, 0, act(kMove, 3)) == "ILLEGAL_PATH");          // no tile 3: an empty coordinate
  CHECK(refused(g, 0, act(kMove, 0)) == "ILLEGAL_PATH");          // where it already is
  CHECK(refused(g, 0, act(kExplore, 5, 1)) == "UNKNOWN_OPTION");  // no Pwr, no longer reach
  play(g, 0, act(kExplore, 5));
  CHECK(used(g) == 1);
  CHECK(g.state().position(0) == Coord{0, 1});
  play(g, 0, act(kExplore, 5));
  CHECK(g.state().position(0) == Coord{0, 2});
  CHECK(g.state().board.size() == 5);
  CHECK(active(g) == 1);  // two explorations took both maneuvers
  CHECK(pwr(g, 0) == Pwr{4, 0});
}

TEST_CASE("T55 (adapted) maneuver budget and free actions") {
  // Without crew, commands and cards: the free actions of BASIC are diverting shields and AUX.
  // Once both maneuvers are used the engine ends the turn itself, so the active player has no
  // open decision left: a further maneuver is refused as not that player's to make (the rule
  // code NO_MANEUVERS_LEFT cannot come up through the decision interface).
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  play(g, 0, act(kDivertShields));  // free
  CHECK(used(g) == 0);
  g.script_dice({1, 1});
  play(g, 0, act(kFireW1, 1, 1));  // maneuver 1, using the virtual Pwr
  play(g, 1, act(kAccept));
  CHECK(used(g) == 1);
  const core::DecisionId last = g.decision()->id;
  play(g, 0, act(kRepair, 1, 1));  // maneuver 2: 6 points, 5 fit
  CHECK(shields(g, 0) == 20);
  // The turn is over.
  CHECK(active(g) == 1);
  CHECK(decider(g) == 1);
  CHECK(g.submit(0, last, encode(act(kFireW1, 1, 0))).verdict == Verdict::kNotOpen);
  CHECK(g.submit(0, g.decision()->id, encode(act(kFireW1, 1, 0))).verdict ==
        Verdict::kNotYourDecision);
  // AUX, like a Play-any-time card, is still available out of turn.
  CHECK(pwr(g, 0) == Pwr{3, 1});
  g.script_dice({2});
  play(g, 1, act(kFireW1, 0, 0));
  play(g, 0, act(kUseAux));
  CHECK(pwr(g, 0) == Pwr{4, 0});
  play(g, 0, act(kAccept));
  CHECK(shields(g, 0) == 18);
}

// ---------------------------------------------------------------------------------------------
// Basic-game rules the list does not cover
// ---------------------------------------------------------------------------------------------

TEST_CASE("A04 a wormhole miss teleports to the start tile and keeps the remaining maneuvers") {
  State s = position({"TS-F", "TS-K"});
  s.piles[0].hexes = {{hex_id(kWormhole), 0}};
  Game g = Game::from_position(s);
  g.script_dice({1, 2});
  play(g, 0, act(kExplore, 0));
  CHECK_FALSE(g.over());
  CHECK(tile_of(g, 0) == 0);
  CHECK(g.state().position(0) == Coord{0, 0});
  const auto teleports = events_of<ev::Teleported>(g);
  REQUIRE(teleports.size() == 1);
  CHECK(int{teleports[0].to} == 0);
  // The wormhole stays on the board; nothing fires at the start tile; maneuver 2 remains.
  REQUIRE(g.state().board.size() == 2);
  CHECK(g.state().board.tile(1).hex == hex_id(kWormhole));
  CHECK(events_of<ev::DiceRolled>(g).size() == 1);
  CHECK(used(g) == 1);
  CHECK(decider(g) == 0);
  CHECK(pwr(g, 0) == Pwr{4, 0});
  // Stopping on it again with maneuver 2 triggers it again (§16.1 4).
  g.script_dice({5, 5});
  play(g, 0, act(kMove, 1));
  CHECK(g.over());
  CHECK(winners(g) == 0b01);
  CHECK(g.state().reason == v1::RESULT_REASON_WORMHOLE);
}

TEST_CASE("§16.1 passing through a wormhole does not trigger it, stopping there does") {
  State s = position({"TS-F", "TS-K"});
  const int w = add_tile(s, {1, 0}, kWormhole);
  const int beyond = add_tile(s, {2, 0}, kOpen);
  Game g = Game::from_position(s);
  play(g, 0, act(kMove, beyond));  // through the wormhole, 1 Pwr
  CHECK(tile_of(g, 0) == beyond);
  CHECK(events_of<ev::DiceRolled>(g).empty());
  g.script_dice({6, 5});
  play(g, 0, act(kMove, w));
  const auto wormhole = rolls(g, 0, v1::DICE_ROLL_PURPOSE_WORMHOLE);
  REQUIRE(wormhole.size() == 1);
  CHECK(wormhole[0].total == 11);
  CHECK(tile_of(g, 0) == 0);
  CHECK_FALSE(g.over());
}

TEST_CASE("A01 shared hexpile: every explorer draws from the one pile; owners are kept") {
  // §9.3: in SHARED (tournament) mode the explorer draws from the common pile.
  State s = position({"TS-F", "TS-K"});
  s.options.hexpile_mode = v1::HEXPILE_MODE_SHARED;
  s.piles = {Pile{kNoSeat, 0, {{hex_id(kOpen), 1}, {hex_id(kStarbase), 0}}}};
  Game g = Game::from_position(s);
  play(g, 0, act(kExplore, 0));
  play(g, 0, act(kEndManeuvers));
  play(g, 1, act(kExplore, 3));
  REQUIRE(g.state().board.size() == 3);
  CHECK(g.state().board.tile(1).hex == hex_id(kStarbase));
  CHECK(int{g.state().board.tile(1).owner} == 0);
  CHECK(g.state().board.tile(2).hex == hex_id(kOpen));
  CHECK(g.state().board.tile(2).coord == Coord{-1, 0});
  CHECK(int{g.state().board.tile(2).owner} == 1);
  CHECK(g.state().piles[0].hexes.empty());
  CHECK(refused(g, 1, act(kExplore, 3)) == "CANNOT_EXPLORE");
}

TEST_CASE("A16 mines: laying, one mine per player per hex") {
  SUBCASE("per player (default)") {
    Game g = Game::from_position(position({"TS-F", "TS-K"}));
    play(g, 0, act(kLayMine, 0, 1));  // an Attack maneuver: (1 + 1) D6
    CHECK(used(g) == 1);
    CHECK(pwr(g, 0) == Pwr{3, 1});
    REQUIRE(g.state().mines.size() == 1);
    const Mine& mine = g.state().mines[0];
    CHECK(int{mine.tile} == 0);
    CHECK(int{mine.owner} == 0);
    CHECK(int{mine.dice} == 2);
    const auto laid = events_of<ev::MineLaid>(g);
    REQUIRE(laid.size() == 1);
    CHECK(int{laid[0].dice} == 2);
    CHECK(refused(g, 0, act(kLayMine, 0, 0)) == "MINE_LIMIT");
    play(g, 0, act(kEndManeuvers));
    // Another player may lay its own mine in the same hex. P2 was already there, so P1's now
    // armed mine does not go off under it.
    play(g, 1, act(kLayMine, 0, 0));
    CHECK(g.state().mines.size() == 2);
    CHECK(events_of<ev::MineDetonated>(g).empty());
    CHECK(shields(g, 1) == 20);
  }
  SUBCASE("variant flag: one mine per hex in total") {
    State s = position({"TS-F", "TS-K"});
    s.options.mine_limit = v1::MINE_LIMIT_PER_HEX;
    Game g = Game::from_position(s);
    play(g, 0, act(kLayMine, 0, 0));
    play(g, 0, act(kEndManeuvers));
    CHECK(refused(g, 1, act(kLayMine, 0, 0)) == "MINE_LIMIT");
  }
}

TEST_CASE("§11.2 mines: on the placing turn the owner detonates it as an ordinary attack") {
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  play(g, 0, act(kLayMine, 0, 1));
  g.script_dice({3, 4, 6, 6});
  play(g, 0, act(kDetonateMine, 1));  // maneuver 2: 2D6 = 7
  CHECK(g.state().mines.empty());     // single use
  const auto attack = events_of<ev::AttackDeclared>(g);
  REQUIRE(attack.size() == 1);
  CHECK(attack[0].weapon == Weapon::kW3);
  // The target may evade, as against any attack.
  play(g, 1, act(kEvade, 0, 1));  // 12 > 6: fails
  CHECK(pwr(g, 1) == Pwr{3, 1});
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 13);
  CHECK(pwr(g, 0) == Pwr{3, 1});
  CHECK(dice_left(g) == 0);
}

TEST_CASE("§11.2 mines: armed after the placing turn, the owner can no longer detonate it") {
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  play(g, 0, act(kLayMine, 0, 0));
  CHECK(g.check(encode(act(kDetonateMine, 1))) == Rule::kOk);
  play(g, 0, act(kEndManeuvers));
  play(g, 1, act(kEndManeuvers));
  REQUIRE(active(g) == 0);
  CHECK(refused(g, 0, act(kDetonateMine, 1)) == "NO_MINE");
  CHECK(g.state().mines.size() == 1);
}

TEST_CASE("A17 mines: an armed mine goes off under a non-owner passing through") {
  // Automatic damage: evasion is refused, shield power is allowed (§11.2).
  State s = position({"TS-F", "TS-K"});
  const int m = add_tile(s, {1, 0}, kOpen);
  const int d = add_tile(s, {2, 0}, kOpen);
  s.vessels[0].tile = m;
  Game g = Game::from_position(s);
  play(g, 0, act(kLayMine, 0, 1));  // 2D6 at M
  play(g, 0, act(kEndManeuvers));
  REQUIRE(active(g) == 1);
  g.script_dice({6, 5});
  play(g, 1, act(kMove, d));  // S -> M -> D, 1 Pwr
  REQUIRE(decider(g) == 1);
  CHECK(tile_of(g, 1) == m);  // stopped by the mine on the way
  const auto detonated = events_of<ev::MineDetonated>(g);
  REQUIRE(detonated.size() == 1);
  CHECK(int{detonated[0].victim} == 1);
  CHECK(int{detonated[0].owner} == 0);
  // An armed mine is an event of the hex: its damage is never evaded (§11.2, A45).
  CHECK(refused(g, 1, act(kEvade, 0, 1)) == "EVENT_NOT_EVADABLE");
  play(g, 1, act(kShieldPower, 0, 1));
  play(g, 1, act(kAccept));
  const auto damage = events_of<ev::DamageApplied>(g);
  REQUIRE(damage.size() == 1);
  CHECK(damage[0].damage == 11);
  CHECK(damage[0].absorbed == 5);
  CHECK(shields(g, 1) == 14);
  CHECK(hull(g, 1) == 30);
  // The move then goes on to its destination, still one maneuver.
  CHECK(tile_of(g, 1) == d);
  CHECK(g.state().mines.empty());
  CHECK(used(g) == 1);
  CHECK(pwr(g, 1) == Pwr{2, 2});
  CHECK(dice_left(g) == 0);
}

TEST_CASE("A17 mines: never under their owner, but under a vessel the owner tows") {
  State s = position({"TS-F", "TS-K"});
  const int m = add_tile(s, {1, 0}, kOpen);
  const int d = add_tile(s, {2, 0}, kOpen);
  s.mines.push_back(
      Mine{static_cast<TileIndex>(m), 0, 2, 0, 0});  // P1's mine, laid on an earlier turn: armed

  SUBCASE("the owner passes through its own mine") {
    Game g = Game::from_position(s);
    play(g, 0, act(kMove, d));
    CHECK(tile_of(g, 0) == d);
    CHECK(g.state().mines.size() == 1);
    CHECK(events_of<ev::MineDetonated>(g).empty());
    CHECK(decider(g) == 0);
    CHECK(shields(g, 0) == 20);
  }
  SUBCASE("the owner tows another vessel through it") {
    s.vessels[0].holding = 1;
    s.vessels[0].beam = 1;
    set_power(s, 0, {3, 0, 0, 1});
    Game g = Game::from_position(s);
    g.script_dice({2, 2});
    play(g, 0, act(kMove, d));
    const auto detonated = events_of<ev::MineDetonated>(g);
    REQUIRE(detonated.size() == 1);
    CHECK(int{detonated[0].victim} == 1);
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 16);
    CHECK(shields(g, 0) == 20);
    CHECK(tile_of(g, 0) == d);
    CHECK(tile_of(g, 1) == d);
    CHECK(g.state().mines.empty());
  }
}

TEST_CASE("A16, A17 mines: every armed enemy mine in the hex goes off, each on its own") {
  // One mine per player per hex, so a hex can hold several; each non-owner mine goes off
  // under a vessel passing through, and each hit is absorbed on its own.
  State s = position({"TS-F", "TS-K", "TS-R"});
  const int m = add_tile(s, {1, 0}, kOpen);
  const int d = add_tile(s, {2, 0}, kOpen);
  s.mines.push_back(Mine{static_cast<TileIndex>(m), 0, 1, 0, 0});
  s.mines.push_back(Mine{static_cast<TileIndex>(m), 2, 1, 0, 0});
  s.active = 1;
  Game g = Game::from_position(s);
  g.script_dice({2, 3});
  play(g, 1, act(kMove, d));
  play(g, 1, act(kAccept));
  play(g, 1, act(kAccept));
  const auto detonated = events_of<ev::MineDetonated>(g);
  REQUIRE(detonated.size() == 2);
  CHECK(int{detonated[0].victim} == 1);
  CHECK(int{detonated[1].victim} == 1);
  CHECK(int{detonated[0].owner} != int{detonated[1].owner});
  CHECK(shields(g, 1) == 15);
  CHECK(tile_of(g, 1) == d);
  CHECK(g.state().mines.empty());
  CHECK(dice_left(g) == 0);
}

TEST_CASE("§12.2 tractor beam: lock, a locked target cannot move, explore, cloak or evade") {
  State s = position({"TS-F", "TS-K"});
  const int east = add_tile(s, {1, 0}, kOpen);
  s.piles[1].hexes = {{hex_id(kOpen), 1}};
  Game g = Game::from_position(s);
  play(g, 0, act(kTractor, 1, 2));  // N = 2
  REQUIRE(g.state().step == Step::kTractorLock);
  REQUIRE(decider(g) == 1);
  CHECK(pwr(g, 0) == Pwr{2, 0, 0, 2});
  play(g, 1, act(kAccept));
  CHECK(holding(g, 0) == 1);
  CHECK(int{g.state().vessels[0].beam} == 2);
  CHECK(used(g) == 1);
  const auto locked = events_of<ev::TractorChanged>(g);
  REQUIRE(locked.size() == 1);
  CHECK(locked[0].locked);
  CHECK(locked[0].reason == v1::TRACTOR_REASON_LOCKED);

  g.script_dice({3});
  play(g, 0, act(kFireW1, 1, 0));
  CHECK(refused(g, 1, act(kEvade, 0, 1)) == "EVASION_FORBIDDEN");
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 17);

  REQUIRE(active(g) == 1);
  CHECK(refused(g, 1, act(kMove, east)) == "TRACTORED");
  CHECK(refused(g, 1, act(kExplore, 5)) == "TRACTORED");
  CHECK(refused(g, 1, act(kCloak)) == "TRACTORED");
  play(g, 1, act(kEndManeuvers));

  // Upkeep at the holder's POWER_UP: the same N Pwr keep the beam.
  REQUIRE(active(g) == 0);
  REQUIRE(g.state().step == Step::kKeepTractor);
  play(g, 0, act(kKeep));
  CHECK(pwr(g, 0) == Pwr{2, 0, 0, 2});
  CHECK(holding(g, 0) == 1);

  // The holder tows the target along.
  const std::size_t mark = g.events().size();
  play(g, 0, act(kMove, east));
  CHECK(tile_of(g, 0) == east);
  CHECK(tile_of(g, 1) == east);
  CHECK(pwr(g, 0) == Pwr{2, 0, 0, 2});
  const auto moved = events_of<ev::VesselMoved>(g, mark);
  REQUIRE(moved.size() == 2);
  CHECK(int{moved[1].seat} == 1);
  CHECK(moved[1].towed);
  CHECK(holding(g, 0) == 1);
  play(g, 0, act(kEndManeuvers));

  // Breaking away: a tactical maneuver for exactly N Pwr, no roll.
  REQUIRE(active(g) == 1);
  const std::size_t before_break = g.events().size();
  play(g, 1, act(kBreakTractor, 0));
  CHECK(pwr(g, 1) == Pwr{2, 2});
  CHECK(holding(g, 0) == int{kNoSeat});
  CHECK(pwr(g, 0) == Pwr{2, 2});  // the beam's cards are simply spent
  CHECK(used(g) == 1);
  CHECK(events_of<ev::DiceRolled>(g, before_break).empty());
  const auto broken = events_of<ev::TractorChanged>(g, before_break);
  REQUIRE(broken.size() == 1);
  CHECK(broken[0].reason == v1::TRACTOR_REASON_BROKEN_AWAY);
  CHECK(g.check(encode(act(kMove, 0))) == Rule::kOk);
}

TEST_CASE("§12.2 tractor beam: the target may evade the initial lock; the N Pwr are spent") {
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  SUBCASE("the evasion succeeds: no lock") {
    g.script_dice({2, 3});
    play(g, 0, act(kTractor, 1, 2));
    play(g, 1, act(kEvade, 0, 1));  // 5 <= 6
    CHECK(holding(g, 0) == int{kNoSeat});
    CHECK(pwr(g, 0) == Pwr{2, 2});
    CHECK(pwr(g, 1) == Pwr{3, 1});
    const auto changes = events_of<ev::TractorChanged>(g);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].reason == v1::TRACTOR_REASON_EVADED);
    CHECK(decider(g) == 0);
    CHECK(used(g) == 1);
  }
  SUBCASE("the evasion fails: locked") {
    g.script_dice({6, 6});
    play(g, 0, act(kTractor, 1, 2));
    play(g, 1, act(kEvade, 0, 1));
    CHECK(holding(g, 0) == 1);
    CHECK(pwr(g, 0) == Pwr{2, 0, 0, 2});
    CHECK(pwr(g, 1) == Pwr{3, 1});
  }
}

TEST_CASE("§12.2 tractor beam: needs the same hex, at least 1 Pwr and a visible target") {
  State s = position({"TS-F", "TS-K", "TS-R"});
  s.vessels[1].tile = add_tile(s, {1, 0}, kOpen);
  s.vessels[2].cloaked = true;
  set_power(s, 2, {2, 0, 2});
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, act(kTractor, 1, 1)) == "OUT_OF_RANGE");
  CHECK(refused(g, 0, act(kTractor, 2, 1)) == "TARGET_CLOAKED");
  s.vessels[1].tile = 0;
  s.vessels[2].cloaked = false;
  Game h = Game::from_position(s);
  CHECK(refused(h, 0, act(kTractor, 1, 0)) == "INSUFFICIENT_POWER");
  CHECK(refused(h, 0, act(kTractor, 1, 5)) == "INSUFFICIENT_POWER");
}

TEST_CASE("§12.2 tractor beam: dropped at the holder's POWER_UP unless re-allocated") {
  State s = position({"TS-F", "TS-K"});
  const int east = add_tile(s, {1, 0}, kOpen);
  s.vessels[0].holding = 1;
  s.vessels[0].beam = 2;
  set_power(s, 0, {2, 0, 0, 2});
  s.active = 1;
  Game g = Game::from_position(s);
  CHECK(refused(g, 1, act(kMove, east)) == "TRACTORED");
  play(g, 1, act(kEndManeuvers));
  REQUIRE(g.state().step == Step::kKeepTractor);
  play(g, 0, act(kRelease));
  CHECK(holding(g, 0) == int{kNoSeat});
  CHECK(pwr(g, 0) == Pwr{4, 0});
  const auto changes = events_of<ev::TractorChanged>(g);
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].reason == v1::TRACTOR_REASON_RELEASED);
  play(g, 0, act(kEndManeuvers));
  CHECK(g.check(encode(act(kMove, east))) == Rule::kOk);
}

TEST_CASE("§12.2 tractor beam: breaking away costs exactly N Pwr") {
  State s = position({"TS-F", "TS-K"});
  s.vessels[0].holding = 1;
  s.vessels[0].beam = 3;
  set_power(s, 0, {1, 0, 0, 3});
  s.active = 1;
  SUBCASE("fewer than N Pwr") {
    set_power(s, 1, {2, 2});
    Game g = Game::from_position(s);
    CHECK(refused(g, 1, act(kBreakTractor, 0)) == "INSUFFICIENT_POWER");
  }
  SUBCASE("more than N Pwr: only N are spent, and the amount is not a choice") {
    Game g = Game::from_position(s);
    CHECK(refused(g, 1, act(kBreakTractor, 0, 4)) == "UNKNOWN_OPTION");
    play(g, 1, act(kBreakTractor, 0));
    CHECK(pwr(g, 1) == Pwr{1, 3});
    CHECK(holding(g, 0) == int{kNoSeat});
  }
  SUBCASE("several beams are broken one at a time") {
    State t = position({"TS-F", "TS-K", "TS-R"});
    t.vessels[0].holding = 1;
    t.vessels[0].beam = 1;
    set_power(t, 0, {3, 0, 0, 1});
    t.vessels[2].holding = 1;
    t.vessels[2].beam = 2;
    set_power(t, 2, {2, 0, 0, 2});
    t.active = 1;
    const int east = add_tile(t, {1, 0}, kOpen);
    Game g = Game::from_position(t);
    play(g, 1, act(kBreakTractor, 0));
    CHECK(pwr(g, 1) == Pwr{3, 1});
    CHECK(holding(g, 2) == 1);
    CHECK(refused(g, 1, act(kMove, east)) == "TRACTORED");
    play(g, 1, act(kBreakTractor, 2));
    CHECK(pwr(g, 1) == Pwr{1, 3});
    CHECK(holding(g, 2) == int{kNoSeat});
  }
}

TEST_CASE("A18 a towed vessel also stops at the destination: both roll at a wormhole") {
  State s = position({"TS-F", "TS-K"});
  const int w = add_tile(s, {1, 0}, kWormhole);
  Game g = Game::from_position(s);
  play(g, 0, act(kTractor, 1, 1));
  play(g, 1, act(kAccept));
  g.script_dice({1, 2, 3, 3});
  play(g, 0, act(kMove, w));
  // The active vessel resolves first: it misses and goes back to the start tile (the beam
  // snaps), then the towed vessel rolls doubles and wins.
  const auto wormhole = rolls(g, 0, v1::DICE_ROLL_PURPOSE_WORMHOLE);
  REQUIRE(wormhole.size() == 2);
  CHECK(int{wormhole[0].seat} == 0);
  CHECK(int{wormhole[1].seat} == 1);
  CHECK(tile_of(g, 0) == 0);
  CHECK(g.over());
  CHECK(winners(g) == 0b10);
  CHECK(g.state().reason == v1::RESULT_REASON_WORMHOLE);
}

TEST_CASE("§6.2 torpedo range bought with power; A49 range ignores empty positions") {
  // P2 two hexes away with no tile in between; P3 six hexes away.
  State s = position({"TS-F", "TS-K", "TS-R"});
  s.vessels[1].tile = add_tile(s, {2, 0}, kOpen);
  s.vessels[2].tile = add_tile(s, {6, 0}, kOpen);
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "OUT_OF_RANGE");
  CHECK(refused(g, 0, act(kFireW2, 2, 0, 4)) == "OUT_OF_RANGE");  // needs 5 range Pwr
  CHECK(refused(g, 0, act(kFireW2, 1, 4, 1)) == "INSUFFICIENT_POWER");
  // Buying no range for a target beyond the printed range is refused (the engine's code for
  // a wrong range allocation is its own; the spec only says the target must be in range).
  CHECK(refused(g, 0, act(kFireW2, 1, 0, 0)) != "OK");
  g.script_dice({3});
  play(g, 0, act(kFireW2, 1, 0, 1));  // range 1 + 1 Pwr; still one die
  const auto attack = events_of<ev::AttackDeclared>(g);
  REQUIRE(attack.size() == 1);
  CHECK(attack[0].weapon == Weapon::kW2);
  CHECK(int{attack[0].range_power} == 1);
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 17);
  CHECK(pwr(g, 0) == Pwr{3, 1});
  // Each Pwr is chosen for a die or for range (A09): 2 dice Pwr + 1 range Pwr = 3 dice.
  g.script_dice({1, 2, 3});
  play(g, 0, act(kFireW2, 1, 2, 1));
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 11);
  CHECK(pwr(g, 0) == Pwr{0, 4});
}

TEST_CASE("§6.2 shield power absorbs 5 per Pwr, FED-2's 6; A08 nothing is banked") {
  SUBCASE("5 per Pwr") {
    Game g = Game::from_position(position({"TS-F", "TS-K"}));
    g.script_dice({6, 6, 6});
    play(g, 0, act(kFireW1, 1, 2));  // 18
    play(g, 1, act(kShieldPower, 0, 2));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 12);
    CHECK(pwr(g, 1) == Pwr{2, 2});
    const auto absorbed = events_of<ev::ShieldPower>(g);
    REQUIRE(absorbed.size() == 1);
    CHECK(absorbed[0].absorb == 10);
  }
  SUBCASE("FED-2: 6 per Pwr") {
    Game g = Game::from_position(position({"TS-F", "FED-2"}));
    g.script_dice({6, 6, 6});
    play(g, 0, act(kFireW1, 1, 2));
    play(g, 1, act(kShieldPower, 0, 2));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 19);  // 25 - (18 - 12)
  }
  SUBCASE("the surplus of one hit is lost; shields never exceed the maximum") {
    Game g = Game::from_position(position({"TS-F", "TS-K"}));
    g.script_dice({4, 4});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kShieldPower, 0, 3));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 20);
    CHECK(pwr(g, 1) == Pwr{1, 3});
    const auto first = events_of<ev::DamageApplied>(g);
    REQUIRE(first.size() == 1);
    CHECK(first[0].absorbed == 4);  // 15 offered, 4 used
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 16);
  }
  SUBCASE("in several steps, AUX between them, until the hit is covered (§7.3 D3)") {
    State s = position({"TS-F", "TS-K"});
    set_power(s, 1, Pwr{1, 3});
    Game g = Game::from_position(s);
    g.script_dice({6, 6, 6});
    play(g, 0, act(kFireW1, 1, 2));  // 18
    play(g, 1, act(kShieldPower, 0, 1));
    play(g, 1, act(kUseAux));
    play(g, 1, act(kShieldPower, 0, 3));  // 20 absorbed in all
    CHECK(refused(g, 1, act(kShieldPower, 0, 1)) == "NOTHING_TO_ABSORB");
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 20);
    CHECK(pwr(g, 1) == Pwr{1, 3});  // 1 spent, AUX turned all 4 up, 3 spent
  }
}

TEST_CASE("§7.3 evasion comes before shield power") {
  Game g = Game::from_position(position({"TS-F", "TS-K"}));
  SUBCASE("shield power after a failed evasion") {
    g.script_dice({6, 6, 6});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kEvade, 0, 1));
    play(g, 1, act(kShieldPower, 0, 1));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 19);
    CHECK(pwr(g, 1) == Pwr{2, 2});
  }
  SUBCASE("no evasion once shield power is committed") {
    g.script_dice({6});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kShieldPower, 0, 1));
    CHECK(refused(g, 1, act(kEvade, 0, 1)) == "EVASION_CLOSED");
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 19);
    CHECK(pwr(g, 1) == Pwr{3, 1});
  }
  SUBCASE("nothing to absorb after a successful evasion") {
    g.script_dice({6, 1, 1});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kEvade, 0, 1));
    CHECK(refused(g, 1, act(kShieldPower, 0, 1)) == "NOTHING_TO_ABSORB");
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 20);
  }
}

TEST_CASE("§8 defensive repair comes after the damage: it cannot save a ship") {
  State s = position({"TS-F", "TS-K"});
  s.vessels[1].shields = 0;
  s.vessels[1].hull = 5;
  Game g = Game::from_position(s);
  g.script_dice({6});
  play(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kDefensiveRepair, 0, 1));  // 6 points to the hull, too late
  play(g, 1, act(kAccept));
  CHECK(hull(g, 1) == -1);
  CHECK(g.state().vessels[1].eliminated);
  CHECK(events_of<ev::Repaired>(g).empty());
  CHECK(g.over());
  CHECK(winners(g) == 0b01);
}

TEST_CASE("A55 AUX flips only spent cards: a held tractor beam stays allocated") {
  State s = position({"TS-F", "TS-K"});
  s.vessels[0].holding = 1;
  s.vessels[0].beam = 2;
  set_power(s, 0, {0, 2, 0, 2});
  Game g = Game::from_position(s);
  play(g, 0, act(kUseAux));
  CHECK(pwr(g, 0) == Pwr{2, 0, 0, 2});
  CHECK(holding(g, 0) == 1);
}

TEST_CASE("concession: the others win by concession; a conceding defender's hit is dropped") {
  SUBCASE("the other player wins by concession") {
    Game g = Game::from_position(position({"TS-F", "TS-K"}));
    CHECK(g.concede(1).accepted());
    CHECK(g.over());
    CHECK(winners(g) == 0b01);
    CHECK(g.state().reason == v1::RESULT_REASON_CONCESSION);
    const auto out = events_of<ev::PlayerEliminated>(g);
    REQUIRE(out.size() == 1);
    CHECK(out[0].reason == v1::ELIMINATION_REASON_CONCEDED);
    CHECK(events_of<ev::Conceded>(g).size() == 1);
  }
  SUBCASE("a conceding defender's hit is dropped; play goes on") {
    Game g = Game::from_position(position({"TS-F", "TS-K", "TS-R"}));
    g.script_dice({6, 6});
    play(g, 0, act(kFireW1, 1, 1));
    REQUIRE(decider(g) == 1);
    CHECK(g.concede(1).accepted());
    CHECK_FALSE(g.over());
    CHECK(g.state().vessels[1].eliminated);
    CHECK(events_of<ev::DamageApplied>(g).empty());
    CHECK(decider(g) == 0);
    CHECK(used(g) == 1);
    CHECK(pwr(g, 0) == Pwr{3, 1});
    CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "INVALID_TARGET");
    play(g, 0, act(kEndManeuvers));
    CHECK(active(g) == 2);  // the conceded seat is skipped
    CHECK(g.concede(2).accepted());
    CHECK(g.over());
    CHECK(winners(g) == 0b001);
    CHECK(g.state().reason == v1::RESULT_REASON_CONCESSION);
    CHECK(g.concede(0).verdict == Verdict::kGameOver);
  }
}

TEST_CASE("forfeit and ruling: each ends the game under its own reason") {
  SUBCASE("a forfeit eliminates the player away, and leaves a win by forfeit") {
    Game g = Game::from_position(position({"TS-F", "TS-K", "TS-R"}));
    CHECK(g.forfeit(2).accepted());
    CHECK_FALSE(g.over());
    const auto out = events_of<ev::PlayerEliminated>(g);
    REQUIRE(out.size() == 1);
    CHECK(out[0].reason == v1::ELIMINATION_REASON_FORFEITED);
    REQUIRE(events_of<ev::Conceded>(g).size() == 1);
    CHECK(events_of<ev::Conceded>(g)[0].how == v1::RESULT_REASON_FORFEIT);
    CHECK(g.forfeit(1).accepted());
    CHECK(g.over());
    CHECK(winners(g) == 0b001);
    CHECK(g.state().reason == v1::RESULT_REASON_FORFEIT);
  }
  SUBCASE("a ruling ends the game at once, mid-decision, with the winners it names") {
    Game g = Game::from_position(position({"TS-F", "TS-K"}));
    g.script_dice({6, 6});
    play(g, 0, act(kFireW1, 1, 1));
    REQUIRE(decider(g) == 1);
    CHECK(g.rule(0b10).accepted());
    CHECK(g.over());
    CHECK(winners(g) == 0b10);
    CHECK(g.state().reason == v1::RESULT_REASON_RULING);
    CHECK(g.decision() == nullptr);
    CHECK(g.rule(0b01).verdict == Verdict::kGameOver);
    CHECK(g.forfeit(0).verdict == Verdict::kGameOver);
  }
}

TEST_CASE("A46 turn cap: tournament scoring") {
  // §16.3, A37. The cap counts rounds: the game is scored when round 2 would begin.
  State s = position({"TS-F", "TS-K"});
  s.options.turn_cap = 1;
  s.piles[0].hexes = {{hex_id(kWormhole2), 0}};  // unrevealed: never counts
  const std::uint8_t p2 = 0b10;

  SUBCASE("the nearest revealed wormhole ranks first") {
    add_tile(s, {1, 0}, kOpen);
    s.vessels[1].tile = add_tile(s, {2, 0}, kOpen);
    add_tile(s, {3, 0}, kWormhole);
    s.vessels[1].shields = 5;  // P2 is weaker but nearer: 1 hex against 3
    Game g = Game::from_position(s);
    play(g, 0, act(kEndManeuvers));
    CHECK_FALSE(g.over());
    play(g, 1, act(kEndManeuvers));
    CHECK(g.over());
    CHECK(winners(g) == p2);
    CHECK(g.state().reason == v1::RESULT_REASON_TURN_CAP);
    CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_ROLL_OFF).empty());
  }
  SUBCASE("no wormhole revealed: most hull + shields") {
    s.vessels[0].shields = 10;  // 40
    s.vessels[1].hull = 25;     // 45
    Game g = Game::from_position(s);
    play(g, 0, act(kEndManeuvers));
    play(g, 1, act(kEndManeuvers));
    CHECK(g.over());
    CHECK(winners(g) == p2);
    CHECK(g.state().reason == v1::RESULT_REASON_TURN_CAP);
  }
  SUBCASE("equally near: hull + shields decides") {
    const int w = add_tile(s, {1, 0}, kWormhole);
    s.vessels[0].tile = w;
    s.vessels[1].tile = w;
    s.vessels[1].shields = 19;
    Game g = Game::from_position(s);
    play(g, 0, act(kEndManeuvers));
    play(g, 1, act(kEndManeuvers));
    CHECK(winners(g) == 0b01);
  }
  SUBCASE("a tie goes to a doubles roll-off in turn order") {
    Game g = Game::from_position(s);
    g.script_dice({1, 2, 3, 4, 5, 5});
    play(g, 0, act(kEndManeuvers));
    play(g, 1, act(kEndManeuvers));
    CHECK(g.over());
    const auto rolloff = rolls(g, 0, v1::DICE_ROLL_PURPOSE_ROLL_OFF);
    REQUIRE(rolloff.size() == 3);
    CHECK(int{rolloff[0].seat} == 0);
    CHECK(int{rolloff[1].seat} == 1);
    CHECK(int{rolloff[2].seat} == 0);
    CHECK(winners(g) == 0b01);
    CHECK(g.state().reason == v1::RESULT_REASON_TURN_CAP);
    CHECK(dice_left(g) == 0);
  }
}

TEST_CASE("A52 time called mid-attack: the hit is answered and applied, then the game is scored") {
  State s = position({"TS-F", "TS-K"});
  SUBCASE("between maneuvers: scored at once") {
    s.vessels[1].shields = 19;  // no tie, so no roll-off
    Game g = Game::from_position(s);
    CHECK(g.call_time().accepted());
    CHECK(g.over());
    CHECK(g.state().reason == v1::RESULT_REASON_TIME_LIMIT);
    CHECK(winners(g) == 0b01);
  }
  SUBCASE("while the target may still evade") {
    Game g = Game::from_position(s);
    g.script_dice({6, 6});  // 1D6 + 1 Pwr: 12
    play(g, 0, act(kFireW1, 1, 1));
    at(g, 1, Step::kDefend);
    CHECK(g.call_time().accepted());
    CHECK_FALSE(g.over());
    at(g, 1, Step::kDefend);  // the same decision, still open
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 8);  // the hit landed before the scoring
    CHECK(g.over());
    CHECK(g.state().reason == v1::RESULT_REASON_TIME_LIMIT);
    CHECK(winners(g) == 0b01);  // 50 against 38: most hull + shields
    CHECK(used(g) == 1);        // no further maneuver was offered
  }
}

// §16.3 step 3 and A37 move every tied vessel to a wormhole for the roll-off, drawing one next to
// the start tile when none is on the board (the first wormhole in hexpile order, R15).
TEST_CASE("A37 turn-cap tie: the roll-off happens at a wormhole") {
  State s = position({"TS-F", "TS-K"});
  s.options.turn_cap = 1;
  s.piles[0].hexes = {{hex_id(kOpen), 0}, {hex_id(kWormhole), 0}, {hex_id(kOpen), 0}};
  Game g = Game::from_position(s);
  g.script_dice({3, 3});
  play(g, 0, act(kEndManeuvers));
  play(g, 1, act(kEndManeuvers));
  REQUIRE(g.over());
  CHECK(winners(g) == 0b01);
  const Board& board = g.state().board;
  REQUIRE(board.size() == 2);  // the wormhole is drawn and placed
  CHECK(board.tile(1).hex == hex_id(kWormhole));
  CHECK(hex_distance(board.tile(1).coord, {0, 0}) == 1);
  CHECK(tile_of(g, 0) == 1);
  CHECK(tile_of(g, 1) == 1);
}

}  // namespace spacedock::incursions
