#include "server/net/listener.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <string>

#include "server/common/address_ranges.h"
#include "server/net/http_session.h"

namespace spacedock::server {

namespace asio = boost::asio;

Listener::Listener(Services& services, const asio::ip::tcp::endpoint& endpoint)
    : services_(services),
      acceptor_(asio::make_strand(services.io)),
      backoff_timer_(acceptor_.get_executor()) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
}

void Listener::stop() {
  asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
    self->backoff_timer_.cancel();
  });
}

void Listener::accept() {
  acceptor_.async_accept(
      asio::make_strand(services_.io),
      boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::system::error_code ec, asio::ip::tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) {
    // Out of file descriptors, most likely: trying again at once would spin. Wait, from 5 ms
    // up to a second, until an accept succeeds.
    services_.metrics.accept_failures_total.Increment();
    if (auto held_back = accept_failures_.admit()) {
      spdlog::warn("accept failed: {}; retrying in {} ms ({} more failures not logged)",
                   ec.message(), std::max<long>(5, backoff_.count() * 2), *held_back);
    }
    backoff_ = std::min<std::chrono::milliseconds>(
        std::max(std::chrono::milliseconds(5), backoff_ * 2), std::chrono::seconds(1));
    backoff_timer_.expires_after(backoff_);
    backoff_timer_.async_wait([self = shared_from_this()](boost::system::error_code wait) {
      if (!wait) self->accept();
    });
    return;
  }
  backoff_ = std::chrono::milliseconds(0);
  boost::system::error_code no_peer;
  const auto peer = socket.remote_endpoint(no_peer);
  const asio::ip::address address = no_peer ? asio::ip::address() : unmapped(peer.address());
  // A trusted proxy's connection counts toward its client's cap once its request names it.
  const bool proxy = !no_peer && services_.config.trusted_proxies.contains(address);
  auto slot = no_peer ? std::nullopt
              : proxy ? services_.admission.admit_proxied()
                      : services_.admission.admit(address);
  if (!slot) {
    services_.metrics.connections_refused_total.Increment();
    if (auto held_back = refusals_.admit()) {
      spdlog::warn(
          "refusing a connection from {}: at most {} connections, {} per address ({} "
          "more refusals not logged)",
          no_peer ? std::string("an unknown peer") : peer.address().to_string(),
          services_.admission.max_total(), services_.admission.max_per_address(), *held_back);
    }
    refuse(std::move(socket));
  } else {
    // Small frames must leave at once: Nagle's algorithm would hold them for the peer's ACK.
    socket.set_option(asio::ip::tcp::no_delay(true), ec);
    if (services_.tls) {
      std::make_shared<HttpSession<TlsStream>>(TlsStream(std::move(socket), *services_.tls),
                                               services_, std::move(*slot), address)
          ->run();
    } else {
      std::make_shared<HttpSession<PlainStream>>(PlainStream(std::move(socket)), services_,
                                                 std::move(*slot), address)
          ->run();
    }
  }
  accept();
}

void Listener::refuse(asio::ip::tcp::socket socket) {
  static const std::string kFull =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 38\r\n"
      "Connection: close\r\nRetry-After: 5\r\n\r\nthe server is full; try again shortly\n";
  auto owned = std::make_shared<asio::ip::tcp::socket>(std::move(socket));
  asio::async_write(*owned, asio::buffer(kFull), [owned](boost::system::error_code, std::size_t) {
    boost::system::error_code ignored;
    owned->shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    owned->close(ignored);
  });
}

}  // namespace spacedock::server
