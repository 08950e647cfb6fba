#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>

#include "clients/common/client.h"

namespace spacedock::testing {

inline constexpr const char* kPassword = "correct horse battery";

// A client that has said Hello to the server at `url`.
inline boost::asio::awaitable<std::unique_ptr<client::Client>> connected(const std::string& url) {
  auto c = std::make_unique<client::Client>(co_await boost::asio::this_coro::executor);
  c->rate_limits().retry = false;  // the tests read every answer as it comes
  co_await c->connect(client::Url::parse(url), "protocol-test");
  co_return c;
}

// Sends the request `fill` writes and returns its Response.
inline boost::asio::awaitable<v1::Response> call(client::Client& c, auto fill) {
  v1::ClientMessage request;
  fill(request);
  co_return co_await c.call(std::move(request));
}

// A client registered (if it was not) and logged in as `name`, with kPassword.
inline boost::asio::awaitable<std::unique_ptr<client::Client>> logged_in(const std::string& url,
                                                                         const std::string& name) {
  auto c = co_await connected(url);
  co_await call(*c, [&](auto& m) {
    m.mutable_register_()->set_username(name);
    m.mutable_register_()->set_password(kPassword);
  });
  auto login = co_await call(*c, [&](auto& m) {
    m.mutable_login()->set_username(name);
    m.mutable_login()->set_password(kPassword);
  });
  client::expect_ok(login, "Login");
  co_return c;
}

// Runs a client coroutine to completion on a fresh io_context and returns its result. One that
// is still waiting after two minutes (an event that never comes) fails the test, saying so,
// rather than hanging the run until CTest's timeout.
template <typename Coroutine>
auto run_client(Coroutine coroutine) {
  boost::asio::io_context io;
  auto future = boost::asio::co_spawn(io, std::move(coroutine), boost::asio::use_future);
  io.run_for(std::chrono::minutes(2));
  if (future.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    throw std::runtime_error("the test's client was still waiting after two minutes");
  return future.get();
}

}  // namespace spacedock::testing
