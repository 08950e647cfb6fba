#pragma once

#include <libpq-fe.h>
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "tests/test_database.h"

namespace spacedock::testing {

// The first column of the first row of `sql`, read on a connection of its own straight from
// SQLite or libpq, so as not to trust the code under test; it sees only what is committed. A
// PostgreSQL boolean reads as 0 or 1.
inline std::int64_t query_int(const TestDatabase& t, const std::string& sql) {
  if (t.backend() == storage::Backend::kSqlite) {
    sqlite3* raw = nullptr;
    const int opened = sqlite3_open_v2(t.url().c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    const std::unique_ptr<sqlite3, decltype(&sqlite3_close_v2)> db(raw, sqlite3_close_v2);
    sqlite3_stmt* statement = nullptr;
    if (opened != SQLITE_OK ||
        sqlite3_prepare_v2(raw, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
      throw std::runtime_error(sqlite3_errmsg(raw));
    }
    const std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> finalize(statement,
                                                                              sqlite3_finalize);
    if (sqlite3_step(statement) != SQLITE_ROW) throw std::runtime_error("no row for " + sql);
    return sqlite3_column_int64(statement, 0);
  }
  const std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(t.url().c_str()), PQfinish);
  const std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn.get(), sql.c_str()),
                                                             PQclear);
  if (PQresultStatus(result.get()) != PGRES_TUPLES_OK || PQntuples(result.get()) == 0) {
    throw std::runtime_error("no row for " + sql + ": " + PQerrorMessage(conn.get()));
  }
  const std::string text = PQgetvalue(result.get(), 0, 0);
  if (text == "t" || text == "f") return text == "t";
  return std::stoll(text);
}

}  // namespace spacedock::testing
