#include "storage/sqlite/connection.h"

#include <sqlite3.h>

#include <utility>

#include "storage/database.h"
#include "storage/sqlite/statement.h"

namespace spacedock::storage::sqlite {
namespace {

// A database without a file (":memory:", or "" for a temporary one) cannot use a WAL.
bool is_file_backed(sqlite3* db) {
  const char* file = sqlite3_db_filename(db, "main");
  return file && *file;
}

}  // namespace

Connection Connection::open(const std::string& path) {
  sqlite3* handle = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &handle,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  // The handle exists even when opening failed, and must be closed either way.
  Connection connection(handle);
  if (rc != SQLITE_OK) throw_error(handle, rc, "cannot open database " + path);
  connection.configure();
  return connection;
}

void Connection::configure() {
  sqlite3_extended_result_codes(db_, 1);
  // Before the journal switch, which needs a lock that another connection may hold.
  sqlite3_busy_timeout(db_, 5000);
  execute("PRAGMA journal_mode = WAL");
  if (is_file_backed(db_) && pragma("journal_mode") != "wal") {
    throw StorageError("cannot switch the database to WAL journaling");
  }
  execute("PRAGMA synchronous = FULL");
  execute("PRAGMA foreign_keys = ON");
}

Connection::Connection(Connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), cache_(std::move(other.cache_)) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    finalize_cached();
    sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
    cache_ = std::move(other.cache_);
  }
  return *this;
}

Connection::~Connection() {
  finalize_cached();
  sqlite3_close_v2(db_);
}

void Connection::finalize_cached() {
  for (auto& [sql, cached] : cache_)
    sqlite3_finalize(cached.statement);
  cache_.clear();
}

void Connection::execute(std::string_view sql) {
  while (!sql.empty()) {
    Statement statement(db_, sql, &sql);
    statement.run();
  }
}

// Prepared once and kept (Statement's cache): the persistence thread runs these for every
// batch, and the savepoint ones for every job in it.
void Connection::begin() {
  Statement(*this, "BEGIN IMMEDIATE").run();
}

void Connection::commit() {
  Statement(*this, "COMMIT").run();
}

void Connection::rollback() noexcept {
  if (in_transaction()) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Connection::savepoint() {
  Statement(*this, "SAVEPOINT piece").run();
}

void Connection::release() {
  Statement(*this, "RELEASE piece").run();
}

void Connection::rollback_to_savepoint() noexcept {
  if (in_transaction()) {
    sqlite3_exec(db_, "ROLLBACK TO piece; RELEASE piece", nullptr, nullptr, nullptr);
  }
}

bool Connection::in_transaction() const {
  return !sqlite3_get_autocommit(db_);
}

std::string Connection::check_integrity() {
  std::string problems;
  Statement pages(db_, "PRAGMA integrity_check");
  while (pages.step()) {
    if (const std::string line = pages.column_text(0); line != "ok") problems += line + "\n";
  }
  // Rows: table, rowid, parent table, constraint id.
  Statement keys(db_, "PRAGMA foreign_key_check");
  while (keys.step()) {
    problems += "a row of " + keys.column_text(0) + " refers to a missing row of " +
                keys.column_text(2) + "\n";
  }
  return problems.empty() ? "ok" : problems;
}

std::string Connection::pragma(std::string_view name) {
  Statement query(*this, "PRAGMA " + std::string(name));
  return query.step() ? query.column_text(0) : std::string();
}

}  // namespace spacedock::storage::sqlite
