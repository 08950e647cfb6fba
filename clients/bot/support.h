#pragma once
// What both kinds of bot runs share (bot.cpp, tournament.cpp): the bot accounts' password, a
// pause, a request built in place, and what the server's pushback is reported as.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "clients/common/client.h"
#include "spacedock/v1/envelope.pb.h"

namespace spacedock::bot {

// Every bot account's password: bots are for tests and load runs.
inline constexpr const char* kPassword = "bot-password-not-secret";

inline boost::asio::awaitable<void> sleep_for(std::chrono::steady_clock::duration duration) {
  boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor, duration);
  co_await timer.async_wait(boost::asio::use_awaitable);
}

inline v1::ClientMessage message_with(auto setter) {
  v1::ClientMessage message;
  setter(message);
  return message;
}

// The server pushing back on a run: RATE_LIMITED answers its clients wait out (the client does
// the waiting, RateLimitPolicy), and connections it refuses, which the bots try again. The first
// of each is said at once, on stderr, so that a slow run says why; the totals come at the end.
class Pushback {
 public:
  // Makes `client` report its waits here.
  void watch(client::Client& client) {
    client.rate_limits().on_wait = [this](const v1::Response& response,
                                          std::chrono::milliseconds wait) {
      if (waits_++ == 0) {
        std::fprintf(stderr,
                     "spacedock-bot: the server answered RATE_LIMITED (%s); waiting %lld ms as it "
                     "asks, and retrying\n",
                     response.message().c_str(), static_cast<long long>(wait.count()));
      }
      waited_ += wait;
    };
  }
  void refused(const client::ConnectionRefused& refusal) {
    if (refusals_++ == 0) std::fprintf(stderr, "spacedock-bot: %s; retrying\n", refusal.what());
  }
  // The totals, if there was any pushback.
  void report() const {
    if (waits_ > 0) {
      std::printf("%llu requests waited out RATE_LIMITED answers, %.1f s in all\n",
                  static_cast<unsigned long long>(waits_),
                  static_cast<double>(waited_.count()) / 1000);
    }
    if (refusals_ > 0)
      std::printf("%llu connections were refused and tried again\n",
                  static_cast<unsigned long long>(refusals_));
  }

 private:
  std::uint64_t waits_ = 0;
  std::chrono::milliseconds waited_{0};
  std::uint64_t refusals_ = 0;
};

}  // namespace spacedock::bot
