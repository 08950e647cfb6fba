#include "server/cluster/node.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <memory>

namespace spacedock::server::cluster {

Node::Node(const ServerConfig& config, boost::asio::io_context& io, Persistence& db,
           LiveMatches live_matches, Adopt adopt, Beaten beaten)
    : config_(config),
      io_(io),
      db_(db),
      live_matches_(std::move(live_matches)),
      adopt_(std::move(adopt)),
      beaten_(std::move(beaten)),
      timer_(io) {}

void Node::start() {
  boost::asio::post(io_, [this] { beat(); });
}

void Node::stop() {
  boost::asio::post(io_, [this] { timer_.cancel(); });
}

void Node::schedule() {
  timer_.expires_after(config_.heartbeat);
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) beat();
  });
}

void Node::beat() {
  auto adopted = std::make_shared<std::vector<storage::Lease>>();
  const std::int64_t live = live_matches_();
  auto work = [this, adopted, live](storage::Database& db) {
    storage::heartbeat(db, config_.node_id, live);
    *adopted =
        storage::adopt_orphans(db, config_.node_id, config_.owner_timeout, config_.adopt_batch);
  };
  db_.submit(std::move(work), [this, adopted, live](std::exception_ptr error) {
    boost::asio::post(io_, [this, adopted, live, error] {
      if (error) {
        // Nothing was adopted (the beat's transaction rolled back); the next beat tries again.
        if (!warned_) spdlog::warn("cluster: heartbeat failed: {}", describe(error));
        warned_ = true;
      } else {
        if (warned_) spdlog::info("cluster: heartbeats are stored again");
        warned_ = false;
        if (!adopted->empty()) adopt_(*adopted);
        beaten_(live + static_cast<std::int64_t>(adopted->size()));
      }
      schedule();
    });
  });
}

}  // namespace spacedock::server::cluster
