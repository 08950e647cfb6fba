#include "server/ws_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "server/connection.h"
#include "server/ws_frame.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

asio::ip::address address_of(const asio::ip::tcp::socket& socket) {
  beast::error_code ec;
  auto endpoint = socket.remote_endpoint(ec);
  return ec ? asio::ip::address() : endpoint.address();
}

std::string describe(const asio::ip::tcp::socket& socket) {
  beast::error_code ec;
  auto endpoint = socket.remote_endpoint(ec);
  return ec ? "unknown peer"
            : endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

}  // namespace

WsSession::WsSession(asio::ip::tcp::socket&& socket, Services& services, Admission::Slot slot)
    : ws_(std::move(socket)),
      services_(services),
      slot_(std::move(slot)),
      peer_(describe(beast::get_lowest_layer(ws_).socket())),
      address_(address_of(beast::get_lowest_layer(ws_).socket())) {
  services_.metrics.connections_open.Increment();
  services_.metrics.connections_total.Increment();
}

WsSession::~WsSession() {
  services_.metrics.connections_open.Decrement();
}

void WsSession::run(beast::http::request<beast::http::string_body> upgrade) {
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = services_.config.idle_timeout;
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(beast::http::field::server, "spacedock");
  }));
  ws_.read_message_max(services_.config.max_frame_bytes);
  ws_.async_accept(upgrade, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

void WsSession::on_accept(beast::error_code ec) {
  if (ec) return spdlog::debug("{}: websocket handshake failed: {}", peer_, ec.message());
  std::weak_ptr<WsSession> weak = shared_from_this();
  connection_ = std::make_shared<Connection>(
      services_, ws_.get_executor(),
      [weak](std::shared_ptr<const std::string> bytes) {
        if (auto self = weak.lock()) self->send(std::move(bytes));
      },
      [weak] {
        if (auto self = weak.lock()) self->close();
      },
      peer_, address_);
  spdlog::debug("{}: connected", peer_);
  read();
}

void WsSession::read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
}

void WsSession::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::message_too_big) {
      spdlog::warn("{}: frame above {} bytes; closing the connection", peer_,
                   services_.config.max_frame_bytes);
    } else if (ec != websocket::error::closed) {
      spdlog::debug("{}: read ended: {}", peer_, ec.message());
    }
    connection_->closed();
    return;
  }
  const auto data = buffer_.cdata();
  const std::string frame(static_cast<const char*>(data.data()), data.size());
  buffer_.consume(buffer_.size());
  connection_->handle(frame, [self = shared_from_this()] { self->read(); });
}

void WsSession::send(std::shared_ptr<const std::string> bytes) {
  // Messages sent together (a decision's events to this viewer, say) share one trip to the
  // strand: only the first into an empty inbox posts.
  bool first = false;
  {
    std::lock_guard lock(inbox_mutex_);
    first = inbox_.empty();
    inbox_.push_back(std::move(bytes));
  }
  if (!first) return;
  asio::post(ws_.get_executor(), [self = shared_from_this()] {
    std::vector<std::shared_ptr<const std::string>> arrived;
    {
      std::lock_guard lock(self->inbox_mutex_);
      arrived.swap(self->inbox_);
    }
    self->write_frames(arrived);
  });
}

void WsSession::write_frames(std::vector<std::shared_ptr<const std::string>>& arrived) {
  if (cut_off_ || !ws_.is_open()) return;  // nothing goes out after a close frame
  BatchedStream& out = ws_.next_layer();
  // Data frames are written here rather than by the WebSocket stream: each is a short header and
  // the payload as it is, so a burst costs a copy per message and one write in all.
  for (const auto& bytes : arrived) {
    out.append(BinaryFrameHeader(bytes->size()).bytes());
    out.append(*bytes);
  }
  if (out.unsent() > services_.config.max_queued_bytes) {
    spdlog::warn("{}: not reading its messages; cutting it off", peer_);
    services_.metrics.slow_consumers_total.Increment();
    cut_off_ = true;
    beast::get_lowest_layer(ws_).close();
    return;
  }
  out.flush();
}

void WsSession::close() {
  asio::post(ws_.get_executor(), [self = shared_from_this()] {
    if (self->cut_off_) return;
    self->cut_off_ = true;  // nothing more is sent; what was goes out before the close frame
    self->ws_.async_close(
        websocket::close_reason(websocket::close_code::policy_error, "logged out"),
        [self](beast::error_code) {});
  });
}

}  // namespace spacedock::server
