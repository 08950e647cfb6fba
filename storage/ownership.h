#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database.h"

namespace spacedock::storage {

// Cluster mode: several server nodes on one PostgreSQL database, each live match run by exactly
// one of them at a time (../shared/reference/scale-out.md §4.3).
//
// Each node registers and heartbeats. Each live match has an owner row with an epoch, the
// fencing token: it grows by one at every change of owner. A node commits a match's inputs only
// after check_owner has locked the row and found its own epoch, so once another node's adoption
// commits, nothing the old owner does can reach the log; and an adoption waits for the appends
// in flight, so everything acknowledged before it is in the log it replays. Only the database's
// clock is compared: the nodes' clocks may disagree.
//
// Every function here needs PostgreSQL; on SQLite each throws StorageError (an SQLite file
// belongs to one process, which owns every match in it).

// The commit's fence failed: `match_id` is owned by another node, or by nobody, now.
class NotOwnerError : public StorageError {
 public:
  explicit NotOwnerError(std::int64_t match_id);
  std::int64_t match_id() const { return match_id_; }

 private:
  std::int64_t match_id_;
};

struct NodeRecord {
  std::string node_id;
  std::string address;  // for operators and logs
  bool draining = false;
  std::int64_t live_matches = 0;
  std::int64_t heartbeat_age_ms = 0;  // by the database's clock
};

// A match a node owns, and the epoch it owns it under.
struct Lease {
  std::int64_t match_id = 0;
  std::int64_t epoch = 0;

  friend bool operator==(const Lease&, const Lease&) = default;
};

// Registers the node, or brings it back (a restart under the same id): heartbeat now, not
// draining. Matches it owned before stay its own, under their epochs.
void register_node(Database& db, std::string_view node_id, std::string_view address);

// The node is alive and runs `live_matches`. Throws StorageError if the node is not registered.
void heartbeat(Database& db, std::string_view node_id, std::int64_t live_matches);

std::vector<NodeRecord> load_nodes(Database& db);
// The ids of the nodes heard from within `owner_timeout` and not draining, in order.
std::vector<std::string> live_nodes(Database& db, std::chrono::milliseconds owner_timeout);

// Makes the node the owner of a match it just started, under epoch 1. Throws ConstraintError if
// the match already has an owner row.
Lease claim_match(Database& db, std::int64_t match_id, std::string_view node_id);

// Offers a match just stored to the node that is to run it (a tournament table): an owner row
// under epoch 0, which that node's next adoption scan takes up under epoch 1, or any node's once
// that node is silent. Nobody holds a lease on it until then.
void offer_match(Database& db, std::int64_t match_id, std::string_view node_id);

// The fence: inside the transaction that commits the match's inputs, locks its owner row
// (FOR SHARE, so an adoption waits for this transaction) and throws NotOwnerError unless the
// node still holds `lease`.
void check_owner(Database& db, std::string_view node_id, const Lease& lease);

// The fence for a whole batch, in one statement: locks the owner rows of the leases' matches
// the node still holds (FOR SHARE) and returns the match ids of the leases it no longer holds.
std::vector<std::int64_t> lost_leases(Database& db, std::string_view node_id,
                                      const std::vector<Lease>& leases);

// The match ids of the leases another node has taken since, or that were handed over: their
// owner row names another node or a newer epoch. Unlike lost_leases, a lease whose row is gone
// (the match ended, and its owner released it) is not taken. Locks nothing: for the heartbeat,
// which lets go of the matches another node now runs.
std::vector<std::int64_t> taken_leases(Database& db, std::string_view node_id,
                                       const std::vector<Lease>& leases);

// The node adopts up to `limit` matches that have no owner, that were offered to it, or whose
// owner's heartbeat is older than `owner_timeout`: each gets epoch + 1. Rows locked by a commit in
// flight are skipped and found by a later scan (SKIP LOCKED), so that nodes scanning together share
// the orphans out instead of waiting for each other. Returns the adopted leases, by match id.
std::vector<Lease> adopt_orphans(Database& db, std::string_view node_id,
                                 std::chrono::milliseconds owner_timeout, int limit);

// The match is over: its owner row goes, if `lease` still holds it (otherwise NotOwnerError).
void release_match(Database& db, std::string_view node_id, const Lease& lease);

// Draining: the node stops taking matches and orphans all of its own (epoch + 1 each), for the
// other nodes to adopt. Returns how many it gave up.
std::int64_t hand_over(Database& db, std::string_view node_id);

// Who runs the match now: its owner's node id; nullopt if it has no owner row or is orphaned.
std::optional<std::string> owner_of(Database& db, std::int64_t match_id);

// The matches the node owns, by match id (not those only offered to it).
std::vector<Lease> owned_matches(Database& db, std::string_view node_id);

}  // namespace spacedock::storage
