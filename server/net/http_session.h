#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>
#include <string>

#include "server/common/services.h"
#include "server/net/admission.h"
#include "server/net/streams.h"
#include "server/net/web_root.h"

namespace spacedock::server {

// HTTP on the game port, plain or over TLS (`Stream`, streams.h): /healthz, /metrics, the web
// client's files, and the upgrade of /ws to a WebSocket. A connection from a trusted proxy is
// the client its request names (forwarded.h); its WebSocket then counts toward that client's
// connection cap.
template <class Stream>
class HttpSession : public std::enable_shared_from_this<HttpSession<Stream>> {
 public:
  HttpSession(Stream&& stream, Services& services, Admission::Slot slot,
              boost::asio::ip::address peer);
  void run();

 private:
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // Hands the connection to a WebSocket session, as `client` (the peer or, from a trusted
  // proxy, the client it names).
  void upgrade(const boost::asio::ip::address& client);
  void respond(const boost::beast::http::request<boost::beast::http::string_body>& request);
  void serve(const boost::beast::http::request<boost::beast::http::string_body>& request,
             const WebRoot::File& file);
  // Answers with an error and closes the connection: a request too large to read (414, 431),
  // or a proxied client past its connection cap (503).
  void refuse(boost::beast::http::status status, std::string why);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  // Ends the connection after its last answer: over TLS, with a TLS close first.
  void finish();

  Stream stream_;
  boost::beast::flat_buffer buffer_;
  Services& services_;
  std::optional<Admission::Slot> slot_;  // handed to the WebSocket session on upgrade
  const boost::asio::ip::address peer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  boost::beast::http::response<boost::beast::http::string_body> response_;
};

extern template class HttpSession<PlainStream>;
extern template class HttpSession<TlsStream>;

}  // namespace spacedock::server
