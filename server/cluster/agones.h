#pragma once

#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <functional>
#include <string>

namespace spacedock::server::cluster {

// The node's part in an Agones fleet (spacedock serve --agones): the game server SDK's REST calls
// to its sidecar on 127.0.0.1, port AGONES_SDK_HTTP_PORT (9358 when unset). Ready once the node
// serves; Health at every stored heartbeat; Allocate when it first runs a match, so that a
// scale-down or a fleet update leaves it alone while it serves; Shutdown once it has handed its
// matches over. A failed call is logged and the node goes on: Agones itself restarts a node
// whose health reports stop.
class AgonesSdk {
 public:
  AgonesSdk(boost::asio::io_context& io, std::uint16_t port);

  // The sidecar's port as the environment gives it.
  static std::uint16_t port_from_environment();

  void ready();
  void health();
  // Once per process; later calls do nothing.
  void allocate();
  // `then` runs once the sidecar answered, or failed to.
  void shutdown(std::function<void()> then);

 private:
  // POSTs "{}" to `path`; `then` gets whether the sidecar answered 200.
  void post(std::string path, std::function<void(bool)> then);

  boost::asio::io_context& io_;
  std::uint16_t port_;
  bool allocated_ = false;
};

}  // namespace spacedock::server::cluster
