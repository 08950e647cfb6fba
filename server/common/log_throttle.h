#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>

namespace spacedock::server {

// Keeps a message that may repeat very fast (an accept failure) from flooding the log: the
// first occurrence is logged, then at most one line per interval saying how many were held back.
class LogThrottle {
 public:
  explicit LogThrottle(std::chrono::steady_clock::duration interval) : interval_(interval) {}

  // Whether to log this occurrence now; if so, how many earlier ones were held back.
  std::optional<std::uint64_t> admit() {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (logged_ && now - *logged_ < interval_) {
      ++held_back_;
      return std::nullopt;
    }
    logged_ = now;
    const std::uint64_t held = held_back_;
    held_back_ = 0;
    return held;
  }

 private:
  const std::chrono::steady_clock::duration interval_;
  std::mutex mutex_;
  std::optional<std::chrono::steady_clock::time_point> logged_;
  std::uint64_t held_back_ = 0;
};

}  // namespace spacedock::server
