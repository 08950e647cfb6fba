// Rules scenarios for a Shuttle craft launched on its own (§11.3 use 1, §19.4: W1 1D6 at range
// 0, 15 LP, evasion 6, drive 1): its owner moves it and attacks with it, it strikes vessels that
// arrive in its hex, it comes back to the hand once whole, and its eliminated owner keeps it
// (A24). Driven through Game::submit only.
#include <doctest/doctest.h>

#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

Action launch(CardId shuttle) {
  Action a = play_card(shuttle);
  a.officer = kLaunchCraft;
  return a;
}

Action craft_move(TileIndex to) {
  return make_action(kDenizenMove, to, 0, 0, 0, 1);
}

Action craft_attack(Seat target) {
  return make_action(kDenizenAttack, target, 0, 0, 0, 1);
}

TEST_CASE("§11.3 a launched Shuttle craft moves 1 hex a maneuver and attacks on every turn") {
  State s = full_position({"TS-F", "TS-K"});
  const TileIndex east = add_tile(s, {1, 0}, kOpen);
  const TileIndex far = add_tile(s, {3, 0}, kOpen);
  s.vessels[1].tile = east;
  const CardId shuttle = add_card(s, 0, "SHUTTLE-CRAFT");
  Game g = Game::from_position(s);
  CHECK(offered(g, play_card(shuttle)));  // as armour
  CHECK(refused(g, 0, craft_move(east)) == "NOT_YOURS");
  maneuver(g, 0, launch(shuttle));
  REQUIRE(g.state().denizens.size() == 1);
  const Denizen& craft = g.state().denizens[0];
  CHECK(craft.placed());
  CHECK(craft.owner == 0);
  CHECK(craft.tile == 0);
  CHECK(craft.life == 15);
  CHECK(g.state().tabled.empty());  // not armour
  CHECK_FALSE(holds(zones(g, 0).hand, shuttle));

  maneuver(g, 0, craft_move(east));
  CHECK(g.state().denizens[0].tile == east);
  const auto moved = events_of<ev::DenizenMoved>(g);
  REQUIRE(moved.size() == 1);
  CHECK(moved[0].from == 0);
  CHECK(moved[0].to == east);
  CHECK(active(g) == 1);  // two maneuvers used

  // Only its owner commands it.
  CHECK(refused(g, 1, craft_move(0)) == "NOT_YOURS");
  CHECK(refused(g, 1, craft_attack(0)) == "NOT_YOURS");
  end_turns_until(g, 0);

  // A turn later it is still its owner's to command, 1 hex at a time.
  CHECK(refused(g, 0, craft_move(far)) == "ILLEGAL_PATH");
  CHECK(refused(g, 0, craft_attack(0)) == "INVALID_TARGET");
  g.script_dice({4});  // its phaser: 1D6
  maneuver(g, 0, craft_attack(1));
  at(g, 1, Step::kDefend);
  CHECK(g.state().hit.damage == 4);
  CHECK(g.state().hit.denizen == 1);
  CHECK(offered(g, act(kEvade, 0, 1)));  // a normal attack: the target may evade
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 16);
  end_turns_until(g, 1);

  // Ships attack it as a denizen, and it evades on 2D6 <= 6.
  g.script_dice({6, 6, 3, 2});
  maneuver(g, 1, make_action(kFireW1, 0, 1, 0, 0, 1));
  CHECK(g.state().denizens[0].life == 15);
  g.script_dice({6, 6, 6, 6});
  maneuver(g, 1, make_action(kFireW1, 0, 1, 0, 0, 1));
  CHECK(g.state().denizens[0].life == 3);
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_DENIZEN_EVASION).size() == 2);
}

TEST_CASE("§11.3 a craft strikes arriving rivals from the next turn; whole, it goes to the hand") {
  State s = full_position({"TS-F", "TS-K"});
  const TileIndex east = add_tile(s, {1, 0}, kOpen);
  s.vessels[1].tile = east;
  const CardId shuttle = add_card(s, 0, "SHUTTLE-CRAFT");
  Game g = Game::from_position(s);
  maneuver(g, 0, launch(shuttle));
  // Its owner leaves and comes back: it is not attacked.
  maneuver(g, 0, act(kMove, east));
  end_turns_until(g, 1);

  // Seat 1 arrives at the start tile: the craft's 1D6.
  g.script_dice({5});
  maneuver(g, 1, act(kMove, 0));
  at(g, 1, Step::kDefend);
  CHECK(g.state().hit.damage == 5);
  CHECK(g.state().hit.denizen == 1);
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 15);
  g.script_dice({5, 6, 6});  // 5 damage; its evasion roll of 12 fails
  maneuver(g, 1, make_action(kFireW1, 0, 0, 0, 0, 1));
  CHECK(g.state().denizens[0].life == 10);
  end_turns_until(g, 0);

  // Repair needs its hex; a repair that leaves it damaged keeps it out (TS-F: 3 + 3 per Pwr).
  CHECK(refused(g, 0, make_action(kRepair, 0, 0, 0, 0, 1)) == "OUT_OF_RANGE");
  maneuver(g, 0, act(kMove, 0));
  maneuver(g, 0, make_action(kRepair, 0, 0, 0, 0, 1));
  CHECK(g.state().denizens[0].life == 13);
  CHECK(g.state().denizens[0].alive);
  end_turns_until(g, 0);
  maneuver(g, 0, make_action(kRepair, 0, 1, 0, 0, 1));
  CHECK_FALSE(g.state().denizens[0].alive);
  CHECK(holds(zones(g, 0).hand, shuttle));
  const auto repaired = events_of<ev::Repaired>(g);
  REQUIRE(repaired.size() == 2);
  CHECK_FALSE(repaired[0].to_hand);
  CHECK(repaired[1].to_hand);
  CHECK(repaired[1].applied == 2);
  CHECK(repaired[1].value == 15);
}

