#include "storage/quick_match_queue.h"

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

void require_queue_database(Database& db) {
  if (db.backend() != Backend::kPostgresql)
    throw StorageError("the quick-match queue across nodes needs a PostgreSQL database");
}

// The advisory lock key of the whole queue: "SDqueue" in ASCII.
constexpr std::int64_t kQueueLock = 0x5344717565756500;

}  // namespace

Pairing pair_or_queue(Database& db, const QueuePlace& place, int game, int clock,
                      std::chrono::milliseconds node_timeout) {
  require_queue_database(db);
  // One lock, not one per game and clock: a batch pairing for two games takes it once, so two
  // nodes' batches never wait for each other in opposite orders.
  Statement(db, "SELECT pg_advisory_xact_lock(?)").bind_int(1, kQueueLock).run();
  Statement stale(db,
                  "DELETE FROM quick_match_queue q USING nodes n WHERE q.node_id = n.node_id "
                  "AND (n.heartbeat_at < now() - make_interval(secs => ?::float8 / 1000) "
                  "OR (q.node_address = ? AND q.connection = ?))");
  stale.bind_int(1, node_timeout.count())
      .bind_text(2, place.node_address)
      .bind_int(3, static_cast<std::int64_t>(place.connection))
      .run();

  Pairing pairing;
  Statement oldest(db,
                   "DELETE FROM quick_match_queue WHERE id = (SELECT id FROM quick_match_queue "
                   "WHERE game = ? AND clock = ? AND account_id <> ? ORDER BY id LIMIT 1) "
                   "RETURNING node_id, node_address, connection, account_id");
  oldest.bind_int(1, game).bind_int(2, clock).bind_int(3, place.account_id);
  if (oldest.step()) {
    pairing.partner =
        QueuePlace{oldest.column_text(0), oldest.column_text(1),
                   static_cast<std::uint64_t>(oldest.column_int(2)), oldest.column_int(3)};
  } else {
    Statement queue(db,
                    "INSERT INTO quick_match_queue (node_id, node_address, connection, "
                    "account_id, game, clock) VALUES (?, ?, ?, ?, ?, ?)");
    queue.bind_text(1, place.node_id)
        .bind_text(2, place.node_address)
        .bind_int(3, static_cast<std::int64_t>(place.connection))
        .bind_int(4, place.account_id)
        .bind_int(5, game)
        .bind_int(6, clock)
        .run();
  }
  Statement waiting(db, "SELECT count(*) FROM quick_match_queue WHERE game = ? AND clock = ?");
  waiting.bind_int(1, game).bind_int(2, clock);
  waiting.step();
  pairing.waiting = static_cast<std::uint32_t>(waiting.column_int(0));
  return pairing;
}

bool leave_queue(Database& db, std::string_view node_address, std::uint64_t connection) {
  require_queue_database(db);
  Statement leave(db, "DELETE FROM quick_match_queue WHERE node_address = ? AND connection = ?");
  leave.bind_text(1, node_address).bind_int(2, static_cast<std::int64_t>(connection)).run();
  return leave.changes() > 0;
}

void clear_queue_of_node(Database& db, std::string_view node_id) {
  require_queue_database(db);
  Statement(db, "DELETE FROM quick_match_queue WHERE node_id = ?").bind_text(1, node_id).run();
}

}  // namespace spacedock::storage
