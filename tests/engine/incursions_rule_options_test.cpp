// The §23 readings a match may switch (IncursionsMatchOptions.rules, Options::rules): for each,
// the default (the recommended reading) and the variant, side by side in the same position.
// Positions are built by hand, dice are loaded, and the engine is driven through Game::submit
// only. Also: the proto fields reach Options::rules through set-up, and the view echoes them.
#include <doctest/doctest.h>

#include <functional>

#include "engine/incursions/setup.h"
#include "engine/incursions/view.h"
#include "tests/engine/incursions_scenario_support.h"

namespace spacedock::incursions {
namespace {

using namespace scenario;

constexpr std::string_view kTimestorm = "hex.054.timestorm";
constexpr std::string_view kSpacestation = "hex.052.spacestation";

std::vector<std::string> ids(const Game& g, const std::vector<CardId>& cards) {
  std::vector<std::string> out;
  for (CardId card : cards)
    out.push_back(g.state().def(card).id);
  return out;
}

int event_rolls(const Game& g) {
  return static_cast<int>(rolls(g, 0, v1::DICE_ROLL_PURPOSE_EVENT).size());
}

// Ordinary maneuvers (a repair of 0 Pwr) the active seat makes until its turn passes.
int maneuvers_until_turn_passes(Game& g) {
  const Seat seat = static_cast<Seat>(active(g));
  int count = 0;
  while (active(g) == seat && count < 8) {
    play(g, seat, act(kRepair, 0, 0));
    ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("A10 Red Alert: a free command for +2 by default, its own maneuver (net +1) as variant") {
  State s = position({"TS-F", "TS-K"});
  const CardId red_alert = add_card(s, 0, "RED-ALERT");  // seat 1 has no cards: no windows
  SUBCASE("default: attached to the next maneuver for free; four ordinary maneuvers") {
    Game g = Game::from_position(s);
    play(g, 0, play_card(red_alert));
    CHECK(used(g) == 0);
    REQUIRE(events_of<ev::CardPlayed>(g).size() == 1);
    CHECK(events_of<ev::CardPlayed>(g)[0].attached);
    CHECK(g.state().attached == std::vector<CardId>{red_alert});
    CHECK(maneuvers_until_turn_passes(g) == 4);
  }
  SUBCASE("variant: playing it is a maneuver; three ordinary maneuvers are left") {
    s.options.rules.red_alert_costs_maneuver = true;
    Game g = Game::from_position(s);
    play(g, 0, play_card(red_alert));
    CHECK(used(g) == 1);
    CHECK(int{g.state().maneuvers_allowed} == 4);
    REQUIRE(events_of<ev::CardPlayed>(g).size() == 1);
    CHECK_FALSE(events_of<ev::CardPlayed>(g)[0].attached);
    CHECK(g.state().attached.empty());
    CHECK(ids(g, g.state().zones[0].discard) == std::vector<std::string>{"RED-ALERT"});
    CHECK(maneuvers_until_turn_passes(g) == 3);
  }
}

TEST_CASE("A11 Klingon Diplomacy: until its player's next turn, or until the round ends") {
  // Seat 0 starts the round; seat 1, the Klingon, plays the card on its turn.
  State s = position({"TS-F", "TS-K"});
  s.active = 1;
  const CardId diplomacy = add_card(s, 1, "KLINGON-DIPLOMACY");
  auto run_to_seat_0 = [&](Game& g) {
    play(g, 1, play_card(diplomacy));
    CHECK(used(g) == 1);
    REQUIRE(g.state().tabled.size() == 1);
    play(g, 1, act(kCloak));  // free while the card is in effect
    CHECK(g.state().vessels[1].cloaked);
    CHECK(pwr(g, 1) == Pwr{4});
    REQUIRE(active(g) == 0);
    CHECK(g.state().round == 2);
  };
  SUBCASE("default: it stays through seat 0's turn and goes at seat 1's power-up") {
    Game g = Game::from_position(s);
    run_to_seat_0(g);
    CHECK(g.state().tabled.size() == 1);
    CHECK(events_of<ev::CardDiscarded>(g).empty());
    const std::size_t mark = g.events().size();
    play(g, 0, act(kEndManeuvers));
    REQUIRE(active(g) == 1);
    CHECK(g.state().tabled.empty());
    const auto gone = events_of<ev::CardDiscarded>(g, mark);
    REQUIRE(gone.size() == 1);
    CHECK(gone[0].card == diplomacy);
    CHECK(gone[0].reason == v1::CARD_DISCARD_REASON_REMOVED);
    CHECK(first_index<ev::CardDiscarded>(g, mark) < first_index<ev::TurnStarted>(g, mark));
  }
  SUBCASE("variant: it goes when play passes the starting seat, before seat 0's turn") {
    s.options.rules.round_cards_until_round_end = true;
    Game g = Game::from_position(s);
    run_to_seat_0(g);
    CHECK(g.state().tabled.empty());
    const auto gone = events_of<ev::CardDiscarded>(g);
    REQUIRE(gone.size() == 1);
    CHECK(gone[0].card == diplomacy);
    CHECK(ids(g, g.state().zones[1].discard) == std::vector<std::string>{"KLINGON-DIPLOMACY"});
  }
}

TEST_CASE("A14 Klingons target cloaked Romulans without a sweep, unless sight only") {
  State s = position({"TS-K", "TS-R"});
  s.vessels[1].cloaked = true;
  set_power(s, 1, {2, 0, 2});
  SUBCASE("default: they locate each other and may fire") {
    Game g = Game::from_position(s);
    g.script_dice({2});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 18);
    CHECK(g.state().vessels[1].cloaked);
  }
  SUBCASE("variant: TARGET_CLOAKED until a Tachyon Sweep, as for anyone") {
    s.options.rules.cloak_sight_only = true;
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kFireW1, 1, 0)) == "TARGET_CLOAKED");
    play(g, 0, act(kTachyonSweep));
    g.script_dice({2});
    play(g, 0, act(kFireW1, 1, 0));
    play(g, 1, act(kAccept));
    CHECK(shields(g, 1) == 18);
  }
}

