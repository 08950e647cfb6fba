// The storage layer (storage/*.h) on the backend SPACEDOCK_TEST_DB names: ctest runs this suite
// once on SQLite (storage_tests) and once on PostgreSQL (storage_tests_postgresql).
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "storage/accounts.h"
#include "storage/database.h"
#include "storage/decks.h"
#include "storage/matches.h"
#include "storage/statement.h"
#include "tests/storage/raw_query.h"
#include "tests/test_database.h"

using namespace std::string_literals;
using spacedock::storage::Account;
using spacedock::storage::Backend;
using spacedock::storage::ConstraintError;
using spacedock::storage::Database;
using spacedock::storage::InputKind;
using spacedock::storage::InputRecord;
using spacedock::storage::MatchRecord;
using spacedock::storage::MatchStatus;
using spacedock::storage::SeatRecord;
using spacedock::storage::SnapshotRecord;
using spacedock::storage::StorageError;
using spacedock::testing::query_int;
using spacedock::testing::TestDatabase;

namespace storage = spacedock::storage;

namespace {

bool on_sqlite() {
  return spacedock::testing::test_backend() == Backend::kSqlite;
}

// A setting of the database's own connection, as text.
std::string setting(Database& db, const std::string& sql) {
  storage::Statement query(db, sql);
  return query.step() ? query.column_text(0) : std::string();
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

InputRecord decision(std::uint32_t seq, std::uint32_t seat, std::vector<std::uint64_t> options) {
  return {seq, seat, InputKind::kDecision, 100 + seq, std::move(options), 1'000 + std::int64_t{seq},
          {},  {}};
}

// Two players and a waiting match with both seated.
struct Fixture {
  TestDatabase t;
  Database db = t.open();
  std::int64_t alice = storage::create_account(db, "alice", "hash-a", 1);
  std::int64_t bob = storage::create_account(db, "bob", "hash-b", 2);
  std::int64_t match = storage::create_match(db, 2, 7, "setup", alice, 3);

  Fixture() { storage::set_seats(db, match, {{0, alice}, {1, bob}}, "setup"); }
};

}  // namespace

TEST_CASE("opening a database applies the backend's settings") {
  TestDatabase t;
  Database db = t.open();
  if (t.backend() == Backend::kSqlite) {
    CHECK(setting(db, "PRAGMA journal_mode") == "wal");
    CHECK(setting(db, "PRAGMA synchronous") == "2");
    CHECK(setting(db, "PRAGMA foreign_keys") == "1");
    CHECK(setting(db, "PRAGMA busy_timeout") == "5000");
    CHECK(std::filesystem::exists(t.url()));
  } else {
    CHECK(setting(db, "SHOW client_encoding") == "UTF8");
    CHECK(setting(db, "SHOW lock_timeout") == "5s");
    CHECK(setting(db, "SHOW client_min_messages") == "warning");
    // Commit before acknowledge rests on it: on is the server's default.
    CHECK(setting(db, "SHOW synchronous_commit") == "on");
  }
}

TEST_CASE("migrations create the schema once") {
  TestDatabase t;
  std::int64_t applied_at = 0;
  {
    Database db = t.open();
    CHECK(db.schema_version() == 10);
    CHECK(query_int(t, "SELECT count(*) FROM schema_migrations") == 10);
    applied_at = query_int(t, "SELECT applied_at_ms FROM schema_migrations WHERE version = 1");
    CHECK(applied_at > 0);
    const std::string tables =
        "('accounts', 'sessions', 'matches', 'match_seats', 'match_inputs', 'match_snapshots', "
        "'decks', 'tournaments', 'tournament_entrants', 'tournament_rounds', "
        "'tournament_tables', 'tournament_log')";
    CHECK(query_int(t, t.backend() == Backend::kSqlite
                           ? "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND "
                             "name IN " +
                                 tables
                           : "SELECT count(*) FROM pg_tables WHERE schemaname = "
                             "current_schema() AND tablename IN " +
                                 tables) == 12);
  }
  // The next transaction id to be assigned: opening would take one if it wrote anything.
  const auto next_xid = [&] {
    return query_int(t, "SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint");
  };
  const std::int64_t xid_before = t.backend() == Backend::kPostgresql ? next_xid() : 0;
  Database again = t.open();
  CHECK(again.schema_version() == 10);
  CHECK(query_int(t, "SELECT count(*) FROM schema_migrations") == 10);
  CHECK(query_int(t, "SELECT applied_at_ms FROM schema_migrations WHERE version = 1") ==
        applied_at);
  // Reopening wrote nothing.
  if (t.backend() == Backend::kSqlite) {
    CHECK(setting(again, "SELECT total_changes()") == "0");
  } else {
    CHECK(next_xid() == xid_before);
  }
}

TEST_CASE("two servers opening a new database at once apply each migration once") {
  TestDatabase t;
  std::vector<std::string> errors(2);
  std::vector<std::thread> servers;
  for (std::string& error : errors) {
    servers.emplace_back([&t, &error] {
      try {
        Database db = t.open();
        if (db.schema_version() != 10) error = "schema " + std::to_string(db.schema_version());
      } catch (const std::exception& e) {
        error = e.what();
      }
    });
  }
  for (std::thread& server : servers)
    server.join();
  CHECK(errors[0] == "");
  CHECK(errors[1] == "");
  CHECK(query_int(t, "SELECT count(*) FROM schema_migrations") == 10);
}

TEST_CASE("a database from a newer server is refused") {
  TestDatabase t;
  {
    Database db = t.open();
    db.execute("INSERT INTO schema_migrations (version, applied_at_ms) VALUES (999, 0)");
  }
  std::string message;
  try {
    t.open();
  } catch (const StorageError& error) {
    message = error.what();
  }
  CHECK(message.find("database schema 999 is newer than this server (") != std::string::npos);
}

TEST_CASE("a file that is not a database is refused" * doctest::skip(!on_sqlite())) {
  spacedock::testing::TempDir dir;
  const std::string file = (dir.path() / "spacedock.db").string();
  std::ofstream(file) << "this is not an SQLite database, not even close to one......."
                         "................................................................";
  CHECK_THROWS_AS(Database::open(file), StorageError);
  CHECK_THROWS_AS(Database::open((dir.path() / "missing/dir.db").string()), StorageError);
}

TEST_CASE("a PostgreSQL database that is not there is refused" * doctest::skip(on_sqlite())) {
  TestDatabase t;
  // postgresql:///tN?host=... names database tN.
  std::string missing = t.url();
  const std::size_t name = missing.find("///") + 3;
  missing.replace(name, missing.find('?') - name, "no_such_database");
  std::string message;
  try {
    Database::open(missing);
  } catch (const StorageError& error) {
    message = error.what();
  }
  CHECK(message.find("cannot connect to PostgreSQL") != std::string::npos);
  CHECK(message.find("no_such_database") != std::string::npos);
}

TEST_CASE("a moved database keeps its connection") {
  TestDatabase t;
  Database first = t.open();
  const std::int64_t id = storage::create_account(first, "alice", "h", 1);
  Database second = std::move(first);
  REQUIRE(storage::find_account(second, id));
  TestDatabase other;
  Database third = other.open();
  third = std::move(second);
  CHECK(storage::find_account(third, id)->username == "alice");
}

TEST_CASE("accounts are found by id and by name, ignoring case") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t id = storage::create_account(db, "Picard", "$argon2id$v=19$abc", 1234);
  CHECK(id > 0);

