#include "storage/accounts.h"

#include <chrono>

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

std::optional<Account> read_account(Statement& query) {
  if (!query.step()) return std::nullopt;
  return Account{query.column_int(0), query.column_text(1), query.column_text(2),
                 query.column_int(3), query.column_text(4) == "organiser"};
}

}  // namespace

std::int64_t create_account(Database& db, std::string_view username, std::string_view password_hash,
                            std::int64_t now_ms) {
  std::int64_t id = 0;
  // A taken name is an answer to the player, not a failure of the transaction around it.
  db.recoverable([&](Database& piece) {
    Statement insert(piece,
                     "INSERT INTO accounts (username, password_hash, created_at_ms) "
                     "VALUES (?, ?, ?) RETURNING id");
    id = insert.bind_text(1, username)
             .bind_text(2, password_hash)
             .bind_int(3, now_ms)
             .returning_id();
  });
  return id;
}

std::optional<Account> find_account(Database& db, std::string_view username) {
  // Case-insensitive through the name's index: SQLite's column is NOCASE; PostgreSQL's index is
  // on this expression (migrations/postgresql/001_initial.sql).
  Statement query(
      db, PerDialect{
              .sqlite = "SELECT id, username, password_hash, created_at_ms, role FROM accounts "
                        "WHERE username = ?",
              .postgresql = "SELECT id, username, password_hash, created_at_ms, role FROM accounts "
                            "WHERE lower(username COLLATE \"C\") = lower(? COLLATE \"C\")",
          });
  query.bind_text(1, username);
  return read_account(query);
}

std::optional<Account> find_account(Database& db, std::int64_t id) {
  Statement query(db,
                  "SELECT id, username, password_hash, created_at_ms, role FROM accounts "
                  "WHERE id = ?");
  query.bind_int(1, id);
  return read_account(query);
}

bool set_organiser(Database& db, std::string_view username, bool organiser) {
  Statement update(db,
                   PerDialect{
                       .sqlite = "UPDATE accounts SET role = ? WHERE username = ?",
                       .postgresql = "UPDATE accounts SET role = ? "
                                     "WHERE lower(username COLLATE \"C\") = lower(? COLLATE \"C\")",
                   });
  update.bind_text(1, organiser ? "organiser" : "player").bind_text(2, username).run();
  return update.changes() == 1;
}

std::vector<Account> organisers(Database& db) {
  Statement query(
      db, PerDialect{
              .sqlite = "SELECT id, username, created_at_ms FROM accounts "
                        "WHERE role = 'organiser' ORDER BY username",
              .postgresql = "SELECT id, username, created_at_ms FROM accounts "
                            "WHERE role = 'organiser' ORDER BY lower(username COLLATE \"C\")",
          });
  std::vector<Account> out;
  while (query.step()) {
    Account a;
    a.id = query.column_int(0);
    a.username = query.column_text(1);
    a.created_at_ms = query.column_int(2);
    a.organiser = true;
    out.push_back(std::move(a));
  }
  return out;
}

void create_session(Database& db, std::string_view token_hash, std::int64_t account_id,
                    std::int64_t now_ms, std::int64_t expires_at_ms) {
  Statement insert(db,
                   "INSERT INTO sessions (token_hash, account_id, created_at_ms, expires_at_ms) "
                   "VALUES (?, ?, ?, ?)");
  insert.bind_blob(1, token_hash).bind_int(2, account_id).bind_int(3, now_ms);
  insert.bind_int(4, expires_at_ms).run();
}

std::optional<std::int64_t> find_session(Database& db, std::string_view token_hash,
                                         std::int64_t now_ms) {
  Statement query(db,
                  "SELECT account_id FROM sessions "
                  "WHERE token_hash = ? AND revoked_at_ms IS NULL AND expires_at_ms > ?");
  query.bind_blob(1, token_hash).bind_int(2, now_ms);
  if (!query.step()) return std::nullopt;
  return query.column_int(0);
}

std::vector<Session> live_sessions(Database& db, std::int64_t account_id, std::int64_t now_ms) {
  Statement query(db,
                  "SELECT token_hash, created_at_ms, expires_at_ms FROM sessions "
                  "WHERE account_id = ? AND revoked_at_ms IS NULL AND expires_at_ms > ? "
                  "ORDER BY created_at_ms");
  query.bind_int(1, account_id).bind_int(2, now_ms);
  std::vector<Session> out;
  while (query.step()) {
    out.push_back({query.column_blob(0), account_id, query.column_int(1), query.column_int(2)});
  }
  return out;
}

namespace {

// The wall clock in milliseconds, for revocation times: the interface passes no clock.
std::int64_t revocation_time_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void revoke_session(Database& db, std::string_view token_hash) {
  // Revoking twice keeps the first time.
  Statement update(db,
                   "UPDATE sessions SET revoked_at_ms = ? "
                   "WHERE token_hash = ? AND revoked_at_ms IS NULL");
  update.bind_int(1, revocation_time_ms()).bind_blob(2, token_hash).run();
}

int revoke_sessions(Database& db, std::int64_t account_id) {
  Statement update(db,
                   "UPDATE sessions SET revoked_at_ms = ? "
                   "WHERE account_id = ? AND revoked_at_ms IS NULL");
  update.bind_int(1, revocation_time_ms()).bind_int(2, account_id).run();
  return static_cast<int>(update.changes());
}

}  // namespace spacedock::storage
