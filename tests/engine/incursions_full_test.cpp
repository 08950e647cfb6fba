// Rules scenarios for Incursions FULL mode, with game cards (§3.1, §3.4, §4, §5.2-§5.5, §13.2,
// §14, §15, §18, §22.3). Positions are built by hand or set up through make_setup, dice are loaded,
// and the engine is driven through Game::submit only, response windows included; expected values
// come from the rules text and the PROPOSED figures of §18.
#include <doctest/doctest.h>

#include <sstream>

#include "engine/incursions/cards/deck_rules.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/setup.h"
#include "engine/incursions/view.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

constexpr int kHelm = 2;
constexpr int kTactical = 3;

// Open tiles at (1, 0) to (n, 0): tile i lies i hexes east of the start tile.
void open_line(State& s, int n) {
  for (std::int16_t q = 1; q <= n; ++q)
    add_tile(s, {q, 0}, kOpen);
}

// A deck from words "ID:copies".
std::vector<CardIndex> deck_of(const Content& c, const std::string& spec) {
  std::vector<CardIndex> deck;
  std::istringstream in{spec};
  for (std::string word; in >> word;) {
    const auto colon = word.find(':');
    const auto card = c.find_card(word.substr(0, colon));
    REQUIRE(card.has_value());
    deck.insert(deck.end(), std::stoul(word.substr(colon + 1)), *card);
  }
  return deck;
}

std::string deck_rule(const Content& c, const std::vector<CardIndex>& deck) {
  const auto problem = validate_deck(c, deck);
  return problem ? problem->rule : "OK";
}

// A two-seat FULL match of TS-F and TS-K without captains; an empty deck is the preset's.
v1::MatchSetup full_match(const std::vector<CardIndex>& deck0,
                          const std::vector<CardIndex>& deck1 = {}) {
  v1::MatchSetup match;
  match.mutable_incursions()->set_players(2);
  match.mutable_incursions()->set_mode(v1::INCURSIONS_MODE_FULL);
  for (const auto* deck : {&deck0, &deck1}) {
    auto* seat = match.add_seats()->mutable_incursions();
    seat->set_ship(deck == &deck0 ? "TS-F" : "TS-K");
    seat->set_captain("none");
    for (CardIndex card : *deck)
      seat->add_deck(content().card(card).id);
  }
  return match;
}

// The standard content has no U or X cards: a small one with test cards of every rarity, and a
// U card tabled for the round (T46).
const Content& test_content() {
  static const std::string text = [] {
    std::string t = R"(
ships { id: "TX-K" name: "Test K" race: RACE_KLINGON hull: 30 shields: 20 evasion: 5 drive: 1
  w1 { name: "Disruptors" dice: 1 } w2 { name: "Torpedoes" dice: 1 range: 1 }
  w3 { name: "Mines" dice: 1 } cloak_cost: 2 shield_absorb: 5 }
ships { id: "TX-F" name: "Test F" race: RACE_FEDERATION hull: 30 shields: 20 evasion: 5 drive: 1
  w1 { name: "Phasers" dice: 1 } w2 { name: "Torpedoes" dice: 1 range: 1 }
  w3 { name: "Mines" dice: 1 } shield_absorb: 5 }
standard_ship_pool: ["TX-K", "TX-F"]
cards { id: "U-ROUND" title: "U Round" nature: INCURSIONS_CARD_NATURE_TACTICAL
  rarity: INCURSIONS_RARITY_ULTRA_RARE play_methods: INCURSIONS_PLAY_METHOD_TABLE_FOR_THE_ROUND
  effect { evasion: 1 } }
cards { id: "SPY" title: "Spy" nature: INCURSIONS_CARD_NATURE_TACTICAL
  card_type: INCURSIONS_CARD_TYPE_ESPIONAGE rarity: INCURSIONS_RARITY_RARE
  play_methods: INCURSIONS_PLAY_METHOD_USE_AND_DISCARD
  effect { mechanism: INCURSIONS_CARD_MECHANISM_TAKE_FROM_HAND } }
)";
    for (std::string_view card : {"U1 ULTRA_RARE", "X1 XTRA_RARE", "R1 RARE", "S1 SPECIAL",
                                  "S2 SPECIAL", "S3 SPECIAL", "S4 SPECIAL", "C1 COMMON"}) {
      const std::string id(card.substr(0, 2));
      t += "cards { id: \"" + id + "\" title: \"" + id +
           "\" nature: INCURSIONS_CARD_NATURE_TACTICAL rarity: INCURSIONS_RARITY_" +
           std::string(card.substr(3)) +
           " play_methods: INCURSIONS_PLAY_METHOD_USE_AND_DISCARD }\n";
    }
    return t;
  }();
  static const Content c = Content::load({{"test.txtpb", text}});
  return c;
}

}  // namespace

TEST_CASE("T01 deck minimum: 24 cards are DECK_TOO_SMALL, 25 are accepted") {
  auto deck = deck_of(
      content(), "FIRE:4 PHASERS:4 REPAIR-CREW:4 REINFORCE-SHIELDS:4 RED-ALERT:4 EVENT-BLOCK:4");
  REQUIRE(deck.size() == 24);
  CHECK(deck_rule(content(), deck) == "DECK_TOO_SMALL");
  // The same through a match's seat options.
  CHECK(std::get<SetupError>(make_setup(content(), full_match(deck))).rule == "DECK_TOO_SMALL");
  deck.push_back(*content().find_card("WARP"));  // one more common
  CHECK(deck_rule(content(), deck) == "OK");
  CHECK(std::holds_alternative<Setup>(make_setup(content(), full_match(deck))));
}

