// The chess clock's bookkeeping, told the time explicitly: presets, charging only the seats that
// owe a decision, increments, pauses, running out, and banks restored after a restart.
#include "server/match/chess_clock.h"

#include <doctest/doctest.h>

#include <chrono>
#include <vector>

namespace sd = spacedock;
using sd::server::ChessClock;

namespace {

ChessClock blitz(int seats = 2) {
  auto settings = ChessClock::settings_for(
      sd::v1::CLOCK_PRESET_BLITZ, sd::v1::DISCONNECT_OUTCOME_LOSS, std::chrono::seconds(60));
  REQUIRE(settings.has_value());
  return ChessClock(*settings, seats);
}

}  // namespace

TEST_CASE("the presets give their banks and increments; none gives no clock") {
  const auto grace = std::chrono::seconds(30);
  const auto none =
      ChessClock::settings_for(sd::v1::CLOCK_PRESET_NONE, sd::v1::DISCONNECT_OUTCOME_LOSS, grace);
  CHECK_FALSE(none.has_value());
  struct Expected {
    sd::v1::ClockPreset preset;
    std::int64_t initial_ms, increment_ms;
  };
  for (const Expected& e : {Expected{sd::v1::CLOCK_PRESET_BLITZ, 300'000, 5'000},
                            Expected{sd::v1::CLOCK_PRESET_STANDARD, 1'200'000, 10'000},
                            Expected{sd::v1::CLOCK_PRESET_TOURNAMENT, 2'400'000, 15'000}}) {
    const auto settings =
        ChessClock::settings_for(e.preset, sd::v1::DISCONNECT_OUTCOME_PAUSE, grace);
    REQUIRE(settings.has_value());
    CHECK(settings->initial_ms() == e.initial_ms);
    CHECK(settings->increment_ms() == e.increment_ms);
    CHECK(settings->on_disconnect() == sd::v1::DISCONNECT_OUTCOME_PAUSE);
    CHECK(settings->grace_ms() == 30'000);
  }
}

TEST_CASE("only the seats owing a decision are charged, and an answer earns the increment") {
  ChessClock clock = blitz();
  clock.update(1'000, {true, false}, std::nullopt);
  CHECK(clock.banks_at(11'000) == std::vector<std::int64_t>{290'000, 300'000});
  // Seat 0 answers after 10 s; now seat 1 owes.
  clock.update(11'000, {false, true}, 0);
  CHECK(clock.banks_at(11'000) == std::vector<std::int64_t>{295'000, 300'000});
  CHECK(clock.banks_at(41'000) == std::vector<std::int64_t>{295'000, 270'000});
  // Both owe at once (simultaneous decisions): both run.
  clock.update(41'000, {true, true}, 1);
  CHECK(clock.banks_at(51'000) == std::vector<std::int64_t>{285'000, 265'000});
  const auto proto = clock.to_proto(51'000, std::vector<std::int64_t>{0, 40'000});
  REQUIRE(proto.seats_size() == 2);
  CHECK(proto.seats(0).running());
  CHECK(proto.seats(1).remaining_ms() == 265'000);
  CHECK(proto.seats(1).away_ms() == 11'000);
  CHECK(proto.as_of_ms() == 51'000);
}

TEST_CASE("a bank runs out at a predictable moment and never goes below zero") {
  ChessClock clock = blitz();
  clock.update(0, {false, true}, std::nullopt);
  CHECK(clock.next_flag_at() == 300'000);
  CHECK_FALSE(clock.flagged(299'999).has_value());
  CHECK(clock.flagged(300'000) == 1);
  CHECK(clock.banks_at(900'000) == std::vector<std::int64_t>{300'000, 0});
  clock.update(0, {false, false}, std::nullopt);
  CHECK_FALSE(clock.next_flag_at().has_value());  // nobody owes: nothing can run out
}

TEST_CASE("paused clocks are not charged, and start again where they stopped") {
  ChessClock clock = blitz();
  clock.update(0, {true, false}, std::nullopt);
  clock.set_paused(20'000, true);
  CHECK(clock.paused());
  CHECK(clock.banks_at(500'000) == std::vector<std::int64_t>{280'000, 300'000});
  CHECK_FALSE(clock.next_flag_at().has_value());
  CHECK_FALSE(clock.to_proto(500'000, {}).seats(0).running());
  clock.set_paused(500'000, false);
  CHECK(clock.banks_at(510'000) == std::vector<std::int64_t>{270'000, 300'000});
}

TEST_CASE("restored banks replace the preset's, and are stopped until the next update") {
  ChessClock clock = blitz(3);
  const std::vector<std::int64_t> stored{12'345, 0, 299'000};
  clock.restore(stored);
  CHECK(clock.banks_at(1'000'000) == stored);
  clock.update(1'000'000, {false, false, true}, std::nullopt);
  CHECK(clock.banks_at(1'001'000) == std::vector<std::int64_t>{12'345, 0, 298'000});
  CHECK(clock.flagged(1'001'000) == 1);
}
