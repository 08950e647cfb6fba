#include "server/listener.h"

#include <spdlog/spdlog.h>

#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>

#include "server/http_session.h"

namespace spacedock::server {

namespace asio = boost::asio;

Listener::Listener(Services& services, const asio::ip::tcp::endpoint& endpoint)
    : services_(services), acceptor_(asio::make_strand(services.io)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
}

void Listener::stop() {
  asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
  });
}

void Listener::accept() {
  acceptor_.async_accept(
      asio::make_strand(services_.io),
      boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::system::error_code ec, asio::ip::tcp::socket socket) {
  if (ec == asio::error::operation_aborted) return;
  if (ec) {
    spdlog::warn("accept failed: {}", ec.message());
  } else {
    // Small frames must leave at once: Nagle's algorithm would hold them for the peer's ACK.
    socket.set_option(asio::ip::tcp::no_delay(true), ec);
    std::make_shared<HttpSession>(std::move(socket), services_)->run();
  }
  accept();
}

}  // namespace spacedock::server