TEST_CASE("T02 title copy limit: five Fire are TITLE_LIMIT, four are accepted") {
  auto deck = deck_of(content(),
                      "FIRE:5 PHASERS:4 WARP:4 REPAIR-CREW:4 REINFORCE-SHIELDS:4 RED-ALERT:4 "
                      "EVENT-BLOCK:4 SYSTEMS-REPORT:1");
  REQUIRE(deck.size() == 30);
  CHECK(deck_rule(content(), deck) == "TITLE_LIMIT");
  deck = deck_of(content(),
                 "FIRE:4 PHASERS:4 WARP:4 REPAIR-CREW:4 REINFORCE-SHIELDS:4 RED-ALERT:4 "
                 "EVENT-BLOCK:4 SYSTEMS-REPORT:2");
  REQUIRE(deck.size() == 30);
  CHECK(deck_rule(content(), deck) == "OK");
}

TEST_CASE("T03 deck rarity limits; crew count as R") {
  const Content& c = test_content();
  auto deck = deck_of(c, "U1:1 X1:3 R1:4 SPY:3 S1:4 S2:4 S3:4 S4:1 C1:1");
  REQUIRE(deck.size() == 25);
  CHECK(deck_rule(c, deck) == "OK");
  deck.back() = *c.find_card("U1");  // the common swapped for a second U
  CHECK(deck_rule(c, deck) == "RARITY_LIMIT");

  // Eight crew cards are eight R cards; seven pass.
  auto crew = deck_of(content(),
                      "CRW-HELM:2 CRW-TAC:2 CRW-SCI:2 CRW-ENG:2 FIRE:4 PHASERS:4 WARP:4 "
                      "REPAIR-CREW:4 REINFORCE-SHIELDS:1");
  REQUIRE(crew.size() == 25);
  CHECK(deck_rule(content(), crew) == "RARITY_LIMIT");
  crew.front() = *content().find_card("REINFORCE-SHIELDS");
  CHECK(deck_rule(content(), crew) == "OK");
}

TEST_CASE("T06 post-setup state: a crew card in the opening hand is tabled, no replacement") {
  const std::string cards =
      "FIRE:4 PHASERS:4 WARP:4 REPAIR-CREW:4 REINFORCE-SHIELDS:4 EVENT-BLOCK:4";
  const auto deck0 = deck_of(content(), "CRW-HELM:1 " + cards);  // its only crew card
  const auto deck1 = deck_of(content(), "RED-ALERT:1 " + cards);
  auto setup = make_setup(content(), full_match(deck0, deck1));
  REQUIRE(std::holds_alternative<Setup>(setup));
  Game g = Game::create(content(), std::get<Setup>(setup), 5);

  // Hexpiles, then decks are cut; seat 0's deck is cut so that the Helm officer is in its top 5.
  const std::size_t piles = g.state().piles.size();
  while (g.decision() != nullptr && g.state().step == Step::kCut) {
    int depth = 0;
    if (g.state().cuts_done == piles) {
      const auto& d = zones(g, 0).deck;
      const auto helm = std::find_if(
          d.begin(), d.end(), [&](CardId card) { return g.state().def(card).id == "CRW-HELM"; });
      REQUIRE(helm != d.end());
      const auto n = static_cast<int>(d.size());
      depth = std::max(0, n - static_cast<int>(helm - d.begin()) - 5);
    }
    if (g.state().cuts_done == piles + 1) g.script_dice({1, 1, 6, 6});  // seat 1 starts
    play(g, decider(g), act(kCut, depth));
  }
  REQUIRE(active(g) == 1);

  for (Seat seat = 0; seat < 2; ++seat) {
    CAPTURE(seat);
    CHECK(pwr(g, seat) == Pwr{4});
    CHECK(g.state().vessels[seat].aux);
    CHECK(shields(g, seat) == shields_max(g.state(), seat));
    CHECK(hull(g, seat) == g.state().ship(seat).hull);
    CHECK(tile_of(g, seat) == 0);
  }
  CHECK(g.state().board.tile(0).coord == Coord{0, 0});
  CHECK(g.state().board.tile(0).hex == kStartHex);

  const CardId helm = g.state().officer(0, kHelm);
  REQUIRE(helm != kNoCard);
  CHECK(g.state().def(helm).id == "CRW-HELM");
  std::vector<int> drawn0;
  std::vector<int> drawn1;
  for (const auto& e : events_of<ev::CardsDrawn>(g))
    (e.seat == 0 ? drawn0 : drawn1).push_back(e.count);
  CHECK(drawn0 == std::vector<int>{5});  // no replacement for the tabled officer
  CHECK(zones(g, 0).hand.size() == 4);
  // Seat 1 opened with 5 and has since drawn its turn's card.
  CHECK(drawn1 == std::vector<int>{5, 1});
  CHECK(zones(g, 1).hand.size() == 6);
}

TEST_CASE("T08 deck exhaustion: the draw is skipped, nothing is reshuffled") {
  State s = full_position({"TS-F", "TS-K"});
  for (std::string_view id : {"FIRE", "WARP", "REPAIR-CREW"})
    add_card(s, 0, id);
  add_card(s, 0, "PHASERS", /*to_deck=*/true);
  Game g = Game::from_position(s);
  end_turns_until(g, 0);  // turn n
  CHECK(zones(g, 0).hand.size() == 4);
  CHECK(zones(g, 0).deck.empty());
  end_turns_until(g, 0);  // turn n + 1
  at(g, 0, Step::kManeuver);
  CHECK(zones(g, 0).hand.size() == 4);
  CHECK(zones(g, 0).deck.empty());
  CHECK(zones(g, 0).discard.empty());
  CHECK(events_of<ev::DeckShuffled>(g).empty());
}

