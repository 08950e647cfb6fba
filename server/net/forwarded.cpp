#include "server/net/forwarded.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/text.h"

namespace spacedock::server {
namespace {

namespace ip = boost::asio::ip;

// A node as a proxy writes it: `203.0.113.7`, `203.0.113.7:4711`, `"[2001:db8::1]:4711"`,
// `2001:db8::1`. Nothing for names, `unknown` and obfuscated identifiers.
std::optional<ip::address> node_address(std::string_view node) {
  node = core::trimmed(node);
  if (node.size() >= 2 && node.front() == '"' && node.back() == '"')
    node = node.substr(1, node.size() - 2);
  if (!node.empty() && node.front() == '[') {  // [IPv6] with an optional port
    const auto close = node.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    node = node.substr(1, close - 1);
  } else if (std::count(node.begin(), node.end(), ':') == 1) {  // IPv4:port
    node = node.substr(0, node.find(':'));
  }
  boost::system::error_code error;
  const ip::address address = ip::make_address(std::string(node), error);
  if (error) return std::nullopt;
  return unmapped(address);
}

// The `for=` nodes of a Forwarded header, in order, across its comma-separated elements.
std::vector<std::string_view> forwarded_for(std::string_view header) {
  std::vector<std::string_view> out;
  while (!header.empty()) {
    const auto comma = header.find(',');
    std::string_view element = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    while (!element.empty()) {
      const auto semicolon = element.find(';');
      const std::string_view pair = core::trimmed(element.substr(0, semicolon));
      element =
          semicolon == std::string_view::npos ? std::string_view() : element.substr(semicolon + 1);
      const auto equals = pair.find('=');
      if (equals == std::string_view::npos) continue;
      if (core::iequals(core::trimmed(pair.substr(0, equals)), "for"))
        out.push_back(pair.substr(equals + 1));
    }
  }
  return out;
}

std::vector<std::string_view> comma_list(std::string_view header) {
  std::vector<std::string_view> out;
  while (!header.empty()) {
    const auto comma = header.find(',');
    out.push_back(header.substr(0, comma));
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
  }
  return out;
}

}  // namespace

ip::address client_address(const ip::address& peer, std::string_view forwarded,
                           std::string_view x_forwarded_for, const AddressRanges& trusted_proxies) {
  if (!trusted_proxies.contains(peer)) return peer;
  const std::vector<std::string_view> nodes =
      !core::trimmed(forwarded).empty() ? forwarded_for(forwarded) : comma_list(x_forwarded_for);
  // From the nearest hop back: the first that is not one of our proxies is the client (or, if
  // every hop is one, the first of them).
  ip::address client = peer;
  for (auto node = nodes.rbegin(); node != nodes.rend(); ++node) {
    const auto address = node_address(*node);
    if (!address) break;  // a hop we cannot read: trust nothing before it
    client = *address;
    if (!trusted_proxies.contains(client)) break;
  }
  return client;
}

}  // namespace spacedock::server
