#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "clients/common/client.h"

namespace spacedock::cli {

// A Client whose reads all happen in one reader coroutine, so that a request can wait for its
// Response while pushed Events keep flowing to the display. Requests must come from one
// coroutine at a time (the WebSocket allows one writer).
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  using EventHandler = std::function<void(v1::Event)>;
  // Called once if the connection is lost, with the reason; never after close().
  using LossHandler = std::function<void(const std::string&)>;

  // Connects, says Hello and starts reading. Throws on failure.
  static boost::asio::awaitable<std::shared_ptr<Connection>> open(const client::Url& url,
                                                                  EventHandler on_event,
                                                                  LossHandler on_loss);

  Connection(boost::asio::any_io_executor executor, EventHandler on_event, LossHandler on_loss);

  // Sends a request and waits for its Response, waiting out RATE_LIMITED answers as the
  // rate_limits() policy says. Throws client::ClientError if the connection is lost or the
  // server does not answer in time.
  boost::asio::awaitable<v1::Response> call(v1::ClientMessage request);
  client::RateLimitPolicy& rate_limits() { return client_.rate_limits(); }
  boost::asio::awaitable<void> close();
  bool alive() const { return alive_; }

 private:
  struct Pending {
    boost::asio::steady_timer answered;
    std::optional<v1::Response> response;
  };

  boost::asio::awaitable<void> read_loop();
  // Sends the request once, under a new id, and waits for its Response.
  boost::asio::awaitable<v1::Response> call_once(v1::ClientMessage& request);
  void lost(const std::string& why);

  client::Client client_;
  EventHandler on_event_;
  LossHandler on_loss_;
  std::map<std::uint64_t, Pending*> pending_;
  // Client::connect used the first ids for Hello; ours start well clear of them, since the
  // server answers a repeated id with its first answer.
  std::uint64_t next_request_id_ = 1000;
  bool alive_ = false;
  bool closing_ = false;
};

}  // namespace spacedock::cli
