#pragma once

#include <boost/asio/ip/address.hpp>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>

namespace spacedock::server {

// The caps on open connections, in total and per client address. Each connection holds a
// Slot from accept to close; a connection that would pass a cap is refused at once. A
// connection from a trusted proxy counts toward the total only until it says whose it is
// (claim()).
class Admission {
 public:
  Admission(std::size_t max_total, std::size_t max_per_address)
      : max_total_(max_total), max_per_address_(max_per_address) {}

  // Held while a connection is open; gives its place back when destroyed.
  class Slot {
   public:
    Slot(Admission* admission, std::optional<boost::asio::ip::address> address)
        : admission_(admission), address_(std::move(address)) {}
    Slot(Slot&& other) noexcept : admission_(other.admission_), address_(other.address_) {
      other.admission_ = nullptr;
    }
    Slot& operator=(Slot&&) = delete;
    Slot(const Slot&) = delete;
    ~Slot() {
      if (admission_) admission_->release(address_);
    }

    // Counts the connection toward `address`'s cap too (a proxied client's, once its request
    // names it); false, changing nothing, if that address is at its cap. Only for a slot that
    // counts toward no address yet.
    bool claim(const boost::asio::ip::address& address) {
      if (!admission_->count(address)) return false;
      address_ = address;
      return true;
    }

   private:
    Admission* admission_;
    std::optional<boost::asio::ip::address> address_;  // the address it counts toward, if any
  };

  // A slot for a new connection from `address`, or nothing when a cap is reached.
  std::optional<Slot> admit(const boost::asio::ip::address& address);
  // A slot counting toward the total only (a connection from a trusted proxy).
  std::optional<Slot> admit_proxied();
  std::size_t open() const;
  std::size_t max_total() const { return max_total_; }
  std::size_t max_per_address() const { return max_per_address_; }

 private:
  // Counts one more connection of `address`, unless it is at its cap; count_locked() with
  // mutex_ held.
  bool count(const boost::asio::ip::address& address);
  bool count_locked(const boost::asio::ip::address& address);
  void release(const std::optional<boost::asio::ip::address>& address);

  const std::size_t max_total_;
  const std::size_t max_per_address_;
  mutable std::mutex mutex_;
  std::size_t total_ = 0;
  std::map<boost::asio::ip::address, std::size_t> per_address_;
};

}  // namespace spacedock::server
