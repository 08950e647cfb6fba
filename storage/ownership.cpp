#include "storage/ownership.h"

#include <algorithm>

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

void require_postgresql(Database& db) {
  if (db.backend() != Backend::kPostgresql)
    throw StorageError("cluster mode (match ownership) needs a PostgreSQL database");
}

std::vector<Lease> read_leases(Statement& query) {
  std::vector<Lease> leases;
  while (query.step())
    leases.push_back({query.column_int(0), query.column_int(1)});
  return leases;
}

// The match ids `sql` selects, given the leases as its first two parameters (two arrays, in
// PostgreSQL's text form: {1,2,3}) and `node_id` as its third.
std::vector<std::int64_t> match_ids(Database& db, std::string_view node_id,
                                    const std::vector<Lease>& leases, const char* sql) {
  std::string ids = "{";
  std::string epochs = "{";
  for (const Lease& lease : leases) {
    ids += std::to_string(lease.match_id) + ",";
    epochs += std::to_string(lease.epoch) + ",";
  }
  ids.back() = '}';
  epochs.back() = '}';
  Statement query(db, sql);
  query.bind_text(1, ids).bind_text(2, epochs).bind_text(3, node_id);
  std::vector<std::int64_t> found;
  while (query.step())
    found.push_back(query.column_int(0));
  return found;
}

}  // namespace

NotOwnerError::NotOwnerError(std::int64_t match_id)
    : StorageError("this node no longer owns match " + std::to_string(match_id)),
      match_id_(match_id) {}

void register_node(Database& db, std::string_view node_id, std::string_view address) {
  require_postgresql(db);
  Statement upsert(db,
                   "INSERT INTO nodes (node_id, address) VALUES (?, ?) ON CONFLICT (node_id) DO "
                   "UPDATE SET address = excluded.address, started_at = now(), "
                   "heartbeat_at = now(), draining = false");
  upsert.bind_text(1, node_id).bind_text(2, address).run();
}

void heartbeat(Database& db, std::string_view node_id, std::int64_t live_matches) {
  require_postgresql(db);
  Statement update(db, "UPDATE nodes SET heartbeat_at = now(), live_matches = ? WHERE node_id = ?");
  update.bind_int(1, live_matches).bind_text(2, node_id).run();
  if (update.changes() == 0)
    throw StorageError("node \"" + std::string(node_id) + "\" is not registered");
}

std::vector<NodeRecord> load_nodes(Database& db) {
  require_postgresql(db);
  Statement query(db,
                  "SELECT node_id, address, draining, live_matches, "
                  "(extract(epoch FROM now() - heartbeat_at) * 1000)::bigint "
                  "FROM nodes ORDER BY node_id");
  std::vector<NodeRecord> nodes;
  while (query.step()) {
    nodes.push_back({query.column_text(0), query.column_text(1), query.column_int(2) != 0,
                     query.column_int(3), query.column_int(4)});
  }
  return nodes;
}

std::vector<std::string> live_nodes(Database& db, std::chrono::milliseconds owner_timeout) {
  require_postgresql(db);
  Statement query(db,
                  "SELECT node_id FROM nodes WHERE NOT draining AND "
                  "heartbeat_at >= now() - make_interval(secs => ?::float8 / 1000) "
                  "ORDER BY node_id");
  query.bind_int(1, owner_timeout.count());
  std::vector<std::string> nodes;
  while (query.step())
    nodes.push_back(query.column_text(0));
  return nodes;
}

Lease claim_match(Database& db, std::int64_t match_id, std::string_view node_id) {
  require_postgresql(db);
  Statement insert(db, "INSERT INTO match_owner (match_id, node_id, epoch) VALUES (?, ?, 1)");
  insert.bind_int(1, match_id).bind_text(2, node_id).run();
  return {match_id, 1};
}

void check_owner(Database& db, std::string_view node_id, const Lease& lease) {
  if (!lost_leases(db, node_id, {lease}).empty()) throw NotOwnerError(lease.match_id);
}

