#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

struct redisContext;

namespace spacedock::server::cluster {

// The Redis pub/sub between the nodes of a cluster (shared/reference/scale-out.md §4.4): each
// node receives on a channel of its own and on one every node receives, and sends to any. Redis
// delivers at most once and keeps nothing: a message sent while Redis is away, or lost with a
// dropped connection, is gone, and what was acknowledged is never only here (the relay repairs
// streams from the matches on their owners, relay/relay.h).
//
// Two blocking hiredis connections, each on a thread of its own (hiredis has no Asio adapter):
// one subscribed to this node's channel, one publishing a queue, pipelined. Both reconnect by
// themselves every 200 ms while Redis is away; messages queued meanwhile are dropped. A batch
// cut off half-way is sent once more, and receivers drop what they had already (bus_frame.h).
class Bus {
 public:
  // A message received on this node's channel; called on the subscriber thread.
  using Receive = std::function<void(std::string message)>;
  // Subscribed again after Redis was lost: whatever was sent meanwhile is lost. On the
  // subscriber thread.
  using Reconnected = std::function<void()>;

  // `url`: redis://HOST[:PORT] or unix:PATH; `origin`: this process among the nodes (at most 255
  // bytes); `channels`: those received on. Connects in start(), not here.
  Bus(std::string url, std::string origin, std::vector<std::string> channels, Receive receive,
      Reconnected reconnected);
  Bus(const Bus&) = delete;
  Bus& operator=(const Bus&) = delete;
  ~Bus();

  // Whether `url` is one Bus can connect to; the reason if not.
  static std::optional<std::string> url_problem(std::string_view url);
  // The channel a node receives on.
  static std::string channel_of(std::string_view node_id);
  // The channel every node receives on.
  static const std::string kEveryNode;

  void start();
  // Queues a message for `channel`; callable from any thread, never blocks on Redis.
  void publish(std::string channel, std::string message);
  void stop();

 private:
  struct Address {
    std::string host;  // empty: a Unix socket at `path`
    int port = 6379;
    std::string path;
  };
  static std::optional<Address> parse(std::string_view url);
  // A connection whose reads and writes give up after `timeout` (none: never), with TCP
  // keepalive, so that a Redis gone silent is noticed.
  redisContext* connect(std::optional<std::chrono::milliseconds> timeout) const;
  void subscribe_loop();
  void publish_loop();
  // Publishes `batch`, pipelined; false if the connection failed on the way.
  static bool send(redisContext* context,
                   const std::vector<std::pair<std::string, std::string>>& batch);
  void sleep_unless_stopping(std::unique_lock<std::mutex>& lock);
  // Frees `old_context` (if any); `new_context` is the publisher stop() shuts down from here on.
  void replace_publisher(redisContext* old_context, redisContext* new_context);

  const Address address_;
  const std::string url_;
  const std::string origin_;
  const std::vector<std::string> channels_;
  Receive receive_;
  Reconnected reconnected_;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::deque<std::pair<std::string, std::string>> outbox_;  // channel, framed message
  std::uint64_t sent_ = 0;                                  // messages framed
  redisContext* subscriber_ = nullptr;  // under mutex_, to shut them down in stop()
  redisContext* publisher_ = nullptr;
  std::thread subscribe_thread_;
  std::thread publish_thread_;
};

}  // namespace spacedock::server::cluster