  for (const char* name : {"Picard", "picard", "PICARD"}) {
    const std::optional<Account> found = storage::find_account(db, name);
    REQUIRE(found);
    CHECK(found->id == id);
    CHECK(found->username == "Picard");
    CHECK(found->password_hash == "$argon2id$v=19$abc");
    CHECK(found->created_at_ms == 1234);
  }
  const std::optional<Account> by_id = storage::find_account(db, id);
  REQUIRE(by_id);
  CHECK(by_id->username == "Picard");
  CHECK_FALSE(storage::find_account(db, "Riker"));
  CHECK_FALSE(storage::find_account(db, id + 1));
  // A player until made an organiser, and back.
  CHECK_FALSE(by_id->organiser);
  CHECK(storage::set_organiser(db, "picard", true));
  CHECK(storage::find_account(db, id)->organiser);
  CHECK(storage::set_organiser(db, "Picard", false));
  CHECK_FALSE(storage::find_account(db, "Picard")->organiser);
  CHECK_FALSE(storage::set_organiser(db, "Riker", true));
}

TEST_CASE("a taken name, in any case, is refused and changes nothing") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t id = storage::create_account(db, "Picard", "first", 1);
  std::string message;
  try {
    storage::create_account(db, "pICARD", "second", 2);
  } catch (const ConstraintError& error) {
    message = error.what();
  }
  CHECK(message.find(t.backend() == Backend::kSqlite
                         ? "UNIQUE constraint failed"
                         : "duplicate key value violates unique constraint") != std::string::npos);
  CHECK(query_int(t, "SELECT count(*) FROM accounts") == 1);
  const std::optional<Account> found = storage::find_account(db, "picard");
  REQUIRE(found);
  CHECK(found->id == id);
  CHECK(found->password_hash == "first");
}

