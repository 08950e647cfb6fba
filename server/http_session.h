#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "server/services.h"
#include "server/web_root.h"

namespace spacedock::server {

// Plain HTTP on the game port: /healthz, /metrics, the web client's files, and the upgrade of
// /ws to a WebSocket.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, Services& services, Admission::Slot slot);
  void run();

 private:
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void respond(const boost::beast::http::request<boost::beast::http::string_body>& request);
  void serve(const boost::beast::http::request<boost::beast::http::string_body>& request,
             const WebRoot::File& file);
  // Answers a request too large to read (414, 431) and closes the connection.
  void refuse(boost::beast::http::status status);
  void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  Services& services_;
  std::optional<Admission::Slot> slot_;  // handed to the WebSocket session on upgrade
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  boost::beast::http::response<boost::beast::http::string_body> response_;
};

}  // namespace spacedock::server