TEST_CASE("A20 Timestorm: pulls every vessel in once per game, or on every arrival") {
  State s = position({"TS-F", "TS-K"});
  s.options.mode = v1::INCURSIONS_MODE_EVENTS;
  const TileIndex storm = add_tile(s, {1, 0}, kTimestorm);
  auto arrive_twice = [&](Game& g) {
    play(g, 0, act(kMove, storm));  // the first arrival pulls seat 1 in
    CHECK(tile_of(g, 1) == storm);
    CHECK(events_of<ev::Teleported>(g).size() == 1);
    g.script_dice({1, 1});
    play(g, 0, act(kMove, 0));  // escapes (2 <= 5) back to the start
    REQUIRE(active(g) == 1);
    g.script_dice({1, 1});
    play(g, 1, act(kMove, 0));  // seat 1 escapes too...
    CHECK(tile_of(g, 1) == 0);
    play(g, 1, act(kMove, storm));  // ...and comes back: a second arrival
    CHECK(tile_of(g, 1) == storm);
  };
  SUBCASE("default: the second arrival pulls nobody") {
    Game g = Game::from_position(s);
    arrive_twice(g);
    CHECK(tile_of(g, 0) == 0);
    CHECK(events_of<ev::Teleported>(g).size() == 1);
  }
  SUBCASE("variant: the second arrival pulls seat 0 in again") {
    s.options.rules.timestorm_every_arrival = true;
    Game g = Game::from_position(s);
    arrive_twice(g);
    CHECK(tile_of(g, 0) == storm);
    CHECK(events_of<ev::Teleported>(g).size() == 2);
  }
}

