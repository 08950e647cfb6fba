#include "server/lobby.h"

#include <algorithm>

namespace spacedock::server {

void Lobby::add(std::shared_ptr<Match> match) {
  std::lock_guard lock(mutex_);
  matches_[match->id()] = std::move(match);
}

std::shared_ptr<Match> Lobby::find(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  auto it = matches_.find(id);
  return it == matches_.end() ? nullptr : it->second;
}

std::vector<v1::MatchInfo> Lobby::list(const v1::ListMatches& filter) const {
  std::vector<std::shared_ptr<Match>> matches;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, match] : matches_)
      matches.push_back(match);
  }
  std::vector<v1::MatchInfo> out;
  for (const auto& match : matches) {
    v1::MatchInfo info = match->info();
    if (filter.game() != v1::GAME_UNSPECIFIED && info.game() != filter.game()) continue;
    const bool wanted =
        filter.statuses().empty()
            ? info.status() == v1::MATCH_STATUS_WAITING || info.status() == v1::MATCH_STATUS_ACTIVE
            : std::find(filter.statuses().begin(), filter.statuses().end(), info.status()) !=
                  filter.statuses().end();
    if (wanted) out.push_back(std::move(info));
  }
  return out;
}

std::size_t Lobby::size() const {
  std::lock_guard lock(mutex_);
  return matches_.size();
}

std::size_t Lobby::reap(std::int64_t now, std::int64_t ttl_ms) {
  std::lock_guard lock(mutex_);
  return std::erase_if(matches_,
                       [&](const auto& entry) { return entry.second->reapable(now, ttl_ms); });
}

}  // namespace spacedock::server
