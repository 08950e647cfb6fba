#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "storage/database.h"

namespace spacedock::storage {

// Cluster mode: one node at a time runs the events (server/tournament/), the tournament host. The
// role is a lease like a match's (storage/ownership.h): a row naming the node under an epoch
// that grows at every change of host; every write of an event checks it. PostgreSQL only: on
// SQLite each function throws StorageError.

struct TournamentHost {
  std::string node_id;  // empty: nobody (handed over, or never taken)
  std::int64_t epoch = 0;
};

// At each of its heartbeats: the node keeps the role if it holds it, or takes it (epoch + 1) if
// nobody holds it or its holder has been silent past `owner_timeout`; a draining node takes
// nothing. Returns who holds it now.
TournamentHost hold_tournament_host(Database& db, std::string_view node_id,
                                    std::chrono::milliseconds owner_timeout);

// The fence, inside the transaction of an event's write: locks the row (FOR SHARE, so that a
// change of host waits for the write) and throws StorageError unless the node still holds the
// role under `epoch`.
void check_tournament_host(Database& db, std::string_view node_id, std::int64_t epoch);

// Who holds the role now, as stored (an operator's or a test's look; nothing taken).
TournamentHost tournament_host(Database& db);

// A draining node gives the role up, for another node to take at its next heartbeat.
void release_tournament_host(Database& db, std::string_view node_id);

}  // namespace spacedock::storage
