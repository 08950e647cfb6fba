#include "server/match/lobby.h"

#include <algorithm>
#include <string_view>

#include "engine/core/text.h"
#include "server/quick_match/queue.h"

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

bool Lobby::shows(const v1::MatchInfo& info, const v1::ListMatches& filter, std::int64_t viewer) {
  const auto seated = [&](auto&& is_them) {
    return std::any_of(info.seats().begin(), info.seats().end(), is_them);
  };
  const bool mine = seated(
      [&](const v1::SeatInfo& s) { return s.account_id() == static_cast<std::uint64_t>(viewer); });
  if (info.private_match() && !mine) return false;
  if (filter.mine() && !mine) return false;
  if (filter.open_seats() && (info.status() != v1::MATCH_STATUS_WAITING || mine)) return false;
  if (filter.game() != v1::GAME_UNSPECIFIED && info.game() != filter.game()) return false;
  if (!filter.player().empty()) {
    if (!seated(
            [&](const v1::SeatInfo& s) { return core::iequals(s.username(), filter.player()); }))
      return false;
  }
  return true;
}

v1::MatchList Lobby::list(const v1::ListMatches& filter, std::int64_t viewer) const {
  constexpr std::uint32_t kMaxPage = 100;
  const std::uint32_t page =
      filter.page_size() == 0 || filter.page_size() > kMaxPage ? kMaxPage : filter.page_size();
  v1::MatchList out;
  // Match ids are positive int64s: after the largest there are none.
  if (filter.after_match_id() >= kNoMatchAfter) return out;
  std::vector<std::shared_ptr<Match>> matches;
  {
    std::lock_guard lock(mutex_);
    for (auto it = matches_.upper_bound(static_cast<std::int64_t>(filter.after_match_id()));
         it != matches_.end(); ++it)
      matches.push_back(it->second);
  }
  for (const auto& match : matches) {
    v1::MatchInfo info = match->info();
    if (!shows(info, filter, viewer)) continue;
    const bool wanted =
        filter.statuses().empty()
            ? info.status() == v1::MATCH_STATUS_WAITING || info.status() == v1::MATCH_STATUS_ACTIVE
            : std::find(filter.statuses().begin(), filter.statuses().end(), info.status()) !=
                  filter.statuses().end();
    if (!wanted) continue;
    if (static_cast<std::uint32_t>(out.matches_size()) == page) {
      out.set_next_after_match_id(out.matches(out.matches_size() - 1).match_id());
      break;
    }
    *out.add_matches() = std::move(info);
  }
  return out;
}

std::size_t Lobby::waiting_with(const std::string& username) const {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(
      std::count_if(matches_.begin(), matches_.end(),
                    [&](const auto& entry) { return entry.second->waiting_with(username); }));
}

std::vector<storage::Lease> Lobby::held_leases() const {
  std::lock_guard lock(mutex_);
  std::vector<storage::Lease> leases;
  for (const auto& [id, match] : matches_) {
    if (match->held_here()) leases.push_back(match->lease());
  }
  return leases;
}

std::vector<v1::MatchInfo> Lobby::held_headers() const {
  std::lock_guard lock(mutex_);
  std::vector<v1::MatchInfo> headers;
  for (const auto& [id, match] : matches_) {
    if (match->held_here()) headers.push_back(match->info());
  }
  return headers;
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

std::optional<v1::Response> waiting_limit(const Services& services, const Identity& who,
                                          const Recipient* replacing) {
  const std::uint32_t cap = services.config.max_waiting_matches;
  const std::size_t waiting = services.lobby.waiting_with(who.username) +
                              services.quick_matches.places_of(who.account_id, replacing);
  if (waiting < cap) return std::nullopt;
  return error_response(v1::LIMIT_REACHED,
                        "you already wait for players in " + std::to_string(cap) +
                            " matches (the quick-match queue included); start or leave one first");
}

}  // namespace spacedock::server
