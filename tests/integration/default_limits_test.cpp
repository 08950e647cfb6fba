// End to end: the project's own bots against a server with its default limits. They send
// requests from one address faster than its request rate allows, so the server answers some of
// them RATE_LIMITED; the bots must wait as the answers say and finish every match.
#include <doctest/doctest.h>

#include "tests/integration/process.h"
#include "tests/integration/server_run.h"
#include "tests/temp_dir.h"

namespace sd = spacedock;
using namespace std::chrono_literals;

namespace {

// Runs spacedock-bot against a fresh server with default limits; returns its log.
std::string play(const std::string& game, int matches) {
  sd::testing::TempDir dir;
  sd::testing::Process server(sd::testing::serve_command(dir.path(), "127.0.0.1:0"),
                              (dir.path() / "server.log").string());
  const auto port = sd::testing::wait_for_port(dir.path() / "port");
  sd::testing::Process bots(
      {SPACEDOCK_BOT_BIN, "--server", "ws://127.0.0.1:" + std::to_string(port) + "/ws", "--game",
       game, "--matches", std::to_string(matches), "--spectators", "1", "--seed", "3", "--deadline",
       "400"},
      (dir.path() / "bots.log").string());
  const auto exit = bots.wait_for(450s);
  const std::string log = sd::testing::slurp(dir.path() / "bots.log");
  REQUIRE_MESSAGE(exit.has_value(), "the bots did not finish:\n" << log);
  CHECK_MESSAGE(*exit == 0, log);
  server.kill(SIGTERM);
  CHECK(server.wait_for(10s) == 0);
  auto db = sd::testing::open_database(dir.path() / "db.sqlite");
  CHECK(sd::testing::check_stored_matches_replay(db) == static_cast<std::size_t>(matches));
  return log;
}

}  // namespace

TEST_CASE("default limits: 30 Incursions matches with a spectator each all finish") {
  const std::string log = play("incursions", 30);
  CHECK(log.find("30 of 30 matches finished") != std::string::npos);
}

TEST_CASE("default limits: 10 STCCG matches with a spectator each all finish") {
  const std::string log = play("stccg", 10);
  CHECK(log.find("10 of 10 matches finished") != std::string::npos);
}