TEST_CASE("decks belong to their account: names unique per account ignoring case, lists kept") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t picard = storage::create_account(db, "Picard", "x", 1);
  const std::int64_t riker = storage::create_account(db, "Riker", "x", 1);
  storage::DeckRecord deck;
  deck.account_id = picard;
  deck.name = "Feds";
  deck.game = 2;
  // PostgreSQL's text cannot hold a NUL (see below); SQLite's can.
  deck.list = "Missions:\r\n1\tFever Emergency\n"s + (on_sqlite() ? "\0tail"s : "tail"s);
  deck.game_deck_cards = 1;
  deck.created_at_ms = deck.updated_at_ms = 10;
  deck.id = storage::create_deck(db, deck);
  CHECK(deck.id > 0);

  storage::DeckRecord clash = deck;
  clash.name = "FEDS";
  CHECK_THROWS_AS(storage::create_deck(db, clash), ConstraintError);
  clash.account_id = riker;  // another account may use the name
  const std::int64_t rikers = storage::create_deck(db, clash);

  auto found = storage::find_deck(db, picard, deck.id);
  REQUIRE(found);
  CHECK(found->name == "Feds");
  CHECK(found->list == deck.list);                      // exactly as saved, CR (and NUL) included
  CHECK_FALSE(storage::find_deck(db, riker, deck.id));  // not Riker's

  storage::DeckRecord second = deck;
  second.name = "Alpha";
  second.id = storage::create_deck(db, second);
  const auto listed = storage::list_decks(db, picard);
  REQUIRE(listed.size() == 2);
  CHECK(listed[0].name == "Alpha");  // by name
  CHECK(listed[0].list.empty());     // without their lists
  CHECK(storage::count_decks(db, picard) == 2);

  CHECK_THROWS_AS(storage::rename_deck(db, picard, second.id, "feds", 20), ConstraintError);
  CHECK(storage::rename_deck(db, picard, second.id, "Bravo", 20));
  CHECK_FALSE(storage::rename_deck(db, riker, second.id, "Mine", 20));
  CHECK(storage::find_deck(db, picard, second.id)->updated_at_ms == 20);
  // Listed by name ignoring case (byte order would put "charlie" last).
  storage::DeckRecord third = deck;
  third.name = "charlie";
  third.id = storage::create_deck(db, third);
  const auto by_name = storage::list_decks(db, picard);
  REQUIRE(by_name.size() == 3);
  CHECK(by_name[0].name == "Bravo");
  CHECK(by_name[1].name == "charlie");
  CHECK(by_name[2].name == "Feds");
  CHECK(storage::delete_deck(db, picard, third.id));

  storage::DeckRecord edited = deck;
  edited.list = "Missions:\n";
  edited.legal = true;
  edited.updated_at_ms = 30;
  CHECK(storage::update_deck(db, edited));
  edited.account_id = riker;
  CHECK_FALSE(storage::update_deck(db, edited));
  found = storage::find_deck(db, picard, deck.id);
  CHECK(found->list == "Missions:\n");
  CHECK(found->legal);
  CHECK(found->created_at_ms == 10);

  CHECK_FALSE(storage::delete_deck(db, riker, deck.id));
  CHECK(storage::delete_deck(db, picard, deck.id));
  CHECK_FALSE(storage::find_deck(db, picard, deck.id));
  CHECK(storage::find_deck(db, riker, rikers));

  // PostgreSQL refuses a NUL in text outright, rather than keeping the list up to it.
  if (!on_sqlite()) {
    storage::DeckRecord nul = deck;
    nul.name = "Nul";
    nul.list = "before\0after"s;
    CHECK_THROWS_AS(storage::create_deck(db, nul), StorageError);
    CHECK(storage::count_decks(db, picard) == 1);
  }
}

// An expiry time after every test clock reading (the tests pass small times).
constexpr std::int64_t kNever = std::int64_t{1} << 60;

TEST_CASE("sessions are found until revoked") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t alice = storage::create_account(db, "alice", "h", 1);
  const std::int64_t bob = storage::create_account(db, "bob", "h", 1);
  // Hashes are raw bytes, NULs included.
  const std::string alice_token = "\x00\x01hash\x00\xff"s;
  const std::string bob_token = "\x00\x01hash\x00\xfe"s;
  storage::create_session(db, alice_token, alice, 10, kNever);
  storage::create_session(db, bob_token, bob, 11, kNever);

  CHECK(storage::find_session(db, alice_token, 100) == alice);
  CHECK(storage::find_session(db, bob_token, 100) == bob);
  CHECK_FALSE(storage::find_session(db, "\x00\x01hash\x00"s, 100));
  CHECK_FALSE(storage::find_session(db, "unknown", 100));

  const std::int64_t before = now_ms();
  storage::revoke_session(db, alice_token);
  CHECK_FALSE(storage::find_session(db, alice_token, 100));
  CHECK(storage::find_session(db, bob_token, 100) == bob);
  const std::int64_t revoked_at = query_int(t, "SELECT max(revoked_at_ms) FROM sessions");
  CHECK(revoked_at >= before - 1'000);
  CHECK(revoked_at <= now_ms() + 1'000);

  storage::revoke_session(db, alice_token);
  CHECK(query_int(t, "SELECT max(revoked_at_ms) FROM sessions") == revoked_at);
  storage::revoke_session(db, "unknown");  // logging out twice is harmless

  CHECK_THROWS_AS(storage::create_session(db, bob_token, alice, 12, kNever), ConstraintError);
  CHECK_THROWS_AS(storage::create_session(db, "new", bob + 100, 12, kNever), ConstraintError);
  CHECK(query_int(t, "SELECT count(*) FROM sessions") == 2);
}

TEST_CASE("sessions expire, are listed while live, and are revoked all at once") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t alice = storage::create_account(db, "alice", "h", 1);
  const std::int64_t bob = storage::create_account(db, "bob", "h", 1);
  storage::create_session(db, "short", alice, 10, 20);
  storage::create_session(db, "long", alice, 11, 1000);
  storage::create_session(db, "bob's", bob, 12, 1000);
  CHECK(storage::find_session(db, "short", 19) == alice);
  CHECK_FALSE(storage::find_session(db, "short", 20));  // expired at 20
  auto live = storage::live_sessions(db, alice, 15);
  REQUIRE(live.size() == 2);
  CHECK(live[0].token_hash == "short");
  CHECK(live[1].expires_at_ms == 1000);
  CHECK(storage::live_sessions(db, alice, 25).size() == 1);
  CHECK(storage::revoke_sessions(db, alice) == 2);
  CHECK_FALSE(storage::find_session(db, "long", 30));
  CHECK(storage::live_sessions(db, alice, 30).empty());
  CHECK(storage::find_session(db, "bob's", 30) == bob);  // another account's session stays
}

