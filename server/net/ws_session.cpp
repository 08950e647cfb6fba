#include "server/net/ws_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "server/net/ws_frame.h"
#include "server/session/connection.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;

// How long a client has to answer a close frame before the connection is dropped.
constexpr std::chrono::seconds kCloseTimeout{5};

}  // namespace

template <class Stream>
WsSession<Stream>::WsSession(Stream&& stream, Services& services, Admission::Slot slot,
                             asio::ip::address address, std::string peer)
    : ws_(BatchedStream<Stream>(std::move(stream))),
      services_(services),
      slot_(std::move(slot)),
      peer_(std::move(peer)),
      address_(std::move(address)),
      idle_timer_(ws_.get_executor()) {
  services_.metrics.connections_open.Increment();
  services_.metrics.connections_total.Increment();
}

template <class Stream>
WsSession<Stream>::~WsSession() {
  services_.metrics.connections_open.Decrement();
}

template <class Stream>
void WsSession<Stream>::run(beast::http::request<beast::http::string_body> upgrade) {
  // The idle timeout is watched here (watch_idle), so that an idle client gets a close frame
  // saying why rather than a dropped connection.
  auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
  timeouts.idle_timeout = websocket::stream_base::none();
  timeouts.keep_alive_pings = false;
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(beast::http::field::server, "spacedock");
  }));
  ws_.read_message_max(services_.config.max_frame_bytes);
  ws_.control_callback([this](websocket::frame_type, beast::string_view) {
    heard_ = Clock::now();  // a pong (or the client's own ping) shows it is there
    pinged_ = false;
  });
  ws_.async_accept(upgrade,
                   beast::bind_front_handler(&WsSession::on_accept, this->shared_from_this()));
}

template <class Stream>
void WsSession<Stream>::on_accept(beast::error_code ec) {
  if (ec) return spdlog::debug("{}: websocket handshake failed: {}", peer_, ec.message());
  std::weak_ptr<WsSession> weak = this->shared_from_this();
  connection_ = std::make_shared<Connection>(
      services_, ws_.get_executor(),
      [weak](std::shared_ptr<const std::string> bytes) {
        if (auto self = weak.lock()) self->send(std::move(bytes));
      },
      [weak](std::string reason) {
        if (auto self = weak.lock()) self->close(std::move(reason));
      },
      peer_, address_);
  spdlog::debug("{}: connected", peer_);
  heard_ = Clock::now();
  watch_idle();
  read();
}

template <class Stream>
void WsSession<Stream>::read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, this->shared_from_this()));
}

template <class Stream>
void WsSession<Stream>::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    if (ec == websocket::error::message_too_big) {
      spdlog::warn("{}: frame above {} bytes; closing the connection", peer_,
                   services_.config.max_frame_bytes);
    } else if (ec != websocket::error::closed) {
      spdlog::debug("{}: read ended: {}", peer_, ec.message());
    }
    idle_timer_.cancel();
    connection_->closed();
    return;
  }
  heard_ = Clock::now();
  pinged_ = false;
  const auto data = buffer_.cdata();
  const std::string frame(static_cast<const char*>(data.data()), data.size());
  buffer_.consume(buffer_.size());
  connection_->handle(frame, [self = this->shared_from_this()] { self->read(); });
}

template <class Stream>
void WsSession<Stream>::watch_idle() {
  if (cut_off_) return;
  const auto idle = std::chrono::duration_cast<Clock::duration>(services_.config.idle_timeout);
  const auto silent = Clock::now() - heard_;
  if (silent >= idle) {
    spdlog::info("{}: idle for {} s; closing the connection", peer_,
                 services_.config.idle_timeout.count());
    return close_with(
        {websocket::close_code::going_away,
         "idle: no frame for " + std::to_string(services_.config.idle_timeout.count()) + " s"});
  }
  if (silent >= idle / 2 && !pinged_) {
    pinged_ = true;
    ws_.async_ping({}, [self = this->shared_from_this()](beast::error_code) {});
  }
  idle_timer_.expires_at(heard_ + (pinged_ ? idle : idle / 2));
  idle_timer_.async_wait([self = this->shared_from_this()](beast::error_code ec) {
    if (!ec) self->watch_idle();
  });
}

template <class Stream>
void WsSession<Stream>::send(std::shared_ptr<const std::string> bytes) {
  // Messages sent together (a decision's events to this viewer, say) share one trip to the
  // strand: only the first into an empty inbox posts.
  bool first = false;
  {
    std::lock_guard lock(inbox_mutex_);
    first = inbox_.empty();
    inbox_.push_back(std::move(bytes));
  }
  if (!first) return;
  asio::post(ws_.get_executor(), [self = this->shared_from_this()] {
    std::vector<std::shared_ptr<const std::string>> arrived;
    {
      std::lock_guard lock(self->inbox_mutex_);
      arrived.swap(self->inbox_);
    }
    self->write_frames(arrived);
  });
}

template <class Stream>
void WsSession<Stream>::write_frames(std::vector<std::shared_ptr<const std::string>>& arrived) {
  if (cut_off_ || !ws_.is_open()) return;  // nothing goes out after a close frame
  BatchedStream<Stream>& out = ws_.next_layer();
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
    idle_timer_.cancel();
    beast::get_lowest_layer(ws_).close();
    return;
  }
  out.flush();
}

template <class Stream>
void WsSession<Stream>::close_with(websocket::close_reason reason) {
  if (cut_off_) return;
  cut_off_ = true;  // nothing more is sent; what was goes out before the close frame
  idle_timer_.cancel();
  beast::get_lowest_layer(ws_).expires_after(kCloseTimeout);
  ws_.async_close(reason, [self = this->shared_from_this()](beast::error_code) {});
}

template <class Stream>
void WsSession<Stream>::close(std::string reason) {
  asio::post(ws_.get_executor(), [self = this->shared_from_this(), reason = std::move(reason)] {
    self->close_with({websocket::close_code::policy_error, reason});
  });
}

template class WsSession<PlainStream>;
template class WsSession<TlsStream>;

}  // namespace spacedock::server
