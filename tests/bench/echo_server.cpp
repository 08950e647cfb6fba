// spacedock-echo: the baseline that spacedock-load measures Spacedock against. A plain Beast
// WebSocket server, one thread, that does nothing but fan messages out: a connection's first
// message names its room (any bytes), and every later message is sent to every member of that
// room, the sender included. With rooms of four (two players, two spectators) one message in
// makes four out, as a decision does in a Spacedock match; what Spacedock does beyond this
// (rules, views, commits) is the difference the two runs show.
//
// usage: spacedock-echo [--port N] [--port-file FILE]
#include <sys/resource.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <fstream>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "support/cli.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

class Session;
using Room = std::vector<std::weak_ptr<Session>>;

// One client. Sends are queued and written one message at a time, as Spacedock's own
// connections do (server/ws_session.cpp).
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, std::unordered_map<std::string, Room>& rooms)
      : ws_(std::move(socket)), rooms_(rooms) {}

  void start() {
    ws_.binary(true);
    ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read();
    });
  }

  void send(std::shared_ptr<const std::string> message) {
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) write();
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->on_message();
      self->read();
    });
  }

  void on_message() {
    auto message = std::make_shared<const std::string>(beast::buffers_to_string(buffer_.data()));
    buffer_.consume(buffer_.size());
    if (!room_) {
      room_ = &rooms_[*message];
      room_->push_back(weak_from_this());
      return;
    }
    for (const auto& member : *room_) {
      if (auto session = member.lock()) session->send(message);
    }
  }

  void write() {
    ws_.async_write(asio::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return;
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->write();
                    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::unordered_map<std::string, Room>& rooms_;
  Room* room_ = nullptr;
};

void accept(tcp::acceptor& acceptor, std::unordered_map<std::string, Room>& rooms) {
  acceptor.async_accept([&](beast::error_code ec, tcp::socket socket) {
    if (!ec) std::make_shared<Session>(std::move(socket), rooms)->start();
    accept(acceptor, rooms);
  });
}

}  // namespace

int main(int argc, char** argv) {
  unsigned short port = 0;
  std::string port_file;
  CLI::App app(
      "the baseline spacedock-load measures Spacedock against: a WebSocket server that "
      "sends each message to every member of its room.",
      "spacedock-echo");
  spacedock::support::configure(app);
  app.add_option("--port", port, "the port on 127.0.0.1; 0 picks a free one")->type_name("N");
  app.add_option("--port-file", port_file, "write the port listened on to this file")
      ->type_name("FILE");
  if (auto status = spacedock::support::parse(app, argc, argv)) return *status;
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  asio::io_context io(1);
  tcp::acceptor acceptor(io, {asio::ip::make_address("127.0.0.1"), port});
  acceptor.listen(asio::socket_base::max_listen_connections);
  if (!port_file.empty()) std::ofstream(port_file) << acceptor.local_endpoint().port() << '\n';
  std::unordered_map<std::string, Room> rooms;
  accept(acceptor, rooms);
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) { io.stop(); });
  io.run();
  return 0;
}
