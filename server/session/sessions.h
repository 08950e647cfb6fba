#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace spacedock::server {

class Connection;

// The connections logged in, by session token and by account, so that a logout reaches every
// connection it ends.
class SessionRegistry {
 public:
  void add(const std::shared_ptr<Connection>& connection, std::string token_digest,
           std::int64_t account_id);
  void remove(const Connection* connection);
  // The connections other than `except` logged in with that session, or as that account.
  std::vector<std::shared_ptr<Connection>> with_session(const std::string& token_digest,
                                                        const Connection* except) const;
  std::vector<std::shared_ptr<Connection>> of_account(std::int64_t account_id,
                                                      const Connection* except) const;

 private:
  struct Entry {
    std::weak_ptr<Connection> connection;
    const Connection* key;
    std::string token_digest;
    std::int64_t account_id;
  };
  template <typename Keep>
  std::vector<std::shared_ptr<Connection>> collect(const Connection* except, Keep keep) const;

  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
};

}  // namespace spacedock::server