TEST_CASE("T09 hand limit: checked only at the end of the player's own turn") {
  State s = full_position({"TS-F", "TS-K"});
  std::vector<CardId> hand0;
  for (int i = 0; i < 12; ++i)
    hand0.push_back(add_card(s, 0, i < 2 ? "FIRE" : "WARP"));
  for (int i = 0; i < 11; ++i)
    add_card(s, 1, "WARP");
  Game g = Game::from_position(s);
  play(g, 0, act(kEndManeuvers));
  at(g, 0, Step::kDiscard);
  play(g, 0, card_action(kDiscardCard, hand0[0]));
  at(g, 0, Step::kDiscard);
  play(g, 0, card_action(kDiscardCard, hand0[1]));
  CHECK(zones(g, 0).hand.size() == 10);
  CHECK(zones(g, 0).discard == Cards{hand0[0], hand0[1]});
  for (const auto& e : events_of<ev::CardDiscarded>(g))
    CHECK(e.reason == v1::CARD_DISCARD_REASON_HAND_LIMIT);

  // Seat 1 held 11 all through seat 0's turn and discards only at the end of its own.
  REQUIRE(active(g) == 1);
  CHECK(g.state().step == Step::kManeuver);
  CHECK(zones(g, 1).hand.size() == 11);
  play(g, 1, act(kEndManeuvers));
  at(g, 1, Step::kDiscard);
  play(g, 1, card_action(kDiscardCard, zones(g, 1).hand.front()));
  CHECK(zones(g, 1).hand.size() == 10);
  CHECK(zones(g, 1).discard.size() == 1);
  CHECK(active(g) == 0);
}

TEST_CASE("T11 stacked attack: command + card + power") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId fire = add_card(s, 0, "FIRE");
  const CardId phasers = add_card(s, 0, "PHASERS");
  add_card(s, 1, "WARP");  // seat 1 holds a card, so it is offered a window
  Game g = Game::from_position(s);
  play(g, 0, play_card(fire));
  play(g, 0, play_card(phasers));
  CHECK(used(g) == 0);
  g.script_dice({1, 2, 3, 4, 5});
  play(g, 0, act(kFireW1, 1, 2));
  at(g, 1, Step::kRespond);
  play(g, 1, act(kAccept));
  REQUIRE(g.state().step == Step::kDefend);
  play(g, 1, act(kAccept));
  const auto damage = rolls(g, 0, v1::DICE_ROLL_PURPOSE_DAMAGE);
  REQUIRE(damage.size() == 1);
  CHECK(damage[0].count == 5);
  CHECK(damage[0].total == 25);
  CHECK(shields(g, 1) == 0);
  CHECK(hull(g, 1) == 25);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{2, 2});
  CHECK(zones(g, 0).discard == Cards{fire, phasers});
}

TEST_CASE("T16 one Defense slot per attack: Reinforce Shields, then shield Pwr") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId reinforce = add_card(s, 1, "REINFORCE-SHIELDS");
  const CardId repair_crew = add_card(s, 1, "REPAIR-CREW");
  Game g = Game::from_position(s);
  g.script_dice({6, 6});
  maneuver(g, 0, act(kFireW1, 1, 1));
  at(g, 1, Step::kDefend);
  CHECK(g.state().hit.damage == 12);
  play(g, 1, play_card(reinforce));
  CHECK(refused(g, 1, play_card(repair_crew)) == "DEFENSE_SLOT_USED");
  CHECK(refused(g, 1, act(kDefensiveRepair, 0, 0)) == "DEFENSE_SLOT_USED");
  play(g, 1, act(kShieldPower, 0, 1));
  CHECK(refused(g, 1, act(kShieldPower, 0, 1)) == "NOTHING_TO_ABSORB");  // 15 >= 12
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 20);
  CHECK(hull(g, 1) == 30);
  CHECK(zones(g, 1).discard == Cards{reinforce});
  CHECK(zones(g, 1).hand == Cards{repair_crew});
  CHECK(pwr(g, 1) == Pwr{3, 1});
}

TEST_CASE("§18 Repair Crew in the Defense slot: 15 points after the hit, hull first") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId repair_crew = add_card(s, 1, "REPAIR-CREW");
  s.vessels[1].hull = 20;
  s.vessels[1].shields = 10;
  Game g = Game::from_position(s);
  g.script_dice({6, 6});
  maneuver(g, 0, act(kFireW1, 1, 1));
  play(g, 1, play_card(repair_crew));
  play(g, 1, act(kAccept));
  // 12 takes shields 10 -> 0 and hull 20 -> 18; then 12 to the hull, 3 to the shields.
  CHECK(hull(g, 1) == 30);
  CHECK(shields(g, 1) == 3);
  CHECK(zones(g, 1).discard == Cards{repair_crew});
}

