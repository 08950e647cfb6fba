#pragma once

#include <boost/asio/ip/address.hpp>
#include <string_view>

#include "server/common/address_ranges.h"

namespace spacedock::server {

// The client a request comes from. A connection from one of the trusted proxies names its client
// in the Forwarded header (RFC 7239, its `for=` parameters) or, without one, X-Forwarded-For:
// each proxy on the way appends the address it got the request from, so the client is the last
// address named that is not itself a trusted proxy. The headers of a connection from anyone else
// are ignored: anybody can write them. `peer` is the connection's own address; it is the answer
// whenever the headers name nobody usable (absent, unparsable, or an obfuscated `for=_hidden`).
boost::asio::ip::address client_address(const boost::asio::ip::address& peer,
                                        std::string_view forwarded,
                                        std::string_view x_forwarded_for,
                                        const AddressRanges& trusted_proxies);

}  // namespace spacedock::server
