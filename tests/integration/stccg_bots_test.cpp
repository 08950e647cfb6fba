// End to end: random bots play whole STCCG games with the sample decks on the real server,
// with a spectator following each, over the real protocol; every stored game replays to the
// result the server recorded.
#include <doctest/doctest.h>

#include "storage/matches.h"
#include "tests/integration/process.h"
#include "tests/integration/server_run.h"
#include "tests/temp_dir.h"

namespace sd = spacedock;
using namespace std::chrono_literals;

TEST_CASE("stccg: bots play complete games with the sample decks over the server") {
  sd::testing::TempDir dir;
  sd::testing::Process server(sd::testing::serve_command(dir.path(), "127.0.0.1:0"),
                              (dir.path() / "server.log").string());
  const auto port = sd::testing::wait_for_port(dir.path() / "port");
  sd::testing::Process bots(
      {SPACEDOCK_BOT_BIN, "--server", "ws://127.0.0.1:" + std::to_string(port) + "/ws", "--game",
       "stccg", "--matches", "4", "--parallel", "2", "--spectators", "1", "--seed", "7",
       "--deadline", "120"},
      (dir.path() / "bots.log").string());

  const auto exit = bots.wait_for(150s);
  const std::string bot_log = sd::testing::slurp(dir.path() / "bots.log");
  REQUIRE_MESSAGE(exit.has_value(), "the bots did not finish:\n" << bot_log);
  CHECK_MESSAGE(*exit == 0, bot_log);  // every match finished, every event stream gapless
  CHECK(bot_log.find("4 of 4 matches finished") != std::string::npos);
  server.kill(SIGTERM);
  CHECK(server.wait_for(10s) == 0);

  auto db = sd::testing::open_database(dir.path() / "db.sqlite");
  CHECK(sd::testing::check_stored_matches_replay(db) == 4);
  for (const auto& match : sd::storage::load_matches(db, {sd::storage::MatchStatus::kFinished})) {
    sd::v1::MatchSetup setup;
    REQUIRE(setup.ParseFromString(match.setup));
    CHECK(setup.game() == sd::v1::GAME_STCCG);
    // A full game: seeding alone takes dozens of decisions.
    CHECK(sd::storage::load_inputs(db, match.id).size() > 100);
  }
}
