#include "storage/tournament_host.h"

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

void require_host_database(Database& db) {
  if (db.backend() != Backend::kPostgresql)
    throw StorageError("the tournament host of a cluster needs a PostgreSQL database");
}

}  // namespace

TournamentHost hold_tournament_host(Database& db, std::string_view node_id,
                                    std::chrono::milliseconds owner_timeout) {
  require_host_database(db);
  Statement take(db,
                 "INSERT INTO tournament_host AS h (id, node_id, epoch) "
                 "SELECT 1, n.node_id, 1 FROM nodes n WHERE n.node_id = ? AND NOT n.draining "
                 "ON CONFLICT (id) DO UPDATE SET node_id = excluded.node_id, epoch = h.epoch + 1 "
                 "WHERE h.node_id IS NULL OR (h.node_id <> excluded.node_id AND NOT EXISTS ("
                 "SELECT 1 FROM nodes s WHERE s.node_id = h.node_id AND "
                 "s.heartbeat_at >= now() - make_interval(secs => ?::float8 / 1000)))");
  take.bind_text(1, node_id).bind_int(2, owner_timeout.count()).run();
  return tournament_host(db);
}

TournamentHost tournament_host(Database& db) {
  require_host_database(db);
  Statement holder(db, "SELECT node_id, epoch FROM tournament_host WHERE id = 1");
  if (!holder.step() || holder.is_null(0)) return {};
  return {holder.column_text(0), holder.column_int(1)};
}

void check_tournament_host(Database& db, std::string_view node_id, std::int64_t epoch) {
  require_host_database(db);
  Statement query(db,
                  "SELECT 1 FROM tournament_host WHERE id = 1 AND node_id = ? AND epoch = ? "
                  "FOR SHARE");
  query.bind_text(1, node_id).bind_int(2, epoch);
  if (!query.step())
    throw StorageError("this node no longer runs the tournaments (another node took them over)");
}

void release_tournament_host(Database& db, std::string_view node_id) {
  require_host_database(db);
  Statement release(db,
                    "UPDATE tournament_host SET node_id = NULL, epoch = epoch + 1 "
                    "WHERE node_id = ?");
  release.bind_text(1, node_id).run();
}

}  // namespace spacedock::storage
