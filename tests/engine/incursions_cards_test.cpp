// Rules scenarios for Incursions game cards (FULL mode, §3.1, §4.2, §4.5, §5.2-§5.5, §14, §18):
// the §22.3 scenarios about decks, hands and cards. Positions are built by hand, cards are put in
// hands and decks with add_card, dice are loaded, and the engine is driven through Game::submit
// only; expected values come from the rules text and the PROPOSED figures of §18.
#include <doctest/doctest.h>

#include "engine/incursions/cards/deck_rules.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/setup.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

std::vector<CardIndex> deck_of(std::initializer_list<std::pair<std::string_view, int>> counts) {
  std::vector<CardIndex> deck;
  for (const auto& [id, n] : counts) {
    const auto card = content().find_card(id);
    REQUIRE(card.has_value());
    deck.insert(deck.end(), static_cast<std::size_t>(n), *card);
  }
  return deck;
}

std::string deck_rule(const Content& c, const std::vector<CardIndex>& deck) {
  const auto problem = validate_deck(c, deck);
  return problem ? problem->rule : "OK";
}

std::vector<std::string> ids(const Game& g, const std::vector<CardId>& cards) {
  std::vector<std::string> out;
  for (CardId card : cards)
    out.push_back(g.state().def(card).id);
  return out;
}

const Zones& zones(const Game& g, Seat seat) {
  return g.state().zones[seat];
}

Action play_card(CardId card, int subject = 0, int power = 0) {
  return card_action(ActionKind::kPlayCard, card, subject, power);
}

// A two-ship FULL position: seat 0 to move, both vessels on the start tile.
State full_position() {
  State s = position({"TS-F", "TS-K"});
  s.options.mode = v1::INCURSIONS_MODE_FULL;
  return s;
}

}  // namespace

TEST_CASE("T01 deck minimum: 24 cards are refused with DECK_TOO_SMALL, 25 are accepted") {
  auto deck = deck_of({{"FIRE", 4},
                       {"PHASERS", 4},
                       {"WARP", 4},
                       {"REPAIR-CREW", 4},
                       {"REINFORCE-SHIELDS", 4},
                       {"EVENT-BLOCK", 4}});
  CHECK(deck.size() == 24);
  CHECK(deck_rule(content(), deck) == "DECK_TOO_SMALL");
  deck.push_back(*content().find_card("RED-ALERT"));
  CHECK(deck_rule(content(), deck) == "OK");
}

TEST_CASE("T02 title limit: five Fire are refused with TITLE_LIMIT, four are accepted") {
  auto deck = deck_of({{"FIRE", 5},
                       {"PHASERS", 4},
                       {"WARP", 4},
                       {"REPAIR-CREW", 4},
                       {"REINFORCE-SHIELDS", 4},
                       {"EVENT-BLOCK", 4},
                       {"RED-ALERT", 4},
                       {"SYSTEMS-REPORT", 1}});
  CHECK(deck.size() == 30);
  CHECK(deck_rule(content(), deck) == "TITLE_LIMIT");
  deck.erase(deck.begin());
  deck.push_back(*content().find_card("M6-EVASION"));
  CHECK(deck_rule(content(), deck) == "OK");
}

