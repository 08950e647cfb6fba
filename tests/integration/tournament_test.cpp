// End to end: 64 bot players (spacedock-bot --tournament) in a 6-round Swiss event with a top-8
// cut on the real server; three players drop, one registers late, and the server is killed
// with SIGKILL in the middle of round 3 and restarted. The final standings are then checked
// against a recomputation, written here from the stored results alone, and the pairings against
// the Swiss rules.
#include <doctest/doctest.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/system/system_error.hpp>
#include <cmath>
#include <map>
#include <set>

#include "clients/bot/support.h"
#include "clients/common/client.h"
#include "storage/accounts.h"
#include "storage/tournaments.h"
#include "tests/integration/driver.h"
#include "tests/integration/process.h"
#include "tests/integration/server_run.h"
#include "tests/temp_dir.h"

namespace sd = spacedock;
using sd::testing::Driver;
using sd::testing::message;
using sd::testing::Process;
using sd::testing::serve_command;
using sd::testing::slurp;
using sd::testing::TempDir;
using sd::testing::wait_for_port;
using namespace std::chrono_literals;

namespace {

std::int64_t inputs_in_round(const std::filesystem::path& db_path, std::int64_t tournament,
                             int round) {
  auto db = sd::testing::open_database(db_path);
  const auto data = sd::storage::load_tournament(db, tournament);
  std::int64_t inputs = 0;
  for (const auto& t : data->rounds.at(static_cast<std::size_t>(round - 1)).tables) {
    if (t.match_id != 0)
      inputs += static_cast<std::int64_t>(sd::storage::load_inputs(db, t.match_id).size());
  }
  return inputs;
}

// The standings as this test computes them from the stored Swiss tables (tournaments.md §7:
// 3/1/0, a bye a win; shares floored at a third; byes left out of the match-win share and of the
// opponents; a bye a game won in the game-win share).
struct Expected {
  int points = 0, wins = 0, draws = 0, losses = 0, byes = 0;
  double match_win = 0, game_win = 0, opponents_match_win = 0, opponents_game_win = 0;
  std::vector<std::int64_t> opponents;
};

std::map<std::int64_t, Expected> recompute(const sd::storage::TournamentData& data) {
  using Code = sd::storage::TableResultCode;
  std::map<std::int64_t, Expected> out;
  std::map<std::int64_t, std::pair<int, int>> played;  // points and matches, byes left out
  std::map<std::int64_t, std::pair<int, int>> games;   // game points and games, byes in
  for (const auto& e : data.entrants)
    out[e.account_id];
  for (const auto& round : data.rounds) {
    if (round.cut) continue;
    for (const auto& t : round.tables) {
      if (t.second_id == 0) {
        auto& p = out[t.first_id];
        p.points += 3;
        ++p.byes;
        games[t.first_id].first += 3;
        ++games[t.first_id].second;
        continue;
      }
      for (auto [me, them, won, lost] :
           {std::tuple(t.first_id, t.second_id, Code::kFirst, Code::kSecond),
            std::tuple(t.second_id, t.first_id, Code::kSecond, Code::kFirst)}) {
        auto& p = out[me];
        p.opponents.push_back(them);
        int got = 0;
        if (t.result == won) {
          got = 3;
          ++p.wins;
        } else if (t.result == Code::kDraw) {
          got = 1;
          ++p.draws;
        } else {
          ++p.losses;
        }
        p.points += got;
        played[me].first += got;
        ++played[me].second;
        games[me].first += got;
        ++games[me].second;
      }
    }
  }
  for (auto& [id, p] : out) {
    const auto [pts, n] = played[id];
    p.match_win = std::max(1.0 / 3, n > 0 ? pts / (3.0 * n) : 0.0);
    const auto [gp, g] = games[id];
    p.game_win = std::max(1.0 / 3, g > 0 ? gp / (3.0 * g) : 0.0);
  }
  for (auto& [id, p] : out) {
    for (auto o : p.opponents) {
      p.opponents_match_win += out[o].match_win / static_cast<double>(p.opponents.size());
      p.opponents_game_win += out[o].game_win / static_cast<double>(p.opponents.size());
    }
  }
  return out;
}

}  // namespace

