#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "storage/postgresql/placeholders.h"

struct pg_conn;
struct pg_result;

namespace spacedock::storage::postgresql {

struct ResultDeleter {
  void operator()(pg_result* result) const;
};
// A libpq result, freed with PQclear.
using Result = std::unique_ptr<pg_result, ResultDeleter>;

// Throws ConstraintError for an integrity violation (SQLSTATE class 23) and StorageError
// otherwise, with the server's message, or libpq's when there is no result (a lost connection).
[[noreturn]] void throw_error(pg_conn* conn, const pg_result* result, std::string_view what);

// A statement as the server prepares it, cached by the SQL text it was written with.
struct Prepared {
  NumberedSql text;
  // Its server-side names, one per list of parameter type OIDs it has run with: a NULL goes
  // untyped (0), for the server to infer, so a statement with NULLs may need more than one.
  std::vector<std::pair<std::vector<unsigned>, std::string>> names;
};

// One PostgreSQL connection (libpq, blocking: one thread owns it), the PostgreSQL half of
// storage::Database (which calls it; see there for the contract). Opening sets the session up:
// UTF-8 text, a lock timeout of 5 s (as SQLite's busy timeout), warnings but not notices. A
// connection that was lost is opened again by the next begin(); what ran when it was lost
// failed.
class Connection {
 public:
  // `url` is a libpq connection URI (postgresql://...).
  static Connection open(const std::string& url);

  Connection(Connection&& other) noexcept;
  Connection& operator=(Connection&& other) noexcept;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection();

  // Runs SQL without results (statements separated by ';'), in one round trip.
  void execute(std::string_view sql);

  void begin();
  // In a transaction that a failed statement aborted, PostgreSQL answers COMMIT by rolling back,
  // without an error: storage::Database checks transaction_aborted() first.
  void commit();
  // Each never throws, and does nothing when no transaction is open.
  void rollback() noexcept;
  void savepoint();
  void release();
  void rollback_to_savepoint() noexcept;
  bool in_transaction() const;
  // A statement failed in the open transaction: PostgreSQL refuses every other one until the
  // transaction, or the savepoint the failure happened in, is rolled back.
  bool transaction_aborted() const;

  // Outside a transaction: see storage::Database::check_integrity.
  std::string check_integrity();

  pg_conn* handle() const { return conn_; }

  // The cache's entry for `sql`, or null when the cache is full (dynamic SQL must not grow it
  // without bound): the caller then runs the statement unprepared.
  Prepared* cached(std::string_view sql);
  // The server-side name of `prepared` for these parameter types; prepares it the first time.
  const std::string& prepare(Prepared& prepared, const std::vector<unsigned>& types);

 private:
  explicit Connection(pg_conn* conn) : conn_(conn) {}
  void configure();
  void reconnect_if_lost();
  Result command(std::string_view sql);

  pg_conn* conn_ = nullptr;
  std::unordered_map<std::string, Prepared> cache_;
  int prepared_count_ = 0;  // numbers the server-side names
};

}  // namespace spacedock::storage::postgresql
