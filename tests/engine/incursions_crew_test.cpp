// Rules scenarios for Incursions captains and crew (CREW mode, §13.3, §13.4, §15, §19.3): the
// §22.3 scenarios about officers, as far as they need no game cards, and the officer rules
// they leave out. Positions are built by hand, dice are loaded, and the engine is driven through
// Game::submit only; expected values come from the rules text and the PROPOSED figures of §19.3.
#include <doctest/doctest.h>

#include "engine/incursions/figures.h"
#include "engine/incursions/setup.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

constexpr int kHelm = 2;
constexpr int kTactical = 3;
constexpr int kScience = 4;
constexpr int kEngineering = 5;

// Action::officer is a position + 1.
constexpr int aim(int position) {
  return position + 1;
}

CardId officer_at(const Game& g, Seat seat, int position) {
  return g.state().officer(seat, position);
}

std::string card_id(const Game& g, CardId card) {
  return g.state().def(card).id;
}

bool face_up(const Game& g, Seat seat, int position) {
  return g.state().cards[officer_at(g, seat, position)].face_up;
}

std::vector<std::string> discard_ids(const Game& g, Seat seat) {
  std::vector<std::string> out;
  for (CardId card : g.state().zones[seat].discard)
    out.push_back(card_id(g, card));
  return out;
}

}  // namespace

TEST_CASE("§19.3 officer bonuses are flat additions to the ship's figures (A61)") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 0, "CAP-FED");   // shields +5, evasion +1, repair +2
  add_officer(s, 0, "CRW-HELM");  // evasion +1
  add_officer(s, 0, "CRW-TAC");   // weapons +1
  add_officer(s, 0, "CRW-OPS");   // crew-wide espionage +1
  Game g = Game::from_position(s);
  CHECK(shields_max(g.state(), 0) == 25);
  CHECK(shields(g, 0) == 25);
  CHECK(evasion_score(g.state(), 0) == 7);
  CHECK(weapon_bonus(g.state(), 0) == 1);
  CHECK(repair_points(g.state(), 0, 0) == 5);
  // The captain's 7 and the operations officer's crew-wide +1 (§13.2; compare T35).
  CHECK(systems_espionage_score(g.state(), 0) == 8);
  CHECK(espionage_score(g.state(), 0, kHelm) == 6);
  CHECK(captain_race(g.state(), 0) == v1::RACE_FEDERATION);
  CHECK(captain_race(g.state(), 1) == v1::RACE_UNSPECIFIED);
  CHECK(systems_espionage_score(g.state(), 1) == 0);  // no officer at all (A26)

  // The weapon bonus joins the damage roll's flat part.
  g.script_dice({4});
  play(g, 0, act(kFireW1, 1, 0));
  const auto damage = rolls(g, 0, v1::DICE_ROLL_PURPOSE_DAMAGE);
  REQUIRE(damage.size() == 1);
  CHECK(damage[0].total == 5);
}

TEST_CASE("T43 repair arithmetic with CRW-ENG: 3 + 3 x Pwr + 3, capped at the maximum") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 0, "CRW-ENG");
  s.vessels[0].hull = 20;
  Game g = Game::from_position(s);
  play(g, 0, act(kRepair, 0, 2));
  const auto repairs = events_of<ev::Repaired>(g);
  REQUIRE(repairs.size() == 1);
  CHECK(repairs[0].points == 12);
  CHECK(repairs[0].applied == 10);  // 2 points wasted
  CHECK(hull(g, 0) == 30);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{2, 2});
}

TEST_CASE("T45 (tabled at set-up) a Helm officer raises evasion by 1") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 1, "CRW-HELM");
  Game g = Game::from_position(s);
  g.script_dice({5, 3, 3});
  play(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kEvade, 0, 1));  // 5 + 1 (helm) + 1 = 7; 6 succeeds
  const auto evasion = events_of<ev::EvasionResolved>(g);
  REQUIRE(evasion.size() == 1);
  CHECK(evasion[0].score == 7);
  CHECK(evasion[0].success);
  CHECK(shields(g, 1) == 20);
}

