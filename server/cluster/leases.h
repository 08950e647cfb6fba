#pragma once

#include <cstdint>

#include "server/common/config.h"
#include "storage/database.h"

namespace spacedock::server::cluster {

// A match's writes in cluster mode (ServerConfig::node_id; storage/ownership.h), called inside
// the persistence thread's jobs. A one-box server owns every match in its database: each is then
// a no-op, and a match's epoch is 0.

// A match this node has just created: its owner row, under epoch 1.
std::int64_t claim(const ServerConfig& config, storage::Database& db, std::int64_t match_id);

// Before a write of the match in a transaction of its own (a restored match aborted): throws
// storage::NotOwnerError unless this node still owns it under `epoch`, and holds the owner row
// until the transaction ends. Inputs and seatings are fenced a batch at a time instead
// (Persistence::submit_fenced).
void fence(const ServerConfig& config, storage::Database& db, std::int64_t match_id,
           std::int64_t epoch);

// The match is over or aborted: fenced, its owner row goes.
void release(const ServerConfig& config, storage::Database& db, std::int64_t match_id,
             std::int64_t epoch);

}  // namespace spacedock::server::cluster