TEST_CASE("a match goes from waiting through active to finished") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t alice = storage::create_account(db, "alice", "h", 1);
  const std::int64_t bob = storage::create_account(db, "bob", "h", 1);
  const std::int64_t id = storage::create_match(db, 2, 7, "draft setup", alice, 100);

  std::optional<MatchRecord> match = storage::load_match(db, id);
  REQUIRE(match);
  CHECK(match->id == id);
  CHECK(match->game == 2);
  CHECK(match->rules_version == 7);
  CHECK(match->setup == "draft setup");
  CHECK(match->status == MatchStatus::kWaiting);
  CHECK_FALSE(match->seed);
  CHECK(match->result.empty());
  CHECK(match->created_by == alice);
  CHECK(match->created_at_ms == 100);
  CHECK_FALSE(match->started_at_ms);
  CHECK_FALSE(match->finished_at_ms);
  CHECK(match->seats.empty());

  storage::set_seats(db, id, {{1, alice}}, "one seat");
  storage::set_seats(db, id, {{1, bob}, {0, alice}}, "two seats");
  match = storage::load_match(db, id);
  REQUIRE(match);
  CHECK(match->setup == "two seats");
  REQUIRE(match->seats.size() == 2);
  CHECK(match->seats[0].seat == 0);
  CHECK(match->seats[0].account_id == alice);
  CHECK(match->seats[1].seat == 1);
  CHECK(match->seats[1].account_id == bob);

  const std::uint64_t seed = 0xFEDC'BA98'7654'3210ULL;  // above 2^63
  storage::start_match(db, id, seed, 200);
  match = storage::load_match(db, id);
  REQUIRE(match);
  CHECK(match->status == MatchStatus::kActive);
  CHECK(match->seed == seed);
  CHECK(match->started_at_ms == 200);
  CHECK_THROWS_AS(storage::start_match(db, id, 1, 201), StorageError);
  CHECK_THROWS_AS(storage::set_seats(db, id, {{0, bob}}, "late"), StorageError);

  storage::finish_match(db, id, MatchStatus::kFinished, "alice won", 300);
  match = storage::load_match(db, id);
  REQUIRE(match);
  CHECK(match->status == MatchStatus::kFinished);
  CHECK(match->result == "alice won");
  CHECK(match->finished_at_ms == 300);
  CHECK(match->seed == seed);
  CHECK(match->seats.size() == 2);
  CHECK_THROWS_AS(storage::finish_match(db, id, MatchStatus::kAborted, "", 301), StorageError);

  CHECK_FALSE(storage::load_match(db, id + 1));
  CHECK_THROWS_AS(storage::start_match(db, id + 1, 1, 1), StorageError);
}

TEST_CASE("a waiting match can be aborted, but not finished as waiting or active") {
  Fixture f;
  CHECK_THROWS_AS(storage::finish_match(f.db, f.match, MatchStatus::kActive, "", 5), StorageError);
  CHECK_THROWS_AS(storage::finish_match(f.db, f.match, MatchStatus::kWaiting, "", 5), StorageError);
  storage::finish_match(f.db, f.match, MatchStatus::kAborted, "", 5);
  const std::optional<MatchRecord> match = storage::load_match(f.db, f.match);
  REQUIRE(match);
  CHECK(match->status == MatchStatus::kAborted);
  CHECK(match->result.empty());
  CHECK(match->finished_at_ms == 5);
}

TEST_CASE("failing to seat players leaves the seats and setup as they were") {
  Fixture f;
  // One account in two seats.
  CHECK_THROWS_AS(storage::set_seats(f.db, f.match, {{0, f.alice}, {1, f.alice}}, "bad"),
                  ConstraintError);
  // An unknown account.
  CHECK_THROWS_AS(storage::set_seats(f.db, f.match, {{0, f.alice}, {1, f.bob + 50}}, "bad"),
                  ConstraintError);
  const std::optional<MatchRecord> match = storage::load_match(f.db, f.match);
  REQUIRE(match);
  CHECK(match->setup == "setup");
  REQUIRE(match->seats.size() == 2);
  CHECK(match->seats[1].account_id == f.bob);
  CHECK(f.db.check_integrity() == "ok");
}

