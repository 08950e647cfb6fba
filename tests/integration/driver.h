#pragma once

#include <doctest/doctest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/system/system_error.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "clients/common/client.h"

namespace spacedock::testing {

// A client for the test's own requests, run to completion one at a time; a request that meets
// a closed connection (the server restarting) is sent again on a new one.
class Driver {
 public:
  Driver(std::string url, std::string name, std::string password)
      : url_(spacedock::client::Url::parse(url)),
        name_(std::move(name)),
        password_(std::move(password)) {}

  spacedock::v1::Response call(spacedock::v1::ClientMessage request) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      try {
        return run([&]() -> boost::asio::awaitable<spacedock::v1::Response> {
          if (!client_) {
            auto c = std::make_unique<spacedock::client::Client>(
                co_await boost::asio::this_coro::executor);
            co_await c->connect(url_, "tournament-test");
            // After a restart every bot logs in again at once: the server, busy checking their
            // passwords, may answer RATE_LIMITED, which the client waits out as the bots do.
            spacedock::v1::ClientMessage reg;
            reg.mutable_register_()->set_username(name_);
            reg.mutable_register_()->set_password(password_);
            co_await c->call(reg);
            spacedock::v1::ClientMessage login;
            login.mutable_login()->set_username(name_);
            login.mutable_login()->set_password(password_);
            spacedock::client::expect_ok(co_await c->call(login), "Login");
            client_ = std::move(c);
          }
          auto response = co_await client_->call(request);
          while (client_->has_event())
            co_await client_->next_event();
          co_return response;
        });
      } catch (const boost::system::system_error&) {
        drop_connection();
        REQUIRE(std::chrono::steady_clock::now() < deadline);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    }
  }
  // The connection is useless after a restart of the server: forget it, and the handlers still
  // queued for it (destroyed with their io_context, never run).
  void drop_connection() {
    client_.reset();
    io_ = std::make_unique<boost::asio::io_context>();
  }

 private:
  template <typename F>
  spacedock::v1::Response run(F body) {
    auto future = boost::asio::co_spawn(*io_, body(), boost::asio::use_future);
    io_->restart();
    io_->run();
    return future.get();
  }

  std::unique_ptr<boost::asio::io_context> io_ = std::make_unique<boost::asio::io_context>();
  spacedock::client::Url url_;
  std::string name_;
  std::string password_;
  std::unique_ptr<spacedock::client::Client> client_;
};

spacedock::v1::ClientMessage message(auto fill) {
  spacedock::v1::ClientMessage m;
  fill(m);
  return m;
}

}  // namespace spacedock::testing
