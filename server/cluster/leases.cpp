#include "server/cluster/leases.h"

#include "storage/ownership.h"

namespace spacedock::server::cluster {

std::int64_t claim(const ServerConfig& config, storage::Database& db, std::int64_t match_id) {
  if (config.node_id.empty()) return 0;
  return storage::claim_match(db, match_id, config.node_id).epoch;
}

void fence(const ServerConfig& config, storage::Database& db, std::int64_t match_id,
           std::int64_t epoch) {
  if (config.node_id.empty()) return;
  storage::check_owner(db, config.node_id, {match_id, epoch});
}

void release(const ServerConfig& config, storage::Database& db, std::int64_t match_id,
             std::int64_t epoch) {
  if (config.node_id.empty()) return;
  storage::release_match(db, config.node_id, {match_id, epoch});
}

}  // namespace spacedock::server::cluster
