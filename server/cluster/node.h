#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <vector>

#include "server/common/config.h"
#include "server/persistence/persistence.h"
#include "storage/ownership.h"

namespace spacedock::server::cluster {

// This node's life in a cluster (ServerConfig::node_id). Every heartbeat, on the persistence
// thread, it reports itself alive with its count of live matches, checks that it still holds
// their leases, and adopts up to adopt_batch matches of nodes silent past owner_timeout
// (storage::adopt_orphans). Once that commits, on the io_context, `lost` gets the matches whose
// leases another node holds now (this node was frozen past its lease, say), to let them go, and
// `adopt` the leases adopted, to rebuild those matches from their logs. A beat
// starts only once the last one is done, so a slow database delays beats instead of piling them up.
class Node {
 public:
  using HeldLeases = std::function<std::vector<storage::Lease>()>;
  using Lost = std::function<void(const std::vector<std::int64_t>& match_ids)>;
  using Adopt = std::function<void(const std::vector<storage::Lease>&)>;
  // After each heartbeat stored (the Agones health report): the other nodes silent past
  // owner_timeout (dead or frozen), and whether this one was (its beats held up that long).
  using Beaten = std::function<void(const std::vector<std::string>& silent, bool was_silent)>;

  Node(const ServerConfig& config, boost::asio::io_context& io, Persistence& db,
       HeldLeases held_leases, Lost lost, Adopt adopt, Beaten beaten);

  // The first beat at once, then one every heartbeat.
  void start();
  void stop();

 private:
  void beat();
  void schedule();

  const ServerConfig& config_;
  boost::asio::io_context& io_;
  Persistence& db_;
  HeldLeases held_leases_;
  Lost lost_;
  Adopt adopt_;
  Beaten beaten_;
  boost::asio::steady_timer timer_;
  bool warned_ = false;  // the database is failing the beats, and the log has said so
  std::chrono::steady_clock::time_point last_beat_{};  // the last one stored
};

}  // namespace spacedock::server::cluster
