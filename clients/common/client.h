#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::client {

// ws://host:port/path, split up.
struct Url {
  std::string host;
  std::string port;
  std::string path;

  // Throws std::invalid_argument for anything but a ws:// URL.
  static Url parse(const std::string& text);
};

// The connection failed or the server broke the protocol.
class ClientError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One WebSocket connection speaking the Spacedock protocol, for use by one coroutine at a time.
// call() sends a request and waits for its Response; events that arrive meanwhile are kept for
// next_event(), in order.
class Client {
 public:
  explicit Client(boost::asio::any_io_executor executor);

  // Connects and says Hello.
  boost::asio::awaitable<v1::Welcome> connect(const Url& url, const std::string& client_name);
  boost::asio::awaitable<v1::Response> call(v1::ClientMessage request);
  boost::asio::awaitable<v1::Event> next_event();
  // Whether an event has arrived (while waiting for a Response) and not been taken yet.
  bool has_event() const { return !events_.empty(); }
  boost::asio::awaitable<void> close();

  // Sends raw bytes as one frame, and reads the next message, for protocol tests.
  boost::asio::awaitable<void> send_frame(const std::string& bytes);
  boost::asio::awaitable<v1::ServerMessage> read_message();
  // Why the server closed the connection, once it has.
  boost::beast::websocket::close_reason close_reason() const { return ws_.reason(); }

 private:
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  std::deque<v1::Event> events_;
  std::uint64_t next_request_id_ = 1;
};

// Throws ClientError unless the response is OK; `what` names the request in the message.
const v1::Response& expect_ok(const v1::Response& response, const std::string& what);

}  // namespace spacedock::client
