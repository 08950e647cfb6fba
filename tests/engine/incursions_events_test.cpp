// Rules scenarios for Incursions hex events and denizens (EVENTS mode, §9.4-§10, §17.3): the
// §22.3 scenarios about hexes and denizens that need no game cards, and the catalogue entries
// they leave out. Positions are built by hand, dice are loaded, and the engine is driven through
// Game::submit only; expected values come from the rules text and the PROPOSED catalogue.
#include <doctest/doctest.h>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/view.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

constexpr std::string_view kPirates = "hex.024.pirates";
constexpr std::string_view kNebula1 = "hex.010.nebula_class_i";
constexpr std::string_view kDerelict = "hex.p3.derelict";
constexpr std::string_view kIonStorm4 = "hex.029.ion_storm_force_iv";
constexpr std::string_view kTimestorm = "hex.054.timestorm";
constexpr std::string_view kSpacestation = "hex.052.spacestation";
constexpr std::string_view kFedSector = "hex.018.federation_sector";
constexpr std::string_view kWormhole3 = "hex.003.wormhole_iii";
constexpr std::string_view kCheckpoint = "hex.004.borg_checkpoint";

State events_position(std::initializer_list<std::string_view> ships) {
  State s = position(ships);
  s.options.mode = v1::INCURSIONS_MODE_EVENTS;
  return s;
}

void put_on_pile(State& s, Seat explorer, std::initializer_list<std::string_view> top_last,
                 Seat owner = 1) {
  for (std::string_view id : top_last)
    s.piles[explorer].hexes.push_back({hex_id(id), owner});
}

int event_rolls(const Game& g, std::size_t from = 0) {
  return static_cast<int>(rolls(g, from, v1::DICE_ROLL_PURPOSE_EVENT).size());
}

int layer(const Game& g, Seat seat) {
  return g.state().vessels[seat].layer;
}

}  // namespace

TEST_CASE("T20 exploration: Allied Starbase's damage is automatic and not evadable") {
  State s = events_position({"TS-F", "TS-K"});
  add_officer(s, 0, "CAP-KLI");
  put_on_pile(s, 0, {kStarbase});
  Game g = Game::from_position(s);
  g.script_dice({3, 5});
  play(g, 0, act(kExplore, 0));
  CHECK(g.state().board.size() == 2);
  CHECK(tile_of(g, 0) == 1);
  CHECK(pwr(g, 0) == Pwr{4});
  CHECK(used(g) == 1);
  REQUIRE(decider(g) == 0);
  CHECK(refused(g, 0, act(kEvade, 0, 1)) == "EVENT_NOT_EVADABLE");
  play(g, 0, act(kAccept));
  CHECK(shields(g, 0) == 12);
  CHECK(event_rolls(g) == 1);
}

TEST_CASE("A25 Allied Starbase spares a Federation captain and strikes a captainless vessel") {
  State s = events_position({"TS-K", "TS-F"});
  add_officer(s, 0, "CAP-FED");
  put_on_pile(s, 0, {kStarbase, kStarbase});
  Game g = Game::from_position(s);
  play(g, 0, act(kExplore, 0));
  CHECK(event_rolls(g) == 0);
  CHECK(decider(g) == 0);
  // The captain lost, the next Starbase strikes.
  State captainless = events_position({"TS-F", "TS-K"});
  put_on_pile(captainless, 0, {kStarbase});
  Game g2 = Game::from_position(captainless);
  g2.script_dice({1, 1});
  play(g2, 0, act(kExplore, 0));
  CHECK(event_rolls(g2) == 1);
}

