#include "storage/migrations.h"

#include <array>
#include <chrono>

#include "storage/statement.h"

namespace spacedock::embedded {
extern const std::string_view storage_sqlite_migration_001;
extern const std::string_view storage_sqlite_migration_002;
extern const std::string_view storage_sqlite_migration_003;
extern const std::string_view storage_sqlite_migration_004;
extern const std::string_view storage_sqlite_migration_005;
extern const std::string_view storage_sqlite_migration_006;
extern const std::string_view storage_sqlite_migration_007;
extern const std::string_view storage_sqlite_migration_008;
extern const std::string_view storage_sqlite_migration_009;
extern const std::string_view storage_sqlite_migration_010;
extern const std::string_view storage_postgresql_migration_001;
extern const std::string_view storage_postgresql_migration_002;
extern const std::string_view storage_postgresql_migration_003;
extern const std::string_view storage_postgresql_migration_004;
extern const std::string_view storage_postgresql_migration_005;
extern const std::string_view storage_postgresql_migration_006;
extern const std::string_view storage_postgresql_migration_007;
extern const std::string_view storage_postgresql_migration_008;
extern const std::string_view storage_postgresql_migration_009;
extern const std::string_view storage_postgresql_migration_010;
}  // namespace spacedock::embedded

namespace spacedock::storage {
namespace {

struct Migration {
  int version;
  PerDialect sql;
};

// Versions in increasing order, one per file under storage/migrations/<dialect>/.
std::array<Migration, 10> migrations() {
  namespace e = embedded;
  return {{{1, {e::storage_sqlite_migration_001, e::storage_postgresql_migration_001}},
           {2, {e::storage_sqlite_migration_002, e::storage_postgresql_migration_002}},
           {3, {e::storage_sqlite_migration_003, e::storage_postgresql_migration_003}},
           {4, {e::storage_sqlite_migration_004, e::storage_postgresql_migration_004}},
           {5, {e::storage_sqlite_migration_005, e::storage_postgresql_migration_005}},
           {6, {e::storage_sqlite_migration_006, e::storage_postgresql_migration_006}},
           {7, {e::storage_sqlite_migration_007, e::storage_postgresql_migration_007}},
           {8, {e::storage_sqlite_migration_008, e::storage_postgresql_migration_008}},
           {9, {e::storage_sqlite_migration_009, e::storage_postgresql_migration_009}},
           {10, {e::storage_sqlite_migration_010, e::storage_postgresql_migration_010}}}};
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool has_migrations_table(Database& db) {
  Statement query(db, PerDialect{
                          .sqlite = "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND "
                                    "name = 'schema_migrations'",
                          .postgresql = "SELECT 1 FROM pg_tables WHERE schemaname = "
                                        "current_schema() AND tablename = 'schema_migrations'",
                      });
  return query.step();
}

// Only the migration step may create the table, so that opening a migrated database stays a
// read.
void apply(Database& db, const Migration& migration) {
  db.transaction([&](Database& tx) {
    if (tx.backend() == Backend::kPostgresql) {
      // Servers starting together migrate one at a time: the others wait here (however long a
      // migration takes), then find the work done below. The key is "Spacedoc" in ASCII.
      tx.execute("SET LOCAL lock_timeout = 0; SELECT pg_advisory_xact_lock(6012412582070349667)");
    }
    tx.execute(PerDialect{.sqlite = "CREATE TABLE IF NOT EXISTS schema_migrations ("
                                    "version INTEGER PRIMARY KEY, applied_at_ms INTEGER NOT NULL)",
                          .postgresql =
                              "CREATE TABLE IF NOT EXISTS schema_migrations ("
                              "version BIGINT PRIMARY KEY, applied_at_ms BIGINT NOT NULL)"}
                   .in(tx.backend()));
    // Another process may have migrated between our check and our lock.
    if (tx.schema_version() >= migration.version) return;
    tx.execute(migration.sql.in(tx.backend()));
    Statement record(tx, "INSERT INTO schema_migrations (version, applied_at_ms) VALUES (?, ?)");
    record.bind_int(1, migration.version).bind_int(2, now_ms()).run();
  });
}

// Held while a PostgreSQL database is migrated (a number of our own, for pg_advisory_lock).
constexpr std::int64_t kMigrationLock = 0x5370616365646f63;  // "Spacedoc"

// Applies every migration the database lacks.
void migrate_locked(Database& db) {
  const auto all = migrations();
  const int latest = all.back().version;
  const int current = has_migrations_table(db) ? db.schema_version() : 0;
  if (current > latest) {
    throw StorageError("database schema " + std::to_string(current) +
                       " is newer than this server (" + std::to_string(latest) + ")");
  }
  for (const Migration& migration : all) {
    if (migration.version > current) apply(db, migration);
  }
}

}  // namespace

void migrate(Database& db) {
  if (db.backend() != Backend::kPostgresql) return migrate_locked(db);
  // Cluster nodes started together would otherwise each find a new database and each apply the
  // migrations: the first takes this lock for the whole check, the others wait for it. (An
  // SQLite file has one server, storage/writer.h.)
  const std::string lock = std::to_string(kMigrationLock);
  db.execute("SELECT pg_advisory_lock(" + lock + ")");
  try {
    migrate_locked(db);
  } catch (...) {
    db.execute("SELECT pg_advisory_unlock(" + lock + ")");
    throw;
  }
  db.execute("SELECT pg_advisory_unlock(" + lock + ")");
}

}  // namespace spacedock::storage