TEST_CASE("T03 deck rarity limits, crew counting as R") {
  // The content has no U or X cards: the first part uses test cards of each rarity.
  std::string text = R"(
ships { id: "S" name: "S" race: RACE_FEDERATION hull: 10 shields: 10 evasion: 4 drive: 1
  shield_absorb: 5 w1 { name: "Phasers" dice: 1 } w2 { name: "Torpedoes" dice: 1 range: 1 } w3 { name: "Mines" dice: 1 } }
ships { id: "T" name: "T" race: RACE_KLINGON hull: 10 shields: 10 evasion: 4 drive: 1
  shield_absorb: 5 w1 { name: "Disruptors" dice: 1 } w2 { name: "Torpedoes" dice: 1 range: 1 } w3 { name: "Mines" dice: 1 } }
standard_ship_pool: ["S", "T"]
)";
  // One title per card, so that only the rarity totals can refuse the deck.
  const std::pair<const char*, int> rarities[] = {
      {"ULTRA_RARE", 2}, {"XTRA_RARE", 3}, {"RARE", 7}, {"SPECIAL", 13}, {"COMMON", 17}};
  for (const auto& [rarity, n] : rarities) {
    for (int i = 0; i < n; ++i) {
      const std::string id = std::string(rarity) + std::to_string(i);
      text += "cards { id: \"" + id + "\" title: \"" + id +
              "\" nature: INCURSIONS_CARD_NATURE_TACTICAL rarity: INCURSIONS_RARITY_" + rarity +
              " play_methods: INCURSIONS_PLAY_METHOD_USE_AND_DISCARD }\n";
    }
  }
  for (int i = 0; i < 8; ++i) {
    const std::string id = "CREW" + std::to_string(i);
    text += "cards { id: \"" + id + "\" title: \"" + id +
            "\" position: INCURSIONS_POSITION_HELM nature: INCURSIONS_CARD_NATURE_CREW "
            "rarity: INCURSIONS_RARITY_RARE }\n";
  }
  const Content c = Content::load({{"test.txtpb", text}});
  auto index = [&](std::string_view id) { return *c.find_card(id); };
  auto cards = [&](const char* rarity, int n) {
    std::vector<CardIndex> out;
    for (int i = 0; i < n; ++i)
      out.push_back(index(std::string(rarity) + std::to_string(i)));
    return out;
  };
  std::vector<CardIndex> deck;
  for (const auto& part : {cards("ULTRA_RARE", 1), cards("XTRA_RARE", 3), cards("RARE", 7),
                           cards("SPECIAL", 13), cards("COMMON", 1)})
    deck.insert(deck.end(), part.begin(), part.end());
  CHECK(deck.size() == 25);
  CHECK(deck_rule(c, deck) == "OK");
  deck.back() = index("ULTRA_RARE1");  // a second U instead of the C
  CHECK(deck_rule(c, deck) == "RARITY_LIMIT");

  std::vector<CardIndex> crew = cards("CREW", 8);
  const auto commons = cards("COMMON", 17);
  crew.insert(crew.end(), commons.begin(), commons.end());
  CHECK(deck_rule(c, crew) == "RARITY_LIMIT");
}

TEST_CASE("T06 set-up: opening hands of five, a drawn crew card tabled with no replacement") {
  v1::MatchSetup match;
  match.mutable_incursions()->set_players(2);
  match.mutable_incursions()->set_mode(v1::INCURSIONS_MODE_FULL);
  for (int i = 0; i < 2; ++i)
    match.add_seats()->mutable_incursions();
  auto setup = make_setup(content(), match);
  REQUIRE(std::holds_alternative<Setup>(setup));
  Game g = Game::create(content(), std::get<Setup>(setup), 11);
  // Cut every pile and deck at 0 until the first turn begins.
  while (g.decision() != nullptr && g.state().step == Step::kCut)
    play(g, static_cast<Seat>(decider(g)), make_action(kCut, 0));
  REQUIRE(g.state().turn == 1);
  for (Seat seat = 0; seat < 2; ++seat) {
    const Vessel& v = g.state().vessels[seat];
    int tabled_when_drawn = 0;
    for (const auto& e : events_of<ev::CardTabled>(g))
      tabled_when_drawn += e.seat == seat;
    // Five were drawn; crew tabled from them are not replaced (A31).
    CHECK(zones(g, seat).hand.size() + static_cast<std::size_t>(tabled_when_drawn) ==
          (seat == g.state().active ? 6u : 5u));
    CHECK(zones(g, seat).deck.size() + zones(g, seat).hand.size() +
              static_cast<std::size_t>(tabled_when_drawn) ==
          content().find_deck_preset("standard")->cards.size());
    CHECK(v.aux);
    CHECK(v.hull == g.state().ship(seat).hull);
    CHECK(g.state().position(seat) == Coord{0, 0});
  }
}

TEST_CASE("T08 deck exhaustion: the draw is skipped, with no reshuffle") {
  State s = full_position();
  add_card(s, 0, "WARP", /*to_deck=*/true);
  for (int i = 0; i < 3; ++i)
    add_card(s, 0, "FIRE");
  s.active = 1;            // P1's turn comes next
  add_card(s, 1, "FIRE");  // so that P1 gets a window and passes it
  Game g = Game::from_position(s);
  play(g, 1, make_action(kEndManeuvers));
  CHECK(zones(g, 0).hand.size() == 4);  // turn n: drew the last card
  CHECK(zones(g, 0).deck.empty());
  play(g, 0, make_action(kEndManeuvers));
  play(g, 1, make_action(kEndManeuvers));
  CHECK(zones(g, 0).hand.size() == 4);  // turn n+1: nothing to draw, no error
  CHECK(zones(g, 0).discard.empty());
  CHECK(events_of<ev::CardsDrawn>(g).back().deck_empty);
}

