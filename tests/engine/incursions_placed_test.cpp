// Rules scenarios for the objects a card places in a hex (§11.1, §18, §19.4): the Weapons
// Platform (2D6 plus its owner's weapon bonus, 15 LP) and the Outpost (1D6+2, 20 LP, repairable),
// driven through Game::submit only.
#include <doctest/doctest.h>

#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

// The index + 1 (the denizen id of actions) of the last denizen record: a new object.
int newest(const Game& g) {
  return static_cast<int>(g.state().denizens.size());
}

TEST_CASE("§11.1 Weapons Platform: placed in the hex, it attacks with its owner that turn") {
  State s = full_position({"TS-F", "TS-K"});
  add_officer(s, 0, "CRW-TAC");  // +1 to every weapon the vessel fires (§19.3)
  const CardId platform = add_card(s, 0, "WEAPONS-PLATFORM");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(platform));
  CHECK(used(g) == 1);
  REQUIRE(g.state().denizens.size() == 1);
  const Denizen& object = g.state().denizens[0];
  CHECK(object.placed());
  CHECK(object.owner == 0);
  CHECK(object.tile == 0);
  CHECK(object.life == 15);
  CHECK_FALSE(holds(zones(g, 0).hand, platform));
  CHECK(events_of<ev::DenizenSpawned>(g).size() == 1);
  CHECK(refused(g, 0, make_action(kFireW1, 0, 0, 0, 0, 1)) == "INVALID_TARGET");  // its own

  // On the placing turn, its owner may attack with it: 2D6 + 1 (tactical officer).
  g.script_dice({4, 5});
  maneuver(g, 0, make_action(kDenizenAttack, 1, 0, 0, 0, newest(g)));
  REQUIRE(decider(g) == 1);
  CHECK(g.state().hit.damage == 10);
  CHECK(g.state().hit.denizen == 1);
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 10);
  end_turns_until(g, 0);
  // From the next turn on it is the hex's: its owner controls it no more.
  CHECK(refused(g, 0, make_action(kDenizenAttack, 1, 0, 0, 0, 1)) == "NOT_YOURS");
}

TEST_CASE("§11.1 on the placing turn its owner may turn the object on a denizen of its hex") {
  State s = full_position({"TS-F", "TS-K"});
  const TileIndex pirates = add_tile(s, {1, 0}, "hex.024.pirates", /*owner=*/0);
  const TileIndex east = add_tile(s, {2, 0}, kOpen);
  s.vessels[0].tile = pirates;
  s.vessels[1].tile = east;
  s.denizens.push_back(Denizen{pirates, pirates, 20, true});  // the hex's Pirates (evasion 6)
  Denizen elsewhere{east, east, 20, true};                    // seat 1's Outpost, next door
  elsewhere.card = add_card(s, 1, "OUTPOST");
  elsewhere.owner = 1;
  std::erase(s.zones[1].hand, elsewhere.card);
  s.denizens.push_back(elsewhere);
  const CardId platform = add_card(s, 0, "WEAPONS-PLATFORM");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(platform));
  const int object = newest(g) - 1;  // its index
  CHECK(refused(g, 0, denizen_attack_on_denizen(object, object)) == "INVALID_TARGET");
  CHECK(refused(g, 0, denizen_attack_on_denizen(object, 1)) == "OUT_OF_RANGE");
  CHECK(refused(g, 0, denizen_attack_on_denizen(object, 7)) == "NO_DENIZEN");
  REQUIRE(offered(g, denizen_attack_on_denizen(object, 0)));

  // Its 2D6 make 9; the Pirates' evasion roll of 8 is over their 6.
  g.script_dice({4, 5, 4, 4});
  maneuver(g, 0, denizen_attack_on_denizen(object, 0));
  CHECK(g.state().denizens[0].life == 11);
  const auto declared = events_of<ev::AttackDeclared>(g);
  REQUIRE(declared.size() == 1);
  CHECK(declared[0].denizen_attacker == object + 1);
  CHECK(declared[0].denizen_target == 1);
  CHECK(declared[0].target == kNoSeat);
  end_turns_until(g, 0);
  CHECK(refused(g, 0, denizen_attack_on_denizen(object, 0)) == "NOT_YOURS");  // the hex's now
}

TEST_CASE("§11.1 a placed object strikes every other vessel that arrives, never its owner") {
  State s = full_position({"TS-F", "TS-K", "TS-R"});
  const TileIndex east = add_tile(s, {1, 0}, kOpen);
  s.vessels[1].tile = east;
  s.vessels[2].tile = east;
  const CardId outpost = add_card(s, 0, "OUTPOST");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(outpost));
  // Its owner leaves and comes back: it is not attacked.
  maneuver(g, 0, act(kMove, east));
  end_turns_until(g, 1);
  // Seat 1 arrives at the start tile: 1D6 + 2.
  g.script_dice({3});
  maneuver(g, 1, act(kMove, 0));
  REQUIRE(decider(g) == 1);
  CHECK(g.state().step == Step::kDefend);
  CHECK(g.state().hit.damage == 5);
  CHECK(g.state().hit.denizen == 1);
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 20 - 5);
  const auto attacks = events_of<ev::AttackDeclared>(g);
  REQUIRE(attacks.size() == 1);
  CHECK(attacks[0].denizen_attacker == 1);
}

