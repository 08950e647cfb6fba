#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/common/services.h"
#include "server/net/admission.h"
#include "server/net/batched_stream.h"
#include "server/net/streams.h"

namespace spacedock::server {

class Connection;

// One WebSocket connection's I/O, plain or over TLS (`Stream`, streams.h): reads frames one
// request at a time, and sends messages in order as binary frames, the messages sent together
// in one system call (BatchedStream). Frames above the size limit close this connection only
// (close code 1009); a client that stops reading is cut off once what it has not taken passes
// the limit; a client silent for the idle timeout (its pongs to the server's pings count) is
// sent a close frame (1001, "idle") and let go.
template <class Stream>
class WsSession : public std::enable_shared_from_this<WsSession<Stream>> {
 public:
  // `address`: the client's (behind a trusted proxy, the one its request named); `peer`: how
  // the logs name the connection.
  WsSession(Stream&& stream, Services& services, Admission::Slot slot,
            boost::asio::ip::address address, std::string peer);
  ~WsSession();

  void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);
  // Queues bytes to send; callable from any thread.
  void send(std::shared_ptr<const std::string> bytes);
  // Closes the WebSocket (policy error) with `reason` (logged out, a match moved); callable from
  // any thread.
  void close(std::string reason);

 private:
  void on_accept(boost::beast::error_code ec);
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // On the strand: frames what send() gathered and starts it on its way.
  void write_frames(std::vector<std::shared_ptr<const std::string>>& arrived);
  // Closes the WebSocket with a close frame, then lets it go however the client answers.
  void close_with(boost::beast::websocket::close_reason reason);
  // Pings a client silent for half the idle timeout, and closes one silent for all of it.
  void watch_idle();

  boost::beast::websocket::stream<BatchedStream<Stream>> ws_;
  boost::beast::flat_buffer buffer_;
  Services& services_;
  Admission::Slot slot_;
  std::string peer_;
  boost::asio::ip::address address_;
  std::shared_ptr<Connection> connection_;
  std::mutex inbox_mutex_;  // guards inbox_, which send() fills from any thread
  std::vector<std::shared_ptr<const std::string>> inbox_;
  bool cut_off_ = false;
  boost::asio::steady_timer idle_timer_;
  std::chrono::steady_clock::time_point heard_;  // the client's last frame, control frames too
  bool pinged_ = false;                          // since heard_
};

extern template class WsSession<PlainStream>;
extern template class WsSession<TlsStream>;

}  // namespace spacedock::server