TEST_CASE("T09 hand limit: 12 cards at the end of the turn, two discarded by choice") {
  State s = full_position();
  std::vector<CardId> hand;
  for (int i = 0; i < 12; ++i)
    hand.push_back(add_card(s, 0, i < 6 ? "WARP" : "FIRE"));
  for (int i = 0; i < 11; ++i)
    add_card(s, 1, "WARP");  // P2 over the limit on P1's turn
  Game g = Game::from_position(s);
  play(g, 0, make_action(kEndManeuvers));
  REQUIRE(g.state().step == Step::kDiscard);
  CHECK(zones(g, 1).hand.size() == 11);  // P2 keeps its 11 until its own turn ends
  play(g, 0, card_action(kDiscardCard, hand[0]));
  play(g, 0, card_action(kDiscardCard, hand[11]));
  CHECK(zones(g, 0).hand.size() == 10);
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"WARP", "FIRE"});
  CHECK(active(g) == 1);
}

TEST_CASE("T11 stacked attack: Fire, the Phasers card and 2 Pwr in one maneuver") {
  State s = full_position();
  const CardId fire = add_card(s, 0, "FIRE");
  const CardId phasers = add_card(s, 0, "PHASERS");
  Game g = Game::from_position(s);
  play(g, 0, play_card(fire));
  play(g, 0, play_card(phasers));
  CHECK(used(g) == 0);  // attaching costs no maneuver
  g.script_dice({1, 2, 3, 4, 5});
  play(g, 0, make_action(kFireW1, 1, 2));
  play(g, 1, make_action(kAccept));
  // 1D6 + 2 Pwr + 2 (Phasers) = 5 dice: 15, + 10 = 25.
  CHECK(shields(g, 1) == 0);
  CHECK(hull(g, 1) == 25);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{2, 2});
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"FIRE", "PHASERS"});
}

TEST_CASE("T16 one Defense slot per attack: Reinforce Shields, then Pwr") {
  State s = full_position();
  s.active = 1;
  const CardId reinforce = add_card(s, 0, "REINFORCE-SHIELDS");
  const CardId repair = add_card(s, 0, "REPAIR-CREW");
  Game g = Game::from_position(s);
  g.script_dice({6, 6});
  play(g, 1, make_action(kFireW1, 0, 1));  // 2D6 = 12
  // P1 (seat 0) holds cards: it may answer the declaration first.
  play(g, 0, make_action(kAccept));
  REQUIRE(g.state().step == Step::kDefend);
  play(g, 0, play_card(reinforce));
  CHECK(refused(g, 0, play_card(repair)) == "DEFENSE_SLOT_USED");
  play(g, 0, make_action(kShieldPower, 0, 1));
  play(g, 0, make_action(kAccept));
  CHECK(shields(g, 0) == 20);  // 10 + 5 >= 12
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"REINFORCE-SHIELDS"});
  CHECK(pwr(g, 0) == Pwr{3, 1});
}

TEST_CASE("T35 Gather Intelligence: a failed evasion shows the hand, and a card is taken") {
  State s = position({"TS-F", "TS-K", "TS-R"});
  s.options.mode = v1::INCURSIONS_MODE_FULL;
  add_officer(s, 2, "CAP-FED");
  add_officer(s, 2, "CRW-OPS");  // P3's score: 7 + 1
  add_tile(s, {5, 0}, kOpen);
  s.vessels[2].tile = 1;
  const CardId spy = add_card(s, 0, "GATHER-INTEL");
  const CardId red_alert = add_card(s, 2, "RED-ALERT");
  add_card(s, 2, "WARP");  // two cards: a real choice
  Game g = Game::from_position(s);
  g.script_dice({5, 4});  // 9 > 8: the evasion fails
  play(g, 0, play_card(spy, 2));
  play(g, 2, make_action(kAccept));  // P3's response window
  REQUIRE(g.state().step == Step::kTakeFromHand);
  const auto shown = events_of<ev::HandRevealed>(g);
  REQUIRE(shown.size() == 1);
  CHECK(shown[0].to_seat == 0);
  play(g, 0, card_action(kTakeCard, red_alert));
  CHECK(ids(g, zones(g, 0).hand) == std::vector<std::string>{"RED-ALERT"});
  CHECK(g.state().cards[red_alert].owner == 2);
  CHECK(ids(g, zones(g, 2).hand) == std::vector<std::string>{"WARP"});
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"GATHER-INTEL"});

  SUBCASE("8 is blocked: nothing shown, the maneuver and the card are spent") {
    State t = s;
    Game h = Game::from_position(t);
    h.script_dice({4, 4});
    play(h, 0, play_card(spy, 2));
    play(h, 2, make_action(kAccept));
    CHECK(events_of<ev::HandRevealed>(h).empty());
    CHECK(zones(h, 2).hand.size() == 2);
    CHECK(used(h) == 1);
  }
  SUBCASE("a cloaked target is TARGET_CLOAKED") {
    State t = s;
    t.vessels[2].cloaked = true;
    Game h = Game::from_position(t);
    CHECK(refused(h, 0, play_card(spy, 2)) == "TARGET_CLOAKED");
  }
}

