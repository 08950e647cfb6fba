// Standings and tie-breakers (tournaments.md §7), on small events worked out by hand.
#include "server/tournament/standings.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

namespace spacedock::tournament {
namespace {

const Standing& of(const std::vector<Standing>& s, PlayerId id) {
  return *std::find_if(s.begin(), s.end(), [&](const Standing& x) { return x.id == id; });
}

// Round 1: A beats B, C draws D. Round 2: A beats C, B beats D.
std::vector<PlayerRecord> four_players() {
  using O = Outcome;
  return {
      {1, "A", false, {{2, O::kWin}, {3, O::kWin}}},
      {2, "B", false, {{1, O::kLoss}, {4, O::kWin}}},
      {3, "C", false, {{4, O::kDraw}, {1, O::kLoss}}},
      {4, "D", false, {{3, O::kDraw}, {2, O::kLoss}}},
  };
}

TEST_CASE("standings rank by points, then opponents' match-win %, with a floor of a third") {
  const auto s = rank_players(four_players(), Scoring{}, 1);
  CHECK(s[0].id == 1);
  CHECK(s[1].id == 2);
  CHECK(s[2].id == 3);  // C and D have a point each; C's opponents did better
  CHECK(s[3].id == 4);
  CHECK(of(s, 1).points == 6);
  CHECK(of(s, 1).match_win == doctest::Approx(1.0));
  CHECK(of(s, 2).match_win == doctest::Approx(0.5));
  CHECK(of(s, 3).match_win == doctest::Approx(1.0 / 3));  // 1 of 6, floored
  CHECK(of(s, 1).opponents_match_win == doctest::Approx((0.5 + 1.0 / 3) / 2));
  CHECK(of(s, 3).opponents_match_win == doctest::Approx((1.0 / 3 + 1.0) / 2));
  CHECK(of(s, 4).opponents_match_win == doctest::Approx((1.0 / 3 + 0.5) / 2));
  CHECK(of(s, 2).game_win == doctest::Approx(0.5));
  CHECK(of(s, 3).draws == 1);
  CHECK(of(s, 3).losses == 1);
}

TEST_CASE("a bye scores as a win but is neither an opponent nor a match played") {
  auto players = four_players();
  players.push_back({5, "E", false, {{0, Outcome::kBye}, {0, Outcome::kLoss}}});
  players.back().games[1].opponent = 1;
  players[0].games.push_back({5, Outcome::kWin});
  const auto s = rank_players(players, Scoring{}, 1);
  const Standing& e = of(s, 5);
  CHECK(e.points == 3);
  CHECK(e.byes == 1);
  CHECK(e.match_win == doctest::Approx(1.0 / 3));  // 0 of 3 in the one match played, floored
  CHECK(e.game_win == doctest::Approx(0.5));       // the bye is a game won: 3 of 6
  CHECK(e.opponents_match_win == doctest::Approx(of(s, 1).match_win));
}

TEST_CASE("a win at time may score less than a full win, and the match-win share follows") {
  Scoring stccg;
  stccg.time_win = 2;
  const std::vector<PlayerRecord> players{
      {1, "A", false, {{2, Outcome::kTimeWin}}},
      {2, "B", false, {{1, Outcome::kLoss}}},
  };
  const auto s = rank_players(players, stccg, 1);
  CHECK(of(s, 1).points == 2);
  CHECK(of(s, 1).match_win == doctest::Approx(2.0 / 3));
  CHECK(of(s, 1).game_win == doctest::Approx(1.0));  // a game won, however it was won
}

TEST_CASE("standings do not depend on the order of the records, and ranks are a total order") {
  std::mt19937_64 rng(3);
  auto players = four_players();
  for (int i = 0; i < 6; ++i)
    players.push_back({10 + i, "x", false, {}});  // no games: all equal but for the lot
  const auto first = rank_players(players, Scoring{}, 42);
  for (int trial = 0; trial < 20; ++trial) {
    std::shuffle(players.begin(), players.end(), rng);
    const auto again = rank_players(players, Scoring{}, 42);
    for (std::size_t i = 0; i < first.size(); ++i)
      CHECK(again[i].id == first[i].id);
  }
  // Another seed draws another lot among the equal.
  const auto other = rank_players(players, Scoring{}, 43);
  bool moved = false;
  for (std::size_t i = 0; i < other.size(); ++i)
    moved |= other[i].id != first[i].id;
  CHECK(moved);
}

}  // namespace
}  // namespace spacedock::tournament