TEST_CASE("A27 Gather Intelligence: the spy sees the hand and picks, or takes a card blind") {
  State s = position({"TS-F", "TS-K"});
  add_officer(s, 1, "CAP-KLI");
  const CardId spy = add_card(s, 0, "GATHER-INTEL");
  const CardId fire = add_card(s, 1, "FIRE");
  const CardId warp = add_card(s, 1, "WARP");
  const CardId red_alert = add_card(s, 1, "RED-ALERT");
  const std::vector<CardId> hand{fire, warp, red_alert};
  auto spy_on_seat_1 = [&](Game& g) {
    g.script_dice({6, 6});  // 12: the captain's espionage evasion fails
    play(g, 0, play_card(spy, 1));
    play(g, 1, act(kAccept));  // seat 1's response window
    REQUIRE(rolls(g, 0, v1::DICE_ROLL_PURPOSE_ESPIONAGE).size() == 1);
  };
  SUBCASE("default: the whole hand is shown to the spy, who picks") {
    Game g = Game::from_position(s);
    spy_on_seat_1(g);
    REQUIRE(g.state().step == Step::kTakeFromHand);
    const auto shown = events_of<ev::HandRevealed>(g);
    REQUIRE(shown.size() == 1);
    CHECK(shown[0].to_seat == 0);
    CHECK(shown[0].cards == std::vector<std::uint16_t>(hand.begin(), hand.end()));
    CHECK(g.decision()->options.size() == 3);
    play(g, 0, card_action(kTakeCard, warp));
    CHECK(g.state().zones[0].hand == std::vector<CardId>{warp});
    CHECK(g.state().zones[1].hand == (std::vector<CardId>{fire, red_alert}));
  }
  SUBCASE("variant: one card at random, unseen, with no choice offered") {
    s.options.rules.gather_intelligence_blind = true;
    Game g = Game::from_position(s);
    spy_on_seat_1(g);
    CHECK(events_of<ev::HandRevealed>(g).empty());
    CHECK(g.state().step == Step::kManeuver);
    CHECK(decider(g) == 0);
    REQUIRE(g.state().zones[0].hand.size() == 1);
    const CardId taken = g.state().zones[0].hand[0];
    CHECK(std::find(hand.begin(), hand.end(), taken) != hand.end());
    CHECK(g.state().cards[taken].gathered);
    CHECK(g.state().zones[1].hand.size() == 2);
    const auto took = events_of<ev::CardTaken>(g);
    REQUIRE(took.size() == 1);
    CHECK(took[0].from == 1);
    CHECK(took[0].card == taken);
  }
}

TEST_CASE("A44 Spacestation: a 1 or 2 on its table deals 2D6, or a flat 2") {
  State s = position({"TS-F", "TS-K"});
  s.options.mode = v1::INCURSIONS_MODE_EVENTS;
  s.piles[0].hexes.push_back({hex_id(kSpacestation), 1});
  SUBCASE("default: 2D6") {
    Game g = Game::from_position(s);
    g.script_dice({1, 6, 5});
    play(g, 0, act(kExplore, 0));
    REQUIRE(decider(g) == 0);
    play(g, 0, act(kAccept));
    CHECK(shields(g, 0) == 20 - 11);
    CHECK(event_rolls(g) == 1);
    CHECK(dice_left(g) == 0);
  }
  SUBCASE("variant: a flat 2, no damage roll") {
    s.options.rules.spacestation_flat_damage = true;
    Game g = Game::from_position(s);
    g.script_dice({1, 6, 5});
    play(g, 0, act(kExplore, 0));
    REQUIRE(decider(g) == 0);
    play(g, 0, act(kAccept));
    CHECK(shields(g, 0) == 18);
    CHECK(event_rolls(g) == 0);
    CHECK(dice_left(g) == 2);
  }
}

TEST_CASE("A09 torpedo Pwr: split between dice and range, or all to one of them") {
  State s = position({"TS-F", "TS-K"});
  add_tile(s, {1, 0}, kOpen);
  s.vessels[1].tile = add_tile(s, {2, 0}, kOpen);  // 2 hexes: torpedoes (range 1) need 1 Pwr
  const Action split = act(kFireW2, 1, 1, 1);
  SUBCASE("default: chosen per card") {
    Game g = Game::from_position(s);
    CHECK(offered(g, split));
  }
  SUBCASE("variant: one choice per attack") {
    s.options.rules.torpedo_one_choice = true;
    Game g = Game::from_position(s);
    CHECK_FALSE(offered(g, split));
    CHECK(refused(g, 0, split) == "POWER_MISMATCH");
    CHECK(offered(g, act(kFireW2, 1, 0, 1)));
    // In reach already, every Pwr may go into dice.
    play(g, 0, act(kMove, 1));
    CHECK(offered(g, act(kFireW2, 1, 2, 0)));
  }
}