TEST_CASE("T38 Red Alert: 4 maneuvers at most, and 2 again next turn") {
  State s = full_position();
  const CardId first = add_card(s, 0, "RED-ALERT");
  const CardId second = add_card(s, 0, "RED-ALERT");
  add_tile(s, {1, 0}, kOpen);
  Game g = Game::from_position(s);
  play(g, 0, play_card(first));
  play(g, 0, make_action(kMove, 1));
  CHECK(g.state().maneuvers_allowed == 4);
  for (int i = 0; i < 2; ++i)
    play(g, 0, make_action(kRepair, 0, 0));
  play(g, 0, play_card(second));
  play(g, 0, make_action(kRepair, 0, 0));  // maneuver 4: the second Red Alert adds nothing
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"RED-ALERT", "RED-ALERT"});
  CHECK(active(g) == 1);
  play(g, 1, make_action(kEndManeuvers));
  CHECK(g.state().maneuvers_allowed == 2);
}

TEST_CASE("T39 one command per maneuver: a second is COMMAND_LIMIT and stays in hand") {
  State s = full_position();
  const CardId fire = add_card(s, 0, "FIRE");
  const CardId red_alert = add_card(s, 0, "RED-ALERT");
  Game g = Game::from_position(s);
  play(g, 0, play_card(fire));
  CHECK(refused(g, 0, play_card(red_alert)) == "COMMAND_LIMIT");
  CHECK(ids(g, zones(g, 0).hand) == std::vector<std::string>{"RED-ALERT"});
  // Fire narrows the maneuver to an attack.
  CHECK(refused(g, 0, make_action(kRepair, 0, 0)) == "NOT_FOR_THIS_MANEUVER");
}

TEST_CASE("T44 tabled equipment acts from the next maneuver") {
  State s = full_position();
  const CardId m6 = add_card(s, 0, "M6-EVASION");
  Game g = Game::from_position(s);
  play(g, 0, play_card(m6));
  CHECK(used(g) == 1);
  CHECK(evasion_score(g.state(), 0) == 5);  // not yet
  play(g, 0, make_action(kEndManeuvers));
  g.script_dice({1, 1, 3, 4});
  play(g, 1, make_action(kFireW1, 0, 1));
  REQUIRE(g.state().step == Step::kDefend);
  CHECK(evasion_score(g.state(), 0) == 6);  // TS-F 5 + M6 1; with 1 Pwr, 7
}

TEST_CASE("T45 a drawn crew card is tabled if its position is free, else stays in hand") {
  State s = full_position();
  s.active = 1;
  add_card(s, 0, "CRW-HELM", /*to_deck=*/true);
  add_card(s, 0, "CRW-HELM", /*to_deck=*/true);
  Game g = Game::from_position(s);
  play(g, 1, make_action(kEndManeuvers));
  CHECK(g.state().def(g.state().officer(0, 2)).id == "CRW-HELM");
  CHECK(evasion_score(g.state(), 0) == 6);
  CHECK(used(g) == 0);
  play(g, 0, make_action(kEndManeuvers));
  play(g, 1, make_action(kEndManeuvers));
  REQUIRE(zones(g, 0).hand.size() == 1);
  CHECK(refused(g, 0, play_card(zones(g, 0).hand.front())) == "POSITION_OCCUPIED");
}

