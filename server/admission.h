#pragma once

#include <boost/asio/ip/address.hpp>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>

namespace spacedock::server {

// The caps on open connections, in total and per client address. Each connection holds a
// Slot from accept to close; a connection that would pass a cap is refused at once.
class Admission {
 public:
  Admission(std::size_t max_total, std::size_t max_per_address)
      : max_total_(max_total), max_per_address_(max_per_address) {}

  // Held while a connection is open; gives its place back when destroyed.
  class Slot {
   public:
    Slot(Admission* admission, boost::asio::ip::address address)
        : admission_(admission), address_(std::move(address)) {}
    Slot(Slot&& other) noexcept : admission_(other.admission_), address_(other.address_) {
      other.admission_ = nullptr;
    }
    Slot& operator=(Slot&&) = delete;
    Slot(const Slot&) = delete;
    ~Slot() {
      if (admission_) admission_->release(address_);
    }

   private:
    Admission* admission_;
    boost::asio::ip::address address_;
  };

  // A slot for a new connection from `address`, or nothing when a cap is reached.
  std::optional<Slot> admit(const boost::asio::ip::address& address);
  std::size_t open() const;
  std::size_t max_total() const { return max_total_; }
  std::size_t max_per_address() const { return max_per_address_; }

 private:
  void release(const boost::asio::ip::address& address);

  const std::size_t max_total_;
  const std::size_t max_per_address_;
  mutable std::mutex mutex_;
  std::size_t total_ = 0;
  std::map<boost::asio::ip::address, std::size_t> per_address_;
};

}  // namespace spacedock::server
