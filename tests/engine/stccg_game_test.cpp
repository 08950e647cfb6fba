// Whole-game properties of the STCCG engine, over many random games with the sample decks:
// games end, replay identically, keep their zones consistent, and refuse bad input without
// changing anything. Fixed-seed decision counts pin the rules down like a chess engine's perft.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "engine/core/rng.h"
#include "engine/stccg/cards/deck.h"
#include "engine/stccg/cards/random_deck.h"
#include "engine/stccg/game.h"
#include "tests/engine/stccg_random_playout.h"

namespace spacedock::stccg {
namespace {

Setup sample_setup(const std::string& first, const std::string& second) {
  Setup setup;
  setup.decks[0] = *sample_deck(first);
  setup.decks[1] = *sample_deck(second);
  return setup;
}

// Every card is in exactly the list its zone says, and nowhere else.
void check_zones(const State& s) {
  CHECK_MESSAGE(s.check().empty(), s.check());
}

TEST_CASE(
    "stccg: the sample decks are dealt whole and seeding builds a six-mission spaceline per "
    "player") {
  const Setup setup = sample_setup("federation", "klingon");
  Game game = Game::create(CardDb::standard(), setup, 5);
  CHECK(game.state().cards.size() == 176);  // 60 each, and 28 side-deck cards each
  core::Rng chooser(9);
  while (game.state().turn == 0 && game.decision()) {
    const core::Decision* d = game.decision();
    REQUIRE(game.submit(d->seat, d->id,
                        d->options[chooser.below(static_cast<std::uint32_t>(d->options.size()))])
                .accepted());
  }
  const State& s = game.state();
  CHECK(s.spaceline.size() == 12);
  for (const PlayerState& p : s.players) {
    CHECK(p.hand.size() == static_cast<std::size_t>(kOpeningHand));
    CHECK(p.seed_pile.empty());
    CHECK(p.seeded_outpost);
  }
  CHECK(s.active == State::other(s.first_seeder));  // the second seeder takes the first turn
  check_zones(s);
}

// How often each mechanic of part 2 came up in a game, read from its events.
struct Mechanics {
  int ship_battles = 0;
  int personnel_battles = 0;
  int tactics = 0;   // tactics drawn from a Battle Bridge side deck
  int q_cards = 0;   // Q-Continuum cards met in a Q-Flash
  int tent = 0;      // cards taken from Q's Tent
  int captives = 0;  // personnel captured
  int nullified = 0;

