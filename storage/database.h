#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace spacedock::storage {

class StorageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A UNIQUE, FOREIGN KEY or CHECK constraint refused a write (a user name already taken, say).
class ConstraintError : public StorageError {
 public:
  using StorageError::StorageError;
};

// One SQLite connection, used by one thread at a time. Opening applies the project's settings
// (WAL journal, synchronous=FULL, foreign keys on, a busy timeout) and then every numbered
// schema migration not applied yet, each in its own transaction.
class Database {
 public:
  // Opens or creates the database file (its directory must exist).
  static Database open(const std::string& path);

  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  // The highest migration applied.
  int schema_version();

  using Work = std::function<void(Database&)>;

  // Runs `work(*this)` inside BEGIN IMMEDIATE ... COMMIT; on an exception, or if the commit
  // fails, rolls back and rethrows.
  void transaction(const Work& work);

  // Runs `work(*this)` inside a SAVEPOINT of the current transaction, so that a failing piece
  // of a batch rolls back alone; rethrows its exception.
  void savepoint(const Work& work);

  // Runs SQL without results (statements separated by ';').
  void execute(std::string_view sql);
  // The value of a PRAGMA, as text ("wal" for journal_mode, say).
  std::string pragma(std::string_view name);

  sqlite3* handle() const { return db_; }

 private:
  friend class Statement;
  struct Cached {
    sqlite3_stmt* statement = nullptr;
    bool in_use = false;
  };

  explicit Database(sqlite3* db) : db_(db) {}
  void finalize_cached();

  sqlite3* db_ = nullptr;
  // Prepared statements by SQL text, kept for reuse (see Statement).
  std::unordered_map<std::string, Cached> cache_;
};

}  // namespace spacedock::storage