TEST_CASE("T35 Gather Intelligence against the captain's espionage evasion") {
  State s = full_position({"TS-F", "TS-K", "TS-R"});
  open_line(s, 5);
  s.vessels[2].tile = 5;
  add_officer(s, 2, "CAP-FED");
  add_officer(s, 2, "CRW-OPS");
  const CardId intel = add_card(s, 0, "GATHER-INTEL");
  const CardId red_alert = add_card(s, 2, "RED-ALERT");
  add_card(s, 2, "FIRE");
  SUBCASE("9 > 8: P1 sees the hand and takes Red Alert") {
    Game g = Game::from_position(s);
    CHECK(systems_espionage_score(g.state(), 2) == 8);
    g.script_dice({5, 4});
    maneuver(g, 0, play_card(intel, 2));
    at(g, 0, Step::kTakeFromHand);
    const long shown = first_index<ev::HandRevealed>(g);
    REQUIRE(shown >= 0);
    const auto seen = audience(g.events()[static_cast<std::size_t>(shown)]);
    CHECK((seen.kind == core::Audience::Kind::kSeat && seen.seat == 0));
    play(g, 0, card_action(kTakeCard, red_alert));
    CHECK(holds(zones(g, 0).hand, red_alert));
    CHECK_FALSE(holds(zones(g, 2).hand, red_alert));
    CHECK(g.state().cards[red_alert].owner == 2);
    CHECK(zones(g, 0).discard == Cards{intel});
    CHECK(used(g) == 1);
  }
  SUBCASE("8: blocked, nothing revealed, the card and the maneuver are spent") {
    Game g = Game::from_position(s);
    g.script_dice({4, 4});
    maneuver(g, 0, play_card(intel, 2));
    CHECK(first_index<ev::HandRevealed>(g) == -1);
    CHECK(zones(g, 2).hand.size() == 2);
    CHECK(zones(g, 0).discard == Cards{intel});
    CHECK(used(g) == 1);
  }
  SUBCASE("a cloaked target: TARGET_CLOAKED") {
    s.vessels[2].cloaked = true;
    set_power(s, 2, {2, 0, 2});
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, play_card(intel, 2)) == "TARGET_CLOAKED");
  }
}

TEST_CASE("T38 Red Alert and the 4-maneuver cap") {
  State s = full_position({"TS-F", "TS-K"});
  add_tile(s, {1, 0}, kOpen);
  const CardId first = add_card(s, 0, "RED-ALERT");
  const CardId second = add_card(s, 0, "RED-ALERT");
  add_card(s, 1, "WARP");
  Game g = Game::from_position(s);
  play(g, 0, play_card(first));
  play(g, 0, act(kMove, 1));
  REQUIRE(g.state().step == Step::kRespond);
  CHECK(g.state().maneuvers_allowed == 2);  // it applies when its maneuver resolves
  pass_windows(g);
  CHECK(g.state().maneuvers_allowed == 4);
  CHECK(used(g) == 1);
  maneuver(g, 0, act(kMove, 0));
  maneuver(g, 0, act(kMove, 1));
  play(g, 0, play_card(second));  // on maneuver 4
  play(g, 0, act(kRepair, 1, 0));
  CHECK(g.state().maneuvers_allowed == 4);
  pass_windows(g);
  // Consumed, and the turn ended after the fourth maneuver.
  CHECK(zones(g, 0).discard == Cards{first, second});
  CHECK(active(g) == 1);
  end_turns_until(g, 0);
  CHECK(g.state().maneuvers_allowed == 2);
}

TEST_CASE("T39 one command per maneuver: a second command is COMMAND_LIMIT, not consumed") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId fire = add_card(s, 0, "FIRE");
  const CardId red_alert = add_card(s, 0, "RED-ALERT");
  Game g = Game::from_position(s);
  play(g, 0, play_card(fire));
  CHECK(refused(g, 0, play_card(red_alert)) == "COMMAND_LIMIT");
  CHECK(zones(g, 0).hand == Cards{red_alert});
  g.script_dice({2});
  maneuver(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 8);  // 2 + 10
  // The next maneuver may carry a command again.
  play(g, 0, play_card(red_alert));
  CHECK(zones(g, 0).hand.empty());
}

TEST_CASE("A47 one non-command card per maneuver but any number of Warps, +2 hexes each") {
  State s = full_position({"TS-F", "TS-K"});
  open_line(s, 6);
  const CardId phasers = add_card(s, 0, "PHASERS");
  const CardId phasers2 = add_card(s, 0, "PHASERS");
  const CardId warp = add_card(s, 0, "WARP");
  const CardId warp2 = add_card(s, 0, "WARP");
  const CardId fire = add_card(s, 0, "FIRE");
  Game g = Game::from_position(s);
  play(g, 0, play_card(phasers));
  CHECK(refused(g, 0, play_card(phasers2)) == "CARD_LIMIT");
  CHECK(refused(g, 0, play_card(warp)) == "CARD_LIMIT");
  CHECK(refused(g, 0, act(kMove, 1)) == "NOT_FOR_THIS_MANEUVER");  // Phasers need W1
  CHECK(refused(g, 0, act(kFireW2, 1, 0)) == "NOT_FOR_THIS_MANEUVER");
  play(g, 0, act(kDetachCards));
  CHECK(holds(zones(g, 0).hand, phasers));

  play(g, 0, play_card(warp));
  play(g, 0, play_card(warp2));
  CHECK(refused(g, 0, play_card(fire)) == "NOT_FOR_THIS_MANEUVER");  // a move is no attack
  CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "NOT_FOR_THIS_MANEUVER");
  // Drive 1 + 2 Warps x 2 = 5 hexes free; the sixth costs 1 Pwr.
  maneuver(g, 0, act(kMove, 6));
  CHECK(tile_of(g, 0) == 6);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{3, 1});
  CHECK(zones(g, 0).discard == Cards{warp, warp2});
}

