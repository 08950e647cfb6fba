#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "server/services.h"

namespace spacedock::server {

// Accepts TCP connections; each gets its own strand and starts as an HTTP session.
class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens at once; throws boost::system::system_error if it cannot.
  Listener(Services& services, const boost::asio::ip::tcp::endpoint& endpoint);

  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  void run() { accept(); }
  void stop();

 private:
  void accept();
  void on_accept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);

  Services& services_;
  boost::asio::ip::tcp::acceptor acceptor_;
};

}  // namespace spacedock::server
