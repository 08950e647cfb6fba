#include "server/throttle.h"

#include <algorithm>

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

bool TokenBucket::take(SteadyClock::time_point now) {
  refill(now);
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

bool TokenBucket::full(SteadyClock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - last_).count();
  return tokens_ + elapsed * rate_ >= burst_;
}

bool AddressLimits::take(const boost::asio::ip::address& address, SteadyClock::time_point now) {
  std::lock_guard lock(mutex_);
  if (buckets_.size() >= kSweepAt)
    std::erase_if(buckets_, [&](const auto& entry) { return entry.second.full(now); });
  return buckets_.try_emplace(address, rate_, burst_).first->second.take(now);
}

std::chrono::seconds LoginThrottle::wait(const std::string& key, SteadyClock::time_point now) {
  std::lock_guard lock(mutex_);
  const auto it = failures_.find(key);
  if (it == failures_.end() || it->second.until <= now) return std::chrono::seconds(0);
  return std::chrono::ceil<std::chrono::seconds>(it->second.until - now);
}

void LoginThrottle::failed(const std::string& key, SteadyClock::time_point now) {
  std::lock_guard lock(mutex_);
  if (failures_.size() >= kSweepAt) {
    std::erase_if(failures_, [&](const auto& entry) {
      return entry.second.until + std::chrono::minutes(10) < now;
    });
  }
  Failures& f = failures_[key];
  ++f.count;
  if (f.count > free_) {
    const int doublings = std::min(f.count - free_ - 1, 6);
    f.until = now + std::min<std::chrono::seconds>(std::chrono::seconds(1 << doublings),
                                                   std::chrono::seconds(60));
  }
}

void LoginThrottle::succeeded(const std::string& key) {
  std::lock_guard lock(mutex_);
  failures_.erase(key);
}

}  // namespace spacedock::server