TEST_CASE("T21 the remain trigger, and leaving and coming back") {
  State s = events_position({"TS-F", "TS-K"});
  add_officer(s, 0, "CAP-KLI");
  const TileIndex base = add_tile(s, {1, 0}, kStarbase);
  const TileIndex open = add_tile(s, {2, 0}, kOpen);
  s.vessels[0].tile = base;
  s.vessels[1].tile = base;
  SUBCASE("two attacks without moving: the hex acts at the end of the turn") {
    Game g = Game::from_position(s);
    g.script_dice({1});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kAccept));
    CHECK(event_rolls(g) == 0);
    g.script_dice({1, 2, 2});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kAccept));
    REQUIRE(decider(g) == 0);  // the remain trigger's damage, before seat 1's turn
    play(g, 0, act(kAccept));
    CHECK(shields(g, 0) == 16);
    CHECK(event_rolls(g) == 1);
    CHECK(active(g) == 1);
  }
  SUBCASE("out and back in: one arrival, no remain trigger") {
    Game g = Game::from_position(s);
    play(g, 0, act(kMove, open));
    CHECK(event_rolls(g) == 0);
    g.script_dice({3, 3});
    play(g, 0, act(kMove, base));
    play(g, 0, act(kAccept));
    CHECK(shields(g, 0) == 14);
    CHECK(active(g) == 1);  // the turn ended with no second roll
    CHECK(event_rolls(g) == 1);
  }
}

TEST_CASE("T19 multi-hex warp: passing through does not trigger; Nebula III's layer") {
  State s = events_position({"TS-F", "TS-K"});
  add_officer(s, 0, "CAP-KLI");
  add_tile(s, {1, 0}, kOpen);
  add_tile(s, {2, 0}, kStarbase);
  const TileIndex nebula = add_tile(s, {3, 0}, kNebula3);
  s.vessels[1].tile = nebula;
  Game g = Game::from_position(s);
  play(g, 0, act(kMove, nebula));  // drive 1 + 2 Pwr
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{2, 2});
  CHECK(event_rolls(g) == 0);
  CHECK(layer(g, 0) == 10);  // keyed on the ship: a FED ship under a Klingon captain
  play(g, 0, act(kEndManeuvers));
  g.script_dice({4, 5, 5});
  play(g, 1, act(kFireW1, 0, 2));
  play(g, 0, act(kAccept));
  CHECK(shields(g, 0) == 16);  // 10 of the 14 into the layer
  CHECK(layer(g, 0) == 0);
}

TEST_CASE("§9.5 a hex's shield layer stays behind when the vessel leaves") {
  State s = events_position({"TS-F", "TS-K"});
  const TileIndex nebula = add_tile(s, {1, 0}, kNebula3);
  add_tile(s, {2, 0}, kOpen);
  Game g = Game::from_position(s);
  play(g, 0, act(kMove, nebula));
  CHECK(layer(g, 0) == 10);
  play(g, 0, act(kMove, 2));
  CHECK(layer(g, 0) == 0);
}

TEST_CASE("T18 Ion Storm: Force III: Federation phasers reach one hex") {
  State s = events_position({"TS-F", "TS-K"});
  const TileIndex storm = add_tile(s, {1, 0}, kIonStorm3);
  add_tile(s, {2, 0}, kOpen);
  s.vessels[0].tile = storm;
  s.vessels[1].tile = 2;
  Game g = Game::from_position(s);
  g.script_dice({3});
  play(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 17);
  // A Klingon ship in the storm gains nothing.
  State k = events_position({"TS-K", "TS-F"});
  add_tile(k, {1, 0}, kIonStorm3);
  add_tile(k, {2, 0}, kOpen);
  k.vessels[0].tile = 1;
  k.vessels[1].tile = 2;
  Game g2 = Game::from_position(k);
  CHECK(refused(g2, 0, act(kFireW1, 1, 0)) == "OUT_OF_RANGE");
}

