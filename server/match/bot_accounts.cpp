#include "server/match/bot_accounts.h"

#include "storage/accounts.h"

namespace spacedock::server {
namespace {

// Not an argon2id string, so no password ever verifies against it.
constexpr const char* kNoPassword = "!";

std::size_t index_of(v1::BotStrength strength) {
  switch (strength) {
    case v1::BOT_STRENGTH_RANDOM:
      return 0;
    case v1::BOT_STRENGTH_EASY:
      return 1;
    case v1::BOT_STRENGTH_STRONG:
      return 2;
    default:
      return 3;
  }
}

}  // namespace

void BotAccounts::ensure(storage::Database& db) {
  static constexpr std::array<const char*, 3> kNames = {"Bot (random)", "Bot (easy)",
                                                        "Bot (strong)"};
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    auto found = storage::find_account(db, kNames[i]);
    if (!found) {
      try {
        storage::create_account(db, kNames[i], kNoPassword, 0);
      } catch (const storage::ConstraintError&) {
        // Another cluster node starting at the same moment made it first.
      }
      found = storage::find_account(db, kNames[i]);
    }
    accounts_[i] = {found->id, kNames[i]};
  }
}

const BotAccount* BotAccounts::of(v1::BotStrength strength) const {
  const std::size_t index = index_of(strength);
  return index < accounts_.size() ? &accounts_[index] : nullptr;
}

}  // namespace spacedock::server
