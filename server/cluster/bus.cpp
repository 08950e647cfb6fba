#include "server/cluster/bus.h"

#include <hiredis/hiredis.h>
#include <spdlog/fmt/ranges.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <memory>
#include <vector>

#include "server/cluster/bus_frame.h"

namespace spacedock::server::cluster {
namespace {

constexpr auto kRetryEvery = std::chrono::milliseconds(200);
// Messages waiting while Redis is slow; beyond this the newest are dropped, as a lost message.
constexpr std::size_t kMaxQueued = 100'000;
constexpr std::size_t kMaxPipelined = 256;
// A publish Redis has not answered in this long is taken for a lost connection.
constexpr auto kPublishTimeout = std::chrono::milliseconds(5000);

struct ReplyFree {
  void operator()(void* reply) const { freeReplyObject(reply); }
};
using ReplyPtr = std::unique_ptr<redisReply, ReplyFree>;

}  // namespace

Bus::Bus(std::string url, std::string origin, std::vector<std::string> channels, Receive receive,
         Reconnected reconnected)
    : address_(parse(url).value_or(Address{})),
      url_(std::move(url)),
      origin_(std::move(origin)),
      channels_(std::move(channels)),
      receive_(std::move(receive)),
      reconnected_(std::move(reconnected)) {}

Bus::~Bus() {
  stop();
}

std::optional<std::string> Bus::url_problem(std::string_view url) {
  if (parse(url)) return std::nullopt;
  return "a Redis address is redis://HOST[:PORT] or unix:PATH, not \"" + std::string(url) + "\"";
}

const std::string Bus::kEveryNode = "spacedock:all";

std::string Bus::channel_of(std::string_view node_id) {
  return "spacedock:node:" + std::string(node_id);
}

std::optional<Bus::Address> Bus::parse(std::string_view url) {
  Address address;
  if (url.starts_with("unix:")) {
    address.path = url.substr(5);
    if (address.path.empty()) return std::nullopt;
    return address;
  }
  if (!url.starts_with("redis://")) return std::nullopt;
  std::string_view rest = url.substr(8);
  if (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  if (const auto colon = rest.rfind(':'); colon != std::string_view::npos) {
    const std::string_view port = rest.substr(colon + 1);
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), address.port);
    if (error != std::errc() || end != port.data() + port.size() || address.port <= 0 ||
        address.port > 65535)
      return std::nullopt;
    rest = rest.substr(0, colon);
  }
  if (rest.empty() || rest.find('/') != std::string_view::npos) return std::nullopt;
  address.host = rest;
  return address;
}

void Bus::start() {
  subscribe_thread_ = std::thread([this] { subscribe_loop(); });
  publish_thread_ = std::thread([this] { publish_loop(); });
}

void Bus::publish(std::string channel, std::string message) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || outbox_.size() >= kMaxQueued) return;
    // Numbered here, under the lock, in the order the queue sends them.
    outbox_.emplace_back(std::move(channel), frame(origin_, ++sent_, message));
    if (outbox_.size() > 1) return;  // the thread is awake already
  }
  wake_.notify_all();
}

void Bus::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    // Unblocks their reads and writes; their threads free the contexts.
    if (subscriber_) ::shutdown(subscriber_->fd, SHUT_RDWR);
    if (publisher_) ::shutdown(publisher_->fd, SHUT_RDWR);
  }
  wake_.notify_all();
  if (subscribe_thread_.joinable()) subscribe_thread_.join();
  if (publish_thread_.joinable()) publish_thread_.join();
}

redisContext* Bus::connect(std::optional<std::chrono::milliseconds> timeout) const {
  const timeval connecting{1, 0};
  redisContext* context =
      address_.host.empty()
          ? redisConnectUnixWithTimeout(address_.path.c_str(), connecting)
          : redisConnectWithTimeout(address_.host.c_str(), address_.port, connecting);
  if (!context || context->err != 0) {
    if (context) redisFree(context);
    return nullptr;
  }
  if (!address_.host.empty()) redisEnableKeepAlive(context);
  const long ms = timeout ? static_cast<long>(timeout->count()) : 0;  // 0: never
  redisSetTimeout(context, timeval{ms / 1000, (ms % 1000) * 1000});
  return context;
}

void Bus::sleep_unless_stopping(std::unique_lock<std::mutex>& lock) {
  wake_.wait_for(lock, kRetryEvery, [&] { return stopping_; });
}

