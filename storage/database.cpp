#include "storage/database.h"

#include <sqlite3.h>

#include <array>
#include <chrono>
#include <utility>

#include "storage/statement.h"

namespace spacedock::embedded {
extern const std::string_view storage_migration_001;
extern const std::string_view storage_migration_002;
extern const std::string_view storage_migration_003;
extern const std::string_view storage_migration_004;
extern const std::string_view storage_migration_005;
extern const std::string_view storage_migration_006;
extern const std::string_view storage_migration_007;
}  // namespace spacedock::embedded

namespace spacedock::storage {
namespace {

struct Migration {
  int version;
  std::string_view sql;
};

// Versions in increasing order, one per file under storage/migrations/.
std::array<Migration, 7> migrations() {
  return {{{1, embedded::storage_migration_001},
           {2, embedded::storage_migration_002},
           {3, embedded::storage_migration_003},
           {4, embedded::storage_migration_004},
           {5, embedded::storage_migration_005},
           {6, embedded::storage_migration_006},
           {7, embedded::storage_migration_007}}};
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool has_migrations_table(Database& db) {
  Statement query(db,
                  "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = "
                  "'schema_migrations'");
  return query.step();
}

// Only the migration step may create the table, so that opening a migrated database stays a
// read.
void apply(Database& db, const Migration& migration) {
  db.transaction([&](Database& tx) {
    tx.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        "version INTEGER PRIMARY KEY, applied_at_ms INTEGER NOT NULL)");
    // Another process may have migrated between our check and our write lock.
    if (tx.schema_version() >= migration.version) return;
    tx.execute(migration.sql);
    Statement record(tx, "INSERT INTO schema_migrations (version, applied_at_ms) VALUES (?, ?)");
    record.bind_int(1, migration.version).bind_int(2, now_ms()).run();
  });
}

void migrate(Database& db) {
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

// A database without a file (":memory:", or "" for a temporary one) cannot use a WAL.
bool is_file_backed(sqlite3* db) {
  const char* file = sqlite3_db_filename(db, "main");
  return file && *file;
}

void configure(Database& db) {
  sqlite3* handle = db.handle();
  sqlite3_extended_result_codes(handle, 1);
  // Before the journal switch, which needs a lock that another connection may hold.
  sqlite3_busy_timeout(handle, 5000);
  db.execute("PRAGMA journal_mode = WAL");
  if (is_file_backed(handle) && db.pragma("journal_mode") != "wal") {
    throw StorageError("cannot switch the database to WAL journaling");
  }
  db.execute("PRAGMA synchronous = FULL");
  db.execute("PRAGMA foreign_keys = ON");
}

void run_all(sqlite3* db, std::string_view sql) {
  while (!sql.empty()) {
    Statement statement(db, sql, &sql);
    statement.run();
  }
}

}  // namespace

Database Database::open(const std::string& path) {
  sqlite3* handle = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &handle,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  // The handle exists even when opening failed, and must be closed either way.
  Database db(handle);
  if (rc != SQLITE_OK) throw_error(handle, rc, "cannot open database " + path);
  configure(db);
  migrate(db);
  return db;
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), cache_(std::move(other.cache_)) {}

Database& Database::operator=(Database&& other) noexcept {
  if (this != &other) {
    finalize_cached();
    sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
    cache_ = std::move(other.cache_);
  }
  return *this;
}

Database::~Database() {
  finalize_cached();
  sqlite3_close_v2(db_);
}

void Database::finalize_cached() {
  for (auto& [sql, cached] : cache_)
    sqlite3_finalize(cached.statement);
  cache_.clear();
}

int Database::schema_version() {
  Statement query(*this, "SELECT coalesce(max(version), 0) FROM schema_migrations");
  query.step();
  return static_cast<int>(query.column_int(0));
}

void Database::execute(std::string_view sql) {
  run_all(db_, sql);
}

void Database::transaction(const Work& work) {
  // Prepared once and kept (Statement's cache): the persistence thread runs these for every
  // batch, and the savepoints below for every job in it.
  Statement(*this, "BEGIN IMMEDIATE").run();
  try {
    work(*this);
    Statement(*this, "COMMIT").run();
  } catch (...) {
    // After some errors (a full disk, an I/O error) SQLite has rolled back already; rolling
    // back again would fail and hide the error that caused it.
    if (!sqlite3_get_autocommit(db_)) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void Database::savepoint(const Work& work) {
  Statement(*this, "SAVEPOINT piece").run();
  try {
    work(*this);
  } catch (...) {
    if (!sqlite3_get_autocommit(db_)) {
      sqlite3_exec(db_, "ROLLBACK TO piece; RELEASE piece", nullptr, nullptr, nullptr);
    }
    throw;
  }
  Statement(*this, "RELEASE piece").run();
}

std::string Database::pragma(std::string_view name) {
  Statement query(*this, "PRAGMA " + std::string(name));
  return query.step() ? query.column_text(0) : std::string();
}

}  // namespace spacedock::storage
