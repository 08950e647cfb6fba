// Whole random events through tournament::Tournament: late registrations, drops, byes, the
// standings and the cut, checked round by round.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "server/tournament/structure.h"
#include "server/tournament/tournament.h"

namespace spacedock::tournament {
namespace {

TableResult random_result(std::mt19937_64& rng) {
  const auto r = rng() % 20;
  return r < 9 ? TableResult::kFirstWins : r < 18 ? TableResult::kSecondWins : TableResult::kDraw;
}

// Plays a round: every table gets a random result, one in ten at time.
void play(Tournament& t, std::mt19937_64& rng) {
  Round round{static_cast<int>(t.rounds.size()) + 1, t.swiss_played() >= t.swiss_rounds,
              t.next_tables()};
  for (Table& table : round.tables) {
    if (table.decided()) continue;
    table.result = random_result(rng);
    if (round.cut && table.result == TableResult::kDraw) table.result = TableResult::kFirstWins;
    table.at_time = rng() % 10 == 0;
  }
  t.rounds.push_back(std::move(round));
}

// One event: checks every Swiss round's tables as it is paired.
void run_event(std::mt19937_64& rng, int n) {
  Tournament t;
  t.seed = rng();
  for (int i = 0; i < n; ++i)
    t.entrants.push_back({100 + i, "p" + std::to_string(i)});
  t.swiss_rounds = std::min(default_swiss_rounds(n), std::max(1, n - 1));
  t.cut_size = n >= 16 ? 8 : 0;
  std::map<PlayerId, int> byes;
  std::set<std::pair<PlayerId, PlayerId>> met;
  for (int round = 1; round <= t.swiss_rounds; ++round) {
    // One late arrival from round 2; now and then a drop.
    if (round == 2) t.entrants.push_back({99, "late", 2});
    if (rng() % 3 == 0) {
      Entrant& e = t.entrants[rng() % t.entrants.size()];
      if (e.dropped_after == 0 && e.first_round < round) e.dropped_after = round - 1;
    }
    const std::vector<Table> tables = t.next_tables();
    std::set<PlayerId> seated;
    int active = 0;
    for (const Entrant& e : t.entrants)
      active += e.active_in(round);
    for (const Table& table : tables) {
      for (PlayerId p : {table.first, table.second}) {
        if (p == 0) continue;
        CHECK(seated.insert(p).second);
        CHECK(t.entrant(p)->active_in(round));
      }
      if (table.bye()) {
        CHECK(++byes[table.first] == 1);
      } else if (n > 10) {
        CHECK(met.insert(std::minmax(table.first, table.second)).second);
      }
    }
    if (active >= 2) CHECK(static_cast<int>(seated.size()) == active);
    play(t, rng);
  }
  const auto standings = t.standings();
  for (std::size_t i = 0; i < standings.size(); ++i) {
    CHECK(standings[i].rank == static_cast<int>(i) + 1);
    CHECK(standings[i].match_win >= 1.0 / 3.0);
    if (i > 0) CHECK(standings[i - 1].points >= standings[i].points);
  }
  while (!t.over())
    play(t, rng);
  if (t.cut_size == 0) return;
  const Round& first_cut = t.rounds[t.swiss_rounds];
  CHECK(first_cut.cut);
  CHECK(first_cut.tables.size() == 4);
  CHECK(static_cast<int>(t.rounds.size()) == t.swiss_rounds + 3);
  const auto placings = t.placings();
  CHECK(placings.size() == t.entrants.size());
  CHECK(placings.front() == Tournament::winner(t.rounds.back().tables.front()));
}

TEST_CASE("random events of 3 to 1,000 players keep the Swiss invariants") {
  std::mt19937_64 rng(11);
  for (int event = 0; event < 2000; ++event) {
    const int n =
        event % 100 == 0 ? 200 + static_cast<int>(rng() % 801) : 3 + static_cast<int>(rng() % 60);
    CAPTURE(event);
    CAPTURE(n);
    run_event(rng, n);
  }
}

TEST_CASE("the cut seeds 1 against 8, and seeds 1 and 2 meet only in the final") {
  CHECK(bracket_order(8) == std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6});
  CHECK(bracket_order(4) == std::vector<int>{1, 4, 2, 3});
  CHECK(cut_rounds(8) == 3);
  Tournament t;
  t.seed = 3;
  for (int i = 1; i <= 16; ++i)
    t.entrants.push_back({i, "p" + std::to_string(i)});
  t.swiss_rounds = 4;
  t.cut_size = 8;
  std::mt19937_64 rng(5);
  for (int r = 0; r < 4; ++r)
    play(t, rng);
  const auto standings = t.standings();
  // The higher seed wins every cut game.
  for (int r = 0; r < 3; ++r) {
    Round round{5 + r, true, t.next_tables()};
    for (Table& table : round.tables)
      table.result = TableResult::kFirstWins;
    t.rounds.push_back(round);
  }
  const Table& final = t.rounds.back().tables.front();
  CHECK(final.first == standings[0].id);
  CHECK(final.second == standings[1].id);
  CHECK(t.over());
  const auto placings = t.placings();
  CHECK(placings[0] == standings[0].id);
  CHECK(placings[1] == standings[1].id);
  // Places 9 on follow the Swiss standings.
  for (std::size_t i = 8; i < placings.size(); ++i)
    CHECK(placings[i] == standings[i].id);
}

TEST_CASE("a dropped Swiss leader keeps their standing but not a place in the cut") {
  Tournament t;
  t.seed = 8;
  for (int i = 1; i <= 8; ++i)
    t.entrants.push_back({i, "p" + std::to_string(i)});
  t.swiss_rounds = 3;
  t.cut_size = 4;
  std::mt19937_64 rng(1);
  for (int r = 0; r < 3; ++r)
    play(t, rng);
  const PlayerId leader = t.standings().front().id;
  t.entrant(leader)->dropped_after = 3;
  CHECK(t.standings().front().id == leader);
  CHECK(t.standings().front().dropped);
  for (const Table& table : t.next_tables()) {
    CHECK(table.first != leader);
    CHECK(table.second != leader);
  }
}

}  // namespace
}  // namespace spacedock::tournament