TEST_CASE("§10.4 a placed object destroyed: a reward for the destroyer, the card discarded") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId platform = add_card(s, 0, "WEAPONS-PLATFORM");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(platform));
  end_turns_until(g, 1);
  // It never evades (§19.4): no evasion roll, 3D6 = 16 against its 15 LP.
  g.script_dice({6, 5, 5});
  maneuver(g, 1, make_action(kFireW1, 0, 2, 0, 0, 1));
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_DENIZEN_EVASION).empty());
  CHECK_FALSE(g.state().denizens[0].alive);
  CHECK(zones(g, 0).discard == Cards{platform});
  const auto destroyed = events_of<ev::DenizenDestroyed>(g);
  REQUIRE(destroyed.size() == 1);
  CHECK(destroyed[0].killer == 1);
  // No deck to draw from: the 2 Pwr just spent are face up again.
  const auto rewards = events_of<ev::RewardTaken>(g);
  REQUIRE(rewards.size() == 1);
  CHECK(rewards[0].seat == 1);
  CHECK(rewards[0].flipped == 2);
  CHECK(pwr(g, 1) == Pwr{4});
}

TEST_CASE("A23 with a deck and spent Pwr, the killer chooses its reward") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId platform = add_card(s, 0, "WEAPONS-PLATFORM");
  for (int i = 0; i < 4; ++i)
    add_card(s, 1, "REPAIR-CREW", /*to_deck=*/true);
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(platform));
  end_turns_until(g, 1);
  REQUIRE(zones(g, 1).hand.size() == 1);  // its draw step
  g.script_dice({6, 5, 5});               // 16 against the platform's 15 LP
  maneuver(g, 1, make_action(kFireW1, 0, 2, 0, 0, 1));
  CHECK_FALSE(g.state().denizens[0].alive);
  at(g, 1, Step::kReward);
  CHECK(g.decision()->options.size() == 2);
  CHECK(pwr(g, 1) == Pwr{2, 2});
  SUBCASE("spent Pwr face up") {
    play(g, 1, act(kChooseReward, kRewardFlipPower));
    CHECK(pwr(g, 1) == Pwr{4});
    CHECK(zones(g, 1).hand.size() == 1);
  }
  SUBCASE("3 cards") {
    play(g, 1, act(kChooseReward, kRewardDrawCards));
    CHECK(pwr(g, 1) == Pwr{2, 2});
    CHECK(zones(g, 1).hand.size() == 4);
    CHECK(zones(g, 1).deck.empty());
  }
  CHECK(events_of<ev::RewardTaken>(g).size() == 1);
  at(g, 1, Step::kManeuver);
}

TEST_CASE("§19.4 Outpost: its owner repairs it in the same hex; a platform cannot be repaired") {
  State s = full_position({"TS-F", "TS-K"});
  const TileIndex east = add_tile(s, {1, 0}, kOpen);
  const CardId outpost = add_card(s, 0, "OUTPOST");
  const CardId platform = add_card(s, 0, "WEAPONS-PLATFORM");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(outpost));
  maneuver(g, 0, play_card(platform));
  end_turns_until(g, 1);
  g.script_dice({6, 6});  // TS-K's W1 with 1 Pwr: 12 on the outpost
  maneuver(g, 1, make_action(kFireW1, 0, 1, 0, 0, 1));
  CHECK(g.state().denizens[0].life == 8);
  CHECK(refused(g, 1, make_action(kRepair, 0, 0, 0, 0, 1)) == "NOT_YOURS");
  end_turns_until(g, 0);
  CHECK(refused(g, 0, make_action(kRepair, 0, 0, 0, 0, 2)) == "INVALID_SYSTEM");
  // TS-F repairs 3, +3 per Pwr: 3 + 6 = 9, of which 12 are missing.
  maneuver(g, 0, make_action(kRepair, 0, 2, 0, 0, 1));
  CHECK(g.state().denizens[0].life == 17);
  const auto repaired = events_of<ev::Repaired>(g);
  REQUIRE(repaired.size() == 1);
  CHECK(repaired[0].denizen == 1);
  CHECK(repaired[0].applied == 9);
  // From another hex it is out of reach.
  maneuver(g, 0, act(kMove, east));
  end_turns_until(g, 0);
  CHECK(refused(g, 0, make_action(kRepair, 0, 0, 0, 0, 1)) == "OUT_OF_RANGE");
}

}  // namespace
}  // namespace spacedock::incursions