TEST_CASE("§13.4 a weapon aims at an officer only once the shields are down") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 1, "CRW-TAC");  // espionage evasion 5
  SUBCASE("shields up: SHIELDS_UP, nothing spent") {
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kFireW1, 1, 0, 0, aim(kTactical))) == "SHIELDS_UP");
    CHECK(refused(g, 0, act(kFireW1, 1, 0, 0, aim(kHelm))) == "NO_OFFICER");
  }
  SUBCASE("shields down: the officer fails its roll and goes face down (A42)") {
    s.vessels[1].shields = 0;
    Game g = Game::from_position(s);
    CHECK(offered(g, act(kFireW1, 1, 0, 0, aim(kTactical))));
    g.script_dice({4, 3, 4});  // 4 damage; espionage 3 + 4 = 7 > 5
    play(g, 0, act(kFireW1, 1, 0, 0, aim(kTactical)));
    play(g, 1, act(kAccept));
    CHECK_FALSE(face_up(g, 1, kTactical));
    CHECK(hull(g, 1) == 30);  // the vessel itself takes nothing
    CHECK(weapon_bonus(g.state(), 1) == 0);
    const auto changes = events_of<ev::OfficerChanged>(g);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].change == v1::OFFICER_CHANGE_DISABLED);
    CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_ESPIONAGE).size() == 1);
    // A face-down officer is no longer a target.
    CHECK(refused(g, 0, act(kFireW1, 1, 0, 0, aim(kTactical))) == "NO_OFFICER");
  }
  SUBCASE("shields down: a roll at most the score resists") {
    s.vessels[1].shields = 0;
    Game g = Game::from_position(s);
    g.script_dice({4, 2, 3});
    play(g, 0, act(kFireW1, 1, 0, 0, aim(kTactical)));
    play(g, 1, act(kAccept));
    CHECK(face_up(g, 1, kTactical));
    const auto changes = events_of<ev::OfficerChanged>(g);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].change == v1::OFFICER_CHANGE_RESISTED);
  }
  SUBCASE("shields down: the defender may still evade the attack") {
    s.vessels[1].shields = 0;
    Game g = Game::from_position(s);
    g.script_dice({4, 1, 1});
    play(g, 0, act(kFireW1, 1, 0, 0, aim(kTactical)));
    play(g, 1, act(kEvade, 0, 1));
    CHECK(face_up(g, 1, kTactical));
    CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_ESPIONAGE).empty());
  }
}

TEST_CASE("§13.4 a face-down officer returns to service with a tactical maneuver") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 0, "CRW-SCI");  // shields +5
  s.cards[s.officer(0, kScience)].face_up = false;
  s.vessels[0].shields = 20;
  Game g = Game::from_position(s);
  CHECK(shields_max(g.state(), 0) == 20);
  CHECK(refused(g, 0, act(kRestoreOfficer, 0, 0, 0, aim(kHelm))) == "NO_OFFICER");
  play(g, 0, act(kRestoreOfficer, 0, 0, 0, aim(kScience)));
  CHECK(face_up(g, 0, kScience));
  CHECK(used(g) == 1);
  // Tabled again: the bonus raises the maximum and the current shields (A61).
  CHECK(shields_max(g.state(), 0) == 25);
  CHECK(shields(g, 0) == 25);
  CHECK(refused(g, 0, act(kRestoreOfficer, 0, 0, 0, aim(kScience))) == "NOT_FACE_DOWN");
}

TEST_CASE("A61 an officer that goes face down takes its shield bonus with it") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 1, "CRW-SCI");  // espionage evasion 7
  s.vessels[1].shields = 0;
  Game g = Game::from_position(s);
  g.script_dice({4, 6, 6});
  play(g, 0, act(kFireW1, 1, 0, 0, aim(kScience)));
  play(g, 1, act(kAccept));
  CHECK(shields_max(g.state(), 1) == 20);
  play(g, 0, act(kEndManeuvers));
  // Seat 1 repairs its shields: only up to the ship's own 20 now.
  play(g, 1, act(kRepair, 1, 4));
  CHECK(shields(g, 1) == 15);
  play(g, 1, act(kRepair, 1, 0));
  CHECK(shields(g, 1) == 18);
}

