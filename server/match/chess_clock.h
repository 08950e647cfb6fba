#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "spacedock/v1/clock.pb.h"

namespace spacedock::server {

// The time banks of one timed match (clock.proto). Bookkeeping only: every call is told the
// time, so the rules of time are tested without waiting, and the match decides what running
// out means. Not thread-safe; the match uses it on its strand.
class ChessClock {
 public:
  // The clock CreateMatch asks for; none for CLOCK_PRESET_NONE.
  static std::optional<v1::ClockSettings> settings_for(v1::ClockPreset preset,
                                                       v1::DisconnectOutcome on_disconnect,
                                                       std::chrono::milliseconds grace);

  ChessClock(v1::ClockSettings settings, int seats);

  const v1::ClockSettings& settings() const { return settings_; }

  // The banks as a stored input left them (on restore); stopped until the next update().
  void restore(std::span<const std::int64_t> banks_ms);

  // Charges each running clock the time since the last update, adds the increment to the seat
  // that just answered a decision (if any), then runs exactly the seats in `owing` (unless
  // paused). A bank never goes below zero.
  void update(std::int64_t now_ms, const std::vector<bool>& owing, std::optional<int> answered);

  // Stops every clock (charging them up to now), or lets the owing ones run again.
  void set_paused(std::int64_t now_ms, bool paused);
  bool paused() const { return paused_; }

  // Every seat's bank at `now_ms`, as stored with an input.
  std::vector<std::int64_t> banks_at(std::int64_t now_ms) const;
  // The first seat whose bank is empty at `now_ms`, if any.
  std::optional<int> flagged(std::int64_t now_ms) const;
  // When the first running clock will run out; none while no clock runs.
  std::optional<std::int64_t> next_flag_at() const;

  // The state for Event.clock; away_since_ms per seat (0: present).
  v1::MatchClock to_proto(std::int64_t now_ms, std::span<const std::int64_t> away_since_ms) const;

 private:
  struct Seat {
    std::int64_t bank_ms = 0;  // as of charged_at_ms_
    bool owing = false;        // owes a decision; its clock runs unless paused
  };
  bool running(const Seat& seat) const { return seat.owing && !paused_; }
  void charge(std::int64_t now_ms);

  v1::ClockSettings settings_;
  std::vector<Seat> seats_;
  std::int64_t charged_at_ms_ = 0;
  bool paused_ = false;
};

}  // namespace spacedock::server
