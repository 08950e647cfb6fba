// A tournament round's time called on a game in play (MatchEngine::call_time): the game ends,
// scored by its own end-of-time rules, at once or (Incursions, A52) once the resolution under way
// has its answers, and takes no input after.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/core/random_play.h"
#include "engine/games.h"

namespace {

using namespace spacedock;

v1::MatchSetup stccg_duel() {
  v1::MatchSetup setup;
  setup.set_game(v1::GAME_STCCG);
  setup.mutable_stccg();
  for (const char* deck : {"federation", "klingon"}) {
    auto* seat = setup.add_seats();
    seat->set_name(deck);
    seat->mutable_stccg()->set_sample_deck(deck);
  }
  return setup;
}

v1::MatchSetup incursions(std::uint32_t players) {
  v1::MatchSetup setup;
  setup.set_game(v1::GAME_INCURSIONS);
  setup.mutable_incursions()->set_players(players);
  for (std::uint32_t i = 0; i < players; ++i)
    setup.add_seats()->set_name("P" + std::to_string(i));
  return setup;
}

// Time called ends the game for good: a later answer or call is refused, the state unchanged.
void check_over(core::MatchEngine& match) {
  CHECK(match.over());
  CHECK(match.result().reason() == v1::RESULT_REASON_TIME_LIMIT);
  const auto hash = match.state_hash();
  CHECK(match.call_time().verdict == core::Verdict::kGameOver);
  CHECK(match.concede(0).verdict == core::Verdict::kGameOver);
  CHECK(match.state_hash() == hash);
}

}  // namespace

TEST_CASE("STCCG at time: the higher score wins, equal scores draw") {
  int decided = 0;
  int drawn = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    auto match = engine::start_match(stccg_duel(), seed);
    core::Rng chooser(seed);
    core::play_randomly(*match, chooser, 60 + 15 * seed);
    if (match->over()) continue;
    v1::GameSnapshot view;
    match->project_snapshot(core::Viewer::judge(), &view);
    const int a = view.stccg().players(0).score();
    const int b = view.stccg().players(1).score();
    REQUIRE(match->call_time().accepted());
    check_over(*match);
    const auto result = match->result();
    if (a == b) {
      ++drawn;
      CHECK(result.winners_size() == 2);
      CHECK(result.summary().find("a tie at") != std::string::npos);
    } else {
      ++decided;
      REQUIRE(result.winners_size() == 1);
      CHECK(result.winners(0) == (a > b ? 0u : 1u));
      CHECK(result.summary().find("leads") != std::string::npos);
    }
  }
  CHECK(decided >= 3);  // both branches were exercised
  CHECK(drawn >= 1);
}

TEST_CASE("Incursions at time: scored by §16.3, one winner among the players left") {
  int finished_first = 0;
  for (std::uint32_t players : {2u, 3u, 4u}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      auto match = engine::start_match(incursions(players), seed);
      core::Rng chooser(seed);
      core::play_randomly(*match, chooser, 20 + 3 * seed);
      if (match->over()) continue;
      std::vector<bool> playing(players);
      for (std::uint32_t s = 0; s < players; ++s)
        playing[s] = match->playing(static_cast<core::Seat>(s));
      REQUIRE(match->call_time().accepted());
      if (!match->over()) {
        // A hit or a window was open: it is answered, then the game is scored (A52).
        ++finished_first;
        core::play_randomly(*match, chooser, 50);
      }
      check_over(*match);
      const auto result = match->result();
      // The roll-off settles ties at the top: a single winner, still in the game.
      REQUIRE(result.winners_size() == 1);
      CHECK(playing[result.winners(0)]);
      CHECK(result.summary().find("time was called") == 0);
    }
  }
  CHECK(finished_first >= 1);  // both ways were exercised
}
