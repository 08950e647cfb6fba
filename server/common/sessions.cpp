#include "server/common/sessions.h"

#include <algorithm>

namespace spacedock::server {

void SessionRegistry::add(const std::shared_ptr<Recipient>& connection, std::string token_digest,
                          std::int64_t account_id) {
  std::lock_guard lock(mutex_);
  std::erase_if(entries_, [&](const Entry& e) { return e.key == connection.get(); });
  entries_.push_back({connection, connection.get(), std::move(token_digest), account_id});
}

void SessionRegistry::remove(const Recipient* connection) {
  std::lock_guard lock(mutex_);
  std::erase_if(entries_, [&](const Entry& e) { return e.key == connection; });
}

template <typename Keep>
std::vector<std::shared_ptr<Recipient>> SessionRegistry::collect(const Recipient* except,
                                                                 Keep keep) const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Recipient>> out;
  for (const Entry& e : entries_) {
    if (e.key == except || !keep(e)) continue;
    if (auto c = e.connection.lock()) out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::shared_ptr<Recipient>> SessionRegistry::with_session(
    const std::string& token_digest, const Recipient* except) const {
  return collect(except, [&](const Entry& e) { return e.token_digest == token_digest; });
}

std::vector<std::shared_ptr<Recipient>> SessionRegistry::of_account(std::int64_t account_id,
                                                                    const Recipient* except) const {
  return collect(except, [&](const Entry& e) { return e.account_id == account_id; });
}

}  // namespace spacedock::server