TEST_CASE("T47 Pardus Claw: a Pwr out until repaired away, then back spent") {
  State s = full_position();
  const CardId claw = add_card(s, 0, "PARDUS-CLAW");
  Game g = Game::from_position(s);
  play(g, 0, play_card(claw, 1));
  play(g, 0, make_action(kEndManeuvers));
  CHECK(pwr(g, 1) == Pwr{3, 0});
  CHECK(g.state().vessels[1].power.claimed == 1);
  CHECK(refused(g, 1, card_action(kRepair, claw, 0, 0)) == "REPAIR_TOO_SMALL");
  play(g, 1, card_action(kRepair, claw, 0, 1));  // 3 + 3 = 6
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"PARDUS-CLAW"});
  CHECK(pwr(g, 1) == Pwr{2, 2});
  play(g, 1, make_action(kEndManeuvers));
  play(g, 0, make_action(kEndManeuvers));
  CHECK(pwr(g, 1) == Pwr{4, 0});
}

TEST_CASE("T48 Event Block stops a hex's damage; no other defense card may") {
  State s = full_position();
  add_officer(s, 0, "CAP-KLI");
  add_tile(s, {1, 0}, kStarbase);
  const CardId block = add_card(s, 0, "EVENT-BLOCK");
  const CardId reinforce = add_card(s, 0, "REINFORCE-SHIELDS");
  s.options.mode = v1::INCURSIONS_MODE_FULL;
  Game g = Game::from_position(s);
  g.script_dice({6, 6, 6});
  play(g, 0, make_action(kMove, 1));
  REQUIRE(g.state().step == Step::kAbsorb);
  CHECK(refused(g, 0, play_card(reinforce)) == "EVENT_ONLY_EVENT_BLOCK");
  const int before = hull(g, 0) + shields(g, 0);
  play(g, 0, play_card(block));
  CHECK(hull(g, 0) + shields(g, 0) == before);
  CHECK(used(g) == 1);  // the move; Event Block took no maneuver
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"EVENT-BLOCK"});
}

TEST_CASE("§5.5 Countermand cancels a maneuver: it counts, its Pwr and cards are lost") {
  State s = full_position();
  const CardId fire = add_card(s, 0, "FIRE");
  const CardId countermand = add_card(s, 1, "COUNTERMAND");
  Game g = Game::from_position(s);
  play(g, 0, play_card(fire));
  play(g, 0, make_action(kFireW1, 1, 2));
  REQUIRE(g.state().step == Step::kRespond);
  play(g, 1, play_card(countermand));
  CHECK(events_of<ev::DeclarationCancelled>(g).size() == 1);
  CHECK(shields(g, 1) == 20);
  CHECK(used(g) == 1);
  CHECK(pwr(g, 0) == Pwr{2, 2});
  CHECK(ids(g, zones(g, 0).discard) == std::vector<std::string>{"FIRE"});
  CHECK(ids(g, zones(g, 1).discard) == std::vector<std::string>{"COUNTERMAND"});

  SUBCASE("a Countermand may itself be countermanded") {
    State t = s;
    const CardId answer = add_card(t, 0, "COUNTERMAND");
    Game h = Game::from_position(t);
    play(h, 0, play_card(fire));
    h.script_dice({3, 3, 3});
    play(h, 0, make_action(kFireW1, 1, 2));
    play(h, 1, play_card(countermand));
    play(h, 0, play_card(answer));  // P1 answers the Countermand, P2 has no card left
    REQUIRE(h.state().step == Step::kDefend);
    play(h, 1, make_action(kAccept));  // the attack went through: 3 dice + Fire's 10
    CHECK(shields(h, 1) == 20 - 19);
  }
}

TEST_CASE("Warp cards: two more hexes each, several in one move") {
  State s = full_position();
  for (std::int16_t q = 1; q <= 5; ++q)
    add_tile(s, {q, 0}, kOpen);
  const CardId a = add_card(s, 0, "WARP");
  const CardId b = add_card(s, 0, "WARP");
  Game g = Game::from_position(s);
  play(g, 0, play_card(a));
  play(g, 0, play_card(b));
  CHECK(refused(g, 0, make_action(kRepair, 0, 0)) == "NOT_FOR_THIS_MANEUVER");
  play(g, 0, make_action(kMove, 5));  // 5 hexes: drive 1 + 2 + 2, no Pwr
  CHECK(g.state().position(0) == Coord{5, 0});
  CHECK(pwr(g, 0) == Pwr{4, 0});
}

}  // namespace spacedock::incursions
