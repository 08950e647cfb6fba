// Timed matches over the protocol: clocks pushed to players and spectators, increments, a
// player away past the grace losing on time or stopping the clocks, and banks surviving a
// restart.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "storage/matches.h"
#include "tests/server/play.h"
#include "tests/server/test_client.h"
#include "tests/server/test_server.h"

namespace sd = spacedock;
using boost::asio::awaitable;
using sd::client::Client;
using sd::testing::answer_next_prompt;
using sd::testing::call;
using sd::testing::logged_in;
using sd::testing::next_event_where;
using sd::testing::run_client;
using sd::testing::TempDir;
using sd::testing::TestServer;

namespace {

// alice (seat 0) creates a timed Incursions match and bob (seat 1) joins it.
awaitable<std::uint64_t> timed_match(Client& alice, Client& bob,
                                     sd::v1::DisconnectOutcome on_disconnect) {
  auto created = co_await call(alice, [&](auto& m) {
    m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
    m.mutable_create_match()->set_clock(sd::v1::CLOCK_PRESET_BLITZ);
    m.mutable_create_match()->set_on_disconnect(on_disconnect);
  });
  REQUIRE(created.code() == sd::v1::OK);
  CHECK(created.match().clock().preset() == sd::v1::CLOCK_PRESET_BLITZ);
  CHECK(created.match().clock().initial_ms() == 300'000);
  CHECK(created.match().clock().increment_ms() == 5'000);
  const std::uint64_t match = created.match().match_id();
  auto joined = co_await call(bob, [&](auto& m) { m.mutable_join_match()->set_match_id(match); });
  REQUIRE(joined.code() == sd::v1::OK);
  co_return match;
}

awaitable<sd::v1::MatchClock> next_clock(Client& c) {
  auto event = co_await next_event_where(c, [](const sd::v1::Event& e) { return e.has_clock(); });
  co_return event.clock();
}

int running_seat(const sd::v1::MatchClock& clock) {
  int running = -1;
  for (const auto& seat : clock.seats()) {
    if (seat.running()) running = static_cast<int>(seat.seat());
  }
  return running;
}

}  // namespace

TEST_CASE("players and spectators are sent the clocks, and an answer earns the increment") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto carol = co_await logged_in(server.url(), "carol");
    const auto match = co_await timed_match(*alice, *bob, sd::v1::DISCONNECT_OUTCOME_LOSS);
    REQUIRE((co_await call(*carol, [&](auto& m) {
              m.mutable_spectate()->set_match_id(match);
            })).code() == sd::v1::OK);
    // The first reading comes after the first snapshot, never before it.
    const auto first = co_await next_event_where(
        *alice, [](const sd::v1::Event& e) { return e.has_snapshot() || e.has_clock(); });
    CHECK(first.has_snapshot());
    const auto start = co_await next_clock(*alice);
    REQUIRE(start.seats_size() == 2);
    CHECK_FALSE(start.paused());
    const int mover = running_seat(start);
    REQUIRE(mover >= 0);
    for (const auto& seat : start.seats()) {
      CHECK(seat.remaining_ms() <= 300'000);
      CHECK(seat.remaining_ms() > 290'000);
    }
    const auto watched = co_await next_clock(*carol);
    CHECK(running_seat(watched) == mover);

    Client& player = mover == 0 ? *alice : *bob;
    const std::int64_t before = start.seats(mover).remaining_ms();
    REQUIRE((co_await answer_next_prompt(player, match)).code() == sd::v1::OK);
    // The answer's events come first, then the clocks it left.
    co_await next_event_where(player, [](const sd::v1::Event& e) { return e.has_game_event(); });
    const auto after = co_await next_clock(player);
    // Thinking took far less than the 5 s increment.
    CHECK(after.seats(mover).remaining_ms() > before);
    CHECK(after.seats(mover).remaining_ms() <= before + 5'000);
    const auto seen = (co_await next_event_where(*carol, [&](const sd::v1::Event& e) {
                        return e.has_clock() && e.clock().as_of_ms() >= after.as_of_ms();
                      })).clock();
    CHECK(seen.seats(mover).remaining_ms() == after.seats(mover).remaining_ms());
  });
}

TEST_CASE("a player away as the match starts shows as away in the reading after the snapshot") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto created = co_await call(*alice, [&](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
      m.mutable_create_match()->set_clock(sd::v1::CLOCK_PRESET_BLITZ);
    });
    REQUIRE(created.code() == sd::v1::OK);
    const std::uint64_t match = created.match().match_id();
    co_await alice->close();
    REQUIRE((co_await call(*bob, [&](auto& m) {
              m.mutable_join_match()->set_match_id(match);
            })).code() == sd::v1::OK);
    const auto first = co_await next_event_where(
        *bob, [](const sd::v1::Event& e) { return e.has_snapshot() || e.has_clock(); });
    CHECK(first.has_snapshot());
    // Alice's close and Bob's join reach the server on two connections: her absence is in the
    // first reading when the server heard of it first, else in the reading that follows.
    const auto reading = co_await next_event_where(*bob, [](const sd::v1::Event& e) {
      return e.has_clock() && e.clock().seats(0).away_ms() > 0;
    });
    CHECK(reading.clock().seats(1).away_ms() == 0);
  });
}

