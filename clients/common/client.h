#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <variant>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::client {

// ws://host:port/path or wss://host[:port]/path, split up.
struct Url {
  std::string host;
  std::string port;
  std::string path;
  bool tls = false;  // wss://

  // Throws std::invalid_argument for anything else; ws:// needs a port, wss:// defaults to 443.
  static Url parse(const std::string& text);
};

// The connection failed or the server broke the protocol.
class ClientError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The server answered the WebSocket upgrade with an HTTP error instead (503 when it or its
// per-address connection cap is full): what it said, for the user.
class ConnectionRefused : public ClientError {
 public:
  using ClientError::ClientError;
};

// How a client waits out RATE_LIMITED answers: it sleeps as long as Response.retry_after_ms
// says (at least kMinRetryWait) and sends the request again, until it has waited `give_up_after`
// in all; then the last answer stands, its message saying how long was waited. `on_wait` hears
// of each wait, so that a program can say it is slowing down.
struct RateLimitPolicy {
  static constexpr std::chrono::milliseconds kMinRetryWait{50};
  bool retry = true;
  std::chrono::milliseconds give_up_after{120'000};
  std::function<void(const v1::Response&, std::chrono::milliseconds wait)> on_wait;

  // How long to wait before sending again a request answered `response`, having waited
  // `waited` so far; nothing when it should not be sent again.
  std::optional<std::chrono::milliseconds> next_wait(const v1::Response& response,
                                                     std::chrono::milliseconds waited) const;
  // The answer given up on, its message saying so.
  static v1::Response given_up(v1::Response response, std::chrono::milliseconds waited);
};

// Where a wss:// client finds the certificates it trusts: the system's by default, or a file
// (a test's self-signed certificate, a private CA).
struct TlsOptions {
  std::string ca_file;  // empty: the system's certificate store
};

// One WebSocket connection speaking the Spacedock protocol, for use by one coroutine at a time.
// call() sends a request and waits for its Response; events that arrive meanwhile are kept for
// next_event(), in order. A RATE_LIMITED answer is waited out and the request sent again, as the
// RateLimitPolicy says.
class Client {
 public:
  // Two constructors rather than a default argument: GCC 12 mishandles a temporary of class
  // type in an expression that also holds a co_await (`Client c(co_await this_coro::executor)`).
  explicit Client(boost::asio::any_io_executor executor);
  Client(boost::asio::any_io_executor executor, TlsOptions tls);

  // Connects and says Hello. Throws ConnectionRefused if the server turns the connection away.
  boost::asio::awaitable<v1::Welcome> connect(const Url& url, const std::string& client_name);
  boost::asio::awaitable<v1::Response> call(v1::ClientMessage request);
  boost::asio::awaitable<v1::Event> next_event();
  // Whether an event has arrived (while waiting for a Response) and not been taken yet.
  bool has_event() const { return !events_.empty(); }
  boost::asio::awaitable<void> close();
  // Closes the socket at once, without a close handshake: a coroutine waiting on it fails.
  void abort();

  RateLimitPolicy& rate_limits() { return rate_limits_; }

  // Sends raw bytes as one frame, and reads the next message, for protocol tests.
  boost::asio::awaitable<void> send_frame(const std::string& bytes);
  boost::asio::awaitable<v1::ServerMessage> read_message();
  // Why the server closed the connection, once it has.
  boost::beast::websocket::close_reason close_reason() const;

 private:
  using PlainSocket = boost::beast::websocket::stream<boost::beast::tcp_stream>;
  using TlsSocket =
      boost::beast::websocket::stream<boost::beast::ssl_stream<boost::beast::tcp_stream>>;

  // Sends `request` once (under a new request id) and waits for its answer.
  boost::asio::awaitable<v1::Response> call_once(v1::ClientMessage& request);
  // The WebSocket handshake on a connected socket; upgrade_declined with the server's `answer`
  // when it refuses.
  template <class Socket>
  boost::asio::awaitable<std::tuple<boost::beast::error_code>> upgrade(
      Socket& ws, const Url& url, boost::beast::websocket::response_type& answer);

  boost::asio::any_io_executor executor_;
  TlsOptions tls_;
  std::unique_ptr<boost::asio::ssl::context> tls_context_;  // for wss://, made on connect
  std::variant<std::monostate, PlainSocket, TlsSocket> ws_;
  std::deque<v1::Event> events_;
  std::uint64_t next_request_id_ = 1;
  RateLimitPolicy rate_limits_;
};

// Throws ClientError unless the response is OK; `what` names the request in the message.
const v1::Response& expect_ok(const v1::Response& response, const std::string& what);

}  // namespace spacedock::client
