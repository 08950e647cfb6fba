#include "storage/sqlite/statement.h"

#include <sqlite3.h>

#include <climits>
#include <utility>

#include "storage/database.h"
#include "storage/sqlite/connection.h"

namespace spacedock::storage::sqlite {
namespace {

std::string describe(sqlite3* db, int rc, std::string_view what) {
  std::string message(what);
  message += ": ";
  message += db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  return message;
}

[[noreturn]] void throw_described(int rc, const std::string& message) {
  // Extended result codes keep the primary code in the low byte.
  if ((rc & 0xff) == SQLITE_CONSTRAINT) throw ConstraintError(message);
  throw StorageError(message);
}

}  // namespace

void throw_error(sqlite3* db, int rc, std::string_view what) {
  throw_described(rc, describe(db, rc, what));
}

Statement::Statement(sqlite3* db, std::string_view sql, std::string_view* rest) : db_(db) {
  if (sql.size() > INT_MAX) throw StorageError("SQL text too long");
  const char* tail = nullptr;
  const int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, &tail);
  if (rc != SQLITE_OK) throw_error(db, rc, "cannot prepare \"" + std::string(sql) + "\"");
  if (rest) *rest = sql.substr(static_cast<std::size_t>(tail - sql.data()));
}

Statement::Statement(Connection& connection, std::string_view sql) : db_(connection.db_) {
  constexpr std::size_t kMaxCached = 64;  // dynamic SQL must not grow the cache without bound
  auto& cache = connection.cache_;
  auto found = cache.find(std::string(sql));
  if (found != cache.end() && !found->second.in_use) {
    stmt_ = found->second.statement;
  } else {
    Statement fresh(db_, sql);
    if (found != cache.end() || cache.size() >= kMaxCached || fresh.empty()) {
      stmt_ = std::exchange(fresh.stmt_, nullptr);  // used once, finalized by this Statement
      return;
    }
    found = cache.emplace(std::string(sql), Connection::Cached{std::exchange(fresh.stmt_, nullptr)})
                .first;
    stmt_ = found->second.statement;
  }
  found->second.in_use = true;
  borrowed_ = &found->second.in_use;
}

Statement::~Statement() {
  if (!borrowed_) {
    sqlite3_finalize(stmt_);
    return;
  }
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
  *borrowed_ = false;
}

void Statement::bind_int(int index, std::int64_t value) {
  const int rc = sqlite3_bind_int64(stmt_, index, value);
  if (rc != SQLITE_OK) throw_error(db_, rc, "cannot bind an integer");
}

void Statement::bind_text(int index, std::string_view text) {
  // A null pointer would bind SQL NULL instead of an empty string.
  const char* data = text.data() ? text.data() : "";
  const int rc = sqlite3_bind_text64(stmt_, index, data, text.size(), SQLITE_STATIC, SQLITE_UTF8);
  if (rc != SQLITE_OK) throw_error(db_, rc, "cannot bind text");
}

void Statement::bind_blob(int index, std::string_view bytes) {
  const char* data = bytes.data() ? bytes.data() : "";
  const int rc = sqlite3_bind_blob64(stmt_, index, data, bytes.size(), SQLITE_STATIC);
  if (rc != SQLITE_OK) throw_error(db_, rc, "cannot bind a blob");
}

void Statement::bind_null(int index) {
  const int rc = sqlite3_bind_null(stmt_, index);
  if (rc != SQLITE_OK) throw_error(db_, rc, "cannot bind NULL");
}

bool Statement::step() {
  if (!stmt_) return false;
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  const std::string message =
      describe(db_, rc, "cannot run \"" + std::string(sqlite3_sql(stmt_)) + "\"");
  // A statement that is kept for reuse must be reset before it can run again.
  sqlite3_reset(stmt_);
  throw_described(rc, message);
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::changes() const {
  return sqlite3_changes64(db_);
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::column_int(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

std::string Statement::column_text(int column) const {
  const auto* text = sqlite3_column_text(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  if (!text) return {};
  return std::string(reinterpret_cast<const char*>(text), static_cast<std::size_t>(size));
}

std::string Statement::column_blob(int column) const {
  // sqlite3_column_bytes must follow sqlite3_column_blob, which may convert the value.
  const void* bytes = sqlite3_column_blob(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  if (!bytes) return {};
  return std::string(static_cast<const char*>(bytes), static_cast<std::size_t>(size));
}

}  // namespace spacedock::storage::sqlite
