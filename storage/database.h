#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;

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

  // Runs `work(*this)` inside BEGIN IMMEDIATE ... COMMIT; on an exception, rolls back and
  // rethrows.
  template <typename Work>
  void transaction(Work&& work) {
    execute("BEGIN IMMEDIATE");
    try {
      work(*this);
    } catch (...) {
      execute("ROLLBACK");
      throw;
    }
    execute("COMMIT");
  }

  // Runs `work(*this)` inside a SAVEPOINT of the current transaction, so that a failing piece
  // of a batch rolls back alone; rethrows its exception.
  template <typename Work>
  void savepoint(Work&& work) {
    execute("SAVEPOINT piece");
    try {
      work(*this);
    } catch (...) {
      execute("ROLLBACK TO piece");
      execute("RELEASE piece");
      throw;
    }
    execute("RELEASE piece");
  }

  // Runs SQL without results (statements separated by ';').
  void execute(std::string_view sql);
  // The value of a PRAGMA, as text ("wal" for journal_mode, say).
  std::string pragma(std::string_view name);

  sqlite3* handle() const { return db_; }

 private:
  explicit Database(sqlite3* db) : db_(db) {}
  sqlite3* db_ = nullptr;
};

}  // namespace spacedock::storage