TEST_CASE("§5.5 Countermand: the cancelled maneuver counts and loses what was put into it") {
  State s = full_position({"TS-F", "TS-K"});
  SUBCASE("an attack: its Pwr is spent and its command discarded") {
    const CardId fire = add_card(s, 0, "FIRE");
    const CardId countermand = add_card(s, 1, "COUNTERMAND");
    const CardId reinforce = add_card(s, 1, "REINFORCE-SHIELDS");
    Game g = Game::from_position(s);
    play(g, 0, play_card(fire));
    play(g, 0, act(kFireW1, 1, 2));
    at(g, 1, Step::kRespond);
    CHECK(refused(g, 1, play_card(reinforce)) == "WRONG_STEP");  // only Play-any-time cards
    play(g, 1, play_card(countermand));
    pass_windows(g);
    at(g, 0, Step::kManeuver);
    CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_DAMAGE).empty());
    CHECK(shields(g, 1) == 20);
    CHECK(used(g) == 1);
    CHECK(pwr(g, 0) == Pwr{2, 2});
    CHECK(zones(g, 0).discard == Cards{fire});
    CHECK(zones(g, 1).discard == Cards{countermand});
    const auto cancelled = events_of<ev::DeclarationCancelled>(g);
    REQUIRE(cancelled.size() == 1);
    CHECK(cancelled[0].cancelled_seat == 0);
  }
  SUBCASE("a move: its Warp is discarded and the Pwr its route needed is spent") {
    open_line(s, 4);
    const CardId warp = add_card(s, 0, "WARP");
    add_card(s, 1, "COUNTERMAND");
    Game g = Game::from_position(s);
    play(g, 0, play_card(warp));
    play(g, 0, act(kMove, 4));  // drive 1 + Warp 2 + 1 Pwr
    play(g, 1, play_card(zones(g, 1).hand.front()));
    pass_windows(g);
    CHECK(tile_of(g, 0) == 0);
    CHECK(used(g) == 1);
    CHECK(zones(g, 0).discard == Cards{warp});
    CHECK(pwr(g, 0) == Pwr{3, 1});
  }
  SUBCASE("a Countermand may be countermanded: the attack goes ahead") {
    const CardId mine = add_card(s, 0, "COUNTERMAND");
    const CardId theirs = add_card(s, 1, "COUNTERMAND");
    Game g = Game::from_position(s);
    // Countermand answers; it is no maneuver of its own.
    CHECK(refused(g, 0, play_card(mine)) == "WRONG_STEP");
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, play_card(theirs));
    at(g, 0, Step::kRespond);
    g.script_dice({4});
    play(g, 0, play_card(mine));
    pass_windows(g);
    at(g, 1, Step::kDefend);
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 16);
    CHECK(used(g) == 1);
    CHECK(zones(g, 0).discard == Cards{mine});
    CHECK(zones(g, 1).discard == Cards{theirs});
  }
}

TEST_CASE("§5.5 in the defender window a Countermand cancels the rolled attack, not a blow") {
  State s = full_position({"TS-F", "TS-K"});
  const TileIndex base = add_tile(s, {1, 0}, kStarbase);
  const CardId countermand = add_card(s, 1, "COUNTERMAND");
  const CardId second = add_card(s, 1, "COUNTERMAND");
  add_card(s, 0, "FIRE");  // so that seat 0 has a window on the Countermand
  Game g = Game::from_position(s);
  g.script_dice({6, 6});
  play(g, 0, act(kFireW1, 1, 1));
  pass_windows(g);  // seat 1 lets the attack through its window
  at(g, 1, Step::kDefend);
  CHECK(g.state().hit.damage == 12);
  play(g, 1, play_card(countermand));
  at(g, 0, Step::kRespond);
  REQUIRE(g.state().responses.size() == 1);
  CHECK(g.state().responses[0].answers_hit());  // IncursionsDeclaration.answers_hit
  pass_windows(g);
  CHECK(shields(g, 1) == 20);
  CHECK(hull(g, 1) == 30);
  CHECK(pwr(g, 0) == Pwr{3, 1});  // its Pwr stays spent
  CHECK(zones(g, 1).discard == Cards{countermand});
  at(g, 0, Step::kManeuver);

  // A hex's blow is no maneuver: nothing for a Countermand to cancel.
  end_turns_until(g, 1);
  g.script_dice({3, 5});
  play(g, 1, act(kMove, base));
  pass_windows(g);
  at(g, 1, Step::kBlockEvent);
  play(g, 1, act(kAccept));
  at(g, 1, Step::kAbsorb);
  CHECK(refused(g, 1, play_card(second)) == "WRONG_STEP");
}

TEST_CASE("A28 a defense card is declared too: the attacker may countermand it") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId countermand = add_card(s, 0, "COUNTERMAND");
  const CardId reinforce = add_card(s, 1, "REINFORCE-SHIELDS");
  Game g = Game::from_position(s);
  g.script_dice({6, 6});
  play(g, 0, act(kFireW1, 1, 1));
  pass_windows(g);
  at(g, 1, Step::kDefend);
  CHECK(g.state().hit.damage == 12);
  play(g, 1, act(kDivertShields));  // 5 shields for a Pwr to answer the hit with
  play(g, 1, play_card(reinforce));
  // The card waits in a window, the hit with it.
  at(g, 0, Step::kRespond);
  REQUIRE(g.state().responses.size() == 1);
  CHECK(g.state().responses[0].what == Declared::kHitAnswer);
  SUBCASE("countermanded: it is lost, and the target answers the hit on") {
    play(g, 0, play_card(countermand));
    pass_windows(g);
    at(g, 1, Step::kDefend);
    CHECK(g.state().hit.card_absorb == 0);
    CHECK(zones(g, 1).discard == Cards{reinforce});
    CHECK(pwr(g, 1).diverted == 1);  // nothing the card did not commit is lost
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 3);
  }
  SUBCASE("let through: it absorbs its share") {
    play(g, 0, act(kAccept));
    at(g, 1, Step::kDefend);
    CHECK(g.state().hit.card_absorb == 10);
    CHECK(refused(g, 1, act(kEvade, 0, 1)) == "EVASION_CLOSED");
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 13);
  }
  CHECK(used(g) == 1);
}

