// Random legal decks over the whole card pool: every one is legal, the same seed gives the same
// deck, the pool is covered, and 1,000 random games between such decks end by the rules and
// replay identically (issue 27: any legal deck of the four sets plays).
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <variant>

#include "engine/core/rng.h"
#include "engine/stccg/cards/deck.h"
#include "engine/stccg/cards/random_deck.h"
#include "engine/stccg/game.h"
#include "tests/engine/stccg_random_playout.h"

namespace spacedock::stccg {
namespace {

std::string problems_of(const Deck& deck, const CardDb& db) {
  std::string out;
  for (const DeckProblem& p : validate_deck(deck, db))
    out += std::string(name(p.code)) + ": " + p.message + "\n";
  return out;
}

TEST_CASE("stccg random decks: legal, reproducible, and drawn from every card the engine plays") {
  const CardDb& db = CardDb::standard();
  std::set<DefIndex> seen;
  int with_side_deck = 0;
  int with_held_seeds = 0;  // personnel seeded under a Cryosatellite (Deck::seeded)
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    CAPTURE(seed);
    const Deck deck = random_deck(db, seed);
    CHECK_MESSAGE(validate_deck(deck, db).empty(), problems_of(deck, db));
    CHECK(random_deck(db, seed).cards == deck.cards);
    with_side_deck +=
        !deck.q_continuum.empty() || !deck.q_tent.empty() || !deck.battle_bridge.empty();
    with_held_seeds += !deck.seeded.empty();
    for (const auto* zone : {&deck.cards, &deck.q_continuum, &deck.q_tent, &deck.battle_bridge}) {
      for (DefIndex card : *zone) {
        CHECK_FALSE(db.def(card).card.test_only());
        CHECK_FALSE(db.def(card).unsupported());
        seen.insert(card);
      }
    }
  }
  CHECK(random_deck(db, 1).cards != random_deck(db, 2).cards);
  CHECK(with_side_deck > 0);
  CHECK(with_held_seeds > 0);
  // Every card type the engine plays turns up, and most of the cards themselves.
  std::size_t playable = 0;
  std::set<v1::StccgCardType> types;
  std::set<v1::StccgCardType> types_seen;
  for (const CardDef& def : db.defs()) {
    if (def.card.test_only() || def.unsupported()) continue;
    ++playable;
    types.insert(def.type());
  }
  for (DefIndex card : seen)
    types_seen.insert(db.def(card).type());
  MESSAGE(seen.size() << " of the " << playable << " cards played appear in 300 random decks");
  CHECK(types_seen == types);
  CHECK(seen.size() * 4 >= playable * 3);
}

// What the games did, by card type and by mechanism, read from their events.
struct Tally {
  std::map<v1::StccgCardType, int> entered_play;  // from anywhere else into play
  int dilemmas = 0;
  int points_scored = 0;
  int battles = 0;
  int nullified = 0;
  int captured = 0;
  int damaged = 0;
  int ship_moves = 0;

