#pragma once

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <type_traits>

namespace spacedock::server {

// The byte streams a client connection runs on: plain TCP, or TLS over it when the server holds
// a certificate (ServerConfig::tls_certificate_file). The HTTP and WebSocket sessions are
// written once for both.
using PlainStream = boost::beast::tcp_stream;
using TlsStream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

template <class Stream>
inline constexpr bool kIsTls = std::is_same_v<Stream, TlsStream>;

}  // namespace spacedock::server
