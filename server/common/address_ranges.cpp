#include "server/common/address_ranges.h"

#include <stdexcept>

#include "engine/core/text.h"

namespace spacedock::server {
namespace {

namespace ip = boost::asio::ip;

// The address's bytes, most significant first (4 for IPv4, 16 for IPv6).
std::vector<unsigned char> bytes_of(const ip::address& address) {
  if (address.is_v4()) {
    const auto b = address.to_v4().to_bytes();
    return {b.begin(), b.end()};
  }
  const auto b = address.to_v6().to_bytes();
  return {b.begin(), b.end()};
}

bool same_prefix(const ip::address& a, const ip::address& b, unsigned prefix) {
  if (a.is_v4() != b.is_v4()) return false;
  const auto x = bytes_of(a);
  const auto y = bytes_of(b);
  for (unsigned bit = 0; bit < prefix; ++bit) {
    const unsigned mask = 0x80u >> (bit % 8);
    if ((x[bit / 8] & mask) != (y[bit / 8] & mask)) return false;
  }
  return true;
}

}  // namespace

ip::address unmapped(const ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    return ip::make_address_v4(ip::v4_mapped, address.to_v6());
  return address;
}

AddressRanges AddressRanges::parse(std::string_view list) {
  AddressRanges out;
  while (!list.empty()) {
    const auto comma = list.find(',');
    const std::string_view entry = core::trimmed(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (entry.empty()) continue;
    const auto slash = entry.find('/');
    boost::system::error_code error;
    const ip::address network =
        unmapped(ip::make_address(std::string(entry.substr(0, slash)), error));
    if (error) throw std::invalid_argument("not an address: '" + std::string(entry) + "'");
    const unsigned bits = network.is_v4() ? 32 : 128;
    unsigned prefix = bits;
    if (slash != std::string_view::npos) {
      const std::string length(entry.substr(slash + 1));
      std::size_t used = 0;
      unsigned long parsed = 0;
      try {
        parsed = std::stoul(length, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (length.empty() || used != length.size() || parsed > bits)
        throw std::invalid_argument("not a prefix length: '" + std::string(entry) + "'");
      prefix = static_cast<unsigned>(parsed);
    }
    out.ranges_.push_back({network, prefix});
  }
  return out;
}

bool AddressRanges::contains(const ip::address& address) const {
  const ip::address plain = unmapped(address);
  for (const Range& range : ranges_) {
    if (same_prefix(plain, range.network, range.prefix)) return true;
  }
  return false;
}

std::string AddressRanges::describe() const {
  std::string out;
  for (const Range& range : ranges_) {
    if (!out.empty()) out += ", ";
    out += range.network.to_string() + "/" + std::to_string(range.prefix);
  }
  return out.empty() ? "none" : out;
}

}  // namespace spacedock::server
