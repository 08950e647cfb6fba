#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace spacedock::server {

// How expensive password hashing is: libsodium's argon2id limits.
enum class PasswordCost : std::uint8_t {
  kInteractive,  // 64 MiB, 2 passes: the default for a real server
  kModerate,     // 256 MiB, 3 passes
  kMinimal,      // libsodium's minimum: for tests only
};

// Call once before any other function here.
void init_crypto();

// An argon2id hash string (with its salt and parameters) of the password.
std::string hash_password(std::string_view password, PasswordCost cost);
// Constant-time verification against a hash string of any cost.
bool verify_password(std::string_view hash, std::string_view password);

// A new random session token (64 hex digits), and the digest stored in its place.
std::string new_token();
std::string token_digest(std::string_view token);

// A private match's invite code: 10 random characters of 31 (about 50 bits), easy to read out.
std::string new_invite_code();

// A random game seed, and the BLAKE2b-256 commitment to it published while the game runs.
std::uint64_t random_seed();
std::string seed_commitment(std::uint64_t seed, std::int64_t match_id);
// The seed of match `match_id`: random, or with `repeatable` (ServerConfig::repeatable_seeds,
// testing only) the same for the same match id on every run.
std::uint64_t game_seed(const std::optional<std::uint64_t>& repeatable, std::int64_t match_id);

}  // namespace spacedock::server