TEST_CASE("setup and result bytes round-trip exactly, NULs and all") {
  Fixture f;
  const std::string setup = "\x00\x08\x02\x12\x00\x00zz\x00"s;
  const std::string result = "\x00"s + std::string(1000, '\x00') + "\xff\x7f"s;
  storage::set_seats(f.db, f.match, {{0, f.alice}, {1, f.bob}}, setup);
  storage::start_match(f.db, f.match, 0, 1);
  storage::finish_match(f.db, f.match, MatchStatus::kFinished, result, 2);
  const std::optional<MatchRecord> match = storage::load_match(f.db, f.match);
  REQUIRE(match);
  CHECK(match->setup == setup);
  CHECK(match->result == result);
  CHECK(match->seed == 0U);

  const std::int64_t empty = storage::create_match(f.db, 1, 1, "", f.alice, 3);
  const std::optional<MatchRecord> blank = storage::load_match(f.db, empty);
  REQUIRE(blank);
  CHECK(blank->setup.empty());
}

TEST_CASE("matches load by status, in id order, with their seats") {
  Fixture f;
  const std::int64_t waiting = f.match;
  const std::int64_t active = storage::create_match(f.db, 1, 1, "a", f.alice, 10);
  const std::int64_t finished = storage::create_match(f.db, 1, 1, "f", f.bob, 11);
  const std::int64_t active2 = storage::create_match(f.db, 2, 1, "a2", f.bob, 12);
  storage::set_seats(f.db, active, {{1, f.alice}, {0, f.bob}}, "a");
  storage::start_match(f.db, active, 1, 20);
  storage::start_match(f.db, finished, 2, 20);
  storage::finish_match(f.db, finished, MatchStatus::kFinished, "r", 30);
  storage::start_match(f.db, active2, 3, 20);

  const std::vector<MatchRecord> live = storage::load_matches(f.db, {MatchStatus::kActive});
  REQUIRE(live.size() == 2);
  CHECK(live[0].id == active);
  CHECK(live[1].id == active2);
  REQUIRE(live[0].seats.size() == 2);
  CHECK(live[0].seats[0].account_id == f.bob);
  CHECK(live[0].seats[1].account_id == f.alice);
  CHECK(live[1].seats.empty());
  CHECK(live[1].seed == 3U);

  const std::vector<MatchRecord> open =
      storage::load_matches(f.db, {MatchStatus::kFinished, MatchStatus::kWaiting});
  REQUIRE(open.size() == 2);
  CHECK(open[0].id == waiting);
  CHECK(open[0].seats.size() == 2);
  CHECK(open[1].id == finished);
  CHECK(open[1].result == "r");

  CHECK(storage::load_matches(f.db, {MatchStatus::kAborted}).empty());
  CHECK(storage::load_matches(f.db, {}).empty());
}

