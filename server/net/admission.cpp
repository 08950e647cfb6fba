#include "server/net/admission.h"

namespace spacedock::server {

std::optional<Admission::Slot> Admission::admit(const boost::asio::ip::address& address) {
  std::lock_guard lock(mutex_);
  if (total_ >= max_total_ || !count_locked(address)) return std::nullopt;
  ++total_;
  return Slot(this, address);
}

std::optional<Admission::Slot> Admission::admit_proxied() {
  std::lock_guard lock(mutex_);
  if (total_ >= max_total_) return std::nullopt;
  ++total_;
  return Slot(this, std::nullopt);
}

bool Admission::count(const boost::asio::ip::address& address) {
  std::lock_guard lock(mutex_);
  return count_locked(address);
}

bool Admission::count_locked(const boost::asio::ip::address& address) {
  std::size_t& mine = per_address_[address];
  if (mine >= max_per_address_) {
    if (mine == 0) per_address_.erase(address);
    return false;
  }
  ++mine;
  return true;
}

std::size_t Admission::open() const {
  std::lock_guard lock(mutex_);
  return total_;
}

void Admission::release(const std::optional<boost::asio::ip::address>& address) {
  std::lock_guard lock(mutex_);
  --total_;
  if (!address) return;
  auto it = per_address_.find(*address);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

}  // namespace spacedock::server
