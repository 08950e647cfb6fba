#include "server/cluster/node.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <memory>

namespace spacedock::server::cluster {

Node::Node(const ServerConfig& config, boost::asio::io_context& io, Persistence& db,
           HeldLeases held_leases, Lost lost, Adopt adopt, Beaten beaten)
    : config_(config),
      io_(io),
      db_(db),
      held_leases_(std::move(held_leases)),
      lost_(std::move(lost)),
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
  struct Beat {
    std::vector<storage::Lease> held;
    std::vector<std::int64_t> lost;
    std::vector<storage::Lease> adopted;
    std::vector<std::string> silent;
  };
  auto beat = std::make_shared<Beat>();
  beat->held = held_leases_();
  auto work = [this, beat](storage::Database& db) {
    storage::heartbeat(db, config_.node_id, static_cast<std::int64_t>(beat->held.size()));
    beat->lost = storage::taken_leases(db, config_.node_id, beat->held);
    beat->adopted =
        storage::adopt_orphans(db, config_.node_id, config_.owner_timeout, config_.adopt_batch);
    for (const storage::NodeRecord& node : storage::load_nodes(db)) {
      if (node.node_id != config_.node_id && node.heartbeat_age_ms > config_.owner_timeout.count())
        beat->silent.push_back(node.node_id);
    }
  };
  db_.submit(std::move(work), [this, beat](std::exception_ptr error) {
    boost::asio::post(io_, [this, beat, error] {
      if (error) {
        // Nothing was adopted (the beat's transaction rolled back); the next beat tries again.
        if (!warned_) spdlog::warn("cluster: heartbeat failed: {}", describe(error));
        warned_ = true;
      } else {
        if (warned_) spdlog::info("cluster: heartbeats are stored again");
        warned_ = false;
        if (!beat->lost.empty()) lost_(beat->lost);
        if (!beat->adopted.empty()) adopt_(beat->adopted);
        const auto now = std::chrono::steady_clock::now();
        const bool was_silent = last_beat_ != std::chrono::steady_clock::time_point{} &&
                                now - last_beat_ > config_.owner_timeout;
        if (was_silent) spdlog::warn("cluster: this node's heartbeats were held up past its lease");
        last_beat_ = now;
        beaten_(beat->silent, was_silent);
      }
      schedule();
    });
  });
}

}  // namespace spacedock::server::cluster