TEST_CASE("T44 tabled equipment: M6 Evasion Com from the next maneuver on") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId m6 = add_card(s, 0, "M6-EVASION");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(m6));
  CHECK(used(g) == 1);
  REQUIRE(g.state().tabled.size() == 1);
  CHECK(g.state().tabled[0].card == m6);
  CHECK(g.state().tabled[0].controller == 0);
  CHECK(g.state().def(m6).rarity == v1::INCURSIONS_RARITY_SPECIAL);
  CHECK(zones(g, 0).discard.empty());
  end_turns_until(g, 1);
  g.script_dice({3, 3, 4});
  maneuver(g, 1, act(kFireW1, 0, 0));
  play(g, 0, act(kEvade, 0, 1));
  const auto evasion = events_of<ev::EvasionResolved>(g);
  REQUIRE(evasion.size() == 1);
  CHECK(evasion[0].score == 7);  // 5 + 1 (M6) + 1
  CHECK(evasion[0].success);
  CHECK(shields(g, 0) == 20);
}

TEST_CASE("T45 crew drawn: tabled at once if the position is free, else kept in hand") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId helm = add_card(s, 0, "CRW-HELM", /*to_deck=*/true);
  const CardId helm2 = add_card(s, 0, "CRW-HELM", /*to_deck=*/true);
  Game g = Game::from_position(s);
  end_turns_until(g, 0);
  CHECK(g.state().officer(0, kHelm) == helm);
  CHECK(zones(g, 0).hand.empty());
  CHECK(used(g) == 0);
  CHECK(g.state().maneuvers_allowed == 2);
  CHECK(evasion_score(g.state(), 0) == 6);
  const auto tabled = events_of<ev::CardTabled>(g);
  REQUIRE(tabled.size() == 1);
  CHECK(tabled[0].when_drawn);
  end_turns_until(g, 0);
  CHECK(zones(g, 0).hand == Cards{helm2});
  CHECK(refused(g, 0, play_card(helm2)) == "POSITION_OCCUPIED");
}

TEST_CASE("T46 rarity counts cards in play, not in hand") {
  State s = make_position(test_content(), {"TX-K", "TX-F"});
  const CardId first = add_card(s, 0, "U-ROUND");
  s.zones[0].hand.clear();
  s.tabled.push_back(Tabled{first, 0, 0, 0});  // P1's U card, in play
  const CardId spy = add_card(s, 0, "SPY");
  const CardId second = add_card(s, 1, "U-ROUND");
  add_card(s, 1, "C1");  // two cards: a real choice
  Game g = Game::from_position(s);
  g.script_dice({6, 6});  // P2 has no officer: its evasion fails anyway
  maneuver(g, 0, play_card(spy, 1));
  play(g, 0, card_action(kTakeCard, second));
  CHECK(holds(zones(g, 0).hand, second));
  CHECK(refused(g, 0, play_card(second)) == "RARITY_LIMIT");
  // Tabled for the round, the first leaves play at P1's next turn: now the second may go in.
  end_turns_until(g, 0);
  CHECK(holds(zones(g, 0).discard, first));
  maneuver(g, 0, play_card(second));
  REQUIRE(g.state().tabled.size() == 1);
  CHECK(g.state().tabled[0].card == second);
}

TEST_CASE("T47 Pardus Claw: a Pwr out of play until the target repairs the claw away") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId claw = add_card(s, 0, "PARDUS-CLAW");
  const CardId claw2 = add_card(s, 0, "PARDUS-CLAW");
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(claw, 1));
  CHECK(used(g) == 1);
  CHECK(refused(g, 0, play_card(claw2, 1)) == "ONE_PER_TARGET");
  end_turns_until(g, 1);
  CHECK(pwr(g, 1) == Pwr{3});
  CHECK(g.state().vessels[1].power.claimed == 1);
  CHECK(refused(g, 1, card_action(kRepair, claw, 0, 0)) == "REPAIR_TOO_SMALL");  // 3 < 6
  maneuver(g, 1, card_action(kRepair, claw, 0, 1));                              // 3 + 3
  CHECK(zones(g, 0).discard == Cards{claw});
  CHECK(g.state().vessels[1].power.claimed == 0);
  CHECK(pwr(g, 1) == Pwr{2, 2});
  end_turns_until(g, 0);
  end_turns_until(g, 1);
  CHECK(pwr(g, 1) == Pwr{4});
}

