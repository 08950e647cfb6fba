#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "storage/database.h"

namespace spacedock::storage {

// Cluster mode: the quick-match queue of every node, so that players connected to different
// nodes are paired as on one (server/quick_match/). A place names the node holding its
// connection; that node keeps the player's seat and is asked to make the match. PostgreSQL only:
// on SQLite each function throws StorageError.

struct QueuePlace {
  std::string node_id;
  std::string node_address;  // the node's relay address: its id and this run of it
  std::uint64_t connection = 0;
  std::int64_t account_id = 0;

  friend bool operator==(const QueuePlace&, const QueuePlace&) = default;
};

struct Pairing {
  std::optional<QueuePlace> partner;  // taken out of the queue; none: `place` was queued
  std::uint32_t waiting = 0;          // places for the game and clock, after the call
};

// Under one lock for the whole queue, so that two players asking at once on two nodes see each
// other: takes out and returns the oldest place of another account for `game` and `clock` on a
// node heard from within `node_timeout`; if there is none, queues `place` in place of any
// earlier one of its connection. Places on silent nodes go.
Pairing pair_or_queue(Database& db, const QueuePlace& place, int game, int clock,
                      std::chrono::milliseconds node_timeout);

// The connection gave its place up, or closed. Whether it had one.
bool leave_queue(Database& db, std::string_view node_address, std::uint64_t connection);

// A node starts: the places of its earlier runs go with their connections.
void clear_queue_of_node(Database& db, std::string_view node_id);

}  // namespace spacedock::storage
