#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/this_coro.hpp>
#include <memory>
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

}  // namespace spacedock::testing
