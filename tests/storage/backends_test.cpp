// What the two backends add to the storage suite: database URLs, placeholders, errors, caught
// failures inside transactions, integers by column type, reconnecting, isolation, backups. Like
// the rest of the suite, it runs on the backend SPACEDOCK_TEST_DB names.
#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "storage/accounts.h"
#include "storage/backup.h"
#include "storage/database.h"
#include "storage/decks.h"
#include "storage/postgresql/placeholders.h"
#include "storage/postgresql/programs.h"
#include "storage/statement.h"
#include "tests/storage/raw_query.h"
#include "tests/test_database.h"

namespace spacedock::storage {
namespace {

using testing::query_int;
using testing::TestDatabase;

bool on_sqlite() {
  return testing::test_backend() == Backend::kSqlite;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const StorageError& error) {
    return error.what();
  }
  return "";
}

TEST_CASE("a database URL names its backend") {
  CHECK(parse_database_url("sqlite:/var/lib/spacedock/db.sqlite").backend == Backend::kSqlite);
  CHECK(parse_database_url("sqlite:/var/lib/spacedock/db.sqlite").target ==
        "/var/lib/spacedock/db.sqlite");
  CHECK(parse_database_url("data/db.sqlite").target == "data/db.sqlite");
  CHECK(parse_database_url("data/db.sqlite").backend == Backend::kSqlite);
  CHECK(parse_database_url(":memory:").backend == Backend::kSqlite);
  CHECK(parse_database_url("sqlite::memory:").target == ":memory:");
  const std::string pg = "postgresql://spacedock@db.example:5432/spacedock?sslmode=require";
  CHECK(parse_database_url(pg).backend == Backend::kPostgresql);
  CHECK(parse_database_url(pg).target == pg);  // libpq reads the whole URL
  CHECK(parse_database_url("postgres:///spacedock").backend == Backend::kPostgresql);
  // A path may hold a colon; only SCHEME:// is a scheme.
  CHECK(parse_database_url("backups/12:00.sqlite").target == "backups/12:00.sqlite");

  const std::string refused = error_of([] { Database::open("mysql://localhost/spacedock"); });
  CHECK(refused.find("unknown database URL scheme \"mysql\"") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists("mysql:"));  // not taken for a file name either
  CHECK(error_of([] { parse_database_url("postgresql:spacedock"); }).find("postgresql://") !=
        std::string::npos);
}

TEST_CASE("sqlite: URLs and bare paths open SQLite files") {
  testing::TempDir dir;
  const std::string file = (dir.path() / "named.db").string();
  Database db = Database::open("sqlite:" + file);
  CHECK(db.backend() == Backend::kSqlite);
  create_account(db, "alice", "h", 1);
  CHECK(std::filesystem::exists(file));
  Database again = Database::open(file);  // the same file, by its bare path
  CHECK(find_account(again, "alice"));
  Database memory = Database::open("sqlite::memory:");
  CHECK(memory.schema_version() == 10);
}

TEST_CASE("? parameters are numbered for PostgreSQL, outside quotes and comments") {
  const auto numbered = postgresql::number_parameters(
      "SELECT '?', \"a?\", ? -- why?\n FROM t /* ? */ WHERE a = ? AND b = 'it''s ?' AND c = ?");
  CHECK(
      numbered.sql ==
      "SELECT '?', \"a?\", $1 -- why?\n FROM t /* ? */ WHERE a = $2 AND b = 'it''s ?' AND c = $3");
  CHECK(numbered.parameters == 3);
  CHECK(postgresql::number_parameters("SELECT 1").parameters == 0);
  CHECK(postgresql::number_parameters("SELECT '?").sql == "SELECT '?");  // unterminated: as is
}

TEST_CASE("statements run with their parameters, cached or not, nested or not") {
  TestDatabase t;
  Database db = t.open();
  {
    Statement quoted(db, "SELECT '?', ?");
    quoted.bind_text(1, "second");
    REQUIRE(quoted.step());
    CHECK(quoted.column_text(0) == "?");
    CHECK(quoted.column_text(1) == "second");
  }
  // The same SQL twice at once: the second statement must not disturb the first.
  Statement outer(db, "SELECT ? + 1");
  outer.bind_int(1, 41);
  REQUIRE(outer.step());
  {
    Statement inner(db, "SELECT ? + 1");
    inner.bind_int(1, 1);
    REQUIRE(inner.step());
    CHECK(inner.column_int(0) == 2);
  }
  CHECK(outer.column_int(0) == 42);
  // A parameter first NULL (untyped: PostgreSQL infers int4 here), then a 64-bit value: the
  // cached statement is prepared again, with int8.
  Statement either(db, "SELECT coalesce(?, -1)");
  either.bind_null(1);
  REQUIRE(either.step());
  CHECK(either.column_int(0) == -1);
  either.reset();
  either.bind_int(1, 5'000'000'000);
  REQUIRE(either.step());
  CHECK(either.column_int(0) == 5'000'000'000);
  // More distinct statements than the cache keeps (64): the rest run uncached.
  for (int i = 0; i < 80; ++i) {
    Statement added(db, "SELECT ? + " + std::to_string(i));
    added.bind_int(1, 1000);
    REQUIRE(added.step());
    CHECK(added.column_int(0) == 1000 + i);
  }
}

TEST_CASE("integers read back from integer, boolean and numeric columns") {
  TestDatabase t;
  Database db = t.open();
  Statement query(db, PerDialect{
                          .sqlite = "SELECT 7, -8, 9000000000, 1 = 1, 1 = 2, sum(v), NULL "
                                    "FROM (SELECT 5000000000 AS v UNION ALL SELECT -3)",
                          .postgresql = "SELECT 7::int2, -8::int4, 9000000000::int8, true, "
                                        "false, sum(v), NULL::int8 "
                                        "FROM (VALUES (5000000000::int8), (-3)) AS t (v)",
                      });
  REQUIRE(query.step());
  CHECK(query.column_int(0) == 7);
  CHECK(query.column_int(1) == -8);
  CHECK(query.column_int(2) == 9'000'000'000);
  CHECK(query.column_int(3) == 1);
  CHECK(query.column_int(4) == 0);
  CHECK(query.column_int(5) == 4'999'999'997);  // numeric, on PostgreSQL
  CHECK(query.column_optional_int(6) == std::nullopt);
  CHECK(query.column_int(6) == 0);
  if (!on_sqlite()) {
    Statement numeric(db, "SELECT -12345.678::numeric, 123456789012345678901234::numeric");
    REQUIRE(numeric.step());
    CHECK(numeric.column_int(0) == -12345);  // the fraction dropped
    CHECK_THROWS_AS(numeric.column_int(1), StorageError);
    CHECK_THROWS_AS(numeric.column_text(0), StorageError);
  }
}

TEST_CASE("a constraint refusing a write is a ConstraintError; other failures are not") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t alice = create_account(db, "alice", "h", 1);
  CHECK_THROWS_AS(create_account(db, "ALICE", "h", 1), ConstraintError);           // UNIQUE
  CHECK_THROWS_AS(create_session(db, "token", alice + 1, 1, 2), ConstraintError);  // FOREIGN KEY
  CHECK_THROWS_AS(db.execute("INSERT INTO accounts (username, password_hash, created_at_ms, role) "
                             "VALUES ('bob', 'h', 1, 'emperor')"),
                  ConstraintError);  // CHECK
  CHECK_THROWS_AS(db.execute("INSERT INTO accounts (username, password_hash, created_at_ms) "
                             "VALUES ('bob', NULL, 1)"),
                  ConstraintError);  // NOT NULL
  const auto plain_error = [&](const std::string& sql) {
    try {
      db.execute(sql);
    } catch (const ConstraintError&) {
      return false;
    } catch (const StorageError&) {
      return true;
    }
    return false;
  };
  CHECK(plain_error("SELECT * FROM no_such_table"));
  CHECK(plain_error("SELEKT 1"));
  CHECK(query_int(t, "SELECT count(*) FROM accounts") == 1);
}

TEST_CASE("a taken deck name inside a batch is an answer: the job's other writes commit") {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t alice = create_account(db, "alice", "h", 1);
  DeckRecord deck;
  deck.account_id = alice;
  deck.name = "Feds";
  deck.list = "list";
  create_deck(db, deck);
  bool taken = false;
  // The shape of the server's deck jobs: the ConstraintError caught inside the job.
  db.transaction([&](Database& tx) {
    tx.savepoint([&](Database& job) {
      create_session(job, "before", alice, 1, 1'000);
      try {
        DeckRecord again = deck;
        again.name = "FEDS";
        create_deck(job, again);
      } catch (const ConstraintError&) {
        taken = true;
      }
      create_session(job, "after", alice, 1, 1'000);
    });
  });
  CHECK(taken);
  CHECK(find_session(db, "before", 10) == alice);
  CHECK(find_session(db, "after", 10) == alice);
  CHECK(count_decks(db, alice) == 1);
}

TEST_CASE("an error caught without recoverable(): SQLite undoes the statement, PostgreSQL more") {
  TestDatabase t;
  Database db = t.open();
  create_account(db, "alice", "h", 1);
  const auto swallow_duplicate = [](Database& tx) {
    try {
      tx.execute(
          "INSERT INTO accounts (username, password_hash, created_at_ms) "
          "VALUES ('alice', 'h', 1)");
    } catch (const ConstraintError&) {
    }
  };
  std::string savepoint_error;
  db.transaction([&](Database& tx) {
    tx.savepoint([](Database& job) { create_account(job, "bob", "h", 1); });
    savepoint_error = error_of([&] {
      tx.savepoint([&](Database& job) {
        create_account(job, "carol", "h", 1);
        swallow_duplicate(job);
      });
    });
    tx.savepoint([](Database& job) { create_account(job, "dave", "h", 1); });
  });
  const std::string transaction_error = error_of([&] {
    db.transaction([&](Database& tx) {
      create_account(tx, "erin", "h", 1);
      swallow_duplicate(tx);
    });
  });
  CHECK_FALSE(db.in_transaction());
  CHECK(find_account(db, "bob"));
  CHECK(find_account(db, "dave"));
  if (on_sqlite()) {
    CHECK(savepoint_error == "");
    CHECK(transaction_error == "");
    CHECK(find_account(db, "carol"));
    CHECK(find_account(db, "erin"));
  } else {
    CHECK(savepoint_error.find("PostgreSQL undoes the whole savepoint") != std::string::npos);
    CHECK(transaction_error.find("PostgreSQL undoes the whole transaction") != std::string::npos);
    CHECK_FALSE(find_account(db, "carol"));
    CHECK_FALSE(find_account(db, "erin"));
  }
}

TEST_CASE("a committed transaction is visible to another connection when it returns") {
  TestDatabase t;
  Database db = t.open();
  for (int i = 1; i <= 3; ++i) {
    db.transaction([&](Database& tx) { create_account(tx, "user" + std::to_string(i), "h", 1); });
    CHECK(query_int(t, "SELECT count(*) FROM accounts") == i);
  }
}

TEST_CASE("PostgreSQL transactions are READ COMMITTED whatever the server's default" *
          doctest::skip(on_sqlite())) {
  TestDatabase t;
  t.open().execute(
      "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET default_transaction_isolation = "
      "serializable', current_database()); END $$");
  Database db = t.open();  // a new session, which takes the new default
  const auto shown = [](Database& on, const char* sql) {
    Statement show(on, sql);
    show.step();
    return show.column_text(0);
  };
  CHECK(shown(db, "SHOW default_transaction_isolation") == "serializable");
  std::string level;
  db.transaction([&](Database& tx) { level = shown(tx, "SHOW transaction_isolation"); });
  CHECK(level == "read committed");
}

TEST_CASE("a PostgreSQL writer held up by another's lock fails after 5 s, as on SQLite" *
          doctest::skip(on_sqlite())) {
  TestDatabase t;
  Database db = t.open();
  Database holder = t.open();
  holder.execute("BEGIN; LOCK TABLE accounts IN EXCLUSIVE MODE");
  // Lets go after 15 s at the latest, so that a writer with no lock timeout fails the test
  // instead of waiting for ever.
  std::mutex mutex;
  std::condition_variable done;
  bool written = false;
  std::thread releaser([&] {
    std::unique_lock lock(mutex);
    done.wait_for(lock, std::chrono::seconds(15), [&] { return written; });
    holder.execute("ROLLBACK");
  });
  const auto started = std::chrono::steady_clock::now();
  const std::string error =
      error_of([&] { db.transaction([](Database& tx) { create_account(tx, "alice", "h", 1); }); });
  const auto waited = std::chrono::steady_clock::now() - started;
  {
    std::lock_guard lock(mutex);
    written = true;
  }
  done.notify_one();
  releaser.join();
  CHECK(error.find("lock timeout") != std::string::npos);
  CHECK(waited >= std::chrono::milliseconds(4'900));
  CHECK(waited < std::chrono::seconds(15));
  CHECK_FALSE(db.in_transaction());
  db.transaction([](Database& tx) { create_account(tx, "alice", "h", 1); });
  CHECK(find_account(db, "alice"));
}

TEST_CASE("a lost PostgreSQL connection fails what runs on it; the next transaction reconnects" *
          doctest::skip(on_sqlite())) {
  TestDatabase t;
  Database db = t.open();
  const std::int64_t alice = create_account(db, "alice", "h", 1);
  CHECK(query_int(t,
                  "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                  "WHERE datname = current_database() AND pid <> pg_backend_pid()") == 1);
  CHECK_THROWS_AS(find_account(db, alice), StorageError);
  db.transaction([](Database& tx) { create_account(tx, "bob", "h", 2); });
  CHECK(find_account(db, alice)->username == "alice");  // prepared again in the new session
  CHECK(find_account(db, "bob"));
}

TEST_CASE("a savepoint whose transaction lost its connection fails; it never commits alone" *
          doctest::skip(on_sqlite())) {
  // A batch's fence holds only inside the batch's transaction: the pieces after a lost session
  // (a frozen node whose session the server ended) must fail, not reconnect and commit unfenced.
  TestDatabase t;
  Database db = t.open();
  const std::string error = error_of([&] {
    db.transaction([&](Database& tx) {
      create_account(tx, "alice", "h", 1);
      CHECK(query_int(t,
                      "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()") == 1);
      // As a batch does: the first piece fails on the lost session, the batch goes on.
      CHECK_THROWS_AS(tx.savepoint([](Database& piece) { create_account(piece, "bob", "h", 2); }),
                      StorageError);
      tx.savepoint([](Database& piece) { create_account(piece, "carol", "h", 3); });
    });
  });
  CHECK_FALSE(error.empty());
  CHECK_FALSE(db.in_transaction());
  Database reader = t.open();
  CHECK_FALSE(find_account(reader, "alice"));
  CHECK_FALSE(find_account(reader, "bob"));
  CHECK_FALSE(find_account(reader, "carol"));
}

TEST_CASE("check_integrity finds a row that refers to a missing one" *
          doctest::skip(!on_sqlite())) {
  TestDatabase t;
  Database db = t.open();
  CHECK(db.check_integrity() == "ok");
  db.execute("PRAGMA foreign_keys = OFF");
  create_session(db, "orphan", 42, 1, 2);
  db.execute("PRAGMA foreign_keys = ON");
  CHECK(db.check_integrity() == "a row of sessions refers to a missing row of accounts\n");
}

TEST_CASE("a backup restores to the same data") {
  TestDatabase t;
  Database db = t.open();
  create_account(db, "alice", "h", 1);
  testing::TempDir dir;
  const std::string file = (dir.path() / "backup").string();
  const std::size_t pages = backup(t.url(), file);
  REQUIRE(std::filesystem::exists(file));
  CHECK(error_of([&] { backup(t.url(), file); }).find("exists already") != std::string::npos);
  if (on_sqlite()) {
    CHECK(pages > 0);
    Database copy = Database::open(file);
    CHECK(copy.check_integrity() == "ok");
    CHECK(find_account(copy, "alice"));
    return;
  }
  CHECK(pages == 0);
  using postgresql::find_program;
  using postgresql::run_program;
  const auto listed = run_program({find_program("pg_restore"), "--list", file});
  REQUIRE(listed.status == 0);
  CHECK(listed.output.find("TABLE DATA public accounts") != std::string::npos);
  CHECK(listed.output.find("TABLE DATA public match_inputs") != std::string::npos);
  // Into a new, empty database, as backup.h says.
  TestDatabase restored;
  const auto loaded = run_program({find_program("pg_restore"), "--dbname=" + restored.url(),
                                   "--single-transaction", "--exit-on-error", file});
  CHECK(loaded.output == "");
  REQUIRE(loaded.status == 0);
  Database copy = restored.open();
  CHECK(copy.schema_version() == 10);
  CHECK(copy.check_integrity() == "ok");
  CHECK(find_account(copy, "alice"));
  // The identity goes on after the restored rows.
  CHECK(create_account(copy, "bob", "h", 2) > find_account(copy, "alice")->id);

  const std::string unreachable =
      error_of([&] { backup("postgresql:///no_such_database?host=/nonexistent", file + "2"); });
  CHECK(unreachable.find("pg_dump failed") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(file + "2"));
}

}  // namespace
}  // namespace spacedock::storage
