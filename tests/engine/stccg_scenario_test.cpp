// The rules-scenario tooling itself: the position builder, the parser and the runner.
#include <doctest/doctest.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <string>

#include "engine/stccg/game.h"
#include "engine/stccg/scenario/position.h"
#include "engine/stccg/scenario/runner.h"
#include "engine/stccg/state/options.h"

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

TEST_CASE("stccg scenario: side decks, doors and flags keep the position's invariants") {
  Position p(CardDb::standard());
  p.add_mission(0, "Investigate Alien Probe");
  const CardId door = p.add_door(0, "Battle Bridge Door");
  const CardId tactic = p.add_to_pile(0, Zone::kSideDeck, "Phaser Banks");
  const CardId used = p.add_to_pile(0, Zone::kSideUsed, "Target Shields");
  const CardId outpost = p.add_in_space(0, 1, "Romulan Outpost");
  const CardId ship = p.add_in_space(0, 1, "D'deridex");
  const CardId other = p.add_in_space(0, 1, "Khazara");
  p.set_undocked(ship);
  p.set_cloaked(other);
  const State s = p.build();
  CHECK(s.check().empty());
  const SideDeck& bridge = s.players[0].side_deck(SideDeckKind::kBattleBridge);
  CHECK(bridge.door == door);
  CHECK(bridge.cards == std::vector<CardId>{tactic});
  CHECK(bridge.used == std::vector<CardId>{used});
  CHECK(s.cards[door].zone == Zone::kPlay);
  CHECK(s.cards[door].where == Where::kSideDeck);
  CHECK(s.cards[ship].undocked);
  CHECK(s.cards[other].cloaked);

  CHECK_THROWS_AS(p.add_door(0, "Battle Bridge Door"), std::invalid_argument);  // one per deck
  CHECK_THROWS_AS(p.add_door(0, "Worf"), std::invalid_argument);
  CHECK_THROWS_AS(p.set_cloaked(outpost), std::invalid_argument);
  CHECK_THROWS_AS(p.set_cloaked(p.add_in_space(0, 0, "Runabout")), std::invalid_argument);
  CHECK_THROWS_AS(p.set_undocked(p.add_in_space(0, 0, "I.K.C. K'Vort")), std::invalid_argument);
}

TEST_CASE("stccg scenario: battles, attributes and what a viewer sees") {
  const ScenarioReport report = run(R"(
mission 0 player A: "Investigate Alien Probe"
mission 1 player B: "Study Stellar Collision"
space 0 player A: "I.K.C. Bortas"
aboard "I.K.C. Bortas": "Kurn"
space 0 player B: "Science Vessel"
aboard "Science Vessel": "Tarus"
space 1 player A: "Runabout"
aboard "Runabout": "William T. Riker"
draw A: "Riva", "Sarek"
draw B: "Taitt", "Taurik"
expect spaceline: "Investigate Alien Probe", "Study Stellar Collision"
expect attribute "I.K.C. Bortas" WEAPONS = 9
expect attribute "Science Vessel" HULL = 100
expect sees A "Kurn"
expect not sees B "Kurn"
expect not sees spectator "Kurn"
attack "Science Vessel" with "I.K.C. Bortas"
expect decision B
expect options = 2
choose "I.K.C. Bortas"
choose "Science Vessel"
expect event fired A 9 vs 6 hit
expect event fired B 5 vs 7 miss
expect not event fired B 5 vs 7 hit
expect event battle winner A
expect not event battle winner B
expect attribute "Science Vessel" HULL = 50
expect count stopped aboard "I.K.C. Bortas" = 1
)");
  CHECK(report.failures == std::vector<std::string>{});
}

TEST_CASE("stccg scenario: deck lists need no game") {
  ScenarioReport report = run(R"(
decklist sample klingon
expect deck valid
decklist add "Kurn" x2
expect deck invalid DECK_SIZE
decklist remove "Kurn" x2
decklist add "Phaser Banks" to q_tent
expect deck invalid WRONG_SIDE_DECK
expect deck valid
)");
  CHECK(report.failures.size() == 1);
  CHECK(
      report.failures.front().starts_with("test.scn:9: expected deck valid, got WRONG_SIDE_DECK"));

  report = run("decklist remove \"Kurn\" x9\n");
  CHECK(report.failures ==
        std::vector<std::string>{"test.scn:1: a deck list starts with `decklist sample NAME`"});
  report = run("decklist sample vulcan\n");
  CHECK(report.failures == std::vector<std::string>{"test.scn:1: no sample deck vulcan"});
  report = run("expect deck invalid NO_SUCH_PROBLEM\n");
  CHECK(report.failures == std::vector<std::string>{"test.scn:1: no deck problem NO_SUCH_PROBLEM"});
}

TEST_CASE("stccg scenario: the new statements' parse errors") {
  ScenarioReport report = run("option no_such_option on\n");
  // The error lists every rule option, in the order of kOptions.
  std::string expected = "test.scn:1: options: ";
  for (const OptionInfo& option : kOptions)
    expected += std::string(option.name) + (&option == std::end(kOptions) - 1 ? "" : ", ");
  CHECK(report.failures == std::vector<std::string>{expected});
  report = run("expect attribute \"Worf\" BRAVERY = 3\n");
  CHECK(report.failures ==
        std::vector<std::string>{"test.scn:1: attributes: INTEGRITY, CUNNING, STRENGTH, RANGE, "
                                 "WEAPONS, SHIELDS, HULL, RANGE_LEFT"});
  report = run("expect event fired A 3 vs 4 graze\n");
  CHECK(report.failures ==
        std::vector<std::string>{"test.scn:1: a fire is a miss, a hit or direct"});
  report = run("expect offered beam \"Worf\", \"Data\" to planet\n");
  CHECK(report.failures ==
        std::vector<std::string>{"test.scn:1: one card at a time: beam \"X\" to ..."});
}

}  // namespace
}  // namespace spacedock::stccg
