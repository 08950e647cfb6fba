#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "storage/database.h"

namespace spacedock::storage {

struct Account {
  std::int64_t id = 0;
  std::string username;
  std::string password_hash;  // an argon2id string from libsodium, never a password
  std::int64_t created_at_ms = 0;
};

// Throws ConstraintError if the name is taken, comparing names case-insensitively.
std::int64_t create_account(Database& db, std::string_view username, std::string_view password_hash,
                            std::int64_t now_ms);
std::optional<Account> find_account(Database& db, std::string_view username);
std::optional<Account> find_account(Database& db, std::int64_t id);

// Sessions are stored by a hash of their token, never by the token itself.
void create_session(Database& db, std::string_view token_hash, std::int64_t account_id,
                    std::int64_t now_ms);
// The session's account, unless the session is unknown or revoked.
std::optional<std::int64_t> find_session(Database& db, std::string_view token_hash);
void revoke_session(Database& db, std::string_view token_hash);

}  // namespace spacedock::storage
