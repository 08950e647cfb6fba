#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "server/match/match.h"
#include "spacedock/v1/lobby.pb.h"

namespace spacedock::server {

// The matches this server hosts, by id. Safe from any thread.
class Lobby {
 public:
  // ListMatches.after_match_id from which no match can follow: match ids are positive int64s.
  static constexpr std::uint64_t kNoMatchAfter =
      static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

  void add(std::shared_ptr<Match> match);
  std::shared_ptr<Match> find(std::int64_t id) const;
  // One page of the matches the filter keeps, by id (ListMatches in lobby.proto), as `viewer`
  // (an account id) may see them; by default those waiting or active.
  v1::MatchList list(const v1::ListMatches& filter, std::int64_t viewer) const;
  // Whether the filter keeps the match, statuses apart, for `viewer`: a private match only for
  // its players.
  static bool shows(const v1::MatchInfo& info, const v1::ListMatches& filter, std::int64_t viewer);
  // How many matches waiting for players have `username` in a seat.
  std::size_t waiting_with(const std::string& username) const;
  std::size_t size() const;
  // The leases of the matches still played here (Match::held_here), by match id.
  std::vector<storage::Lease> held_leases() const;
  // The headers of the matches still played here.
  std::vector<v1::MatchInfo> held_headers() const;
  // Forgets matches that ended more than `ttl_ms` ago and that nobody follows; returns how many.
  std::size_t reap(std::int64_t now, std::int64_t ttl_ms);

 private:
  mutable std::mutex mutex_;
  std::map<std::int64_t, std::shared_ptr<Match>> matches_;
};

// LIMIT_REACHED if `who` already waits for players in as many matches as an account may
// (ServerConfig::max_waiting_matches), counting the places it holds in the quick-match queue
// (but `replacing`'s, which a new QuickMatch takes over); nothing if it may wait in one more.
std::optional<v1::Response> waiting_limit(const Services& services, const Identity& who,
                                          const Recipient* replacing = nullptr);

}  // namespace spacedock::server
