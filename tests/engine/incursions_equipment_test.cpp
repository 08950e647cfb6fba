// Rules scenarios for the equipment cards with a mechanism of their own: the Shuttle craft
// (§7.4, §11.3-11.4, §19.4, T49, T53, A33, A34) and the Weapon Prototype (§18), driven through
// Game::submit only. Expected values come from the rules text and the PROPOSED figures: a
// shuttle of hull 10, shields 5, evasion 6, drive 1, W1 1D6 range 0; a prototype of 2D6 at
// range 0, +1D6 per Pwr.
#include <doctest/doctest.h>

#include "engine/incursions/figures.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

constexpr int kHelm = 2;  // the helm's position (§19.3)

// Seat 0 (TS-K, to move) and seat 1 (TS-F, shields 0, hull 3), which a 2D6 blow destroys.
State seat_1_nearly_lost() {
  State s = full_position({"TS-K", "TS-F"});
  s.vessels[1].shields = 0;
  s.vessels[1].hull = 3;
  return s;
}

// Seat 0 fires W1 with 1 Pwr (2D6 of `dice`) at seat 1, which takes the hit.
void strike_seat_1(Game& g, std::initializer_list<int> dice) {
  g.script_dice(dice);
  maneuver(g, 0, act(kFireW1, 1, 1));
  REQUIRE(decider(g) == 1);
  play(g, 1, act(kAccept));
}

TEST_CASE("T49 escape shuttle: crew and 2 Pwr go over, equipment is discarded, no elimination") {
  // P1 is seat 1 here, so that seat 0 (to move) deals the blow.
  State s = seat_1_nearly_lost();
  const CardId helm = add_officer(s, 1, "CRW-HELM");
  const CardId m6 = add_card(s, 1, "M6-EVASION");
  table_on_own_vessel(s, 1, m6);
  const CardId shuttle = add_card(s, 1, "SHUTTLE-CRAFT");
  Game g = Game::from_position(s);
  strike_seat_1(g, {4, 5});  // TS-K's W1 with 1 Pwr: 2D6 = 9 against shields 0, hull 3
  REQUIRE(g.state().step == Step::kEscape);
  CHECK(g.state().vessels[1].hull <= 0);
  CHECK_FALSE(g.state().vessels[1].eliminated);
  // 4 UP cards: the 2 kept are both UP (the only state there is).
  CHECK(offered(g, play_card(shuttle, 0, 2)));
  CHECK_FALSE(offered(g, play_card(shuttle, 0, 1)));
  CHECK(offered(g, act(kAccept)));
  CHECK(refused(g, 1, play_card(shuttle, 0, 1)) == "INSUFFICIENT_POWER");
  play(g, 1, play_card(shuttle, 0, 2));

  const Vessel& v = g.state().vessels[1];
  CHECK_FALSE(v.eliminated);
  CHECK(g.state().ship(1).id == "SHUTTLE");
  CHECK(g.state().race(1) == v1::RACE_FEDERATION);  // the parent ship's make
  CHECK(v.tile == g.state().vessels[0].tile);       // in the destroyed ship's hex
  CHECK(hull(g, 1) == 10);
  CHECK(shields(g, 1) == 5);
  CHECK(v.officers[kHelm] == helm);
  CHECK(evasion_score(g.state(), 1) == 7);  // 6 + CRW-HELM's 1; the M6 is gone
  CHECK(pwr(g, 1) == Pwr{2, 0});
  CHECK(zones(g, 1).discard == Cards{m6});
  CHECK(g.state().tabled.empty());
  CHECK(v.craft == shuttle);
  CHECK_FALSE(holds(zones(g, 1).hand, shuttle));
  CHECK(events_of<ev::EscapeCraftLaunched>(g).size() == 1);
  CHECK(events_of<ev::PlayerEliminated>(g).empty());
  CHECK_FALSE(g.state().over);
}

TEST_CASE("T49 escape shuttle: the kept Pwr keep their states; a craft has no W2 or W3") {
  State s = seat_1_nearly_lost();
  set_power(s, 1, Pwr{1, 3});
  const CardId shuttle = add_card(s, 1, "SHUTTLE-CRAFT");
  Game g = Game::from_position(s);
  strike_seat_1(g, {6, 6});
  REQUIRE(g.state().step == Step::kEscape);
  // 1 UP and 3 SPENT: keep 0 or 1 UP, the rest SPENT.
  CHECK(offered(g, play_card(shuttle, 0, 0)));
  CHECK(offered(g, play_card(shuttle, 0, 1)));
  CHECK_FALSE(offered(g, play_card(shuttle, 0, 2)));
  play(g, 1, play_card(shuttle, 0, 1));
  CHECK(pwr(g, 1) == Pwr{1, 1});

  end_turns_until(g, 1);
  // Power-up: both UP. The craft fires W1, but has no torpedoes or mines.
  CHECK(pwr(g, 1) == Pwr{2, 0});
  CHECK(offered(g, act(kFireW1, 0, 0)));
  CHECK(refused(g, 1, act(kFireW2, 0, 0)) == "NO_WEAPON");
  CHECK(refused(g, 1, act(kLayMine, 0, 0)) == "NO_WEAPON");
}

