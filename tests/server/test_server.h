#pragma once

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "clients/common/client.h"
#include "server/server.h"
#include "tests/temp_dir.h"
#include "tests/test_database.h"

namespace spacedock::testing {

// The real server on an ephemeral loopback port, running on its own thread.
class TestServer {
 public:
  explicit TestServer(const std::filesystem::path& db, std::uint32_t max_frame_bytes = 64 * 1024)
      : TestServer(db, [max_frame_bytes](server::ServerConfig& c) {
          c.max_frame_bytes = max_frame_bytes;
        }) {}
  // `tune` changes the configuration (limits) before the server starts. `db` names the database
  // as database_url() reads it: on PostgreSQL the same path is the same database on a restart.
  TestServer(const std::filesystem::path& db,
             const std::function<void(server::ServerConfig&)>& tune) {
    config_.port = 0;
    config_.db_path = database_url(db);
    config_.password_cost = server::PasswordCost::kMinimal;
    tune(config_);
    spdlog::set_level(spdlog::level::warn);
    server_ = std::make_unique<server::Server>(config_);
    thread_ = std::thread([this] { server_->run(); });
  }
  ~TestServer() {
    server_->stop();
    thread_.join();
  }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(server_->port()) + "/ws"; }
  std::uint16_t port() const { return server_->port(); }

 private:
  server::ServerConfig config_;
  std::unique_ptr<server::Server> server_;
  std::thread thread_;
};

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