TEST_CASE("T37 assimilating a captain (A25, A39)") {
  State s = position({"TS-B", "TS-F"});
  add_officer(s, 1, "CAP-FED");  // espionage evasion 7
  SUBCASE("the Borg has no captain: CAP-FED commands the Borg ship") {
    Game g = Game::from_position(s);
    g.script_dice({5, 6});
    play(g, 0, act(kAssimilate, 1, 0, 0, aim(kCaptain)));
    CHECK(pwr(g, 0) == Pwr{1, 3});
    CHECK(used(g) == 1);
    const CardId taken = officer_at(g, 0, kCaptain);
    REQUIRE(taken != kNoCard);
    CHECK(card_id(g, taken) == "CAP-FED");
    CHECK(g.state().cards[taken].owner == 1);
    CHECK(g.state().cards[taken].assimilated);
    // Its bonuses now serve the Borg: evasion 0 -> 1, repair +2, shields max and current +5.
    CHECK(evasion_score(g.state(), 0) == 1);
    CHECK(repair_points(g.state(), 0, 0) == 5);
    CHECK(shields_max(g.state(), 0) == 25);
    CHECK(shields(g, 0) == 25);
    // The victim is captainless now, with no espionage defence left (A25, A26).
    CHECK(officer_at(g, 1, kCaptain) == kNoCard);
    CHECK(captain_race(g.state(), 1) == v1::RACE_UNSPECIFIED);
    CHECK(systems_espionage_score(g.state(), 1) == 0);
    CHECK(shields(g, 1) == 20);
    CHECK(shields_max(g.state(), 1) == 20);
    // An assimilated captain counts as Borg for captain-keyed effects.
    CHECK(captain_race(g.state(), 0) == v1::RACE_BORG);
    const auto changes = events_of<ev::OfficerChanged>(g);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].change == v1::OFFICER_CHANGE_ASSIMILATED);
    CHECK(int{changes[0].to_seat} == 0);
  }
  SUBCASE("the Borg already has CAP-BORG: CAP-FED is kept without bonuses") {
    add_officer(s, 0, "CAP-BORG");
    Game g = Game::from_position(s);
    const int evasion_before = evasion_score(g.state(), 0);
    g.script_dice({5, 6});
    play(g, 0, act(kAssimilate, 1, 0, 0, aim(kCaptain)));
    CHECK(card_id(g, officer_at(g, 0, kCaptain)) == "CAP-BORG");
    REQUIRE(g.state().zones[0].extra_captains.size() == 1);
    CHECK(card_id(g, g.state().zones[0].extra_captains[0]) == "CAP-FED");
    CHECK(evasion_score(g.state(), 0) == evasion_before);
    CHECK(shields_max(g.state(), 0) == 20);
  }
  SUBCASE("a roll at most the captain's score resists; the 3 Pwr are spent") {
    Game g = Game::from_position(s);
    g.script_dice({3, 4});
    play(g, 0, act(kAssimilate, 1, 0, 0, aim(kCaptain)));
    CHECK(card_id(g, officer_at(g, 1, kCaptain)) == "CAP-FED");
    CHECK(pwr(g, 0) == Pwr{1, 3});
  }
}

TEST_CASE("§13.3 assimilation: Borg only, same hex, 3 Pwr; crew take their own position") {
  State s = position({"TS-B", "TS-F", "TS-K"});
  add_officer(s, 1, "CRW-HELM");
  add_officer(s, 2, "CRW-HELM");
  add_officer(s, 0, "CRW-HELM");
  SUBCASE("refusals") {
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kAssimilate, 1, 0, 0, aim(kTactical))) == "NO_OFFICER");
    State far = s;
    add_tile(far, {1, 0}, kOpen);
    far.vessels[1].tile = 1;
    Game g2 = Game::from_position(far);
    CHECK(refused(g2, 0, act(kAssimilate, 1, 0, 0, aim(kHelm))) == "OUT_OF_RANGE");
    State poor = s;
    set_power(poor, 0, {2, 2});
    Game g3 = Game::from_position(poor);
    CHECK(refused(g3, 0, act(kAssimilate, 1, 0, 0, aim(kHelm))) == "INSUFFICIENT_POWER");
    State fed_turn = s;
    fed_turn.active = 1;
    Game g4 = Game::from_position(fed_turn);
    CHECK(refused(g4, 1, act(kAssimilate, 2, 0, 0, aim(kHelm))) == "NOT_BORG");
  }
  SUBCASE("the Borg's helm is taken: the card goes to the Borg player's discard pile") {
    Game g = Game::from_position(s);
    g.script_dice({6, 6});
    play(g, 0, act(kAssimilate, 1, 0, 0, aim(kHelm)));
    CHECK(officer_at(g, 1, kHelm) == kNoCard);
    CHECK(discard_ids(g, 0) == std::vector<std::string>{"CRW-HELM"});
    CHECK(evasion_score(g.state(), 1) == 5);
  }
  SUBCASE("a free position: tabled there, serving the Borg") {
    State free = s;
    free.vessels[0].officers[kHelm] = kNoCard;
    Game g = Game::from_position(free);
    g.script_dice({6, 6});
    play(g, 0, act(kAssimilate, 2, 0, 0, aim(kHelm)));
    const CardId taken = officer_at(g, 0, kHelm);
    REQUIRE(taken != kNoCard);
    CHECK(g.state().cards[taken].owner == 2);
    CHECK(evasion_score(g.state(), 0) == 1);
  }
}