TEST_CASE("a player away past the grace forfeits, not on time, and everyone sees the grace run") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(
      db, [](sd::server::ServerConfig& c) { c.disconnect_grace = std::chrono::milliseconds(300); });
  std::uint64_t match = 0;
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    match = co_await timed_match(*alice, *bob, sd::v1::DISCONNECT_OUTCOME_LOSS);
    co_await bob->close();
    const auto away = co_await next_event_where(*alice, [](const sd::v1::Event& e) {
      return e.has_clock() && e.clock().seats(1).away_ms() > 0;
    });
    CHECK(away.clock().seats(0).away_ms() == 0);
    CHECK(away.clock().seats(0).forfeit_in_ms() == 0);
    // The grace left to the one away, counting down from as_of_ms.
    const std::int64_t left = away.clock().seats(1).forfeit_in_ms();
    CHECK(left > 0);
    CHECK(left + away.clock().seats(1).away_ms() == 300);
    const auto over = co_await next_event_where(*alice, [](const sd::v1::Event& e) {
      return e.has_match_update() && e.match_update().status() == sd::v1::MATCH_STATUS_FINISHED;
    });
    const auto& result = over.match_update().result();
    // Bob's clock had most of its five minutes left: this is a forfeit, not a loss on time.
    CHECK(result.reason() == sd::v1::RESULT_REASON_FORFEIT);
    REQUIRE(result.winners_size() == 1);
    CHECK(result.winners(0) == 0);
    CHECK(result.summary() == "alice won: the other players forfeited, away longer than the grace");
  });
  auto database = sd::testing::open_database(db);
  const auto inputs = sd::storage::load_inputs(database, static_cast<std::int64_t>(match));
  REQUIRE_FALSE(inputs.empty());
  CHECK(inputs.back().kind == sd::storage::InputKind::kForfeit);
  CHECK(inputs.back().seat == 1);
  CHECK(inputs.back().clock_ms.size() == 2);
}

TEST_CASE("with the pause outcome the clocks stop while a player is away, and go on after") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", [](sd::server::ServerConfig& c) {
    c.disconnect_grace = std::chrono::milliseconds(200);
  });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    const auto match = co_await timed_match(*alice, *bob, sd::v1::DISCONNECT_OUTCOME_PAUSE);
    co_await bob->close();
    const auto paused = co_await next_event_where(
        *alice, [](const sd::v1::Event& e) { return e.has_clock() && e.clock().paused(); });
    CHECK(paused.clock().seats(1).away_ms() >= 200);
    CHECK(running_seat(paused.clock()) == -1);

    auto back = co_await logged_in(server.url(), "bob");
    auto resumed = co_await call(*back, [&](auto& m) { m.mutable_resume()->set_match_id(match); });
    REQUIRE(resumed.code() == sd::v1::OK);
    CHECK(resumed.match().status() == sd::v1::MATCH_STATUS_ACTIVE);
    const auto going = co_await next_event_where(
        *alice, [](const sd::v1::Event& e) { return e.has_clock() && !e.clock().paused(); });
    CHECK(going.clock().seats(1).away_ms() == 0);
    CHECK(running_seat(going.clock()) >= 0);
  });
}

TEST_CASE("the clocks survive a restart with the banks the last input left") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  std::uint64_t match = 0;
  int mover = -1;
  {
    TestServer server(db);
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await logged_in(server.url(), "bob");
      match = co_await timed_match(*alice, *bob, sd::v1::DISCONNECT_OUTCOME_LOSS);
      mover = running_seat(co_await next_clock(*alice));
      REQUIRE(mover >= 0);
      Client& player = mover == 0 ? *alice : *bob;
      REQUIRE((co_await answer_next_prompt(player, match)).code() == sd::v1::OK);
    });
  }
  std::vector<std::int64_t> stored;
  {
    auto database = sd::testing::open_database(db);
    const auto inputs = sd::storage::load_inputs(database, static_cast<std::int64_t>(match));
    REQUIRE(inputs.size() == 1);
    stored = inputs.back().clock_ms;
  }
  REQUIRE(stored.size() == 2);
  CHECK(stored[static_cast<std::size_t>(mover)] > 300'000);  // the increment is in the bank

  TestServer again(db);
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(again.url(), "alice");
    auto resumed = co_await call(*alice, [&](auto& m) { m.mutable_resume()->set_match_id(match); });
    REQUIRE(resumed.code() == sd::v1::OK);
    CHECK(resumed.match().clock().preset() == sd::v1::CLOCK_PRESET_BLITZ);
    const auto clock = co_await next_clock(*alice);
    REQUIRE(clock.seats_size() == 2);
    for (int seat = 0; seat < 2; ++seat) {
      CAPTURE(seat);
      const std::int64_t bank = stored[static_cast<std::size_t>(seat)];
      // The running seat was charged a little since the restart; the other not at all.
      CHECK(clock.seats(seat).remaining_ms() <= bank);
      CHECK(clock.seats(seat).remaining_ms() > bank - 5'000);
    }
  });
}

TEST_CASE("an unknown clock preset is refused and creates nothing") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto refused = co_await call(*alice, [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
      m.mutable_create_match()->set_clock(static_cast<sd::v1::ClockPreset>(42));
    });
    CHECK(refused.code() == sd::v1::INVALID_OPTIONS);
    auto mine = co_await call(*alice, [](auto& m) { m.mutable_list_matches()->set_mine(true); });
    CHECK(mine.matches().matches().empty());
  });
}
