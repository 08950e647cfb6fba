#include "storage/database.h"

#include "storage/migrations.h"
#include "storage/statement.h"

namespace spacedock::storage {

Database Database::open(const std::string& url) {
  DatabaseUrl location = parse_database_url(url);
  Database db = location.backend == Backend::kSqlite
                    ? Database(sqlite::Connection::open(location.target))
                    : Database(postgresql::Connection::open(location.target));
  migrate(db);
  return db;
}

Backend Database::backend() const {
  return std::holds_alternative<sqlite::Connection>(connection_) ? Backend::kSqlite
                                                                 : Backend::kPostgresql;
}

int Database::schema_version() {
  Statement query(*this, "SELECT coalesce(max(version), 0) FROM schema_migrations");
  query.step();
  return static_cast<int>(query.column_int(0));
}

void Database::require_not_aborted(std::string_view undone) {
  if (on_connection([](auto& c) { return c.transaction_aborted(); })) {
    throw StorageError("a statement failed and its error was caught, but PostgreSQL undoes " +
                       std::string(undone) + " for it");
  }
}

void Database::transaction(const Work& work) {
  on_connection([](auto& c) { c.begin(); });
  transaction_open_ = true;
  try {
    work(*this);
    require_not_aborted("the whole transaction");
    on_connection([](auto& c) { c.commit(); });
  } catch (...) {
    transaction_open_ = false;
    on_connection([](auto& c) { c.rollback(); });
    throw;
  }
  transaction_open_ = false;
}

void Database::savepoint(const Work& work) {
  // PostgreSQL has savepoints only inside a transaction; SQLite opens one for a savepoint itself.
  // Whether one is open is this object's record, not the connection's: a session lost inside
  // the transaction reports none, and a piece run in a transaction of its own would commit
  // outside the batch's fence (storage/ownership.h).
  if (backend() == Backend::kPostgresql && !transaction_open_) return transaction(work);
  on_connection([](auto& c) { c.savepoint(); });
  try {
    work(*this);
    require_not_aborted("the whole savepoint");
  } catch (...) {
    on_connection([](auto& c) { c.rollback_to_savepoint(); });
    throw;
  }
  on_connection([](auto& c) { c.release(); });
}

void Database::recoverable(const Work& work) {
  if (backend() == Backend::kPostgresql && transaction_open_) return savepoint(work);
  work(*this);
}

bool Database::in_transaction() const {
  return on_connection([](const auto& c) { return c.in_transaction(); });
}

void Database::execute(std::string_view sql) {
  on_connection([&](auto& c) { c.execute(sql); });
}

std::string Database::check_integrity() {
  return on_connection([](auto& c) { return c.check_integrity(); });
}

}  // namespace spacedock::storage