TEST_CASE("A49 range: axial hex distance across open space, or steps over placed tiles") {
  // The target at (2, 0) is 2 hexes away across open space, but 3 steps over the tiles, as
  // (1, 0) is not placed: (0, 0) - (0, 1) - (1, 1) - (2, 0).
  State s = position({"TS-F", "TS-K"});
  add_tile(s, {0, 1}, kOpen);
  add_tile(s, {1, 1}, kOpen);
  s.vessels[1].tile = add_tile(s, {2, 0}, kOpen);
  SUBCASE("default: 2 hexes, 1 Pwr of torpedo range") {
    Game g = Game::from_position(s);
    CHECK(offered(g, act(kFireW2, 1, 0, 1)));
  }
  SUBCASE("variant: 3 steps, 2 Pwr of torpedo range") {
    s.options.rules.range_over_tiles = true;
    Game g = Game::from_position(s);
    CHECK(refused(g, 0, act(kFireW2, 1, 0, 1)) == "OUT_OF_RANGE");
    CHECK(offered(g, act(kFireW2, 1, 0, 2)));
  }
}

TEST_CASE("rule options: set-up carries each proto field to Options::rules, the view echoes it") {
  using Field = bool RuleOptions::*;
  using Setter = std::function<void(v1::IncursionsRuleOptions&)>;
  using Getter = std::function<bool(const v1::IncursionsRuleOptions&)>;
  struct Option {
    Field field;
    Setter set;
    Getter get;
  };
  const std::vector<Option> all = {
      {&RuleOptions::red_alert_costs_maneuver,
       [](auto& r) { r.set_red_alert_costs_maneuver(true); },
       [](const auto& r) { return r.red_alert_costs_maneuver(); }},
      {&RuleOptions::round_cards_until_round_end,
       [](auto& r) { r.set_round_cards_until_round_end(true); },
       [](const auto& r) { return r.round_cards_until_round_end(); }},
      {&RuleOptions::cloak_sight_only, [](auto& r) { r.set_cloak_sight_only(true); },
       [](const auto& r) { return r.cloak_sight_only(); }},
      {&RuleOptions::timestorm_every_arrival, [](auto& r) { r.set_timestorm_every_arrival(true); },
       [](const auto& r) { return r.timestorm_every_arrival(); }},
      {&RuleOptions::gather_intelligence_blind,
       [](auto& r) { r.set_gather_intelligence_blind(true); },
       [](const auto& r) { return r.gather_intelligence_blind(); }},
      {&RuleOptions::spacestation_flat_damage,
       [](auto& r) { r.set_spacestation_flat_damage(true); },
       [](const auto& r) { return r.spacestation_flat_damage(); }},
      {&RuleOptions::torpedo_one_choice, [](auto& r) { r.set_torpedo_one_choice(true); },
       [](const auto& r) { return r.torpedo_one_choice(); }},
      {&RuleOptions::range_over_tiles, [](auto& r) { r.set_range_over_tiles(true); },
       [](const auto& r) { return r.range_over_tiles(); }},
  };
  // Index `on` switched on (or none, for all.size()): exactly that one is set everywhere.
  for (std::size_t on = 0; on <= all.size(); ++on) {
    CAPTURE(on);
    v1::MatchSetup match;
    match.mutable_incursions()->set_mode(v1::INCURSIONS_MODE_FULL);
    if (on < all.size()) all[on].set(*match.mutable_incursions()->mutable_rules());
    match.add_seats();
    match.add_seats();
    const auto normalized = normalize_options(content(), match.incursions());
    REQUIRE(std::holds_alternative<Options>(normalized));
    auto setup = make_setup(content(), match);
    REQUIRE(std::holds_alternative<Setup>(setup));
    const Game g = Game::create(content(), std::get<Setup>(setup), 5);
    v1::IncursionsView view;
    project_view(g, core::Viewer::spectator(), &view);
    REQUIRE(view.options().has_rules());
    for (std::size_t i = 0; i < all.size(); ++i) {
      CAPTURE(i);
      CHECK(std::get<Options>(normalized).rules.*all[i].field == (i == on));
      CHECK(std::get<Setup>(setup).options.rules.*all[i].field == (i == on));
      CHECK(g.state().options.rules.*all[i].field == (i == on));
      CHECK(all[i].get(view.options().rules()) == (i == on));
    }
  }
}

}  // namespace spacedock::incursions
