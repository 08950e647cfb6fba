#pragma once

#include <atomic>
#include <boost/asio/ip/address.hpp>
#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>

namespace spacedock::server {

using SteadyClock = std::chrono::steady_clock;

// Requests at a steady `rate` per second, with bursts up to `burst`.
class TokenBucket {
 public:
  TokenBucket(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}

  // Takes a token and answers zero if there is one; otherwise takes nothing and answers how
  // long until there is one.
  std::chrono::milliseconds take(SteadyClock::time_point now);
  // Full again, so nothing is lost by forgetting it.
  bool full(SteadyClock::time_point now) const;

 private:
  void refill(SteadyClock::time_point now);

  double rate_;
  double burst_;
  double tokens_;
  SteadyClock::time_point last_{};
};

// One token bucket per client address, shared by all its connections.
class AddressLimits {
 public:
  AddressLimits(double rate, double burst) : rate_(rate), burst_(burst) {}
  // As TokenBucket::take, for the address's bucket.
  std::chrono::milliseconds take(const boost::asio::ip::address& address,
                                 SteadyClock::time_point now);

 private:
  double rate_;
  double burst_;
  std::mutex mutex_;
  std::map<boost::asio::ip::address, TokenBucket> buckets_;
};

// Slows password guessing: after `free` failed logins for one key (an account name, an
// address), each further attempt must wait, twice as long as the last, from 1 s up to a minute.
// A throttled attempt is refused before any password work, so it costs the server nothing and
// does not slow anyone else's login. A success clears the key; so do kForgiven without a
// failure, so that an address's mistakes add up only while they come close together.
class LoginThrottle {
 public:
  static constexpr std::chrono::minutes kForgiven{15};

  explicit LoginThrottle(int free) : free_(free) {}

  // How long `key` must still wait before its next attempt (zero: it may try now).
  std::chrono::milliseconds wait(const std::string& key, SteadyClock::time_point now);
  void failed(const std::string& key, SteadyClock::time_point now);
  void succeeded(const std::string& key);
  int free() const { return free_; }

 private:
  struct Failures {
    int count = 0;
    SteadyClock::time_point last{};   // the last failure
    SteadyClock::time_point until{};  // no attempt before this
  };
  int free_;
  std::mutex mutex_;
  std::map<std::string, Failures> failures_;
};

// The server's throttles, shared by every connection.
struct Throttles {
  Throttles(double address_rate, double address_burst, int free_failures_per_account,
            int free_failures_per_address, int free_failures_per_venue_address)
      : requests(address_rate, address_burst),
        by_account(free_failures_per_account),
        by_address(free_failures_per_address),
        by_venue_address(free_failures_per_venue_address) {}

  // A login with a wrong name or password, for the account name's key from `address`; `venue`:
  // the address is a venue's.
  void login_failed(const std::string& account_key, const std::string& address, bool venue,
                    SteadyClock::time_point now) {
    by_account.failed(account_key, now);
    (venue ? by_venue_address : by_address).failed(address, now);
  }

  AddressLimits requests;
  LoginThrottle by_account;
  LoginThrottle by_address;
  // For the addresses of a venue (ServerConfig::venue_addresses), each shared by many players.
  LoginThrottle by_venue_address;
  // Password hashing jobs queued or running on the CPU pool.
  std::atomic<int> password_jobs{0};
};

}  // namespace spacedock::server