  void count(const State& s, std::span<const Event> events) {
    for (const Event& event : events) {
      if (const auto* b = std::get_if<ev::BattleStarted>(&event)) {
        ++(b->kind == ev::BattleKind::kShip ? ship_battles : personnel_battles);
      } else if (std::holds_alternative<ev::Captured>(event)) {
        ++captives;
      } else if (std::holds_alternative<ev::Nullified>(event)) {
        ++nullified;
      } else if (const auto* m = std::get_if<ev::CardMoved>(&event)) {
        if (m->from.zone != Zone::kSideDeck) continue;
        const CardDef& def = s.db->def(m->def);
        if (def.type() == v1::STCCG_CARD_TYPE_TACTIC) {
          ++tactics;
        } else if (def.icons & (1u << v1::STCCG_ICON_Q)) {
          ++q_cards;
        } else if (m->to.zone != Zone::kSideDeck) {
          ++tent;
        }
      }
    }
  }
};

TEST_CASE("stccg: 1,000 random games end by the rules and replay identically") {
  const auto& decks = sample_decks();
  int by_points = 0;
  Mechanics used;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    CAPTURE(seed);
    const Setup setup =
        sample_setup(decks[seed % decks.size()].name, decks[(seed + 1) % decks.size()].name);
    const Played first = play(setup, seed);
    const Played again = play(setup, seed);
    const State& s = first.game.state();
    REQUIRE(s.over);
    CHECK((s.reason == v1::RESULT_REASON_POINTS || s.reason == v1::RESULT_REASON_DECK_EXHAUSTED));
    if (s.reason == v1::RESULT_REASON_POINTS) ++by_points;
    CHECK(first.decisions == again.decisions);
    CHECK(first.hash == again.hash);
    check_zones(s);
    used.count(s, first.game.events());
  }
  MESSAGE(by_points << " of 1000 random games were won on points; " << used.ship_battles
                    << " ship battles, " << used.personnel_battles << " personnel battles, "
                    << used.tactics << " tactics drawn, " << used.q_cards << " Q-cards met, "
                    << used.tent << " cards from Q's Tent, " << used.captives << " captives taken, "
                    << used.nullified << " cards nullified");
  // The sample decks carry every side deck: random play uses each mechanic.
  CHECK(used.ship_battles > 0);
  CHECK(used.personnel_battles > 0);
  CHECK(used.tactics > 0);
  CHECK(used.q_cards > 0);
  CHECK(used.tent > 0);
  CHECK(used.captives > 0);
  CHECK(used.nullified > 0);
}

// Leaves of the decision tree `depth` answers below `game`, every offered option followed.
std::uint64_t perft(const Game& game, int depth) {
  const core::Decision* d = game.decision();
  if (depth == 0 || !d) return 1;
  std::uint64_t leaves = 0;
  for (core::OptionId option : d->options) {
    Game next = game;
    REQUIRE(next.submit(d->seat, d->id, option).accepted());
    leaves += perft(next, depth - 1);
  }
  return leaves;
}

TEST_CASE("stccg perft: fixed seeds play to fixed decision counts, hashes and tree sizes") {
  // Like a chess engine's perft: any change to the rules, the card data or the order of random
  // draws changes these numbers. Update them only for an intended change, and say so.
  struct Pinned {
    const char* first;
    const char* second;
    std::uint64_t seed;
    std::uint32_t decisions;
    std::uint64_t hash;
  };
  // Rules version 9: the hashes moved, the decision counts held (the hash reads effect kinds,
  // events and handles, which the Premiere and Alternate Universe mechanisms renumbered).
  // Rules version 10 left these three as they were. Rules version 12 moved the third's hash:
  // a ship staffed only by captives or disabled personnel no longer moves.
  const Pinned pinned[] = {
      {"federation", "klingon", 1, 402, 10060802509120727812ULL},
      {"klingon", "romulan", 2, 489, 8856599706007919088ULL},
      {"romulan", "federation", 3, 263, 2425352714186100898ULL},
  };
  for (const Pinned& p : pinned) {
    CAPTURE(p.seed);
    const Played played = play(sample_setup(p.first, p.second), p.seed);
    CHECK(played.game.over());
    CHECK(played.decisions == p.decisions);
    CHECK(played.hash == p.hash);
  }
  // Random legal decks over the whole card pool (cards/random_deck.h): these move whenever a card
  // joins the cards the engine plays, as well as with the rules. They last moved when random
  // decks began to seed personnel under their Cryosatellites, then (rules version 13) when Data's
  // Body became a card a deck may seed, which the random builder draws among its seed cards, and
  // (rules version 14) when Ultimatum and Commandeer Ship could be seeded on the table (seed 5's
  // deck holds an Ultimatum). Their hashes (not their decision counts) moved again with the
  // fixtures Test Uneven Mission, Test Decoy and Test Interference, which shift the indices of
  // the files loaded after test.txtpb.
  const Pinned random_pinned[] = {
      {"random", "random", 4, 295, 5642434731683989016ULL},
      {"random", "random", 5, 411, 7810331308189217233ULL},
  };
  for (const Pinned& p : random_pinned) {
    CAPTURE(p.seed);
    Setup setup;
    setup.decks = {random_deck(CardDb::standard(), 2 * p.seed),
                   random_deck(CardDb::standard(), 2 * p.seed + 1)};
    const Played played = play(setup, p.seed);
    CHECK(played.game.over());
    CHECK(played.decisions == p.decisions);
    CHECK(played.hash == p.hash);
  }
  // The whole tree a few answers deep, from the first turn of a fixed game: every option of
  // every decision, not one random line.
  Game game = Game::create(CardDb::standard(), sample_setup("federation", "romulan"), 8);
  core::Rng chooser(8);
  while (game.state().turn == 0) {
    const core::Decision* d = game.decision();
    REQUIRE(d);
    REQUIRE(game.submit(d->seat, d->id,
                        d->options[chooser.below(static_cast<std::uint32_t>(d->options.size()))])
                .accepted());
  }
  const std::uint64_t leaves[] = {1, 7, 26, 105, 440, 2205, 10917};
  for (int depth = 1; depth < 7; ++depth) {
    CAPTURE(depth);
    CHECK(perft(game, depth) == leaves[depth]);
  }
}

TEST_CASE("stccg: refused answers change nothing") {
  const Setup setup = sample_setup("romulan", "federation");
  Game game = Game::create(CardDb::standard(), setup, 77);
  core::Rng chooser(3);
  for (int step = 0; step < 400 && game.decision(); ++step) {
    const core::Decision d = *game.decision();
    const std::uint64_t before = game.state().hash();
    CHECK(game.submit(State::other(d.seat), d.id, d.options.front()).verdict ==
          core::Verdict::kNotYourDecision);
    CHECK(game.submit(d.seat, d.id + 1, d.options.front()).verdict == core::Verdict::kNotOpen);
    CHECK(game.submit(d.seat, d.id, 0xdeadbeefULL << 8).verdict == core::Verdict::kNotOffered);
    // An action that exists but is not offered now: ending the turn while seeding, say.
    const auto end_turn = game.option_id({ActionKind::kEndTurn});
    if (std::find(d.options.begin(), d.options.end(), end_turn) == d.options.end()) {
      const auto refused = game.submit(d.seat, d.id, end_turn);
      CHECK(refused.verdict == core::Verdict::kNotOffered);
      CHECK(!refused.rule.empty());
    }
    CHECK(game.state().hash() == before);
    REQUIRE(game.submit(d.seat, d.id,
                        d.options[chooser.below(static_cast<std::uint32_t>(d.options.size()))])
                .accepted());
  }
}

TEST_CASE("stccg: conceding ends the game for the other player") {
  Game game = Game::create(CardDb::standard(), sample_setup("klingon", "romulan"), 4);
  CHECK(game.concede(1).accepted());
  CHECK(game.over());
  CHECK(game.state().winners == 0b01);
  CHECK(game.state().reason == v1::RESULT_REASON_CONCESSION);
  CHECK(game.concede(0).verdict == core::Verdict::kGameOver);
}

}  // namespace
}  // namespace spacedock::stccg
