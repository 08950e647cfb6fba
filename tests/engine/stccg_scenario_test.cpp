// The rules-scenario tooling itself: the position builder, the parser and the runner.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/stccg/game.h"
#include "engine/stccg/scenario/position.h"
#include "engine/stccg/scenario/runner.h"

namespace spacedock::stccg {
namespace {

// A small position: an Away Team that overcomes Chalnoth, and a ship to keep the turn open.
constexpr const char* kChalnoth = R"(# Chalnoth, overcome
mission 0 player A: "First Contact"
mission 1 player B: "Study Stellar Collision"
under 0 player B: "Chalnoth"
planet 0 player A: "Tasha Yar", "Worf", "Darian Wallace"
space 1 player A: "Runabout"
aboard "Runabout": "William T. Riker"
draw A: "Riva", "Sarek"
draw B: "Taitt", "Taurik"
attempt 0 with "Worf"
)";

ScenarioReport run(const std::string& text) {
  return run_scenario(CardDb::standard(), "test.scn", text);
}

TEST_CASE("stccg scenario: a position keeps the engine's invariants") {
  Position p(CardDb::standard());
  p.set_seed(5);
  p.add_mission(0, "First Contact");
  p.add_mission(1, "Test Mission");
  const CardId chalnoth = p.add_under(0, 1, "Chalnoth");
  const CardId outpost = p.add_in_space(1, 0, "Federation Outpost");
  const CardId worf = p.add_aboard(outpost, "Worf");
  const CardId tasha = p.add_on_planet(0, 0, "Tasha Yar");
  p.add_to_pile(0, Zone::kDrawDeck, "Riva");
  const CardId top = p.add_to_pile(0, Zone::kDrawDeck, "Sarek");
  p.set_stopped(tasha);
  const State s = p.build();

  CHECK(s.spaceline.size() == 2);
  CHECK(s.cards[s.spaceline[1].mission].loc == 1);
  CHECK(s.spaceline[0].seeds == std::vector<CardId>{chalnoth});
  CHECK(s.cards[chalnoth].zone == Zone::kSeed);
  CHECK(s.in_play == std::vector<CardId>{outpost, worf, tasha});
  CHECK(s.cards[worf].where == Where::kAboard);
  CHECK(s.cards[worf].host == outpost);
  CHECK(s.cards[worf].loc == kNoLoc);
  CHECK(s.cards[tasha].where == Where::kSurface);
  CHECK(s.players[0].draw.back() == top);
  CHECK(s.players[0].seeded_outpost);
  std::set<std::uint32_t> handles;
  for (const CardState& c : s.cards) {
    CHECK(c.controller == c.owner);
    CHECK(c.handle != 0);
    CHECK(c.handle <= 0xffffff);
    handles.insert(c.handle);
  }
  CHECK(handles.size() == s.cards.size());

  // A new turn: stopped cards unstop and the turn is counted.
  const Game game = Game::from_position(s);
  CHECK(game.state().turn == 1);
  CHECK(!game.state().cards[tasha].stopped);
  REQUIRE(game.decision() != nullptr);
  CHECK(game.decision()->seat == 0);

  CHECK_THROWS_AS(p.add_in_space(0, 0, "Worf"), std::invalid_argument);
  CHECK_THROWS_AS(p.add_aboard(tasha, "Data"), std::invalid_argument);
  CHECK_THROWS_AS(p.add_to_pile(0, Zone::kHand, "No Such Card"), std::invalid_argument);
  CHECK_THROWS_AS(p.add_on_planet(1, 0, "Data"), std::invalid_argument);  // a space mission
}

TEST_CASE("stccg scenario: a position may start inside the turn") {
  Position p(CardDb::standard());
  p.add_mission(0, "First Contact");
  const CardId worf = p.add_on_planet(0, 1, "Worf");
  p.set_stopped(worf);
  p.set_active(1);
  p.set_turn(4);
  p.set_start(Position::Start::kOrders);
  // Only Worf could act, and he is stopped: a ship to move keeps the turn from ending by itself.
  p.add_mission(0, "Test Mission");
  p.add_aboard(p.add_in_space(1, 1, "U.S.S. Miranda"), "Data");
  const Game game = Game::from_position(p.build());
  CHECK(game.state().turn == 4);
  CHECK(game.state().cards[worf].stopped);  // nothing unstops inside a turn
  REQUIRE(game.decision() != nullptr);
  CHECK(game.decision()->seat == 1);
}

TEST_CASE("stccg scenario: met expectations pass") {
  const ScenarioReport report = run(std::string(kChalnoth) + R"(
expect score A = 5
expect card "Chalnoth" in bonus A
expect not stopped "Worf", "Tasha Yar"
expect event dilemma "Chalnoth" overcome
expect decision A
expect refused beam "Worf" to planet rule NO_TARGET
expect offered move "Runabout" to 0
)");
  CHECK(report.failures == std::vector<std::string>{});
}

TEST_CASE("stccg scenario: damage, and a game that is over") {
  const ScenarioReport report = run(R"(
score A 97
mission 0 player A: "Test Mission"
mission 1 player B: "Study Stellar Collision"
under 0 player B: "Gravitic Mine"
space 0 player A: "U.S.S. Excelsior"
aboard "U.S.S. Excelsior": "Worf", "Tasha Yar"      # no SCIENCE: the ship is damaged
space 1 player A: "Runabout"
aboard "Runabout": "William T. Riker"
draw A: "Riva", "Sarek"
draw B: "Taitt", "Taurik"
expect not damaged "U.S.S. Excelsior"
attempt 0 with "U.S.S. Excelsior"
expect event dilemma "Gravitic Mine" failed
expect damaged "U.S.S. Excelsior"
expect stopped "U.S.S. Excelsior", "Worf"
expect not over
)");
  CHECK(report.failures == std::vector<std::string>{});
}

TEST_CASE("stccg scenario: a wrong expectation names its file and line") {
  const ScenarioReport report = run(std::string(kChalnoth) + R"(
expect score A = 6
expect card "Chalnoth" in discard
expect stopped "Worf"
)");
  CHECK(!report.passed());
  CHECK(report.failures ==
        std::vector<std::string>{
            "test.scn:12: expected score A = 6, got 5",
            "test.scn:13: expected card \"Chalnoth\" in discard, got in bonus A",
            "test.scn:14: expected stopped \"Worf\", got \"Worf\" is not stopped",
        });
}

TEST_CASE("stccg scenario: parse errors name their line") {
  ScenarioReport report = run("seed 3\nmission 0 player C: \"First Contact\"\n");
  CHECK(report.failures ==
        std::vector<std::string>{"test.scn:2: expected a player (A or B), found 'C'"});

  report = run("mission 0 player A: \"First Contact\n");
  CHECK(report.failures == std::vector<std::string>{"test.scn:1: a card name has no closing \""});

  report = run(std::string(kChalnoth) + "hand A: \"Data\"\n");
  CHECK(report.failures ==
        std::vector<std::string>{
            "test.scn:11: the position is set up before the first action or expectation"});

  report = run("expect refused pass rule NO_SUCH_RULE\n");
  CHECK(report.failures == std::vector<std::string>{"test.scn:1: no rule code NO_SUCH_RULE"});
}

TEST_CASE("stccg scenario: a refused action is reported and ends its case") {
  const ScenarioReport report = run(R"(
mission 0 player A: "Test Mission"
mission 1 player A: "Study Stellar Collision"
space 0 player A: "Federation Outpost", "U.S.S. Enterprise"
aboard "U.S.S. Enterprise": "Jean-Luc Picard", "William T. Riker", "Data"
hand A: "Tasha Yar"
draw A: "Riva", "Sarek"
draw B: "Taitt", "Taurik"

case "after a move"
move "U.S.S. Enterprise" to 1
report "Tasha Yar" to "Federation Outpost"
expect score A = 99

case "an unknown card"
report "Nobody" to "Federation Outpost"
)");
  CHECK(report.failures ==
        std::vector<std::string>{
            "test.scn:12: expected 'report \"Tasha Yar\" to \"Federation Outpost\"' to be "
            "accepted, got NOT_OFFERED CARD_PLAY_USED",
            "test.scn:16: no card \"Nobody\" in this scenario",
        });
}

}  // namespace
}  // namespace spacedock::stccg
