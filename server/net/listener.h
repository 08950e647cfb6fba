#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>

#include "server/common/log_throttle.h"
#include "server/common/services.h"

namespace spacedock::server {

// Accepts TCP connections; each gets its own strand and starts as an HTTP session. A connection
// past a cap (Admission) is answered 503 and closed. When accepting fails (no file descriptors
// left), it waits before trying again, longer each time, and logs the failure sparingly.
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
  void refuse(boost::asio::ip::tcp::socket socket);

  Services& services_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer backoff_timer_;
  std::chrono::milliseconds backoff_{0};
  LogThrottle accept_failures_{std::chrono::seconds(10)};
  LogThrottle refusals_{std::chrono::seconds(10)};
};

}  // namespace spacedock::server