TEST_CASE("T52 Nebula: Class I: shields do nothing for non-Borg vessels") {
  State s = events_position({"TS-K", "TS-F", "TS-B"});
  const TileIndex nebula = add_tile(s, {1, 0}, kNebula1);
  for (Seat seat = 0; seat < 3; ++seat)
    s.vessels[seat].tile = nebula;
  Game g = Game::from_position(s);
  g.script_dice({4, 4});
  play(g, 0, act(kFireW1, 1, 1));
  CHECK(refused(g, 1, act(kShieldPower, 0, 1)) == "SHIELDS_OFFLINE");
  play(g, 1, act(kAccept));
  CHECK(hull(g, 1) == 22);
  CHECK(shields(g, 1) == 20);
  g.script_dice({4, 4});
  play(g, 0, act(kFireW1, 2, 1));
  play(g, 2, act(kAccept));
  CHECK(shields(g, 2) == 12);
  CHECK(hull(g, 2) == 50);
}

TEST_CASE("T31 denizen fight and reward: the Pirates") {
  State s = events_position({"TS-F", "TS-K"});
  put_on_pile(s, 0, {kPirates}, /*owner=*/1);
  Game g = Game::from_position(s);
  g.script_dice({4, 4});
  play(g, 0, act(kExplore, 0));
  REQUIRE(g.state().denizens.size() == 1);
  CHECK(g.state().denizens[0].alive);
  CHECK(g.state().denizens[0].life == 20);
  REQUIRE(decider(g) == 0);  // the Pirates attack at once; P1 may defend as against any attack
  play(g, 0, act(kAccept));
  CHECK(shields(g, 0) == 12);
  const Action fire{kFireW1, 0, 3, 0, 0, 1};
  SUBCASE("case A: the Pirates evade") {
    g.script_dice({6, 6, 5, 4, 3, 2});
    play(g, 0, fire);
    CHECK(g.state().denizens[0].life == 20);
    CHECK(pwr(g, 0) == Pwr{1, 3});
  }
  SUBCASE("case B: destroyed; the reward turns 2 spent Pwr face up") {
    g.script_dice({6, 6, 5, 4, 4, 4});
    play(g, 0, fire);
    CHECK_FALSE(g.state().denizens[0].alive);
    CHECK(pwr(g, 0) == Pwr{3, 1});
    const auto destroyed = events_of<ev::DenizenDestroyed>(g);
    REQUIRE(destroyed.size() == 1);
    CHECK(int{destroyed[0].killer} == 0);
    CHECK(g.check(encode(fire)) == Rule::kNoDenizen);
  }
}

TEST_CASE("T32 owner immunity: the Pirates never attack their hex's owner") {
  State s = events_position({"TS-F", "TS-K"});
  const TileIndex pirates = add_tile(s, {1, 0}, kPirates, /*owner=*/1);
  Game g = Game::from_position(s);
  play(g, 0, act(kEndManeuvers));
  const std::size_t before = g.events().size();
  play(g, 1, act(kMove, pirates));
  CHECK(g.state().denizens.size() == 1);
  play(g, 1, act(kEndManeuvers));
  play(g, 0, act(kEndManeuvers));
  play(g, 1, act(kEndManeuvers));  // a whole turn there: the remain trigger spares it too
  CHECK(rolls(g, before, v1::DICE_ROLL_PURPOSE_DAMAGE).empty());
  REQUIRE(active(g) == 0);
  g.script_dice({2, 3});
  play(g, 0, act(kMove, pirates));
  REQUIRE(decider(g) == 0);
  play(g, 0, act(kAccept));
  CHECK(shields(g, 0) == 15);
}

TEST_CASE("T51 a unique event fires once per game, whatever the copy") {
  State s = events_position({"TS-F", "TS-K"});
  set_power(s, 0, {2, 2});
  put_on_pile(s, 0, {kDerelict, kDerelict});
  Game g = Game::from_position(s);
  play(g, 0, act(kExplore, 0));
  CHECK(pwr(g, 0) == Pwr{3, 1});  // without decks, 1 Pwr face up instead of 2 cards
  play(g, 0, act(kExplore, 0));
  CHECK(pwr(g, 0) == Pwr{3, 1});
  play(g, 1, act(kMove, 1));
  CHECK(events_of<ev::RewardTaken>(g).size() == 1);
  CHECK(events_of<ev::HexEventFired>(g).size() == 1);
}