std::vector<std::int64_t> lost_leases(Database& db, std::string_view node_id,
                                      const std::vector<Lease>& leases) {
  require_postgresql(db);
  if (leases.empty()) return {};
  const std::vector<std::int64_t> kept =
      match_ids(db, node_id, leases,
                "SELECT o.match_id FROM match_owner o "
                "JOIN unnest(?::bigint[], ?::bigint[]) AS l (match_id, epoch) "
                "ON o.match_id = l.match_id AND o.epoch = l.epoch "
                "WHERE o.node_id = ? FOR SHARE OF o");
  std::vector<std::int64_t> lost;
  for (const Lease& lease : leases) {
    if (std::find(kept.begin(), kept.end(), lease.match_id) == kept.end())
      lost.push_back(lease.match_id);
  }
  return lost;
}

std::vector<std::int64_t> taken_leases(Database& db, std::string_view node_id,
                                       const std::vector<Lease>& leases) {
  require_postgresql(db);
  if (leases.empty()) return {};
  return match_ids(db, node_id, leases,
                   "SELECT o.match_id FROM match_owner o "
                   "JOIN unnest(?::bigint[], ?::bigint[]) AS l (match_id, epoch) "
                   "ON o.match_id = l.match_id "
                   "WHERE o.node_id IS DISTINCT FROM ? OR o.epoch <> l.epoch ORDER BY o.match_id");
}

std::vector<Lease> adopt_orphans(Database& db, std::string_view node_id,
                                 std::chrono::milliseconds owner_timeout, int limit) {
  require_postgresql(db);
  // A node adopts none while it drains; its own matches are never orphans to it.
  Statement adopt(db,
                  "UPDATE match_owner o SET node_id = ?, epoch = o.epoch + 1 "
                  "WHERE NOT EXISTS (SELECT 1 FROM nodes WHERE node_id = ? AND draining) "
                  "AND o.match_id IN (SELECT mo.match_id FROM match_owner mo "
                  "LEFT JOIN nodes n ON n.node_id = mo.node_id "
                  "WHERE mo.node_id IS NULL OR (mo.node_id = ? AND mo.epoch = 0) OR "
                  "(mo.node_id <> ? AND "
                  "n.heartbeat_at < now() - make_interval(secs => ?::float8 / 1000)) "
                  "ORDER BY mo.match_id LIMIT ? FOR UPDATE OF mo SKIP LOCKED) "
                  "RETURNING o.match_id, o.epoch");
  adopt.bind_text(1, node_id)
      .bind_text(2, node_id)
      .bind_text(3, node_id)
      .bind_text(4, node_id)
      .bind_int(5, owner_timeout.count())
      .bind_int(6, limit);
  std::vector<Lease> adopted = read_leases(adopt);
  std::sort(adopted.begin(), adopted.end(),
            [](const Lease& a, const Lease& b) { return a.match_id < b.match_id; });
  return adopted;
}

void offer_match(Database& db, std::int64_t match_id, std::string_view node_id) {
  require_postgresql(db);
  Statement insert(db, "INSERT INTO match_owner (match_id, node_id, epoch) VALUES (?, ?, 0)");
  insert.bind_int(1, match_id).bind_text(2, node_id).run();
}

void release_match(Database& db, std::string_view node_id, const Lease& lease) {
  require_postgresql(db);
  Statement remove(db, "DELETE FROM match_owner WHERE match_id = ? AND node_id = ? AND epoch = ?");
  remove.bind_int(1, lease.match_id).bind_text(2, node_id).bind_int(3, lease.epoch).run();
  if (remove.changes() == 0) throw NotOwnerError(lease.match_id);
}

std::int64_t hand_over(Database& db, std::string_view node_id) {
  require_postgresql(db);
  Statement drain(db, "UPDATE nodes SET draining = true WHERE node_id = ?");
  drain.bind_text(1, node_id).run();
  Statement orphan(db,
                   "UPDATE match_owner SET node_id = NULL, epoch = epoch + 1 WHERE node_id = ?");
  orphan.bind_text(1, node_id).run();
  return orphan.changes();
}

std::optional<std::string> owner_of(Database& db, std::int64_t match_id) {
  require_postgresql(db);
  Statement query(db, "SELECT node_id FROM match_owner WHERE match_id = ?");
  query.bind_int(1, match_id);
  if (!query.step() || query.is_null(0)) return std::nullopt;
  return query.column_text(0);
}

std::vector<Lease> owned_matches(Database& db, std::string_view node_id) {
  require_postgresql(db);
  Statement query(db,
                  "SELECT match_id, epoch FROM match_owner WHERE node_id = ? AND epoch > 0 "
                  "ORDER BY match_id");
  query.bind_text(1, node_id);
  return read_leases(query);
}

}  // namespace spacedock::storage