TEST_CASE("§5.5 the escape craft is a declaration: countermanded, its player goes down") {
  State s = seat_1_nearly_lost();
  const CardId shuttle = add_card(s, 1, "SHUTTLE-CRAFT");
  const CardId countermand = add_card(s, 0, "COUNTERMAND");
  Game g = Game::from_position(s);
  strike_seat_1(g, {6, 6});
  REQUIRE(g.state().step == Step::kEscape);
  play(g, 1, play_card(shuttle, 0, 2));
  at(g, 0, Step::kRespond);  // the attacker's window, before the craft is launched
  CHECK(g.state().ship(1).id != "SHUTTLE");
  CHECK_FALSE(g.state().vessels[1].eliminated);
  play(g, 0, play_card(countermand));
  pass_windows(g);
  CHECK(g.state().vessels[1].eliminated);
  CHECK(events_of<ev::EscapeCraftLaunched>(g).empty());
  CHECK(holds(zones(g, 1).discard, shuttle));
  CHECK(winners(g) == 1);
}

TEST_CASE("§11.4 a destroyed player may go down instead: eliminated, the shuttle stays in hand") {
  State s = seat_1_nearly_lost();
  const CardId shuttle = add_card(s, 1, "SHUTTLE-CRAFT");
  Game g = Game::from_position(s);
  strike_seat_1(g, {6, 6});
  REQUIRE(g.state().step == Step::kEscape);
  play(g, 1, act(kAccept));
  CHECK(g.state().vessels[1].eliminated);
  CHECK(holds(zones(g, 1).hand, shuttle));
  CHECK(winners(g) == 1);  // seat 0's bit: the last ship standing
}

TEST_CASE("§20.1 a destroyed player holding no shuttle is still asked, so waiting shows nothing") {
  State s = seat_1_nearly_lost();
  const CardId fire = add_card(s, 1, "FIRE");
  Game g = Game::from_position(s);
  strike_seat_1(g, {6, 6});
  REQUIRE(g.state().step == Step::kEscape);
  CHECK(g.state().decision.options.size() == 1);  // go down: the only choice
  CHECK(refused(g, 1, play_card(fire)) == "WRONG_STEP");
  play(g, 1, act(kAccept));
  CHECK(g.state().vessels[1].eliminated);
}

TEST_CASE("§11.4 with an empty hand there is nothing to ask: the vessel is eliminated at once") {
  State s = seat_1_nearly_lost();
  Game g = Game::from_position(s);
  strike_seat_1(g, {6, 6});
  CHECK(g.state().vessels[1].eliminated);
  CHECK(winners(g) == 1);
}

TEST_CASE("T53 shuttle as armour: it takes a hit first, 15 LP, and the rest goes to the shields") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId shuttle = add_card(s, 0, "SHUTTLE-CRAFT");
  const CardId spare = add_card(s, 0, "SHUTTLE-CRAFT");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(shuttle));
  CHECK(used(g) == 1);                                         // tabling equipment is a maneuver
  CHECK(refused(g, 0, play_card(spare)) == "ONE_PER_TARGET");  // one armour at a time [P]
  REQUIRE(g.state().tabled.size() == 1);
  CHECK(g.state().tabled[0].life == 15);  // the craft's hull 10 + shields 5, one pool
  end_turns_until(g, 1);
  g.script_dice({6, 6, 6, 2});  // TS-K's W1 with 3 Pwr: 4D6 = 20
  maneuver(g, 1, act(kFireW1, 0, 3));
  REQUIRE(decider(g) == 0);
  play(g, 0, act(kAccept));
  CHECK(g.state().tabled.empty());
  CHECK(zones(g, 0).discard == Cards{shuttle});
  CHECK(shields(g, 0) == 15);  // 20 - 15 on the shuttle = 5 on the shields
  CHECK(hull(g, 0) == 30);
  const auto damage = events_of<ev::DamageApplied>(g);
  REQUIRE(damage.size() == 1);
  CHECK(damage[0].armour_lost == 15);
  CHECK(events_of<ev::RewardTaken>(g).empty());  // no reward for the shuttle [R]
}