TEST_CASE("T48 Event Block cancels a hex's blow; other defense cards may not answer it") {
  State s = full_position({"TS-F", "TS-K"});
  add_officer(s, 0, "CAP-KLI");
  const TileIndex base = add_tile(s, {1, 0}, kStarbase);
  const CardId block = add_card(s, 0, "EVENT-BLOCK");
  const CardId reinforce = add_card(s, 0, "REINFORCE-SHIELDS");
  const CardId repair_crew = add_card(s, 0, "REPAIR-CREW");
  SUBCASE("Event Block: no roll, no damage, no maneuver") {
    Game g = Game::from_position(s);
    g.script_dice({3, 5});
    maneuver(g, 0, act(kMove, base));
    // Before the roll, the player may block the blow.
    at(g, 0, Step::kBlockEvent);
    CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_EVENT).empty());
    CHECK(refused(g, 0, play_card(reinforce)) == "EVENT_ONLY_EVENT_BLOCK");
    play(g, 0, play_card(block));
    CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_EVENT).empty());
    CHECK(dice_left(g) == 2);
    CHECK(shields(g, 0) == 20);
    CHECK(hull(g, 0) == 30);
    CHECK(zones(g, 0).discard == Cards{block});
    CHECK(used(g) == 1);
  }
  SUBCASE("Event Block after the roll still cancels the rolled blow (A45)") {
    Game g = Game::from_position(s);
    g.script_dice({3, 5});
    maneuver(g, 0, act(kMove, base));
    play(g, 0, act(kAccept));  // let it strike
    at(g, 0, Step::kAbsorb);
    CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_EVENT).size() == 1);
    play(g, 0, play_card(block));
    CHECK(shields(g, 0) == 20);
    CHECK(zones(g, 0).discard == Cards{block});
  }
  SUBCASE("Reinforce Shields, Repair Crew: EVENT_ONLY_EVENT_BLOCK; shield Pwr is allowed") {
    Game g = Game::from_position(s);
    g.script_dice({3, 5});
    maneuver(g, 0, act(kMove, base));
    play(g, 0, act(kAccept));  // let it strike
    at(g, 0, Step::kAbsorb);
    CHECK(refused(g, 0, play_card(reinforce)) == "EVENT_ONLY_EVENT_BLOCK");
    CHECK(refused(g, 0, play_card(repair_crew)) == "EVENT_ONLY_EVENT_BLOCK");
    CHECK(refused(g, 0, act(kEvade, 0, 1)) == "EVENT_NOT_EVADABLE");
    play(g, 0, act(kShieldPower, 0, 1));
    play(g, 0, act(kAccept));
    CHECK(shields(g, 0) == 17);  // 8 - 5
    CHECK(zones(g, 0).hand.size() == 3);
  }
  SUBCASE("a ship's attack is no event: NOT_AN_EVENT") {
    State t = full_position({"TS-F", "TS-K"});
    const CardId theirs = add_card(t, 1, "EVENT-BLOCK");
    Game g = Game::from_position(t);
    g.script_dice({4});
    maneuver(g, 0, act(kFireW1, 1, 0));
    REQUIRE(g.state().step == Step::kDefend);
    CHECK(refused(g, 1, play_card(theirs)) == "NOT_AN_EVENT");
  }
}

TEST_CASE("§5.5 a crew card tabled or an Event Block played before the roll may be answered") {
  State s = full_position({"TS-F", "TS-K"});
  const TileIndex base = add_tile(s, {1, 0}, kStarbase);
  const CardId tac = add_card(s, 0, "CRW-TAC");
  const CardId first = add_card(s, 0, "EVENT-BLOCK");
  const CardId second = add_card(s, 0, "EVENT-BLOCK");
  const CardId countermand = add_card(s, 1, "COUNTERMAND");
  const CardId other = add_card(s, 1, "COUNTERMAND");
  Game g = Game::from_position(s);

  // The crew card countermanded: discarded, the position still empty, no maneuver used.
  play(g, 0, play_card(tac));
  at(g, 1, Step::kRespond);
  play(g, 1, play_card(countermand));
  pass_windows(g);
  CHECK(g.state().officer(0, kTactical) == kNoCard);
  CHECK(zones(g, 0).discard == Cards{tac});
  CHECK(used(g) == 0);

  // The first Event Block countermanded: the blow comes back, and the second one stops it.
  g.script_dice({3, 5});
  maneuver(g, 0, act(kMove, base));
  at(g, 0, Step::kBlockEvent);
  play(g, 0, play_card(first));
  at(g, 1, Step::kRespond);
  v1::IncursionsView view;
  project_view(g, core::Viewer::spectator(), &view);
  REQUIRE(view.responses_size() == 1);
  CHECK(view.responses(0).answers_hit());
  play(g, 1, play_card(other));
  pass_windows(g);
  at(g, 0, Step::kBlockEvent);
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_EVENT).empty());
  play(g, 0, play_card(second));
  pass_windows(g);  // seat 1's hand is empty now: no window
  CHECK(rolls(g, 0, v1::DICE_ROLL_PURPOSE_EVENT).empty());
  CHECK(shields(g, 0) == 20);
  CHECK(zones(g, 0).discard == Cards{tac, first, second});
  CHECK(g.state().step == Step::kManeuver);
}

TEST_CASE("T55 maneuver classes and free actions with cards") {
  // Once both maneuvers are used the engine ends the turn itself, so no decision is left to
  // refuse with NO_MANEUVERS_LEFT (as in the BASIC T55): a further maneuver is not P1's to make.
  State s = full_position({"TS-F", "TS-K"});
  const CardId tac = add_card(s, 0, "CRW-TAC");
  const CardId fire = add_card(s, 0, "FIRE");
  const CardId countermand = add_card(s, 0, "COUNTERMAND");
  add_card(s, 1, "WARP");
  Game g = Game::from_position(s);
  play(g, 0, play_card(tac));  // free: tabled into the empty Tactical position
  at(g, 1, Step::kRespond);    // once the others have had their windows (§5.5)
  CHECK(g.state().officer(0, kTactical) == kNoCard);
  pass_windows(g);
  CHECK(g.state().officer(0, kTactical) == tac);
  CHECK(used(g) == 0);
  play(g, 0, play_card(fire));  // free: attached
  CHECK(used(g) == 0);
  g.script_dice({3});
  maneuver(g, 0, act(kFireW1, 1, 0));
  play(g, 1, act(kAccept));
  CHECK(shields(g, 1) == 6);  // 3 + 1 (Tactical) + 10
  CHECK(used(g) == 1);
  maneuver(g, 0, act(kRepair, 1, 0));
  REQUIRE(active(g) == 1);
  CHECK(g.submit(0, g.decision()->id, encode(act(kFireW1, 1, 0))).verdict ==
        Verdict::kNotYourDecision);
  // A Play-any-time card is still P1's to play, in P2's turn.
  play(g, 1, act(kFireW1, 0, 0));
  at(g, 0, Step::kRespond);
  CHECK(offered(g, play_card(countermand)));
  play(g, 0, play_card(countermand));
  pass_windows(g);
  CHECK(zones(g, 0).discard == Cards{fire, countermand});
  CHECK(shields(g, 0) == 20);
}

