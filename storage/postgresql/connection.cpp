#include "storage/postgresql/connection.h"

#include <libpq-fe.h>

#include <type_traits>

#include "storage/database.h"
#include "storage/postgresql/statement.h"

namespace spacedock::storage::postgresql {
namespace {

static_assert(std::is_same_v<Oid, unsigned>, "type OIDs are kept as unsigned");

std::string libpq_message(const pg_conn* conn) {
  std::string message = PQerrorMessage(conn);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
    message.pop_back();
  return message;
}

// Enough of a statement to recognize it in an error message (a migration is a whole file).
std::string quoted_start(std::string_view sql) {
  constexpr std::size_t kShown = 80;
  return "\"" + std::string(sql.substr(0, kShown)) + (sql.size() > kShown ? "...\"" : "\"");
}

}  // namespace

void ResultDeleter::operator()(pg_result* result) const {
  PQclear(result);
}

void throw_error(pg_conn* conn, const pg_result* result, std::string_view what) {
  std::string message(what);
  message += ": ";
  const char* primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
  if (primary) {
    message += primary;
    if (const char* detail = PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL)) {
      message += " (";
      message += detail;
      message += ")";
    }
  } else {
    message += libpq_message(conn);
  }
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  if (state && std::string_view(state).starts_with("23")) throw ConstraintError(message);
  throw StorageError(message);
}

Connection Connection::open(const std::string& url) {
  Connection connection(PQconnectdb(url.c_str()));
  if (PQstatus(connection.conn_) != CONNECTION_OK) {
    throw StorageError("cannot connect to PostgreSQL: " + libpq_message(connection.conn_));
  }
  connection.configure();
  return connection;
}

void Connection::configure() {
  // A writer that waits longer for a lock fails its batch, as on SQLite, instead of stalling
  // every match behind it. A transaction left idle twice that long is a frozen writer (a stopped
  // process): the server ends it, so that its locks cannot hold up another cluster node's
  // adoption of its matches for longer (storage/ownership.h). Notices (a CREATE ... IF NOT
  // EXISTS that did nothing) stay quiet.
  command(
      "SET client_encoding = 'UTF8'; SET lock_timeout = '5s'; "
      "SET idle_in_transaction_session_timeout = '10s'; SET client_min_messages = warning");
}

Connection::Connection(Connection&& other) noexcept
    : conn_(std::exchange(other.conn_, nullptr)),
      cache_(std::move(other.cache_)),
      prepared_count_(other.prepared_count_) {}

Connection& Connection::operator=(Connection&& other) noexcept {
  if (this != &other) {
    PQfinish(conn_);
    conn_ = std::exchange(other.conn_, nullptr);
    cache_ = std::move(other.cache_);
    prepared_count_ = other.prepared_count_;
  }
  return *this;
}

Connection::~Connection() {
  PQfinish(conn_);
}

Result Connection::command(std::string_view sql) {
  Result result(PQexec(conn_, std::string(sql).c_str()));
  const ExecStatusType status = PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY) {
    throw_error(conn_, result.get(), "cannot run " + quoted_start(sql));
  }
  return result;
}

void Connection::execute(std::string_view sql) {
  command(sql);
}

void Connection::reconnect_if_lost() {
  if (PQstatus(conn_) == CONNECTION_OK) return;
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK) {
    throw StorageError("lost the connection to PostgreSQL, and cannot connect again: " +
                       libpq_message(conn_));
  }
  // A new session: the server has forgotten the statements prepared in the old one.
  for (auto& [sql, prepared] : cache_)
    prepared.names.clear();
  configure();
}

void Connection::begin() {
  reconnect_if_lost();
  // Explicit, so that a server whose default is stricter does not add serialization failures
  // to retry: see storage::Database::transaction.
  command("BEGIN ISOLATION LEVEL READ COMMITTED");
}

void Connection::commit() {
  command("COMMIT");
}

void Connection::rollback() noexcept {
  if (in_transaction()) PQclear(PQexec(conn_, "ROLLBACK"));
}

void Connection::savepoint() {
  command("SAVEPOINT piece");
}

void Connection::release() {
  command("RELEASE SAVEPOINT piece");
}

void Connection::rollback_to_savepoint() noexcept {
  if (in_transaction()) {
    PQclear(PQexec(conn_, "ROLLBACK TO SAVEPOINT piece; RELEASE SAVEPOINT piece"));
  }
}

bool Connection::in_transaction() const {
  const PGTransactionStatusType status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

bool Connection::transaction_aborted() const {
  return PQtransactionStatus(conn_) == PQTRANS_INERROR;
}

std::string Connection::check_integrity() {
  if (in_transaction()) throw StorageError("check_integrity runs outside a transaction");
  // Sequential scans only, so that every heap page is read, none answered from an index.
  command(
      "BEGIN READ ONLY; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; "
      "SET LOCAL enable_bitmapscan = off");
  try {
    std::vector<std::string> tables;
    Statement list(*this,
                   "SELECT quote_ident(tablename) FROM pg_tables "
                   "WHERE schemaname = current_schema() ORDER BY tablename");
    while (list.step())
      tables.push_back(list.column_text(0));
    for (const std::string& table : tables)
      Statement(*this, "SELECT count(*) FROM " + table).run();
    command("COMMIT");
  } catch (const StorageError& error) {
    rollback();
    return error.what();
  }
  return "ok";
}

Prepared* Connection::cached(std::string_view sql) {
  constexpr std::size_t kMaxCached = 64;
  if (const auto found = cache_.find(std::string(sql)); found != cache_.end())
    return &found->second;
  if (cache_.size() >= kMaxCached) return nullptr;
  return &cache_.emplace(std::string(sql), Prepared{number_parameters(sql), {}}).first->second;
}

const std::string& Connection::prepare(Prepared& prepared, const std::vector<unsigned>& types) {
  for (const auto& [known, name] : prepared.names) {
    if (known == types) return name;
  }
  std::string name = "spacedock_" + std::to_string(++prepared_count_);
  const Result result(PQprepare(conn_, name.c_str(), prepared.text.sql.c_str(),
                                static_cast<int>(types.size()), types.data()));
  if (PQresultStatus(result.get()) != PGRES_COMMAND_OK) {
    throw_error(conn_, result.get(), "cannot prepare " + quoted_start(prepared.text.sql));
  }
  return prepared.names.emplace_back(types, std::move(name)).second;
}

}  // namespace spacedock::storage::postgresql
