#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "spacedock/v1/lobby.pb.h"
#include "storage/database.h"

namespace spacedock::server {

struct BotAccount {
  std::int64_t account_id = 0;
  std::string username;
};

// The accounts server bots sit under, one per strength, so that their seats, results and
// replays are stored like anyone's. Their names have a space, which Register refuses, and they
// have no password hash that any password matches: nobody can log in as a bot.
class BotAccounts {
 public:
  // Finds the accounts, making the missing ones; at startup, before anything else runs.
  void ensure(storage::Database& db);
  // The account for `strength`; null for BOT_STRENGTH_NONE or a value this server does not know.
  const BotAccount* of(v1::BotStrength strength) const;

 private:
  std::array<BotAccount, 3> accounts_;  // random, easy, strong
};

}  // namespace spacedock::server
