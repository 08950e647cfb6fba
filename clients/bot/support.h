#pragma once
// What both kinds of bot runs share (bot.cpp, tournament.cpp): the bot accounts' password, a
// pause, and a request built in place.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>

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

}  // namespace spacedock::bot