TEST_CASE("§18 Klingon Diplomacy: Klingons only; a free cloak that survives moving") {
  SUBCASE("a Federation ship: RACE_RESTRICTED") {
    State s = full_position({"TS-F", "TS-K"});
    const CardId diplomacy = add_card(s, 0, "KLINGON-DIPLOMACY");
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, play_card(diplomacy)) == "RACE_RESTRICTED");
  }
  State s = full_position({"TS-K", "TS-F"});
  add_tile(s, {1, 0}, kOpen);
  add_tile(s, {2, 0}, kOpen);
  const CardId red_alert = add_card(s, 0, "RED-ALERT");
  const CardId diplomacy = add_card(s, 0, "KLINGON-DIPLOMACY");
  SUBCASE("cloak for nothing, move twice, stay cloaked; it lasts until the next turn") {
    Game g = Game::from_position(s);
    play(g, 0, play_card(red_alert));
    maneuver(g, 0, play_card(diplomacy));
    maneuver(g, 0, act(kCloak));
    CHECK(g.state().vessels[0].cloaked);
    CHECK(pwr(g, 0) == Pwr{4});
    maneuver(g, 0, act(kMove, 1));
    maneuver(g, 0, act(kMove, 2));
    CHECK(tile_of(g, 0) == 2);
    CHECK(g.state().vessels[0].cloaked);
    for (const auto& e : events_of<ev::CloakChanged>(g))
      CHECK(e.reason != v1::CLOAK_REASON_BROKEN);
    play(g, 1, act(kEndManeuvers));
    // Its round is over: the card is discarded, and keeping the cloak costs its Pwr again.
    at(g, 0, Step::kKeepCloak);
    CHECK(zones(g, 0).discard == Cards{red_alert, diplomacy});
    play(g, 0, act(kKeep));
    CHECK(pwr(g, 0) == Pwr{2, 0, 2});
  }
  SUBCASE("the cloak after it needs no Pwr at all") {
    Game g = Game::from_position(s);
    play(g, 0, play_card(red_alert));
    maneuver(g, 0, act(kRepair, 1, 3));  // 3 Pwr spent: 1 left, the cloak costs 2
    maneuver(g, 0, play_card(diplomacy));
    maneuver(g, 0, act(kCloak));
    CHECK(g.state().vessels[0].cloaked);
    CHECK(pwr(g, 0) == Pwr{1, 3});
  }
}

TEST_CASE("§18 Large Mines: 3D6 + 1D6 per Pwr, discarded when the mine is used") {
  State s = full_position({"TS-F", "TS-K"});
  SUBCASE("set off by its owner on the placing turn") {
    const CardId mines = add_card(s, 0, "LARGE-MINES");
    Game g = Game::from_position(s);
    maneuver(g, 0, play_card(mines, 0, 1));
    const auto laid = events_of<ev::MineLaid>(g);
    REQUIRE(laid.size() == 1);
    CHECK(laid[0].dice == 4);
    CHECK(pwr(g, 0) == Pwr{3, 1});
    CHECK(used(g) == 1);
    CHECK(zones(g, 0).hand.empty());
    CHECK(zones(g, 0).discard.empty());                         // in the hex, not yet used
    CHECK(refused(g, 0, act(kLayMine, 0, 0)) == "MINE_LIMIT");  // the player's one mine here
    g.script_dice({1, 2, 3, 4});
    maneuver(g, 0, act(kDetonateMine, 1));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 10);
    CHECK(zones(g, 0).discard == Cards{mines});
  }
  SUBCASE("armed: it goes off under the next vessel to enter") {
    const TileIndex field = add_tile(s, {1, 0}, kOpen);
    s.vessels[0].tile = field;
    const CardId mines = add_card(s, 0, "LARGE-MINES");
    Game g = Game::from_position(s);
    maneuver(g, 0, play_card(mines));
    end_turns_until(g, 1);
    g.script_dice({2, 2, 2});
    maneuver(g, 1, act(kMove, field));
    REQUIRE(g.state().step == Step::kAbsorb);
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 14);
    CHECK(g.state().mines.empty());
    CHECK(zones(g, 0).discard == Cards{mines});
  }
}

TEST_CASE("§18 Systems Report: take any card of your deck, then the deck is shuffled") {
  State s = full_position({"TS-F", "TS-K"});
  const CardId report = add_card(s, 0, "SYSTEMS-REPORT");
  const CardId fire = add_card(s, 0, "FIRE", /*to_deck=*/true);
  const CardId warp = add_card(s, 0, "WARP", /*to_deck=*/true);
  const CardId phasers = add_card(s, 0, "PHASERS", /*to_deck=*/true);
  Game g = Game::from_position(s);
  maneuver(g, 0, play_card(report));
  at(g, 0, Step::kSearchDeck);
  for (CardId card : {fire, warp, phasers})
    CHECK(offered(g, card_action(kTakeCard, card)));
  const std::size_t before = g.events().size();
  play(g, 0, card_action(kTakeCard, phasers));  // the bottom card
  CHECK(zones(g, 0).hand == Cards{phasers});
  CHECK(zones(g, 0).deck.size() == 2);
  const auto shuffled = events_of<ev::DeckShuffled>(g, before);
  REQUIRE(shuffled.size() == 1);
  CHECK(shuffled[0].owner == 0);
  CHECK(zones(g, 0).discard == Cards{report});
  CHECK(used(g) == 1);
}

}  // namespace spacedock::incursions