  void count(const State& s, std::span<const Event> events) {
    for (const Event& event : events) {
      if (const auto* moved = std::get_if<ev::CardMoved>(&event)) {
        if (moved->to.zone == Zone::kPlay && moved->from.zone != Zone::kPlay)
          ++entered_play[s.db->def(moved->def).type()];
      } else if (std::holds_alternative<ev::DilemmaResolved>(event)) {
        ++dilemmas;
      } else if (std::holds_alternative<ev::Scored>(event)) {
        ++points_scored;
      } else if (std::holds_alternative<ev::BattleStarted>(event)) {
        ++battles;
      } else if (std::holds_alternative<ev::Nullified>(event)) {
        ++nullified;
      } else if (std::holds_alternative<ev::Captured>(event)) {
        ++captured;
      } else if (std::holds_alternative<ev::Damaged>(event)) {
        ++damaged;
      } else if (std::holds_alternative<ev::ShipMoved>(event)) {
        ++ship_moves;
      }
    }
  }
};

TEST_CASE("stccg: 1,000 random games between random legal decks end by the rules and replay") {
  const CardDb& db = CardDb::standard();
  int by_points = 0;
  std::uint64_t decisions = 0;
  Tally tally;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    CAPTURE(seed);
    Setup setup;
    setup.decks = {random_deck(db, 2 * seed), random_deck(db, 2 * seed + 1)};
    const Played first = play(setup, seed);
    const Played again = play(setup, seed);
    const State& s = first.game.state();
    REQUIRE(s.over);
    // By the rules: on points, the decks run out, or a player conceding when a card asks them
    // to match its stakes or concede (Raise the Stakes).
    CHECK_MESSAGE(
        (s.reason == v1::RESULT_REASON_POINTS || s.reason == v1::RESULT_REASON_DECK_EXHAUSTED ||
         s.reason == v1::RESULT_REASON_CONCESSION),
        v1::ResultReason_Name(s.reason));
    by_points += s.reason == v1::RESULT_REASON_POINTS;
    decisions += first.decisions;
    CHECK(first.decisions == again.decisions);
    CHECK(first.hash == again.hash);
    CHECK_MESSAGE(s.check().empty(), s.check());
    tally.count(s, first.game.events());
  }
  std::string entered;
  for (const auto& [type, count] : tally.entered_play)
    entered += " " + v1::StccgCardType_Name(type).substr(16) + " " + std::to_string(count);
  MESSAGE("1000 games, " << decisions << " decisions, " << by_points
                         << " won on points; cards entering play:" << entered << "; "
                         << tally.dilemmas << " dilemmas resolved, " << tally.points_scored
                         << " scorings, " << tally.battles << " battles, " << tally.nullified
                         << " nullified, " << tally.captured << " captured, " << tally.damaged
                         << " damaged, " << tally.ship_moves << " ship moves");
  CHECK(tally.dilemmas > 0);
  CHECK(tally.battles > 0);
  CHECK(tally.entered_play[v1::STCCG_CARD_TYPE_PERSONNEL] > 0);
  CHECK(tally.entered_play[v1::STCCG_CARD_TYPE_SHIP] > 0);
  CHECK(tally.entered_play[v1::STCCG_CARD_TYPE_EVENT] > 0);
}

TEST_CASE("stccg: every option offered in random games passes the rules' own check") {
  // The seeding and order options are generated by shortcuts (each group gathered once, checks
  // skipped where nothing could fail them); the check of an answer is the rule itself. Offering
  // and refusing must never disagree, for sample decks and random ones alike.
  const CardDb& db = CardDb::standard();
  std::uint64_t checked = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    CAPTURE(seed);
    Setup setup;
    if (seed % 3 == 0) {
      setup.decks = {*sample_deck("federation"), *sample_deck("klingon")};
    } else {
      setup.decks = {random_deck(db, 2 * seed), random_deck(db, 2 * seed + 1)};
    }
    Game game = Game::create(db, setup, seed);
    core::Rng chooser(seed);
    while (const core::Decision* d = game.decision()) {
      // Seeding and the turn's orders are checked by rule; a response, or a choice inside a
      // resolution, only by being among the options offered.
      const auto& frame = game.state().frames.back();
      const bool by_rule =
          std::holds_alternative<SeedFrame>(frame) || std::holds_alternative<TurnFrame>(frame);
      for (const core::OptionId option : d->options) {
        if (!by_rule) continue;
        const Rule rule = game.check(option);
        if (rule != Rule::kOk) {
          const auto action = game.action_of(option);
          FAIL_CHECK("decision " << d->id << ": an offered option of kind "
                                 << (action ? static_cast<int>(action->kind) : -1)
                                 << " is refused: " << rule_name(rule));
        }
        ++checked;
      }
      const auto option = d->options[chooser.below(static_cast<std::uint32_t>(d->options.size()))];
      REQUIRE(game.submit(d->seat, d->id, option).accepted());
    }
  }
  MESSAGE(checked << " offered options checked");
  CHECK(checked > 500000);
}

}  // namespace
}  // namespace spacedock::stccg
