#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/common/recipient.h"

namespace spacedock::server {

// The recipients (client connections) logged in, by session token and by account, so that a logout
// reaches every connection it ends.
class SessionRegistry {
 public:
  void add(const std::shared_ptr<Recipient>& connection, std::string token_digest,
           std::int64_t account_id);
  void remove(const Recipient* connection);
  // The connections other than `except` logged in with that session, or as that account.
  std::vector<std::shared_ptr<Recipient>> with_session(const std::string& token_digest,
                                                       const Recipient* except) const;
  std::vector<std::shared_ptr<Recipient>> of_account(std::int64_t account_id,
                                                     const Recipient* except) const;

 private:
  struct Entry {
    std::weak_ptr<Recipient> connection;
    const Recipient* key;
    std::string token_digest;
    std::int64_t account_id;
  };
  template <typename Keep>
  std::vector<std::shared_ptr<Recipient>> collect(const Recipient* except, Keep keep) const;

  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
};

}  // namespace spacedock::server
