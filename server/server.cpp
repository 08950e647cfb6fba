#include "server/server.h"

#include <spdlog/spdlog.h>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "server/listener.h"
#include "storage/matches.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

storage::Database open_database(const std::string& path) {
  const auto directory = std::filesystem::path(path).parent_path();
  if (!directory.empty()) std::filesystem::create_directories(directory);
  return storage::Database::open(path);
}

}  // namespace

Server::Server(ServerConfig config)
    : config_(std::move(config)),
      io_(config_.threads),
      cpu_(1),
      signals_(io_, SIGINT, SIGTERM),
      reaper_(io_) {
  init_crypto();
  db_ = std::make_unique<Persistence>(open_database(config_.db_path));
  services_ = std::make_unique<Services>(Services{config_, io_, cpu_, *db_, lobby_, metrics_});
  restore_matches();
  listener_ = std::make_shared<Listener>(
      *services_, asio::ip::tcp::endpoint(asio::ip::make_address(config_.host), config_.port));
}

Server::~Server() {
  cpu_.join();
  db_->stop();
}

void Server::restore_matches() {
  // A second connection reads while nothing else runs yet; the persistence thread is idle.
  const auto started = std::chrono::steady_clock::now();
  storage::Database db = storage::Database::open(config_.db_path);
  std::size_t restored = 0;
  std::size_t inputs_replayed = 0;
  for (const auto& record :
       storage::load_matches(db, {storage::MatchStatus::kWaiting, storage::MatchStatus::kActive})) {
    try {
      const auto inputs = storage::load_inputs(db, record.id);
      lobby_.add(
          Match::restore(*services_, record, inputs, storage::load_snapshots(db, record.id)));
      ++restored;
      inputs_replayed += inputs.size();
    } catch (const std::exception& e) {
      spdlog::error("match {} cannot be restored ({}); marking it aborted", record.id, e.what());
      v1::MatchResult result;
      result.set_summary(std::string("could not be restored: ") + e.what());
      storage::finish_match(db, record.id, storage::MatchStatus::kAborted,
                            result.SerializeAsString(), now_ms());
    }
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  spdlog::info("restored {} unfinished matches ({} inputs replayed) in {} ms", restored,
               inputs_replayed, ms);
}

void Server::schedule_reaping() {
  reaper_.expires_after(std::chrono::seconds(60));
  reaper_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    const auto ttl =
        std::chrono::duration_cast<std::chrono::milliseconds>(config_.finished_match_ttl);
    if (auto n = lobby_.reap(now_ms(), ttl.count()))
      spdlog::info("released {} finished matches", n);
    schedule_reaping();
  });
}

void Server::stop() {
  asio::post(io_, [this] {
    listener_->stop();
    reaper_.cancel();
    signals_.cancel();
    io_.stop();
  });
}

std::uint16_t Server::port() const {
  return listener_->local_endpoint().port();
}

int Server::run() {
  const auto endpoint = listener_->local_endpoint();
  listener_->run();
  spdlog::info("spacedock listening on http://{}:{} (WebSocket at /ws, database {})",
               endpoint.address().to_string(), endpoint.port(), config_.db_path);
  if (!config_.port_file.empty()) std::ofstream(config_.port_file) << endpoint.port() << '\n';
  signals_.async_wait([this](boost::system::error_code ec, int signal) {
    if (ec) return;
    spdlog::info("signal {}: shutting down", signal);
    stop();
  });
  schedule_reaping();
  std::vector<std::thread> threads;
  for (int i = 1; i < config_.threads; ++i)
    threads.emplace_back([this] { io_.run(); });
  io_.run();
  for (auto& t : threads)
    t.join();
  db_->stop();
  spdlog::info("stopped");
  return 0;
}

}  // namespace spacedock::server
