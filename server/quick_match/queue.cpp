#include "server/quick_match/queue.h"

#include <algorithm>

namespace spacedock::server {

std::optional<QuickMatchQueue::Entry> QuickMatchQueue::pair_or_queue(Entry entry) {
  std::lock_guard lock(mutex_);
  drop_earlier(entry.key);
  const auto partner = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) {
    return e.game == entry.game && e.clock == entry.clock &&
           e.who.account_id != entry.who.account_id;
  });
  if (partner == entries_.end()) {
    entries_.push_back(std::move(entry));
    return std::nullopt;
  }
  Entry paired = std::move(*partner);
  entries_.erase(partner);
  return paired;
}

void QuickMatchQueue::drop_earlier(const Recipient* key) {
  std::erase_if(entries_, [&](const Entry& e) { return e.key == key || e.connection.expired(); });
}

void QuickMatchQueue::queue(Entry entry) {
  std::lock_guard lock(mutex_);
  drop_earlier(entry.key);
  entries_.push_back(std::move(entry));
}

std::optional<QuickMatchQueue::Entry> QuickMatchQueue::take(const Recipient* key) {
  std::lock_guard lock(mutex_);
  auto found =
      std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) { return e.key == key; });
  if (found == entries_.end()) return std::nullopt;
  Entry taken = std::move(*found);
  entries_.erase(found);
  return taken;
}

bool QuickMatchQueue::remove(const Recipient* key) {
  std::lock_guard lock(mutex_);
  return std::erase_if(entries_, [&](const Entry& e) { return e.key == key; }) > 0;
}

std::optional<std::int64_t> QuickMatchQueue::queued_since(const Recipient* key) const {
  std::lock_guard lock(mutex_);
  for (const Entry& e : entries_) {
    if (e.key == key) return e.since_ms;
  }
  return std::nullopt;
}

std::size_t QuickMatchQueue::places_of(std::int64_t account_id, const Recipient* except) const {
  std::lock_guard lock(mutex_);
  return static_cast<std::size_t>(std::count_if(
      entries_.begin(), entries_.end(),
      [&](const Entry& e) { return e.who.account_id == account_id && e.key != except; }));
}

std::uint32_t QuickMatchQueue::waiting(v1::Game game, v1::ClockPreset clock) const {
  std::lock_guard lock(mutex_);
  return static_cast<std::uint32_t>(
      std::count_if(entries_.begin(), entries_.end(), [&](const Entry& e) {
        return e.game == game && e.clock == clock && !e.connection.expired();
      }));
}

}  // namespace spacedock::server
