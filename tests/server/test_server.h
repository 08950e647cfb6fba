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
#include "tests/server/test_client.h"
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

}  // namespace spacedock::testing