TEST_CASE("64 bots play a 6-round Swiss with a top 8 through drops, a late entry and kill -9") {
  TempDir dir;
  const auto db_path = dir.path() / "db.sqlite";
  std::filesystem::remove(dir.path() / "port");
  // 67 clients on one address (64 bots, the organiser, a player dropping): more than a
  // server allows one address by default.
  auto serve = [&](const std::string& listen) {
    auto command = serve_command(dir.path(), listen);
    for (const char* flag : {"--max-connections-per-address", "200",
                             "--address-requests-per-second", "20000", "--bot-think-ms", "0"})
      command.emplace_back(flag);
    return std::make_unique<Process>(command, (dir.path() / "server.log").string());
  };
  auto server = serve("127.0.0.1:0");
  const std::string address = "127.0.0.1:" + std::to_string(wait_for_port(dir.path() / "port"));
  const std::string url = "ws://" + address + "/ws";

  Driver olga(url, "olga", "olga-password");
  olga.call(message([](auto& m) { m.mutable_ping(); }));  // registers the account
  {
    auto db = sd::testing::open_database(db_path);
    REQUIRE(sd::storage::set_organiser(db, "olga", true));
  }
  olga.drop_connection();  // the role is read at the next login
  auto made = olga.call(message([](auto& m) {
    auto* s = m.mutable_create_tournament()->mutable_settings();
    s->set_name("Sixty-four");
    s->set_game(sd::v1::GAME_INCURSIONS);
    s->set_swiss_rounds(6);
    s->set_top_cut(8);
    s->set_late_registration_rounds(1);
  }));
  REQUIRE(made.code() == sd::v1::OK);
  const std::uint64_t id = made.tournament().tournament_id();
  const std::string event = std::to_string(id);

  Process bots({SPACEDOCK_BOT_BIN, "--server", url, "--tournament", event, "--entrants", "63",
                "--prefix", "player", "--deadline", "900"},
               (dir.path() / "bots.log").string());
  auto entrants = [&] {
    return olga.call(message([&](auto& m) { m.mutable_get_tournament()->set_tournament_id(id); }))
        .tournament();
  };
  for (int i = 0; i < 600 && entrants().entrants_size() < 63; ++i)
    std::this_thread::sleep_for(50ms);
  REQUIRE_MESSAGE(entrants().entrants_size() == 63, slurp(dir.path() / "bots.log"));

  auto account_of = [&](const std::string& name) {
    const auto info = entrants();
    for (const auto& e : info.entrants()) {
      if (e.username() == name) return e.account_id();
    }
    FAIL("no entrant " << name);
    return std::uint64_t{0};
  };
  std::unique_ptr<Process> late;
  bool killed = false;
  int rounds = 0;
  for (;;) {
    auto started = olga.call(message([&](auto& m) {
      m.mutable_start_round()->set_tournament_id(id);
      m.mutable_start_round()->set_round(static_cast<std::uint32_t>(rounds + 1));
    }));
    if (started.code() == sd::v1::WRONG_STATE && rounds > 0) break;  // the event is over
    REQUIRE_MESSAGE(started.code() == sd::v1::OK, started.message());
    ++rounds;
    if (rounds == 1) {
      late = std::make_unique<Process>(
          std::vector<std::string>{SPACEDOCK_BOT_BIN, "--server", url, "--tournament", event,
                                   "--entrants", "1", "--prefix", "late", "--deadline", "900"},
          (dir.path() / "late.log").string());
      for (int i = 0; i < 200 && entrants().entrants_size() < 64; ++i)
        std::this_thread::sleep_for(50ms);
      REQUIRE_MESSAGE(entrants().entrants_size() == 64, slurp(dir.path() / "late.log"));
    }
    if (rounds == 3 && !killed) {
      // Kill the server once the round's games are well under way, and start it again.
      for (int i = 0; i < 1500 && inputs_in_round(db_path, static_cast<std::int64_t>(id), 3) < 400;
           ++i)
        std::this_thread::sleep_for(10ms);
      server->kill(SIGKILL);
      REQUIRE(server->wait_for(10s).has_value());
      {
        // Killed mid-round: games were under way, and some were not over.
        auto db = sd::testing::open_database(db_path);
        const auto at_kill = sd::storage::load_tournament(db, static_cast<std::int64_t>(id));
        const auto& tables = at_kill->rounds.at(2).tables;
        CHECK(std::any_of(tables.begin(), tables.end(), [](const auto& t) {
          return t.result == sd::storage::TableResultCode::kPending;
        }));
      }
      CHECK(inputs_in_round(db_path, static_cast<std::int64_t>(id), 3) >= 400);
      killed = true;
      olga.drop_connection();
      std::this_thread::sleep_for(300ms);
      server = serve(address);
    }
    for (int i = 0; i < 3000; ++i) {
      if (entrants().round_done()) break;
      std::this_thread::sleep_for(100ms);
    }
    REQUIRE_MESSAGE(entrants().round_done(), "round " << rounds << " did not finish:\n"
                                                      << slurp(dir.path() / "bots.log"));
    // Drops between rounds: the organiser drops player5 and player11; player7 drops themself.
    if (rounds == 1 || rounds == 3) {
      const auto dropped = olga.call(message([&](auto& m) {
        m.mutable_drop_from_tournament()->set_tournament_id(id);
        m.mutable_drop_from_tournament()->set_account_id(
            account_of(rounds == 1 ? "player5" : "player11"));
      }));
      CHECK(dropped.code() == sd::v1::OK);
    }
    if (rounds == 2) {
      Driver p7(url, "player7", sd::bot::kPassword);
      CHECK(p7.call(message(
                        [&](auto& m) { m.mutable_drop_from_tournament()->set_tournament_id(id); }))
                .code() == sd::v1::OK);
    }
  }
  CHECK(killed);
  CHECK(rounds == 9);  // 6 Swiss rounds and a cut of 8 in 3
  REQUIRE(late != nullptr);
  const auto bots_exit = bots.wait_for(120s);
  const auto late_exit = late->wait_for(60s);
  const std::string bot_log = slurp(dir.path() / "bots.log");
  REQUIRE_MESSAGE(bots_exit.has_value(), bot_log);
  CHECK_MESSAGE(*bots_exit == 0, bot_log);
  CHECK(bot_log.find("60 of 63 entrants saw the event end (3 dropped)") != std::string::npos);
  REQUIRE(late_exit.has_value());
  CHECK_MESSAGE(*late_exit == 0, slurp(dir.path() / "late.log"));

  const auto final_standings =
      olga.call(message([&](auto& m) { m.mutable_get_standings()->set_tournament_id(id); }));
  REQUIRE(final_standings.code() == sd::v1::OK);
  CHECK(final_standings.standings().final());
  server->kill(SIGTERM);
  REQUIRE(server->wait_for(10s).has_value());

  auto db = sd::testing::open_database(db_path);
  const auto data = *sd::storage::load_tournament(db, static_cast<std::int64_t>(id));
  CHECK(data.record.status == sd::storage::TournamentStatus::kFinished);
  REQUIRE(data.rounds.size() == 9);
  REQUIRE(data.entrants.size() == 64);

  // The standings the server published match the recomputation.
  const auto expected = recompute(data);
  REQUIRE(final_standings.standings().rows_size() == 64);
  for (const auto& row : final_standings.standings().rows()) {
    const Expected& e = expected.at(static_cast<std::int64_t>(row.player().account_id()));
    CAPTURE(row.player().username());
    CHECK(row.points() == static_cast<std::uint32_t>(e.points));
    CHECK(row.wins() == static_cast<std::uint32_t>(e.wins));
    CHECK(row.draws() == static_cast<std::uint32_t>(e.draws));
    CHECK(row.losses() == static_cast<std::uint32_t>(e.losses));
    CHECK(row.byes() == static_cast<std::uint32_t>(e.byes));
    CHECK(row.match_win() == doctest::Approx(e.match_win).epsilon(1e-9));
    CHECK(row.opponents_match_win() == doctest::Approx(e.opponents_match_win).epsilon(1e-9));
    CHECK(row.game_win() == doctest::Approx(e.game_win).epsilon(1e-9));
    CHECK(row.opponents_game_win() == doctest::Approx(e.opponents_game_win).epsilon(1e-9));
  }
  // Ranked by points, then the tie-breakers in order.
  std::vector<sd::v1::StandingRow> by_rank(final_standings.standings().rows().begin(),
                                           final_standings.standings().rows().end());
  std::sort(by_rank.begin(), by_rank.end(), [](auto& a, auto& b) { return a.rank() < b.rank(); });
  for (std::size_t i = 1; i < by_rank.size(); ++i) {
    const auto key = [](const sd::v1::StandingRow& r) {
      return std::tuple(r.points(), std::llround(r.opponents_match_win() * 1e9),
                        std::llround(r.game_win() * 1e9),
                        std::llround(r.opponents_game_win() * 1e9));
    };
    CHECK(key(by_rank[i - 1]) >= key(by_rank[i]));
  }

  // The Swiss rules held: no rematch, one bye at most, nobody paired after dropping, the late
  // player from round 2 on.
  std::set<std::pair<std::int64_t, std::int64_t>> met;
  std::map<std::int64_t, int> byes;
  std::map<std::int64_t, int> dropped_after;
  std::map<std::int64_t, int> first_round;
  for (const auto& e : data.entrants) {
    dropped_after[e.account_id] = e.dropped_after;
    first_round[e.account_id] = e.first_round;
  }
  CHECK(std::count_if(dropped_after.begin(), dropped_after.end(),
                      [](auto& d) { return d.second != 0; }) == 3);
  CHECK(std::count_if(first_round.begin(), first_round.end(),
                      [](auto& f) { return f.second == 2; }) == 1);
  for (const auto& round : data.rounds) {
    if (round.cut) continue;
    for (const auto& t : round.tables) {
      for (auto player : {t.first_id, t.second_id}) {
        if (player == 0) continue;
        CHECK(first_round[player] <= round.round);
        CHECK((dropped_after[player] == 0 || dropped_after[player] >= round.round));
      }
      if (t.second_id == 0) {
        CHECK(++byes[t.first_id] == 1);
      } else {
        CHECK(met.insert(std::minmax(t.first_id, t.second_id)).second);
      }
    }
  }
  // The cut: the top 8 of the Swiss standings, 1 against 8, and the final's winner first.
  const auto& cut = data.rounds[6];
  CHECK(cut.cut);
  REQUIRE(cut.tables.size() == 4);
  std::vector<std::int64_t> seeds;
  for (const auto& row : by_rank) {
    if (!row.dropped() && seeds.size() < 8)
      seeds.push_back(static_cast<std::int64_t>(row.player().account_id()));
  }
  CHECK(cut.tables[0].first_id == seeds[0]);
  CHECK(cut.tables[0].second_id == seeds[7]);
  const auto& final_table = data.rounds[8].tables.at(0);
  const auto champion = final_table.result == sd::storage::TableResultCode::kSecond
                            ? final_table.second_id
                            : final_table.first_id;
  for (const auto& row : final_standings.standings().rows()) {
    if (row.place() == 1) CHECK(static_cast<std::int64_t>(row.player().account_id()) == champion);
  }
  // Every game of the event replays from its seed to the result recorded.
  CHECK(sd::testing::check_stored_matches_replay(db) >= 9 * 4);
}
