#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "storage/postgresql/connection.h"
#include "storage/sqlite/connection.h"
#include "storage/url.h"

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

// One connection to an SQLite file or a PostgreSQL database, used by one thread at a time.
// Opening applies the backend's settings (sqlite/connection.h, postgresql/connection.h) and then
// every numbered schema migration not applied yet (migrations/<dialect>/), each in its own
// transaction.
//
// The two backends are the alternatives of a variant, not implementations of a virtual
// interface: each call is a branch, not a virtual call, and the SQLite path costs what it did
// before PostgreSQL (an input's savepoint and insert: 0.2 % more instructions, measured).
class Database {
 public:
  // `url` as parse_database_url reads it: sqlite:PATH, a bare PATH, or postgresql://...
  // An SQLite file is created if missing (its directory must exist). Throws StorageError.
  static Database open(const std::string& url);

  Database(Database&& other) noexcept = default;
  Database& operator=(Database&& other) noexcept = default;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database() = default;

  Backend backend() const;

  // The highest migration applied.
  int schema_version();

  using Work = std::function<void(Database&)>;

  // Runs `work(*this)` inside a transaction; on an exception, or if the commit fails, rolls back
  // and rethrows. Returns only once the commit has returned, so that the work is durable (on
  // PostgreSQL as durable as the server's synchronous_commit makes it: on, by default).
  // SQLite: BEGIN IMMEDIATE. PostgreSQL: READ COMMITTED, which is enough because each node
  // writes from one thread and the conditional updates (WHERE status = 'waiting', say) recheck
  // their row under its lock; a stricter level would only add serialization failures to retry.
  void transaction(const Work& work);

  // Runs `work(*this)` inside a SAVEPOINT of the current transaction, so that a failing piece
  // of a batch rolls back alone; rethrows its exception. Outside a transaction it opens one.
  //
  // On PostgreSQL a failed statement aborts the whole transaction, not only itself as on SQLite:
  // if `work` catches a storage error and returns normally, the savepoint is rolled back all the
  // same and StorageError thrown (transaction() does the same). Catch an expected failure around
  // a savepoint, or use recoverable().
  void savepoint(const Work& work);

  // Runs `work(*this)` so that if it fails, it changes nothing and the transaction around it
  // goes on, as any failed statement does on SQLite: for a storage function whose failure the
  // caller may catch and answer (a taken name). On PostgreSQL inside a transaction that takes a
  // savepoint (two more round trips); otherwise it runs `work` as it is.
  void recoverable(const Work& work);

  bool in_transaction() const;

  // Runs SQL without results (statements separated by ';').
  void execute(std::string_view sql);

  // "ok", or the problems found, one a line. SQLite: PRAGMA integrity_check and foreign_key_check
  // (pages, indexes, constraints). PostgreSQL, outside a transaction: reads every table of the
  // schema through (a damaged page fails the check, as does a checksum mismatch where the
  // cluster has data checksums); constraints are not checked again, the server enforced them on
  // every write, and neither are indexes (that takes the amcheck extension).
  std::string check_integrity();

 private:
  friend class Statement;
  using Connection = std::variant<sqlite::Connection, postgresql::Connection>;

  explicit Database(Connection connection) : connection_(std::move(connection)) {}
  // Calls `f` on the backend's connection.
  template <typename F>
  decltype(auto) on_connection(F&& f) {
    if (auto* lite = std::get_if<sqlite::Connection>(&connection_)) return f(*lite);
    return f(*std::get_if<postgresql::Connection>(&connection_));
  }
  template <typename F>
  decltype(auto) on_connection(F&& f) const {
    if (const auto* lite = std::get_if<sqlite::Connection>(&connection_)) return f(*lite);
    return f(*std::get_if<postgresql::Connection>(&connection_));
  }
  // Throws if a statement failed inside `work` on PostgreSQL and `work` went on regardless.
  void require_not_aborted(std::string_view undone);

  Connection connection_;
  bool transaction_open_ = false;  // inside transaction(), whatever became of the session
};

}  // namespace spacedock::storage
