#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace spacedock::storage::sqlite {

// One SQLite connection, the SQLite half of storage::Database (which calls it; see there for
// the contract). Opening applies the project's settings: WAL journal, synchronous=FULL, foreign
// keys on, a busy timeout of 5 s. Prepared statements are cached by SQL text (see Statement).
class Connection {
 public:
  // Opens or creates the database file (its directory must exist).
  static Connection open(const std::string& path);

  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // Runs SQL without results (statements separated by ';').
  void execute(std::string_view sql);

  // BEGIN IMMEDIATE: the write lock is taken (waiting out the busy timeout) before any read,
  // so a transaction never fails halfway for want of it.
  void begin();
  void commit();
  // Rolls back the open transaction, if any (SQLite ends it by itself after some errors, a full
  // disk or an I/O error say, and a second rollback would hide the first error). Never throws.
  void rollback() noexcept;
  void savepoint();
  void release();
  // Rolls back to the last savepoint and releases it, if a transaction is still open.
  void rollback_to_savepoint() noexcept;
  bool in_transaction() const;
  // A failed statement undoes only itself in SQLite: a transaction never needs rolling back for
  // it (compare postgresql::Connection).
  bool transaction_aborted() const { return false; }

  // PRAGMA integrity_check and PRAGMA foreign_key_check: "ok", or the problems, one a line.
  std::string check_integrity();

  sqlite3* handle() const { return db_; }

 private:
  friend class Statement;
  struct Cached {
    sqlite3_stmt* statement = nullptr;
    bool in_use = false;
  };

  explicit Connection(sqlite3* db) : db_(db) {}
  void configure();
  std::string pragma(std::string_view name);
  void finalize_cached();

  sqlite3* db_ = nullptr;
  // Prepared statements by SQL text, kept for reuse (see Statement).
  std::unordered_map<std::string, Cached> cache_;
};

}  // namespace spacedock::storage::sqlite
