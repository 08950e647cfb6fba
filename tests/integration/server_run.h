#pragma once
// Running the real server for end-to-end tests: its command line, waiting for its port, reading
// logs, and replaying the matches it stored.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "engine/games.h"
#include "storage/matches.h"
#include "tests/test_database.h"

namespace spacedock::testing {

inline std::string slurp(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The port the server wrote to its --port-file once listening.
inline std::uint16_t wait_for_port(const std::filesystem::path& file) {
  using namespace std::chrono_literals;
  for (int i = 0; i < 500; ++i) {
    std::ifstream in(file);
    int port = 0;
    if (in >> port && port > 0) return static_cast<std::uint16_t>(port);
    std::this_thread::sleep_for(20ms);
  }
  FAIL("the server did not start");
  return 0;
}

// `spacedock serve` on `listen` with its port file in `dir` and its database named by
// dir/db.sqlite (database_url: that file on SQLite, the same database every time on PostgreSQL).
inline std::vector<std::string> serve_command(const std::filesystem::path& dir,
                                              const std::string& listen) {
  return {SPACEDOCK_BIN,
          "serve",
          "--listen",
          listen,
          "--db",
          database_url(dir / "db.sqlite"),
          "--port-file",
          (dir / "port").string(),
          "--password-cost",
          "minimal"};
}

struct Acks {
  std::size_t acknowledged = 0;
  std::size_t missing = 0;  // acknowledged, yet not in the input log
};

// Checks the bots' acknowledgement log (`match decision option` lines) against the input logs
// of the matches in `statuses`.
inline Acks check_acks(storage::Database& db, const std::filesystem::path& ack_log,
                       std::initializer_list<storage::MatchStatus> statuses) {
  std::set<std::tuple<std::int64_t, std::uint32_t, std::uint64_t>> stored;
  for (const auto& match : storage::load_matches(db, statuses)) {
    for (const auto& input : storage::load_inputs(db, match.id)) {
      if (!input.options.empty())
        stored.emplace(match.id, input.decision_id, input.options.front());
    }
  }
  std::ifstream acks(ack_log);
  std::int64_t match = 0;
  std::uint32_t decision = 0;
  std::uint64_t option = 0;
  Acks out;
  while (acks >> match >> decision >> option) {
    ++out.acknowledged;
    out.missing += stored.count({match, decision, option}) == 0;
  }
  return out;
}

// Each finished match in the database replays from its seed and stored inputs to the result
// that was recorded; returns each one's final state hash, by match id.
inline std::map<std::int64_t, std::uint64_t> replay_stored_matches(storage::Database& db) {
  std::map<std::int64_t, std::uint64_t> hashes;
  const auto matches = storage::load_matches(db, {storage::MatchStatus::kFinished});
  for (const auto& record : matches) {
    CAPTURE(record.id);
    v1::MatchSetup setup;
    REQUIRE(setup.ParseFromString(record.setup));
    REQUIRE(record.seed.has_value());
    auto engine = engine::start_match(setup, *record.seed);
    for (const auto& input : storage::load_inputs(db, record.id)) {
      const auto seat = static_cast<core::Seat>(input.seat);
      core::SubmitResult result;
      switch (input.kind) {
        case storage::InputKind::kDecision:
          result = engine->submit(seat, input.decision_id, input.options);
          break;
        case storage::InputKind::kConcede:
          result = engine->concede(seat);
          break;
        case storage::InputKind::kTimeOut:
          result = engine->time_out(seat);
          break;
        case storage::InputKind::kTimeCalled:
          result = engine->call_time();
          break;
        case storage::InputKind::kForfeit:
          result = engine->forfeit(seat);
          break;
        case storage::InputKind::kRuling: {
          std::uint8_t winners = 0;
          for (std::uint64_t winner : input.options)
            winners = static_cast<std::uint8_t>(winners | (1u << winner));
          result = engine->rule(winners);
          break;
        }
      }
      REQUIRE(result.accepted());
    }
    CHECK(engine->over());
    v1::MatchResult recorded;
    REQUIRE(recorded.ParseFromString(record.result));
    CHECK(engine->result().SerializeAsString() == recorded.SerializeAsString());
    hashes[record.id] = engine->state_hash();
  }
  return hashes;
}

// As replay_stored_matches; returns how many matches there were.
inline std::size_t check_stored_matches_replay(storage::Database& db) {
  return replay_stored_matches(db).size();
}

}  // namespace spacedock::testing
