// End to end: the real server, two bot players and a spectator over WebSocket; the server is
// killed with SIGKILL in the middle of a game and restarted; the game finishes with nothing lost.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <thread>
#include <tuple>

#include "storage/accounts.h"
#include "storage/matches.h"
#include "storage/postgresql/programs.h"
#include "storage/writer.h"
#include "tests/integration/process.h"
#include "tests/integration/server_run.h"
#include "tests/temp_dir.h"
#include "tests/test_database.h"

namespace sd = spacedock;
using sd::testing::Acks;
using sd::testing::check_acks;
using sd::testing::Process;
using sd::testing::serve_command;
using sd::testing::slurp;
using sd::testing::TempDir;
using sd::testing::wait_for_port;
using namespace std::chrono_literals;

namespace {

// The first active match with at least `inputs` stored inputs, if any.
std::optional<std::int64_t> match_in_progress(sd::storage::Database& db, std::size_t inputs) {
  for (const auto& match : sd::storage::load_matches(db, {sd::storage::MatchStatus::kActive})) {
    if (sd::storage::load_inputs(db, match.id).size() >= inputs) return match.id;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("a game survives kill -9 of the server and finishes with nothing lost") {
  TempDir dir;
  std::filesystem::remove(dir.path() / "port");
  auto server = std::make_unique<Process>(serve_command(dir.path(), "127.0.0.1:0"),
                                          (dir.path() / "server.log").string());
  const auto port = wait_for_port(dir.path() / "port");
  const std::string address = "127.0.0.1:" + std::to_string(port);

  Process bots({SPACEDOCK_BOT_BIN, "--server", "ws://" + address + "/ws", "--matches", "2",
                "--parallel", "1", "--spectators", "1", "--think-ms", "3", "--deadline", "120",
                "--ack-log", (dir.path() / "acks").string()},
               (dir.path() / "bots.log").string());

  // Kill the server in the middle of a game.
  // One connection for the whole watch: opening one per look (a PostgreSQL connection and its
  // schema check) is slow enough to miss a short game.
  std::optional<std::int64_t> victim;
  {
    auto watch = sd::testing::open_database(dir.path() / "db.sqlite");
    for (int i = 0; i < 1500 && !victim; ++i) {
      victim = match_in_progress(watch, 25);
      if (!victim) std::this_thread::sleep_for(20ms);
    }
  }
  REQUIRE_MESSAGE(victim.has_value(), "no game reached 25 inputs:\n"
                                          << slurp(dir.path() / "bots.log"));
  server->kill(SIGKILL);
  REQUIRE(server->wait_for(10s).has_value());
  std::size_t inputs_at_kill = 0;
  {
    auto db = sd::testing::open_database(dir.path() / "db.sqlite");
    inputs_at_kill = sd::storage::load_inputs(db, *victim).size();
  }
  std::this_thread::sleep_for(300ms);  // the bots notice and start reconnecting
  server = std::make_unique<Process>(serve_command(dir.path(), address),
                                     (dir.path() / "server.log").string());

  const auto exit = bots.wait_for(120s);
  const std::string bot_log = slurp(dir.path() / "bots.log");
  REQUIRE_MESSAGE(exit.has_value(), "the bots did not finish:\n" << bot_log);
  CHECK_MESSAGE(*exit == 0, bot_log);
  CHECK(bot_log.find("2 of 2 matches finished") != std::string::npos);
  CHECK(bot_log.find(", 0 reconnects") == std::string::npos);  // they did reconnect
  CHECK(slurp(dir.path() / "server.log").find("restored 1 unfinished matches") !=
        std::string::npos);

  server->kill(SIGTERM);
  CHECK(server->wait_for(10s) == 0);

  auto db = sd::testing::open_database(dir.path() / "db.sqlite");
  // Every decision a bot saw acknowledged is in the input log.
  REQUIRE(sd::storage::load_matches(db, {sd::storage::MatchStatus::kFinished}).size() == 2);
  const Acks acks = check_acks(db, dir.path() / "acks", {sd::storage::MatchStatus::kFinished});
  CHECK(acks.missing == 0);
  const std::size_t acknowledged = acks.acknowledged;
  CHECK(acknowledged > 50);
  CHECK(sd::storage::load_inputs(db, *victim).size() > inputs_at_kill);  // play went on

  // Each stored game replays from its seed and inputs to the result that was recorded.
  CHECK(sd::testing::check_stored_matches_replay(db) == 2);
}

TEST_CASE("a match stored under other rules is not replayed: it is aborted, saying why") {
  TempDir dir;
  std::int64_t stale = 0;
  {
    auto db = sd::testing::open_database(dir.path() / "db.sqlite");
    const auto creator = sd::storage::create_account(db, "alice", "unused-hash", 1);
    sd::v1::MatchSetup setup;
    setup.set_game(sd::v1::GAME_STCCG);
    stale =
        sd::storage::create_match(db, sd::v1::GAME_STCCG, 1, setup.SerializeAsString(), creator, 1);
  }
  std::filesystem::remove(dir.path() / "port");
  Process server(serve_command(dir.path(), "127.0.0.1:0"), (dir.path() / "server.log").string());
  wait_for_port(dir.path() / "port");
  server.kill(SIGTERM);
  CHECK(server.wait_for(10s) == 0);
  const std::string log = slurp(dir.path() / "server.log");
  const std::string why = "created under rules version 1, and this server plays version " +
                          std::to_string(sd::engine::rules_version(sd::v1::GAME_STCCG));
  CHECK(log.find(why) != std::string::npos);
  auto db = sd::testing::open_database(dir.path() / "db.sqlite");
  const auto aborted = sd::storage::load_matches(db, {sd::storage::MatchStatus::kAborted});
  REQUIRE(aborted.size() == 1);
  CHECK(aborted[0].id == stale);
}

TEST_CASE("durability: killed with SIGKILL twenty times under load, nothing acknowledged is lost") {
  constexpr int kKills = 20;
  constexpr int kMatches = 40;
  TempDir dir;
  std::filesystem::remove(dir.path() / "port");
  auto server = std::make_unique<Process>(serve_command(dir.path(), "127.0.0.1:0"),
                                          (dir.path() / "server.log").string());
  const auto port = wait_for_port(dir.path() / "port");
  const std::string address = "127.0.0.1:" + std::to_string(port);
  Process bots({SPACEDOCK_BOT_BIN, "--server", "ws://" + address + "/ws", "--matches",
                std::to_string(kMatches), "--parallel", "4", "--spectators", "1", "--think-ms", "4",
                "--deadline", "240", "--ack-log", (dir.path() / "acks").string()},
               (dir.path() / "bots.log").string());

  std::mt19937 random(20261124);
  std::uniform_int_distribution<int> moment_ms(50, 600);
  int kills = 0;
  for (; kills < kKills && !bots.exited(); ++kills) {
    std::this_thread::sleep_for(std::chrono::milliseconds(moment_ms(random)));
    server->kill(SIGKILL);
    REQUIRE(server->wait_for(10s).has_value());
    std::filesystem::remove(dir.path() / "port");
    server = std::make_unique<Process>(serve_command(dir.path(), address),
                                       (dir.path() / "server.log").string());
    wait_for_port(dir.path() / "port");  // restored and listening again
  }
  const auto exit = bots.wait_for(240s);
  const std::string bot_log = slurp(dir.path() / "bots.log");
  REQUIRE_MESSAGE(exit.has_value(), "the bots did not finish:\n" << bot_log);
  CHECK_MESSAGE(*exit == 0, bot_log);
  CHECK(bot_log.find(std::to_string(kMatches) + " of " + std::to_string(kMatches) +
                     " matches finished") != std::string::npos);
  server->kill(SIGTERM);
  CHECK(server->wait_for(10s) == 0);

  auto db = sd::testing::open_database(dir.path() / "db.sqlite");
  const auto [acknowledged, missing] =
      check_acks(db, dir.path() / "acks", {sd::storage::MatchStatus::kFinished});
  CHECK(missing == 0);
  const std::size_t replayed = sd::testing::check_stored_matches_replay(db);
  CHECK(replayed == kMatches);
  CHECK(kills >= 10);
  MESSAGE("durability: " << kills << " SIGKILLs; " << acknowledged
                         << " acknowledged decisions, all stored; " << replayed
                         << " finished matches replayed to their recorded results");
}

TEST_CASE("a server restores nothing while another connection holds its database for writing") {
  TempDir dir;
  std::filesystem::remove(dir.path() / "port");
  auto predecessor = std::make_optional(sd::testing::open_database(dir.path() / "db.sqlite"));
  REQUIRE(sd::storage::try_claim_writer(*predecessor));
  Process server(serve_command(dir.path(), "127.0.0.1:0"), (dir.path() / "server.log").string());
  if (sd::testing::test_backend() == sd::storage::Backend::kPostgresql) {
    // As a killed server's backend finishing its last commit: the new server waits it out.
    std::this_thread::sleep_for(1s);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "port"));
    CHECK(slurp(dir.path() / "server.log").find("another server still holds this database") !=
          std::string::npos);
    CHECK_FALSE(server.exited());
  }
  predecessor.reset();  // SQLite's writers are ordered by the file's locks: no wait
  wait_for_port(dir.path() / "port");
  server.kill(SIGTERM);
  CHECK(server.wait_for(10s) == 0);
}

TEST_CASE("spacedock backup copies a database while matches are being played") {
  TempDir dir;
  std::filesystem::remove(dir.path() / "port");
  Process server(serve_command(dir.path(), "127.0.0.1:0"), (dir.path() / "server.log").string());
  const auto port = wait_for_port(dir.path() / "port");
  Process bots({SPACEDOCK_BOT_BIN, "--server", "ws://127.0.0.1:" + std::to_string(port) + "/ws",
                "--matches", "12", "--parallel", "3", "--think-ms", "2", "--deadline", "120"},
               (dir.path() / "bots.log").string());
  // Copies taken while the bots play: each must be a consistent database on its own. The first
  // is taken once a match has finished (so the copy has one to replay), the others still going;
  // a fixed wait was too short on a loaded machine.
  const auto waited_until = std::chrono::steady_clock::now() + 60s;
  while (slurp(dir.path() / "bots.log").find(" finished after ") == std::string::npos &&
         std::chrono::steady_clock::now() < waited_until) {
    std::this_thread::sleep_for(50ms);
  }
  // SQLite: a copy of the file. PostgreSQL: a pg_dump archive.
  const bool on_sqlite = sd::testing::test_backend() == sd::storage::Backend::kSqlite;
  const std::string from = sd::testing::database_url(dir.path() / "db.sqlite");
  const std::string copy = (dir.path() / (on_sqlite ? "copy.sqlite" : "copy.dump")).string();
  Process backup({SPACEDOCK_BIN, "backup", "--db", from, "--to", copy},
                 (dir.path() / "backup.log").string());
  REQUIRE(backup.wait_for(60s) == 0);
  CHECK(slurp(dir.path() / "backup.log").find(on_sqlite ? "pages in" : "with pg_dump") !=
        std::string::npos);
  Process again({SPACEDOCK_BIN, "backup", "--db", from, "--to", copy},
                (dir.path() / "again.log").string());
  CHECK(again.wait_for(60s) == 1);  // never overwrites
  CHECK(slurp(dir.path() / "again.log").find("exists already") != std::string::npos);
  CHECK(bots.wait_for(120s) == 0);
  server.kill(SIGTERM);
  CHECK(server.wait_for(10s) == 0);

  std::string restored = copy;
  if (!on_sqlite) {
    // The archive lists the input log, and restores into a new, empty database as
    // storage/backup.h says.
    using sd::storage::postgresql::find_program;
    using sd::storage::postgresql::run_program;
    const auto listed = run_program({find_program("pg_restore"), "--list", copy});
    REQUIRE(listed.status == 0);
    CHECK(listed.output.find("TABLE DATA public match_inputs") != std::string::npos);
    CHECK(listed.output.find("TABLE DATA public matches") != std::string::npos);
    restored = sd::testing::database_url(dir.path() / "restored");
    const auto loaded = run_program({find_program("pg_restore"), "--dbname=" + restored,
                                     "--single-transaction", "--exit-on-error", copy});
    REQUIRE_MESSAGE(loaded.status == 0, loaded.output);
  }
  auto db = sd::storage::Database::open(restored);
  CHECK(db.check_integrity() == "ok");
  CHECK(sd::storage::load_matches(
            db, {sd::storage::MatchStatus::kWaiting, sd::storage::MatchStatus::kActive,
                 sd::storage::MatchStatus::kFinished})
            .size() >= 1);
  // Whatever had finished when the copy was taken replays from the copy alone.
  sd::testing::check_stored_matches_replay(db);
}
