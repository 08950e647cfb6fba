#pragma once

#include <boost/asio/ip/address.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spacedock::server {

// A set of client addresses named by an operator: single addresses and CIDR ranges, IPv4 or
// IPv6 ("203.0.113.7", "10.0.0.0/8", "2001:db8::/32"). An IPv4 address arriving as an
// IPv4-mapped IPv6 one (::ffff:10.1.2.3, from a dual-stack socket) is matched as IPv4.
class AddressRanges {
 public:
  // Parses a comma-separated list; throws std::invalid_argument naming the first bad entry.
  static AddressRanges parse(std::string_view list);

  bool contains(const boost::asio::ip::address& address) const;
  bool empty() const { return ranges_.empty(); }
  // The list as given, normalised ("10.0.0.0/8, 127.0.0.1/32"), for logs.
  std::string describe() const;

 private:
  struct Range {
    boost::asio::ip::address network;
    unsigned prefix = 0;  // leading bits that must match
  };
  std::vector<Range> ranges_;
};

// The address as IPv4 if it is an IPv4-mapped IPv6 address, else as it is.
boost::asio::ip::address unmapped(const boost::asio::ip::address& address);

}  // namespace spacedock::server
