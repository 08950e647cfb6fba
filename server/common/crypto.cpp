#include "server/common/crypto.h"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace spacedock::server {

void init_crypto() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
}

std::string hash_password(std::string_view password, PasswordCost cost) {
  unsigned long long ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
  std::size_t memory = crypto_pwhash_MEMLIMIT_INTERACTIVE;
  if (cost == PasswordCost::kModerate) {
    ops = crypto_pwhash_OPSLIMIT_MODERATE;
    memory = crypto_pwhash_MEMLIMIT_MODERATE;
  } else if (cost == PasswordCost::kMinimal) {
    ops = crypto_pwhash_OPSLIMIT_MIN;
    memory = crypto_pwhash_MEMLIMIT_MIN;
  }
  std::array<char, crypto_pwhash_STRBYTES> out{};
  if (crypto_pwhash_str_alg(out.data(), password.data(), password.size(), ops, memory,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("password hashing ran out of memory");
  }
  return out.data();
}

bool verify_password(std::string_view hash, std::string_view password) {
  const std::string terminated(hash);
  return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

std::string new_token() {
  std::array<unsigned char, 32> bytes;
  randombytes_buf(bytes.data(), bytes.size());
  std::array<char, 2 * 32 + 1> hex;
  sodium_bin2hex(hex.data(), hex.size(), bytes.data(), bytes.size());
  return hex.data();
}

std::string new_invite_code() {
  // Letters and digits that cannot be mistaken for one another when read out or copied.
  static constexpr std::string_view kAlphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  std::string code(10, ' ');
  for (char& c : code)
    c = kAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kAlphabet.size()))];
  return code;
}

std::string token_digest(std::string_view token) {
  // Sessions are looked up by this digest, so a leaked table or a timing difference in the
  // lookup reveals nothing usable about the tokens themselves.
  std::array<unsigned char, crypto_generichash_BYTES> digest;
  crypto_generichash(digest.data(), digest.size(),
                     reinterpret_cast<const unsigned char*>(token.data()), token.size(), nullptr,
                     0);
  return std::string(digest.begin(), digest.end());
}

std::uint64_t random_seed() {
  std::uint64_t seed;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

std::uint64_t game_seed(const std::optional<std::uint64_t>& repeatable, std::int64_t match_id) {
  if (!repeatable) return random_seed();
  // SplitMix64's finaliser: neighbouring ids get unrelated seeds.
  std::uint64_t z = *repeatable + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(match_id);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::string seed_commitment(std::uint64_t seed, std::int64_t match_id) {
  std::array<unsigned char, 16> input;
  for (int i = 0; i < 8; ++i) {
    input[static_cast<std::size_t>(i)] = static_cast<unsigned char>(seed >> (8 * i));
    input[static_cast<std::size_t>(8 + i)] =
        static_cast<unsigned char>(static_cast<std::uint64_t>(match_id) >> (8 * i));
  }
  std::array<unsigned char, 32> digest;
  crypto_generichash(digest.data(), digest.size(), input.data(), input.size(), nullptr, 0);
  return std::string(digest.begin(), digest.end());
}

}  // namespace spacedock::server