TEST_CASE("T12 with CRW-TAC: a destroyed vessel's officers go to the discard pile (A32)") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 1, "CRW-TAC");
  s.vessels[1].shields = 3;
  s.vessels[1].hull = 4;
  Game g = Game::from_position(s);
  g.script_dice({4, 5});
  play(g, 0, act(kFireW1, 1, 1));
  play(g, 1, act(kAccept));
  CHECK(g.state().vessels[1].eliminated);
  CHECK(officer_at(g, 1, kTactical) == kNoCard);
  CHECK(discard_ids(g, 1) == std::vector<std::string>{"CRW-TAC"});
  CHECK(winners(g) == 0b01);
}

TEST_CASE("CREW set-up: chosen ship, default captain, stand-in, and refusals name the rule") {
  const Content& c = content();
  v1::IncursionsMatchOptions options;
  options.set_mode(v1::INCURSIONS_MODE_CREW);
  const auto normalized = normalize_options(c, options);
  REQUIRE(std::holds_alternative<Options>(normalized));
  const Options& crew_mode = std::get<Options>(normalized);

  auto seat_rule = [&](const Options& o, const v1::IncursionsSeatOptions& seat) {
    auto made = make_seat(c, o, seat);
    return std::holds_alternative<SetupError>(made) ? std::get<SetupError>(made).rule
                                                    : std::string("OK");
  };
  v1::IncursionsSeatOptions seat;
  CHECK(seat_rule(crew_mode, seat) == "OK");
  seat.set_ship("ROM-1");
  seat.set_captain("CRW-HELM");  // stands in as captain
  seat.add_crew("CRW-HELM");
  seat.add_crew("CRW-ENG");
  CHECK(seat_rule(crew_mode, seat) == "OK");

  v1::IncursionsSeatOptions bad = seat;
  bad.set_ship("NCC-1701");
  CHECK(seat_rule(crew_mode, bad) == "UNKNOWN_SHIP");
  bad = seat;
  bad.add_crew("CRW-ENG");
  CHECK(seat_rule(crew_mode, bad) == "POSITION_OCCUPIED");
  bad = seat;
  bad.add_crew("CAP-KLI");
  CHECK(seat_rule(crew_mode, bad) == "NOT_CREW");
  bad = seat;
  bad.add_crew("CRW-OPS");
  bad.add_crew("CRW-SCI");
  CHECK(seat_rule(crew_mode, bad) == "TOO_MANY_CREW");
  bad = seat;
  bad.set_captain("Kirk");
  CHECK(seat_rule(crew_mode, bad) == "UNKNOWN_CARD");
  CHECK(seat_rule(Options{}, seat) == "SHIP_CHOICE_NOT_IN_BASIC");
  v1::IncursionsSeatOptions basic_officers;
  basic_officers.set_captain("CAP-FED");
  CHECK(seat_rule(Options{}, basic_officers) == "OFFICERS_NOT_IN_BASIC");

  // A whole game: seat 0 chose the above, seat 1 nothing (a random ship, its race's captain).
  v1::MatchSetup match;
  *match.mutable_incursions() = options;
  *match.add_seats()->mutable_incursions() = seat;
  match.add_seats();
  auto setup = make_setup(c, match);
  REQUIRE(std::holds_alternative<Setup>(setup));
  Game g = Game::create(c, std::get<Setup>(setup), 7);
  const State& s = g.state();
  CHECK(s.ship(0).id == "ROM-1");
  CHECK(s.def(s.officer(0, kCaptain)).id == "CRW-HELM");
  CHECK(s.def(s.officer(0, kHelm)).id == "CRW-HELM");
  CHECK(s.def(s.officer(0, kEngineering)).id == "CRW-ENG");
  CHECK(captain_race(s, 0) == v1::RACE_ROMULAN);  // crew serve any race: the ship's
  const CardId captain = s.officer(1, kCaptain);
  REQUIRE(captain != kNoCard);
  CHECK(s.def(captain).race == s.ship(1).race);
  CHECK(s.vessels[1].shields == shields_max(s, 1));
  CHECK(events_of<ev::OfficerTabled>(g).size() == 4);
}

TEST_CASE("§7.1 a torpedo short of range is OUT_OF_RANGE however its Pwr is split") {
  State s = position({"TS-F", "TS-K"});
  add_tile(s, {1, 0}, kOpen);
  add_tile(s, {2, 0}, kOpen);
  s.vessels[1].tile = 2;  // distance 2; TS-F torpedoes reach 1
  Game g = Game::from_position(s);
  CHECK(refused(g, 0, act(kFireW2, 1, 2, 0)) == "OUT_OF_RANGE");
  CHECK(refused(g, 0, act(kFireW1, 1, 3, 0)) == "OUT_OF_RANGE");
  CHECK(refused(g, 0, act(kFireW2, 1, 0, 2)) == "POWER_MISMATCH");
  CHECK(offered(g, act(kFireW2, 1, 0, 1)));
}

}  // namespace spacedock::incursions
