// Rules scenarios for Sabotage (§18, §13.2, §13.4), driven through Game::submit only. Either
// way it is played, the target's captain (or best officer) may block it on 2D6 at most its
// espionage evasion; with no officer the score is 0 and the block always fails (A26).
#include <doctest/doctest.h>

#include "engine/incursions/figures.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

// Plays Sabotage at `target`: used and discarded on its equipment (weapon 0), or tabled in
// front of it, locking weapon system `weapon` (1 W1, 2 W2, 3 W3).
Action sabotage(CardId card, Seat target, int weapon = 0) {
  Action a = play_card(card, target);
  a.officer = static_cast<std::uint8_t>(weapon);
  return a;
}

TEST_CASE("§18 Sabotage used and discarded: equipment goes face down until repaired back") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId sab = add_card(s, 0, "SABOTAGE");
  const CardId m6 = add_card(s, 1, "M6-EVASION");
  const CardId prototype = add_card(s, 1, "WEAPON-PROTOTYPE");
  table_on_own_vessel(s, 1, m6);
  table_on_own_vessel(s, 1, prototype);
  Game g = Game::from_position(s);
  const int evasion_before = evasion_score(g.state(), 1);
  CHECK(g.state().def(sab).rarity == v1::INCURSIONS_RARITY_RARE);

  g.script_dice({6, 6});  // the espionage roll: no officer, a score of 0
  maneuver(g, 0, sabotage(sab, 1));
  CHECK(used(g) == 1);
  // The saboteur picks among the target's face-up equipment.
  at(g, 0, Step::kSabotage);
  CHECK(offered(g, card_action(kTurnDownCard, m6)));
  CHECK(offered(g, card_action(kTurnDownCard, prototype)));
  CHECK(refused(g, 0, card_action(kTurnDownCard, sab)) == "NO_SUCH_CARD");
  play(g, 0, card_action(kTurnDownCard, m6));
  CHECK_FALSE(g.state().cards[m6].face_up);
  CHECK(evasion_score(g.state(), 1) == evasion_before - 1);  // the M6's +1 is out of action
  CHECK(zones(g, 0).discard == Cards{sab});
  const auto turned = events_of<ev::CardTurned>(g);
  REQUIRE(turned.size() == 1);
  CHECK(turned[0].seat == 1);
  CHECK(turned[0].by == 0);
  CHECK_FALSE(turned[0].face_up);

  // Back into service with a repair maneuver and no Pwr (§13.4).
  end_turns_until(g, 1);
  CHECK(refused(g, 1, card_action(kRepair, m6, 0, 1)) == "POWER_MISMATCH");
  CHECK_FALSE(offered(g, card_action(kRepair, prototype, 0, 0)));  // it is still face up
  maneuver(g, 1, card_action(kRepair, m6, 0, 0));
  CHECK(g.state().cards[m6].face_up);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 1).up == 4);
  CHECK(evasion_score(g.state(), 1) == evasion_before);
}

TEST_CASE("§18 Sabotage: face-down equipment does nothing, a weapon card included") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId sab = add_card(s, 1, "SABOTAGE");
  const CardId prototype = add_card(s, 0, "WEAPON-PROTOTYPE");
  table_on_own_vessel(s, 0, prototype);
  s.active = 1;
  Game g = Game::from_position(s);
  g.script_dice({6, 6});
  maneuver(g, 1, sabotage(sab, 0));
  // The only equipment: a choice of one is made at once.
  CHECK_FALSE(g.state().cards[prototype].face_up);
  CHECK(events_of<ev::CardTurned>(g).size() == 1);
  end_turns_until(g, 0);
  CHECK(refused(g, 0, card_action(kFireCardWeapon, prototype, 1, 0)) == "NO_SUCH_CARD");
}

TEST_CASE("§18 Sabotage tabled in front of the target locks a weapon system until repaired away") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId sab = add_card(s, 0, "SABOTAGE");
  const CardId sab2 = add_card(s, 0, "SABOTAGE");
  Game g = Game::from_position(s);
  g.script_dice({5, 6});
  maneuver(g, 0, sabotage(sab, 1, 1));
  CHECK(used(g) == 1);
  REQUIRE(g.state().tabled.size() == 1);
  CHECK(g.state().tabled[0].on == 1);
  CHECK(g.state().tabled[0].controller == 0);  // it counts against the saboteur (A58)
  CHECK(g.state().tabled[0].locks == 1);
  const auto tabled = events_of<ev::CardTabled>(g);
  REQUIRE(tabled.size() == 1);
  CHECK(tabled[0].locks == 1);
  CHECK(refused(g, 0, sabotage(sab2, 1, 1)) == "ONE_PER_TARGET");
  CHECK(offered(g, sabotage(sab2, 1, 2)));  // another system may still be locked
  // No equipment on the target: nothing to turn face down.
  CHECK(refused(g, 0, sabotage(sab2, 1)) == "INVALID_TARGET");

  end_turns_until(g, 1);
  CHECK(refused(g, 1, act(kFireW1, 0, 1)) == "SYSTEM_SABOTAGED");
  CHECK(offered(g, act(kFireW2, 0, 1)));
  // Repaired away with 6 points, as Pardus Claw: TS-K repairs 3, +3 per Pwr.
  CHECK(refused(g, 1, card_action(kRepair, sab, 0, 0)) == "REPAIR_TOO_SMALL");
  maneuver(g, 1, card_action(kRepair, sab, 0, 1));
  CHECK(g.state().tabled.empty());
  CHECK(zones(g, 0).discard == Cards{sab});
  CHECK(offered(g, act(kFireW1, 0, 1)));
}

TEST_CASE("§13.2 Sabotage is espionage: the captain may block it, a cloak hides from it") {
  State s = full_position({"TS-F", "TS-K", "TS-R"});
  add_officer(s, 1, "CAP-KLI");  // espionage evasion 6
  const CardId sab = add_card(s, 0, "SABOTAGE");
  const CardId sab2 = add_card(s, 0, "SABOTAGE");
  s.vessels[2].cloaked = true;
  s.vessels[1].tile = add_tile(s, {2, 0}, kOpen);  // espionage reaches any hex (§13.1)
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, sabotage(sab, 0, 1)) == "INVALID_TARGET");  // never your own vessel
  CHECK(refused(g, 0, sabotage(sab, 2, 1)) == "TARGET_CLOAKED");
  CHECK(refused(g, 0, sabotage(sab, 1, 4)) == "UNKNOWN_OPTION");
  g.script_dice({2, 4});  // 6: caught
  maneuver(g, 0, sabotage(sab, 1, 2));
  CHECK(g.state().tabled.empty());
  CHECK(zones(g, 0).discard == Cards{sab});
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_ESPIONAGE).size() == 1);
  CHECK(used(g) == 1);
  // A second try gets through on 7.
  g.script_dice({3, 4});
  maneuver(g, 0, sabotage(sab2, 1, 2));
  REQUIRE(g.state().tabled.size() == 1);
  CHECK(g.state().tabled[0].locks == 2);
}

}  // namespace
}  // namespace spacedock::incursions
