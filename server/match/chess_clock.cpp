#include "server/match/chess_clock.h"

#include <algorithm>

namespace spacedock::server {
namespace {

struct Preset {
  std::int64_t initial_ms;
  std::int64_t increment_ms;
};

constexpr std::int64_t kMinute = 60'000;
constexpr std::int64_t kSecond = 1'000;

std::optional<Preset> preset(v1::ClockPreset clock) {
  switch (clock) {
    case v1::CLOCK_PRESET_BLITZ:
      return Preset{5 * kMinute, 5 * kSecond};
    case v1::CLOCK_PRESET_STANDARD:
      return Preset{20 * kMinute, 10 * kSecond};
    case v1::CLOCK_PRESET_TOURNAMENT:
      return Preset{40 * kMinute, 15 * kSecond};
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<v1::ClockSettings> ChessClock::settings_for(v1::ClockPreset clock,
                                                          v1::DisconnectOutcome on_disconnect,
                                                          std::chrono::milliseconds grace) {
  const auto times = preset(clock);
  if (!times) return std::nullopt;
  v1::ClockSettings settings;
  settings.set_preset(clock);
  settings.set_initial_ms(times->initial_ms);
  settings.set_increment_ms(times->increment_ms);
  settings.set_on_disconnect(on_disconnect);
  settings.set_grace_ms(grace.count());
  return settings;
}

ChessClock::ChessClock(v1::ClockSettings settings, int seats)
    : settings_(std::move(settings)),
      seats_(static_cast<std::size_t>(seats), Seat{settings_.initial_ms(), false}) {}

void ChessClock::restore(std::span<const std::int64_t> banks_ms) {
  for (std::size_t i = 0; i < seats_.size() && i < banks_ms.size(); ++i)
    seats_[i] = {banks_ms[i], false};
}

void ChessClock::charge(std::int64_t now_ms) {
  const std::int64_t elapsed = std::max<std::int64_t>(0, now_ms - charged_at_ms_);
  for (Seat& seat : seats_) {
    if (running(seat)) seat.bank_ms = std::max<std::int64_t>(0, seat.bank_ms - elapsed);
  }
  charged_at_ms_ = now_ms;
}

void ChessClock::update(std::int64_t now_ms, const std::vector<bool>& owing,
                        std::optional<int> answered) {
  charge(now_ms);
  if (answered && *answered >= 0 && static_cast<std::size_t>(*answered) < seats_.size())
    seats_[static_cast<std::size_t>(*answered)].bank_ms += settings_.increment_ms();
  for (std::size_t i = 0; i < seats_.size(); ++i)
    seats_[i].owing = i < owing.size() && owing[i];
}

void ChessClock::set_paused(std::int64_t now_ms, bool paused) {
  charge(now_ms);
  paused_ = paused;
}

std::vector<std::int64_t> ChessClock::banks_at(std::int64_t now_ms) const {
  const std::int64_t elapsed = std::max<std::int64_t>(0, now_ms - charged_at_ms_);
  std::vector<std::int64_t> banks;
  for (const Seat& seat : seats_)
    banks.push_back(running(seat) ? std::max<std::int64_t>(0, seat.bank_ms - elapsed)
                                  : seat.bank_ms);
  return banks;
}

std::optional<int> ChessClock::flagged(std::int64_t now_ms) const {
  const auto banks = banks_at(now_ms);
  for (std::size_t i = 0; i < banks.size(); ++i) {
    if (banks[i] == 0) return static_cast<int>(i);
  }
  return std::nullopt;
}

std::optional<std::int64_t> ChessClock::next_flag_at() const {
  std::optional<std::int64_t> first;
  for (const Seat& seat : seats_) {
    if (!running(seat)) continue;
    const std::int64_t at = charged_at_ms_ + seat.bank_ms;
    if (!first || at < *first) first = at;
  }
  return first;
}

v1::MatchClock ChessClock::to_proto(std::int64_t now_ms,
                                    std::span<const std::int64_t> away_since_ms) const {
  v1::MatchClock out;
  out.set_paused(paused_);
  out.set_as_of_ms(now_ms);
  const auto banks = banks_at(now_ms);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto* seat = out.add_seats();
    seat->set_seat(static_cast<std::uint32_t>(i));
    seat->set_remaining_ms(banks[i]);
    seat->set_running(running(seats_[i]));
    if (i < away_since_ms.size() && away_since_ms[i] != 0)
      seat->set_away_ms(std::max<std::int64_t>(1, now_ms - away_since_ms[i]));  // 0: present
  }
  return out;
}

}  // namespace spacedock::server