TEST_CASE("§9.6 escape lock: Ion Storm: Force IV holds non-Klingon ships until a roll of 6") {
  State s = events_position({"TS-F", "TS-K"});
  const TileIndex storm = add_tile(s, {1, 0}, kIonStorm4);
  const TileIndex open = add_tile(s, {2, 0}, kOpen);
  s.vessels[0].tile = storm;
  s.vessels[1].tile = storm;
  Game g = Game::from_position(s);
  g.script_dice({4, 4});
  play(g, 0, act(kMove, open));
  CHECK(tile_of(g, 0) == storm);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{4});  // a failed escape spends no Pwr (A19)
  g.script_dice({3, 3});
  play(g, 0, act(kMove, open));
  CHECK(tile_of(g, 0) == open);
  const auto attempts = events_of<ev::EscapeAttempted>(g);
  REQUIRE(attempts.size() == 2);
  CHECK_FALSE(attempts[0].success);
  CHECK(attempts[1].success);
  // The Klingon leaves freely.
  REQUIRE(active(g) == 1);
  play(g, 1, act(kMove, open));
  CHECK(events_of<ev::EscapeAttempted>(g).size() == 2);
}

TEST_CASE("A20 Timestorm pulls every vessel in once, then holds them until a roll of 5") {
  State s = events_position({"TS-F", "TS-K", "TS-R"});
  put_on_pile(s, 0, {kTimestorm});
  Game g = Game::from_position(s);
  play(g, 0, act(kExplore, 0));
  for (Seat seat = 0; seat < 3; ++seat)
    CHECK(tile_of(g, seat) == 1);
  CHECK(events_of<ev::Teleported>(g).size() == 2);
  // The log says where they went, not "back to the start".
  bool said_pulled = false;
  for (std::size_t i = 0; i < g.events().size(); ++i) {
    if (!std::holds_alternative<ev::Teleported>(g.events()[i])) continue;
    v1::GameEvent line;
    REQUIRE(project_event(g, i, core::Viewer::spectator(), SeatNames(), &line));
    said_pulled = line.text().find("pulled to (1,0)") != std::string::npos;
  }
  CHECK(said_pulled);
  CHECK(escape_threshold(g.state(), 1) == 5);
  g.script_dice({3, 3});
  play(g, 0, act(kMove, 0));
  CHECK(tile_of(g, 0) == 1);
}

TEST_CASE("A44 Spacestation: 1D6 on its table; 3-4 repairs 6 where the player chooses") {
  State s = events_position({"TS-F", "TS-K"});
  s.vessels[0].hull = 20;
  put_on_pile(s, 0, {kSpacestation});
  Game g = Game::from_position(s);
  g.script_dice({3});
  play(g, 0, act(kExplore, 0));
  REQUIRE(decider(g) == 0);
  CHECK(offered(g, act(kRepair, 1)));
  play(g, 0, act(kRepair, 0));
  CHECK(hull(g, 0) == 26);
  CHECK(used(g) == 1);
}

TEST_CASE("Federation Sector: a Federation captain starting a turn there has 3 maneuvers") {
  State s = events_position({"TS-K", "TS-F"});
  const TileIndex sector = add_tile(s, {1, 0}, kFedSector);
  s.vessels[1].tile = sector;
  add_officer(s, 1, "CAP-FED");
  Game g = Game::from_position(s);
  play(g, 0, act(kEndManeuvers));
  REQUIRE(active(g) == 1);
  CHECK(int{g.state().maneuvers_allowed} == 3);
}