TEST_CASE("§18 Weapon Prototype: a weapon system of its own, 2D6 at range 0, +1D6 per Pwr") {
  State s = full_position({"TS-F", "TS-K", "TS-R"});
  add_tile(s, {1, 0}, kOpen);
  s.vessels[2].tile = 1;  // a hex away
  const CardId prototype = add_card(s, 0, "WEAPON-PROTOTYPE");
  const CardId fire = add_card(s, 0, "FIRE");
  add_officer(s, 0, "CRW-TAC");  // +1 to every weapon the vessel fires (§19.3)
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(prototype));
  CHECK(used(g) == 1);
  CHECK(g.state().def(prototype).rarity == v1::INCURSIONS_RARITY_XTRA_RARE);
  REQUIRE(g.state().tabled.size() == 1);
  CHECK(g.state().tabled[0].card == prototype);
  end_turns_until(g, 0);

  // Range 0: the vessel a hex away is out of reach, however much Pwr is put in.
  CHECK(refused(g, 0, card_action(kFireCardWeapon, prototype, 2, 3)) == "OUT_OF_RANGE");
  CHECK(refused(g, 0, card_action(kFireCardWeapon, fire, 1, 0)) == "NO_SUCH_CARD");
  CHECK(offered(g, card_action(kFireCardWeapon, prototype, 1, 2)));
  CHECK_FALSE(offered(g, card_action(kFireCardWeapon, prototype, 2, 0)));
  // With Fire attached: (2 + 1) D6 + 1 (tactical officer) + 10 (Fire).
  play(g, 0, play_card(fire));
  g.script_dice({3, 4, 5});
  maneuver(g, 0, card_action(kFireCardWeapon, prototype, 1, 1));
  REQUIRE(decider(g) == 1);
  CHECK(g.state().hit.damage == 12 + 1 + 10);
  CHECK(g.state().hit.weapon == Weapon::kCard);
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 0);
  CHECK(hull(g, 1) == 27);
  CHECK(pwr(g, 0).up == 3);  // 1 Pwr spent on the prototype
  CHECK(holds(zones(g, 0).discard, fire));
  CHECK_FALSE(holds(zones(g, 0).discard, prototype));  // it stays tabled
}

TEST_CASE("§18 Weapon Prototype: fired only once tabled, and never by another player") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId prototype = add_card(s, 0, "WEAPON-PROTOTYPE");
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, card_action(kFireCardWeapon, prototype, 1, 0)) == "NO_SUCH_CARD");
  maneuver(g, 0, play_card(prototype));
  end_turns_until(g, 1);
  CHECK(refused(g, 1, card_action(kFireCardWeapon, prototype, 0, 0)) == "NO_SUCH_CARD");
}

TEST_CASE("§13.3 the Borg assimilate tabled equipment: to their table, or their hand (A39)") {
  State s = full_position({"TS-B", "TS-F"});
  add_officer(s, 1, "CAP-FED");  // espionage evasion 7
  const CardId m6 = add_card(s, 1, "M6-EVASION");
  const CardId shuttle = add_card(s, 1, "SHUTTLE-CRAFT");
  const CardId own_shuttle = add_card(s, 0, "SHUTTLE-CRAFT");
  table_on_own_vessel(s, 1, m6);
  table_on_own_vessel(s, 1, shuttle);
  s.tabled.back().life = 15;
  table_on_own_vessel(s, 0, own_shuttle);
  s.tabled.back().life = 15;
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, card_action(kAssimilate, own_shuttle, 1)) == "NO_SUCH_CARD");
  g.script_dice({3, 4});  // 7: the captain catches the drones
  maneuver(g, 0, card_action(kAssimilate, m6, 1));
  CHECK(pwr(g, 0) == Pwr{1, 3});
  CHECK(g.state().tabled[0].card == m6);
  CHECK(g.state().tabled[0].on == 1);
  end_turns_until(g, 0);
  g.script_dice({4, 4});  // 8: taken
  maneuver(g, 0, card_action(kAssimilate, m6, 1));
  REQUIRE(events_of<ev::EquipmentAssimilated>(g).size() == 1);
  const auto m6_at = std::find_if(g.state().tabled.begin(), g.state().tabled.end(),
                                  [&](const Tabled& t) { return t.card == m6; });
  REQUIRE(m6_at != g.state().tabled.end());
  CHECK(m6_at->on == 0);
  CHECK(m6_at->controller == 0);
  CHECK(g.state().cards[m6].owner == 1);  // cards keep their owner (§1)
  end_turns_until(g, 0);
  // A second armour shuttle finds no place beside the Borg's own: it goes to the hand.
  g.script_dice({6, 6});
  maneuver(g, 0, card_action(kAssimilate, shuttle, 1));
  const auto taken = events_of<ev::EquipmentAssimilated>(g);
  REQUIRE(taken.size() == 2);
  CHECK(taken[1].to_hand);
  CHECK(holds(zones(g, 0).hand, shuttle));
}

}  // namespace
}  // namespace spacedock::incursions