void Bus::subscribe_loop() {
  Repeats repeats;
  bool lost = false;  // subscribed once and lost it since
  bool warned = false;
  for (;;) {
    // Its reads wait for messages as long as it takes; keepalive notices a dead peer.
    redisContext* context = connect(std::nullopt);
    ReplyPtr subscribed;
    if (context) {
      std::vector<const char*> argv{"SUBSCRIBE"};
      std::vector<std::size_t> lengths{9};
      for (const std::string& channel : channels_) {
        argv.push_back(channel.data());
        lengths.push_back(channel.size());
      }
      subscribed.reset(static_cast<redisReply*>(
          redisCommandArgv(context, static_cast<int>(argv.size()), argv.data(), lengths.data())));
      if (subscribed && subscribed->type != REDIS_REPLY_ARRAY) subscribed.reset();  // NOAUTH
    }
    {
      std::unique_lock lock(mutex_);
      if (stopping_ || !subscribed) {
        if (context) redisFree(context);
        if (stopping_) return;
        if (!warned) spdlog::warn("cluster: cannot reach Redis at {}; retrying", url_);
        warned = true;
        lost = true;
        sleep_unless_stopping(lock);
        continue;
      }
      subscriber_ = context;
    }
    spdlog::info("cluster: receiving on Redis channels {} at {}", fmt::join(channels_, ", "), url_);
    warned = false;
    if (lost && reconnected_) reconnected_();
    for (;;) {
      void* raw = nullptr;
      if (redisGetReply(context, &raw) != REDIS_OK) break;
      ReplyPtr reply(static_cast<redisReply*>(raw));
      // ["message", channel, payload]
      if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 3 ||
          reply->element[2]->type != REDIS_REPLY_STRING)
        continue;
      const auto received = unframe({reply->element[2]->str, reply->element[2]->len});
      if (!received) {
        spdlog::warn("cluster: a Redis message without a Spacedock frame; dropped");
      } else if (!repeats.seen_before(*received)) {
        receive_(std::string(received->payload));
      }
    }
    std::unique_lock lock(mutex_);
    subscriber_ = nullptr;
    redisFree(context);
    if (stopping_) return;
    spdlog::warn("cluster: lost the Redis subscription at {}; reconnecting", url_);
    lost = true;
    warned = true;
  }
}

bool Bus::send(redisContext* context,
               const std::vector<std::pair<std::string, std::string>>& batch) {
  for (const auto& [channel, message] : batch) {
    redisAppendCommand(context, "PUBLISH %b %b", channel.data(), channel.size(), message.data(),
                       message.size());
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    void* raw = nullptr;
    if (redisGetReply(context, &raw) != REDIS_OK) return false;
    ReplyPtr reply(static_cast<redisReply*>(raw));
  }
  return true;
}

void Bus::publish_loop() {
  redisContext* context = nullptr;
  bool warned = false;
  std::vector<std::pair<std::string, std::string>> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !outbox_.empty(); });
      if (stopping_) break;
      if (!context) {
        lock.unlock();
        context = connect(kPublishTimeout);
        lock.lock();
        publisher_ = context;
        if (!context) {
          // Redis is away: what waits is lost, as a message in flight would be.
          if (!warned) spdlog::warn("cluster: cannot publish to Redis at {}; retrying", url_);
          warned = true;
          outbox_.clear();
          sleep_unless_stopping(lock);
          continue;
        }
        warned = false;
      }
      const std::size_t take = std::min(outbox_.size(), kMaxPipelined);
      batch.assign(std::make_move_iterator(outbox_.begin()),
                   std::make_move_iterator(outbox_.begin() + static_cast<long>(take)));
      outbox_.erase(outbox_.begin(), outbox_.begin() + static_cast<long>(take));
    }
    if (!send(context, batch)) {
      // Most often a connection to a Redis that has restarted since, which took none of the
      // batch: sent once more on a new connection, so that nothing sent after Redis came back
      // is lost without a trace.
      replace_publisher(context, nullptr);
      context = connect(kPublishTimeout);
      replace_publisher(nullptr, context);
      if (!context || !send(context, batch)) {
        spdlog::warn("cluster: lost the Redis connection for publishing at {}; {} messages dropped",
                     url_, batch.size());
        replace_publisher(context, nullptr);
        context = nullptr;
      }
    }
    batch.clear();
  }
  replace_publisher(context, nullptr);
}

void Bus::replace_publisher(redisContext* old_context, redisContext* new_context) {
  {
    std::lock_guard lock(mutex_);
    publisher_ = new_context;
  }
  if (old_context) redisFree(old_context);
}

}  // namespace spacedock::server::cluster