TEST_CASE("Wormhole (III): no roll while its Guardians live; their death lets vessels roll") {
  State s = events_position({"TS-F", "TS-K"});
  put_on_pile(s, 0, {kWormhole3});
  Game g = Game::from_position(s);
  g.script_dice({1, 1});
  play(g, 0, act(kExplore, 0));
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_WORMHOLE).empty());
  play(g, 0, act(kAccept));  // the Guardians' attack
  State st = g.state();      // wound them, as earlier fights would have
  st.denizens[0].life = 3;
  Game g2 = Game::from_position(st);
  // Guardians evade on 5: 3 + 3 = 6 misses them; then P1 rolls doubles at once and wins.
  g2.script_dice({4, 3, 3, 2, 2});
  play(g2, 0, Action{kFireW1, 0, 0, 0, 0, 1});
  CHECK(g2.over());
  CHECK(winners(g2) == 0b01);
  CHECK(g2.state().reason == v1::RESULT_REASON_WORMHOLE);
}

TEST_CASE("Borg Checkpoint: crew of a non-Borg vessel roll or are assimilated by a Borg owner") {
  State s = events_position({"TS-F", "TS-B"});
  add_officer(s, 0, "CAP-FED");
  add_officer(s, 0, "CRW-HELM");  // espionage 5
  add_officer(s, 0, "CRW-ENG");   // espionage 5
  put_on_pile(s, 0, {kCheckpoint}, /*owner=*/1);
  Game g = Game::from_position(s);
  g.script_dice({1, 2, 6, 6});  // the helm resists, the engineer does not
  play(g, 0, act(kExplore, 0));
  CHECK(g.state().officer(0, 2) != kNoCard);
  CHECK(g.state().officer(0, 5) == kNoCard);
  CHECK(g.state().officer(1, 5) != kNoCard);         // serving the Borg owner now
  CHECK(g.state().officer(0, kCaptain) != kNoCard);  // captains are not checked
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_ESPIONAGE).size() == 2);
}

TEST_CASE("T22 outside EVENTS, hex events do nothing (CREW)") {
  State s = position({"TS-F", "TS-K"});
  s.options.mode = v1::INCURSIONS_MODE_CREW;
  put_on_pile(s, 0, {kStarbase});
  Game g = Game::from_position(s);
  play(g, 0, act(kExplore, 0));
  CHECK(event_rolls(g) == 0);
  CHECK(decider(g) == 0);
  CHECK(used(g) == 1);
}

}  // namespace spacedock::incursions

