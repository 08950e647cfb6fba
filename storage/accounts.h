#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database.h"

namespace spacedock::storage {

struct Account {
  std::int64_t id = 0;
  std::string username;
  std::string password_hash;  // an argon2id string from libsodium, never a password
  std::int64_t created_at_ms = 0;
  bool organiser = false;  // may judge any live match (role 'organiser')
};

// Throws ConstraintError if the name is taken, comparing names case-insensitively.
std::int64_t create_account(Database& db, std::string_view username, std::string_view password_hash,
                            std::int64_t now_ms);
std::optional<Account> find_account(Database& db, std::string_view username);
std::optional<Account> find_account(Database& db, std::int64_t id);
// Makes the account an organiser, or a player again; false if there is no such account.
bool set_organiser(Database& db, std::string_view username, bool organiser);
// The organisers, by name.
std::vector<Account> organisers(Database& db);

// Sessions are stored by a hash of their token, never by the token itself.
struct Session {
  std::string token_hash;
  std::int64_t account_id = 0;
  std::int64_t created_at_ms = 0;
  std::int64_t expires_at_ms = 0;
};

void create_session(Database& db, std::string_view token_hash, std::int64_t account_id,
                    std::int64_t now_ms, std::int64_t expires_at_ms);
// The session's account, unless the session is unknown, revoked or expired at `now_ms`.
std::optional<std::int64_t> find_session(Database& db, std::string_view token_hash,
                                         std::int64_t now_ms);
// An account's live sessions (not revoked, not expired), oldest first.
std::vector<Session> live_sessions(Database& db, std::int64_t account_id, std::int64_t now_ms);
void revoke_session(Database& db, std::string_view token_hash);
// Revokes every session of the account; returns how many were live.
int revoke_sessions(Database& db, std::int64_t account_id);

}  // namespace spacedock::storage
