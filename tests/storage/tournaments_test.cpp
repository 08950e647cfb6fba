// The tournament tables (storage/tournaments.h): an event stored and loaded back whole.
#include "storage/tournaments.h"

#include <doctest/doctest.h>

#include "storage/accounts.h"
#include "storage/matches.h"
#include "tests/test_database.h"

namespace spacedock::storage {
namespace {

struct Event {
  testing::TestDatabase t;
  Database db = t.open();
  std::int64_t organiser = create_account(db, "olga", "hash", 1);
  std::int64_t alice = create_account(db, "alice", "hash", 1);
  std::int64_t bob = create_account(db, "bob", "hash", 1);
  std::int64_t carol = create_account(db, "carol", "hash", 1);
  std::int64_t id =
      create_tournament(db, {0, "Spring Swiss", 2, "settings", 0xFEDCBA9876543210ULL,
                             TournamentStatus::kRegistration, organiser, 0, 10, std::nullopt});
};

TEST_CASE("an event with entrants, a round and its results loads back as stored") {
  Event e;
  add_entrant(e.db, e.id, {e.alice, "seat-a", 20, 1, 0});
  add_entrant(e.db, e.id, {e.bob, "seat-b", 21, 1, 0});
  add_entrant(e.db, e.id, {e.carol, "seat-c", 22, 1, 0});
  CHECK_THROWS_AS(add_entrant(e.db, e.id, {e.bob, "again", 23, 1, 0}), ConstraintError);

  const std::int64_t match = create_match(e.db, 2, 1, "setup", e.organiser, 30);
  set_seats(e.db, match, {{0, e.alice}, {1, e.bob}}, "setup");
  RoundRecord round{1, false, 30, 30 + 75 * 60'000, {}};
  round.tables.push_back({1, e.alice, e.bob, match, TableResultCode::kPending, false, ""});
  round.tables.push_back({2, e.carol, 0, 0, TableResultCode::kFirst, false, ""});
  add_round(e.db, e.id, round);
  CHECK_THROWS_AS(add_round(e.db, e.id, round), ConstraintError);
  set_swiss_rounds(e.db, e.id, 2);
  set_tournament_status(e.db, e.id, TournamentStatus::kRunning, std::nullopt);
  set_table_result(e.db, e.id, 1, 1, TableResultCode::kSecond, true, "");
  set_dropped(e.db, e.id, e.carol, 1);
  CHECK_THROWS_AS(set_table_result(e.db, e.id, 1, 9, TableResultCode::kDraw, false, ""),
                  StorageError);

  const auto loaded = load_tournament(e.db, e.id);
  REQUIRE(loaded.has_value());
  CHECK(loaded->record.name == "Spring Swiss");
  CHECK(loaded->record.seed == 0xFEDCBA9876543210ULL);
  CHECK(loaded->record.status == TournamentStatus::kRunning);
  CHECK(loaded->record.swiss_rounds == 2);
  REQUIRE(loaded->entrants.size() == 3);
  CHECK(loaded->entrants[0].account_id == e.alice);
  CHECK(loaded->entrants[1].seat == "seat-b");
  CHECK(loaded->entrants[2].dropped_after == 1);
  REQUIRE(loaded->rounds.size() == 1);
  const auto& tables = loaded->rounds[0].tables;
  REQUIRE(tables.size() == 2);
  CHECK(tables[0].match_id == match);
  CHECK(tables[0].result == TableResultCode::kSecond);
  CHECK(tables[0].at_time);
  CHECK(tables[1].second_id == 0);
  CHECK(tables[1].match_id == 0);
  CHECK(tables[1].result == TableResultCode::kFirst);
  CHECK(loaded->rounds[0].ends_at_ms == 30 + 75 * 60'000);

  CHECK(load_tournaments(e.db, {TournamentStatus::kRunning}).size() == 1);
  CHECK(load_tournaments(e.db, {TournamentStatus::kFinished}).empty());
}

TEST_CASE("an organiser's override keeps its reason, and a withdrawal removes the entrant") {
  Event e;
  add_entrant(e.db, e.id, {e.alice, "a", 20, 1, 0});
  add_entrant(e.db, e.id, {e.bob, "b", 21, 1, 0});
  RoundRecord round{
      1, false, 30, 40, {{1, e.alice, e.bob, 0, TableResultCode::kPending, false, ""}}};
  add_round(e.db, e.id, round);
  set_table_result(e.db, e.id, 1, 1, TableResultCode::kDoubleLoss, false, "both late");
  remove_entrant(e.db, e.id, e.bob);
  CHECK_THROWS_AS(remove_entrant(e.db, e.id, e.carol), StorageError);
  log_tournament_action(e.db, e.id, {50, e.organiser, "set result", "round 1 table 1"});
  const auto loaded = load_tournament(e.db, e.id);
  CHECK(loaded->rounds[0].tables[0].override_reason == "both late");
  CHECK(loaded->rounds[0].tables[0].result == TableResultCode::kDoubleLoss);
  CHECK(loaded->entrants.size() == 1);
  const auto log = load_tournament_log(e.db, e.id);
  REQUIRE(log.size() == 1);
  CHECK(log[0].account_id == e.organiser);
  CHECK(log[0].action == "set result");
}

TEST_CASE("a match input may be time called by a tournament (kind 4)") {
  Event e;
  const std::int64_t match = create_match(e.db, 2, 1, "setup", e.organiser, 30);
  set_seats(e.db, match, {{0, e.alice}, {1, e.bob}}, "setup");
  start_match(e.db, match, 7, 31);
  append_input(e.db, match, {1, 0, InputKind::kTimeCalled, 0, {}, 40, {}, {}});
  const auto inputs = load_inputs(e.db, match);
  REQUIRE(inputs.size() == 1);
  CHECK(inputs[0].kind == InputKind::kTimeCalled);
}

}  // namespace
}  // namespace spacedock::storage