namespace spacedock::incursions {

TEST_CASE("T34 domination: an eliminated player's denizen moves and attacks") {
  State s = events_position({"TS-F", "TS-K", "TS-R"});
  const TileIndex raiders = add_tile(s, {1, 0}, "hex.041.raiders", /*owner=*/2);
  const TileIndex crypt = add_tile(s, {2, 0}, "hex.crypt", /*owner=*/2);
  s.denizens.push_back(Denizen{raiders, raiders, 20, true, kNoSeat});
  s.denizens.push_back(Denizen{crypt, crypt, 30, true, kNoSeat});
  s.vessels[1].eliminated = true;
  s.vessels[2].tile = crypt;
  Game g = Game::from_position(s);
  CHECK(g.takes_turns(1));
  play(g, 0, act(kEndManeuvers));
  REQUIRE(active(g) == 1);  // the eliminated player's slot
  const Action raiders_ = Action{kDominate, 0, 0, 0, 0, 1};
  CHECK(refused(g, 1, Action{kDominate, 0, 0, 0, 0, 2}) == "NOT_DOMINATABLE");
  CHECK(refused(g, 1, Action{kDenizenAttack, 0, 0, 0, 0, 1}) == "NOT_YOURS");
  play(g, 1, raiders_);
  CHECK(int{g.state().denizens[0].dominated_by} == 1);
  CHECK(refused(g, 1, Action{kDominate, 0, 0, 0, 0, 2}) == "DOMINATION_LIMIT");
  play(g, 1, Action{kDenizenMove, 0, 0, 0, 0, 1});  // into P1's hex, the start tile
  CHECK(int{g.state().denizens[0].tile} == 0);
  g.script_dice({3, 4});
  play(g, 1, Action{kDenizenAttack, 0, 0, 0, 0, 1});
  REQUIRE(decider(g) == 0);
  CHECK(offered(g, act(kEvade, 0, 1)));  // P1 may evade
  play(g, 0, act(kAccept));
  CHECK(shields(g, 0) == 13);
  CHECK(active(g) == 2);  // two maneuvers, and the slot is over
  // Dominated, they no longer answer their hex's triggers.
  const std::size_t before = g.events().size();
  g.script_dice({1, 1});  // out of the Crypt: its Guardians hold vessels until a roll of 6
  play(g, 2, act(kMove, raiders));
  CHECK(tile_of(g, 2) == raiders);
  CHECK(rolls(g, before, v1::DICE_ROLL_PURPOSE_DAMAGE).empty());
  CHECK(g.state().denizens.size() == 2);
}

TEST_CASE("§10.3 an eliminated player with no denizen to take has no turn slot") {
  State s = events_position({"TS-F", "TS-K", "TS-R"});
  s.vessels[1].eliminated = true;
  Game g = Game::from_position(s);
  CHECK_FALSE(g.takes_turns(1));
  play(g, 0, act(kEndManeuvers));
  CHECK(active(g) == 2);
}

TEST_CASE("Launching Center: Borg ships here fire the hex's weapon, 1 Pwr for range 3") {
  State s = events_position({"TS-B", "TS-F"});
  const TileIndex center = add_tile(s, {0, 1}, "hex.009.launching_center");
  for (int q = 1; q <= 4; ++q)
    add_tile(s, {static_cast<std::int16_t>(q), 0}, kOpen);
  s.vessels[0].tile = center;
  s.vessels[1].tile = 4;  // (3, 0): 3 hexes from (0, 1)
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, act(kFireHexWeapon, 1, 0)) == "INSUFFICIENT_POWER");
  g.script_dice({5});
  play(g, 0, act(kFireHexWeapon, 1, 1));
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 13);  // 1D6 + 2
  CHECK(pwr(g, 0) == Pwr{3, 1});
  State far = s;
  far.vessels[1].tile = 5;  // 4 hexes: a further Pwr for range
  Game g2 = Game::from_position(far);
  CHECK(refused(g2, 0, act(kFireHexWeapon, 1, 1)) == "OUT_OF_RANGE");
  CHECK(offered(g2, act(kFireHexWeapon, 1, 2)));
  State fed = s;
  fed.active = 1;
  fed.vessels[1].tile = center;
  Game g3 = Game::from_position(fed);
  CHECK(refused(g3, 1, act(kFireHexWeapon, 0, 1)) == "NO_HEX_WEAPON");
}

}  // namespace spacedock::incursions

namespace spacedock::incursions {

TEST_CASE("Nebula: Class IV: a non-Borg vessel stopping there has 2 Pwr out of play, spent first") {
  State s = events_position({"TS-F", "TS-B"});
  const TileIndex nebula = add_tile(s, {1, 0}, "hex.011.nebula_class_iv");
  add_tile(s, {2, 0}, kOpen);
  set_power(s, 0, {3, 1});
  Game g = Game::from_position(s);
  play(g, 0, act(kMove, nebula));
  CHECK(pwr(g, 0) == Pwr{2, 0});  // the spent card and one face-up card
  CHECK(g.state().vessels[0].power.out == 2);
  play(g, 0, act(kMove, 2));  // leaving: they come back spent
  CHECK(g.state().vessels[0].power.out == 0);
  CHECK(pwr(g, 0) == Pwr{2, 2});
  // A Borg ship is not affected.
  State borg = events_position({"TS-B", "TS-F"});
  add_tile(borg, {1, 0}, "hex.011.nebula_class_iv");
  Game g2 = Game::from_position(borg);
  play(g2, 0, act(kMove, 1));
  CHECK(g2.state().vessels[0].power.out == 0);
}

}  // namespace spacedock::incursions
