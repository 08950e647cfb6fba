#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/batched_stream.h"
#include "server/services.h"

namespace spacedock::server {

class Connection;

// One WebSocket connection's I/O: reads frames one request at a time, and sends messages in
// order as binary frames, the messages sent together in one system call (BatchedStream). Frames
// above the size limit close this connection only (close code 1009); a client that stops reading
// is cut off once what it has not taken passes the limit.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(boost::asio::ip::tcp::socket&& socket, Services& services, Admission::Slot slot);
  ~WsSession();

  void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);
  // Queues bytes to send; callable from any thread.
  void send(std::shared_ptr<const std::string> bytes);
  // Closes the WebSocket (policy error: logged out); callable from any thread.
  void close();

 private:
  void on_accept(boost::beast::error_code ec);
  void read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  // On the strand: frames what send() gathered and starts it on its way.
  void write_frames(std::vector<std::shared_ptr<const std::string>>& arrived);

  boost::beast::websocket::stream<BatchedStream> ws_;
  boost::beast::flat_buffer buffer_;
  Services& services_;
  Admission::Slot slot_;
  std::string peer_;
  boost::asio::ip::address address_;
  std::shared_ptr<Connection> connection_;
  std::mutex inbox_mutex_;  // guards inbox_, which send() fills from any thread
  std::vector<std::shared_ptr<const std::string>> inbox_;
  bool cut_off_ = false;
};

}  // namespace spacedock::server
