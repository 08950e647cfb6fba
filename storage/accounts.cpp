#include "storage/accounts.h"

#include <sqlite3.h>

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

std::optional<Account> read_account(Statement& query) {
  if (!query.step()) return std::nullopt;
  return Account{query.column_int(0), query.column_text(1), query.column_text(2),
                 query.column_int(3)};
}

}  // namespace

std::int64_t create_account(Database& db, std::string_view username, std::string_view password_hash,
                            std::int64_t now_ms) {
  Statement insert(db,
                   "INSERT INTO accounts (username, password_hash, created_at_ms) "
                   "VALUES (?, ?, ?)");
  insert.bind_text(1, username).bind_text(2, password_hash).bind_int(3, now_ms).run();
  return sqlite3_last_insert_rowid(db.handle());
}

std::optional<Account> find_account(Database& db, std::string_view username) {
  // The column's NOCASE collation makes this comparison, and its index, case-insensitive.
  Statement query(db,
                  "SELECT id, username, password_hash, created_at_ms FROM accounts "
                  "WHERE username = ?");
  query.bind_text(1, username);
  return read_account(query);
}

std::optional<Account> find_account(Database& db, std::int64_t id) {
  Statement query(db,
                  "SELECT id, username, password_hash, created_at_ms FROM accounts WHERE id = ?");
  query.bind_int(1, id);
  return read_account(query);
}

void create_session(Database& db, std::string_view token_hash, std::int64_t account_id,
                    std::int64_t now_ms) {
  Statement insert(db,
                   "INSERT INTO sessions (token_hash, account_id, created_at_ms) VALUES (?, ?, ?)");
  insert.bind_blob(1, token_hash).bind_int(2, account_id).bind_int(3, now_ms).run();
}

std::optional<std::int64_t> find_session(Database& db, std::string_view token_hash) {
  Statement query(db,
                  "SELECT account_id FROM sessions "
                  "WHERE token_hash = ? AND revoked_at_ms IS NULL");
  query.bind_blob(1, token_hash);
  if (!query.step()) return std::nullopt;
  return query.column_int(0);
}

void revoke_session(Database& db, std::string_view token_hash) {
  // The interface passes no clock here, so the revocation time is SQLite's wall clock. Revoking
  // twice keeps the first time.
  Statement update(db,
                   "UPDATE sessions "
                   "SET revoked_at_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) "
                   "WHERE token_hash = ? AND revoked_at_ms IS NULL");
  update.bind_blob(1, token_hash).run();
}

}  // namespace spacedock::storage
