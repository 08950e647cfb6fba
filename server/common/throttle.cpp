#include "server/common/throttle.h"

#include <algorithm>
#include <cmath>

namespace spacedock::server {
namespace {

// Entries of a per-key map are swept when it grows past this, keeping only the ones that still
// hold something back.
constexpr std::size_t kSweepAt = 4096;

}  // namespace

void TokenBucket::refill(SteadyClock::time_point now) {
  if (last_ != SteadyClock::time_point{}) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
  }
  last_ = now;
}

std::chrono::milliseconds TokenBucket::take(SteadyClock::time_point now) {
  refill(now);
  if (tokens_ >= 1) {
    tokens_ -= 1;
    return std::chrono::milliseconds(0);
  }
  const double seconds = (1 - tokens_) / rate_;
  return std::chrono::milliseconds(static_cast<std::int64_t>(std::ceil(seconds * 1000)));
}

bool TokenBucket::full(SteadyClock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - last_).count();
  return tokens_ + elapsed * rate_ >= burst_;
}

std::chrono::milliseconds AddressLimits::take(const boost::asio::ip::address& address,
                                              SteadyClock::time_point now) {
  std::lock_guard lock(mutex_);
  if (buckets_.size() >= kSweepAt)
    std::erase_if(buckets_, [&](const auto& entry) { return entry.second.full(now); });
  return buckets_.try_emplace(address, rate_, burst_).first->second.take(now);
}

std::chrono::milliseconds LoginThrottle::wait(const std::string& key, SteadyClock::time_point now) {
  std::lock_guard lock(mutex_);
  const auto it = failures_.find(key);
  if (it == failures_.end() || it->second.until <= now) return std::chrono::milliseconds(0);
  return std::chrono::ceil<std::chrono::milliseconds>(it->second.until - now);
}

void LoginThrottle::failed(const std::string& key, SteadyClock::time_point now) {
  std::lock_guard lock(mutex_);
  if (failures_.size() >= kSweepAt) {
    std::erase_if(failures_,
                  [&](const auto& entry) { return entry.second.last + kForgiven < now; });
  }
  Failures& f = failures_[key];
  if (f.count > 0 && f.last + kForgiven < now) f = {};
  ++f.count;
  f.last = now;
  if (f.count >= free_) {
    // The free failures are spent: the next attempt waits 1 s, then 2 s, 4 s...
    const int doublings = std::min(f.count - free_, 6);
    f.until = now + std::min<std::chrono::seconds>(std::chrono::seconds(1 << doublings),
                                                   std::chrono::seconds(60));
  }
}

void LoginThrottle::succeeded(const std::string& key) {
  std::lock_guard lock(mutex_);
  failures_.erase(key);
}

}  // namespace spacedock::server
