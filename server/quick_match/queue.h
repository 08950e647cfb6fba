#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "server/common/recipient.h"
#include "server/common/reply.h"
#include "spacedock/v1/lobby.pb.h"
#include "spacedock/v1/match_setup.pb.h"

namespace spacedock::server {

class Connection;

// The quick-match queue (QuickMatch in lobby.proto): players waiting for an opponent, by game
// and clock, first come first paired. In a cluster it holds this node's players, whom the
// queue in the database pairs. Safe from any thread.
class QuickMatchQueue {
 public:
  struct Entry {
    std::weak_ptr<Connection> connection;
    const Recipient* key = nullptr;
    Identity who;
    v1::Game game = v1::GAME_UNSPECIFIED;
    v1::ClockPreset clock = v1::CLOCK_PRESET_NONE;
    v1::SeatSetup seat;  // with a stored deck already put in as its list
    std::int64_t since_ms = 0;
  };

  // Takes out and returns the longest-waiting player of the same game and clock (another
  // account, still connected); if there is none, queues `entry` in place of any earlier entry
  // of its connection.
  std::optional<Entry> pair_or_queue(Entry entry);
  // Queues `entry` in place of any earlier entry of its connection, pairing no one: in a
  // cluster, where the queue of every node pairs (storage/quick_match_queue.h).
  void queue(Entry entry);
  // Takes out the connection's entry, if it is queued.
  std::optional<Entry> take(const Recipient* key);
  // Whether the connection was queued.
  bool remove(const Recipient* key);
  // Since when the connection has been queued, if it is.
  std::optional<std::int64_t> queued_since(const Recipient* key) const;
  // Players waiting for this game and clock.
  std::uint32_t waiting(v1::Game game, v1::ClockPreset clock) const;
  // The places the account holds, on connections other than `except`.
  std::size_t places_of(std::int64_t account_id, const Recipient* except) const;

 private:
  // Under mutex_: the connection's earlier entry goes, and those of closed connections.
  void drop_earlier(const Recipient* key);

  mutable std::mutex mutex_;
  std::vector<Entry> entries_;  // oldest first
};

}  // namespace spacedock::server