TEST_CASE("§11.3 hand cards go with the craft's attack: Phasers and Fire as on the ship's W1") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId shuttle = add_card(s, 0, "SHUTTLE-CRAFT");
  const CardId phasers = add_card(s, 0, "PHASERS");
  const CardId fire = add_card(s, 0, "FIRE");
  const CardId warp = add_card(s, 0, "WARP");
  Game g = Game::from_position(s);
  maneuver(g, 0, launch(shuttle));
  play(g, 0, play_card(warp));  // a Warp wants a move
  CHECK(refused(g, 0, craft_attack(1)) == "NOT_FOR_THIS_MANEUVER");
  play(g, 0, act(kDetachCards));
  play(g, 0, play_card(phasers));  // +2D6 on W1 (§18)
  play(g, 0, play_card(fire));     // +10 to an attack
  g.script_dice({1, 2, 3});        // 1D6 + 2D6 + 10
  maneuver(g, 0, craft_attack(1));
  at(g, 1, Step::kDefend);
  CHECK(g.state().hit.damage == 16);
  CHECK(g.state().hit.denizen == 1);
  play(g, 1, act(kAccept));
  CHECK(zones(g, 0).discard == Cards{phasers, fire});
}

TEST_CASE("§11.1 a craft attacks a denizen of its hex, and its owner takes the kill reward") {
  State s = full_position({"TS-F", "TS-K"});
  const TileIndex pirates = add_tile(s, {1, 0}, "hex.024.pirates", /*owner=*/0);
  const TileIndex far = add_tile(s, {3, 0}, kOpen);
  s.vessels[1].tile = far;
  s.denizens.push_back(Denizen{pirates, pirates, 3, true});  // wounded Pirates (evasion 6)
  const CardId shuttle = add_card(s, 0, "SHUTTLE-CRAFT");
  for (int i = 0; i < 5; ++i)
    add_card(s, 0, "REPAIR-CREW", /*to_deck=*/true);
  Game g = Game::from_position(s);
  maneuver(g, 0, launch(shuttle));
  const int craft = 1;  // its index, after the Pirates'
  CHECK(refused(g, 0, denizen_attack_on_denizen(craft, 0)) == "OUT_OF_RANGE");
  maneuver(g, 0, make_action(kDenizenMove, pirates, 0, 0, 0, craft + 1));
  end_turns_until(g, 0);

  // Its 1D6 makes 5; the Pirates' evasion roll of 12 fails, and they die.
  g.script_dice({5, 6, 6});
  maneuver(g, 0, denizen_attack_on_denizen(craft, 0));
  CHECK_FALSE(g.state().denizens[0].alive);
  const auto destroyed = events_of<ev::DenizenDestroyed>(g);
  REQUIRE(destroyed.size() == 1);
  CHECK(destroyed[0].killer == 0);
  const auto reward = events_of<ev::RewardTaken>(g);
  REQUIRE(reward.size() == 1);  // no spent Pwr: the 3 cards
  CHECK(reward[0].seat == 0);
  CHECK(reward[0].drawn == 3);
}

TEST_CASE("A24 an eliminated player keeps command of its own craft, which acts no more alone") {
  State s = full_position({"TS-F", "TS-K", "TS-R"});
  const TileIndex east = add_tile(s, {1, 0}, kOpen);
  s.vessels[2].tile = east;
  const CardId shuttle = add_card(s, 1, "SHUTTLE-CRAFT");
  std::erase(s.zones[1].hand, shuttle);
  Denizen craft{0, 0, 15, true};
  craft.card = shuttle;
  craft.owner = 1;
  s.denizens.push_back(craft);
  s.vessels[1].eliminated = true;
  Game g = Game::from_position(s);
  CHECK(g.takes_turns(1));
  play(g, 0, act(kEndManeuvers));
  REQUIRE(active(g) == 1);  // its slot
  CHECK(refused(g, 1, make_action(kDominate, 0, 0, 0, 0, 1)) == "NOT_DOMINATABLE");
  play(g, 1, craft_move(east));
  g.script_dice({2});
  play(g, 1, craft_attack(2));
  at(g, 2, Step::kDefend);
  play(g, 2, act(kAccept));
  CHECK(shields(g, 2) == 18);
  CHECK(active(g) == 2);  // two maneuvers, and the slot is over

  // It no longer strikes vessels arriving in its hex by itself.
  end_turns_until(g, 0);
  const std::size_t before = g.events().size();
  maneuver(g, 0, act(kMove, east));
  CHECK(events_of<ev::AttackDeclared>(g, before).empty());
  CHECK(g.state().step == Step::kManeuver);
}

}  // namespace
}  // namespace spacedock::incursions