TEST_CASE("migrations 5 to 10 bring a version 4 input log along without losing a row") {
  Fixture f;
  {
    storage::start_match(f.db, f.match, 42, 10);
    storage::append_input(f.db, f.match, decision(1, 0, {7, 8}));
    InputRecord keyed = decision(2, 1, {});
    keyed.idempotency_key = "client-9";
    storage::append_input(f.db, f.match, keyed);
    // Back to the version 4 schema, as a server before clocks left it.
    const std::string dropped =
        "DROP TABLE tournament_log; DROP TABLE tournament_tables; DROP TABLE tournament_rounds;"
        "DROP TABLE tournament_entrants; DROP TABLE tournaments;"
        "DELETE FROM schema_migrations WHERE version >= 5;";
    if (f.t.backend() == Backend::kSqlite) {
      f.db.execute(
          "DROP INDEX match_inputs_by_key;"
          "CREATE TABLE old_inputs (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL, seq "
          "INTEGER NOT NULL, seat INTEGER NOT NULL, kind INTEGER NOT NULL CHECK (kind IN (1, 2)), "
          "decision_id INTEGER NOT NULL, options BLOB NOT NULL, at_ms INTEGER NOT NULL, "
          "idempotency_key TEXT);"
          "INSERT INTO old_inputs SELECT id, match_id, seq, seat, kind, decision_id, options, "
          "at_ms, idempotency_key FROM match_inputs;"
          "DROP TABLE match_inputs;"
          "ALTER TABLE old_inputs RENAME TO match_inputs;"
          "CREATE UNIQUE INDEX match_inputs_by_key ON match_inputs (match_id, idempotency_key) "
          "WHERE idempotency_key IS NOT NULL;" +
          dropped);
    } else {
      f.db.execute(
          "DROP TABLE tournament_host; DROP TABLE quick_match_queue; DROP TABLE match_owner; "
          "DROP TABLE nodes;"
          "ALTER TABLE match_inputs DROP COLUMN clock_ms, DROP CONSTRAINT match_inputs_kind, "
          "ADD CONSTRAINT match_inputs_kind CHECK (kind IN (1, 2));" +
          dropped);
    }
    REQUIRE(f.db.schema_version() == 4);
    // The version 4 check: no kind 3 yet.
    CHECK_THROWS_AS(f.db.execute("INSERT INTO match_inputs (match_id, seq, seat, kind, "
                                 "decision_id, options, at_ms) VALUES (" +
                                 std::to_string(f.match) + ", 3, 0, 3, 0, '', 4000)"),
                    ConstraintError);
  }
  Database db = f.t.open();
  CHECK(db.schema_version() == 10);
  const std::int64_t match = query_int(f.t, "SELECT id FROM matches");
  auto inputs = storage::load_inputs(db, match);
  REQUIRE(inputs.size() == 2);
  CHECK(inputs[0].options == std::vector<std::uint64_t>{7, 8});
  CHECK(inputs[1].idempotency_key == "client-9");
  CHECK(inputs[1].clock_ms.empty());
  // The new kind and the clocks are accepted; the key is still unique.
  storage::append_input(db, match, {3, 0, InputKind::kTimeOut, 0, {}, 5'000, {}, {0, 60'000}});
  CHECK(storage::load_inputs(db, match).back().clock_ms == std::vector<std::int64_t>{0, 60'000});
  InputRecord again = decision(4, 1, {});
  again.idempotency_key = "client-9";
  CHECK_THROWS_AS(storage::append_input(db, match, again), ConstraintError);
  // Migration 7's kinds: a forfeit, and a ruling with its winning seats.
  storage::append_input(db, match, {4, 1, InputKind::kForfeit, 0, {}, 6'000, {}, {}});
  storage::append_input(db, match, {5, 0, InputKind::kRuling, 0, {0}, 7'000, {}, {}});
  const auto last = storage::load_inputs(db, match);
  REQUIRE(last.size() == 5);
  CHECK(last[3].kind == InputKind::kForfeit);
  CHECK(last[4].kind == InputKind::kRuling);
  CHECK(last[4].options == std::vector<std::uint64_t>{0});
}

TEST_CASE("inputs load in seq order with their options") {
  Fixture f;
  storage::start_match(f.db, f.match, 42, 10);
  std::vector<InputRecord> log = {
      decision(1, 0, {7}),
      decision(2, 1, {}),
      decision(3, 0, {0, 0xFFFF'FFFFU, 0x0102'0304U, 0x8000'0000U}),
      {4, 1, InputKind::kConcede, 0, {}, 9'999, {}, {}},
      {5, 0, InputKind::kTimeOut, 0, {}, 10'000, {}, {0, 1'234'567}},
  };
  log[1].idempotency_key = "client-7";
  // Appended out of order, to show the order comes from seq and not from the rowid.
  log[2].clock_ms = {299'000, 300'000};
  for (std::size_t i : {0U, 2U, 1U, 4U, 3U})
    storage::append_input(f.db, f.match, log[i]);

  const std::vector<InputRecord> loaded = storage::load_inputs(f.db, f.match);
  REQUIRE(loaded.size() == log.size());
  for (std::size_t i = 0; i < log.size(); ++i) {
    CAPTURE(i);
    CHECK(loaded[i].seq == log[i].seq);
    CHECK(loaded[i].seat == log[i].seat);
    CHECK(loaded[i].kind == log[i].kind);
    CHECK(loaded[i].decision_id == log[i].decision_id);
    CHECK(loaded[i].options == log[i].options);
    CHECK(loaded[i].at_ms == log[i].at_ms);
    CHECK(loaded[i].idempotency_key == log[i].idempotency_key);
    CHECK(loaded[i].clock_ms == log[i].clock_ms);
  }
  // Options are stored as little-endian words.
  CHECK(query_int(f.t, f.t.backend() == Backend::kSqlite
                           ? "SELECT hex(options) = '0700000000000000' FROM match_inputs "
                             "WHERE seq = 1"
                           : "SELECT encode(options, 'hex') = '0700000000000000' FROM "
                             "match_inputs WHERE seq = 1") == 1);
  CHECK(storage::load_inputs(f.db, f.match + 1).empty());
}

TEST_CASE("a duplicate seq is refused and leaves the log unchanged") {
  Fixture f;
  storage::append_input(f.db, f.match, decision(1, 0, {1}));
  storage::append_input(f.db, f.match, decision(2, 1, {2}));
  CHECK_THROWS_AS(storage::append_input(f.db, f.match, decision(2, 0, {99})), ConstraintError);
  const std::vector<InputRecord> loaded = storage::load_inputs(f.db, f.match);
  REQUIRE(loaded.size() == 2);
  CHECK(loaded[1].seat == 1);
  CHECK(loaded[1].options == std::vector<std::uint64_t>{2});

  // The same seq in another match is a different input.
  const std::int64_t other = storage::create_match(f.db, 2, 7, "s", f.alice, 3);
  storage::set_seats(f.db, other, {{0, f.alice}}, "s");
  storage::append_input(f.db, other, decision(2, 0, {5}));
  CHECK(storage::load_inputs(f.db, other).size() == 1);

  // An idempotency key is unique within a match: a retry cannot be stored twice.
  InputRecord keyed = decision(3, 0, {3});
  keyed.idempotency_key = "once";
  storage::append_input(f.db, f.match, keyed);
  keyed.seq = 4;
  CHECK_THROWS_AS(storage::append_input(f.db, f.match, keyed), ConstraintError);
  keyed.idempotency_key.clear();  // keyless inputs are never in conflict
  storage::append_input(f.db, f.match, keyed);
}

TEST_CASE("inputs must come from a seat of an existing match") {
  Fixture f;
  CHECK_THROWS_AS(storage::append_input(f.db, f.match + 1, decision(1, 0, {})), ConstraintError);
  CHECK_THROWS_AS(storage::append_input(f.db, f.match, decision(1, 5, {})), ConstraintError);
  CHECK_THROWS_AS(storage::append_input(f.db, f.match, decision(0, 0, {})), ConstraintError);
  CHECK(query_int(f.t, "SELECT count(*) FROM match_inputs") == 0);
}

TEST_CASE("snapshots round-trip in input order") {
  Fixture f;
  const std::string view = "\x0a\x00\x00view\x00"s;
  storage::save_snapshot(f.db, f.match, {50, 0x8000'0000'0000'0001ULL, view, 500});
  storage::save_snapshot(f.db, f.match, {0, 12345, "", 100});
  const std::vector<SnapshotRecord> loaded = storage::load_snapshots(f.db, f.match);
  REQUIRE(loaded.size() == 2);
  CHECK(loaded[0].input_seq == 0);
  CHECK(loaded[0].state_hash == 12345U);
  CHECK(loaded[0].view.empty());
  CHECK(loaded[0].at_ms == 100);
  CHECK(loaded[1].input_seq == 50);
  CHECK(loaded[1].state_hash == 0x8000'0000'0000'0001ULL);
  CHECK(loaded[1].view == view);
  CHECK(loaded[1].at_ms == 500);

  CHECK_THROWS_AS(storage::save_snapshot(f.db, f.match, {50, 1, "other", 501}), ConstraintError);
  CHECK(storage::load_snapshots(f.db, f.match)[1].view == view);
  CHECK(storage::load_snapshots(f.db, f.match + 1).empty());
}

TEST_CASE("deleting a match or an account takes what belongs to it") {
  Fixture f;
  storage::create_session(f.db, "token", f.bob, 1, kNever);
  storage::start_match(f.db, f.match, 1, 1);
  storage::append_input(f.db, f.match, decision(1, 0, {1}));
  storage::save_snapshot(f.db, f.match, {1, 1, "v", 1});
  // Bob still sits in a match: his account is protected by it.
  CHECK_THROWS_AS(f.db.execute("DELETE FROM accounts WHERE id = " + std::to_string(f.bob)),
                  ConstraintError);

  f.db.execute("DELETE FROM matches WHERE id = " + std::to_string(f.match));
  CHECK(query_int(f.t, "SELECT count(*) FROM match_seats") == 0);
  CHECK(query_int(f.t, "SELECT count(*) FROM match_inputs") == 0);
  CHECK(query_int(f.t, "SELECT count(*) FROM match_snapshots") == 0);
  f.db.execute("DELETE FROM accounts WHERE id = " + std::to_string(f.bob));
  CHECK_FALSE(storage::find_session(f.db, "token", 100));
  CHECK(query_int(f.t, "SELECT count(*) FROM sessions") == 0);
}

TEST_CASE("a transaction commits its work, or none of it on an exception") {
  TestDatabase t;
  Database db = t.open();
  db.transaction([](Database& tx) {
    storage::create_account(tx, "alice", "h", 1);
    storage::create_account(tx, "bob", "h", 1);
  });
  CHECK(query_int(t, "SELECT count(*) FROM accounts") == 2);

  const auto interrupted = [](Database& tx) {
    storage::create_account(tx, "carol", "h", 1);
    throw std::runtime_error("the network went away");
  };
  CHECK_THROWS_AS(db.transaction(interrupted), std::runtime_error);
  CHECK_FALSE(storage::find_account(db, "carol"));
  const auto refused = [](Database& tx) {
    storage::create_account(tx, "dave", "h", 1);
    storage::create_account(tx, "ALICE", "h", 1);
  };
  CHECK_THROWS_AS(db.transaction(refused), ConstraintError);
  CHECK_FALSE(storage::find_account(db, "dave"));
  CHECK(query_int(t, "SELECT count(*) FROM accounts") == 2);
  // The connection is usable again: no transaction was left open.
  CHECK_FALSE(db.in_transaction());
}

TEST_CASE("a failing piece of a batch rolls back alone") {
  Fixture f;
  storage::append_input(f.db, f.match, decision(2, 0, {}));
  int failures = 0;
  f.db.transaction([&](Database& tx) {
    for (std::uint32_t seq : {1U, 2U, 3U}) {
      try {
        tx.savepoint([&](Database& piece) {
          storage::create_session(piece, "session " + std::to_string(seq), f.alice, seq, kNever);
          storage::append_input(piece, f.match, decision(seq, 1, {seq}));
        });
      } catch (const ConstraintError&) {
        ++failures;
      }
    }
  });
  CHECK(failures == 1);
  const std::vector<InputRecord> loaded = storage::load_inputs(f.db, f.match);
  REQUIRE(loaded.size() == 3);
  CHECK(loaded[0].seat == 1);
  CHECK(loaded[1].seat == 0);  // the original seq 2, untouched
  CHECK(loaded[2].seat == 1);
  CHECK(storage::find_session(f.db, "session 1", 100));
  CHECK_FALSE(storage::find_session(f.db, "session 2", 100));
  CHECK(storage::find_session(f.db, "session 3", 100));
}

TEST_CASE("a transaction that SQLite rolled back by itself reports the real error" *
          doctest::skip(!on_sqlite())) {
  TestDatabase t;
  Database db = t.open();
  // A full disk, simulated: SQLite answers SQLITE_FULL by rolling back the whole transaction.
  db.execute("PRAGMA max_page_count = " + std::to_string(query_int(t, "PRAGMA page_count") + 3));
  const auto fill = [](Database& tx) {
    for (int i = 0; i < 10'000; ++i)
      storage::create_account(tx, "user " + std::to_string(i) + std::string(200, '.'), "h", 1);
  };
  for (bool in_savepoint : {false, true}) {
    CAPTURE(in_savepoint);
    std::string message;
    try {
      db.transaction([&](Database& tx) {
        if (in_savepoint) {
          tx.savepoint(fill);
        } else {
          fill(tx);
        }
      });
    } catch (const StorageError& error) {
      message = error.what();
    }
    CHECK(message.find("database or disk is full") != std::string::npos);
    CHECK_FALSE(db.in_transaction());
    CHECK(query_int(t, "SELECT count(*) FROM accounts") == 0);
  }
  db.transaction([](Database& tx) { storage::create_account(tx, "after", "h", 1); });
  CHECK(storage::find_account(db, "after"));
}

TEST_CASE("a failed commit leaves no transaction open") {
  Fixture f;
  // Deferred, the foreign key is checked only by COMMIT.
  f.db.execute(
      "CREATE TABLE deferred_check (account_id BIGINT REFERENCES accounts (id) "
      "DEFERRABLE INITIALLY DEFERRED)");
  const auto deferred_violation = [&](Database& tx) {
    storage::append_input(tx, f.match, decision(1, 1, {}));
    tx.execute("INSERT INTO deferred_check VALUES (" + std::to_string(f.bob + 100) + ")");
  };
  CHECK_THROWS_AS(f.db.transaction(deferred_violation), ConstraintError);
  CHECK_FALSE(f.db.in_transaction());
  CHECK(storage::load_inputs(f.db, f.match).empty());
  f.db.transaction([&](Database& tx) { storage::append_input(tx, f.match, decision(1, 1, {})); });
  CHECK(storage::load_inputs(f.db, f.match).size() == 1);
}

TEST_CASE("committed data is there after reopening") {
  TestDatabase t;
  std::int64_t match = 0;
  {
    Database db = t.open();
    db.transaction([&](Database& tx) {
      const std::int64_t alice = storage::create_account(tx, "alice", "h", 1);
      match = storage::create_match(tx, 2, 7, "setup", alice, 2);
      storage::set_seats(tx, match, {{0, alice}}, "setup");
      storage::start_match(tx, match, 77, 3);
      storage::append_input(tx, match, decision(1, 0, {4, 5}));
    });
  }
  Database db = t.open();
  const std::optional<MatchRecord> loaded = storage::load_match(db, match);
  REQUIRE(loaded);
  CHECK(loaded->status == MatchStatus::kActive);
  CHECK(loaded->seed == 77U);
  const std::vector<InputRecord> inputs = storage::load_inputs(db, match);
  REQUIRE(inputs.size() == 1);
  CHECK(inputs[0].options == std::vector<std::uint64_t>{4, 5});
}

TEST_CASE("a commit survives the process dying without closing the database") {
  TestDatabase t;
  std::int64_t match = 0;
  {
    Database db = t.open();
    const std::int64_t alice = storage::create_account(db, "alice", "h", 1);
    match = storage::create_match(db, 2, 7, "setup", alice, 2);
    storage::set_seats(db, match, {{0, alice}}, "setup");
    storage::start_match(db, match, 77, 3);
  }
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // No doctest in here: only the exit status reports back.
    try {
      Database db = t.open();
      db.transaction(
          [&](Database& tx) { storage::append_input(tx, match, decision(1, 0, {0xABCD})); });
      _exit(0);  // no destructors run: the connection is never closed
    } catch (...) {
      _exit(1);
    }
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  // A clean close would have checkpointed and removed the WAL; the commit lives only in it.
  if (t.backend() == Backend::kSqlite) CHECK(std::filesystem::exists(t.url() + "-wal"));

  Database db = t.open();
  const std::vector<InputRecord> inputs = storage::load_inputs(db, match);
  REQUIRE(inputs.size() == 1);
  CHECK(inputs[0].options == std::vector<std::uint64_t>{0xABCD});
}
