#include "clients/cli/connection.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "clients/cli/format.h"

namespace spacedock::cli {
namespace {

namespace asio = boost::asio;

constexpr auto kAnswerTimeout = std::chrono::seconds(30);

}  // namespace

Connection::Connection(asio::any_io_executor executor, EventHandler on_event, LossHandler on_loss)
    : client_(std::move(executor)), on_event_(std::move(on_event)), on_loss_(std::move(on_loss)) {}

asio::awaitable<std::shared_ptr<Connection>> Connection::open(const client::Url& url,
                                                              EventHandler on_event,
                                                              LossHandler on_loss) {
  auto executor = co_await asio::this_coro::executor;
  auto connection = std::make_shared<Connection>(executor, std::move(on_event), std::move(on_loss));
  co_await connection->client_.connect(url, "spacedock-cli 0.1");
  connection->alive_ = true;
  asio::co_spawn(executor, connection->read_loop(), asio::detached);
  co_return connection;
}

asio::awaitable<void> Connection::read_loop() {
  const auto self = shared_from_this();  // reading keeps the connection alive
  try {
    for (;;) {
      v1::ServerMessage message = co_await client_.read_message();
      if (message.has_event()) {
        on_event_(std::move(*message.mutable_event()));
        continue;
      }
      const auto waiting = pending_.find(message.response().request_id());
      if (waiting == pending_.end()) continue;  // its caller gave up waiting
      waiting->second->response = std::move(*message.mutable_response());
      waiting->second->answered.cancel();
    }
  } catch (const std::exception& e) {
    lost(describe_exception(e));
  }
}

void Connection::lost(const std::string& why) {
  alive_ = false;
  for (auto& [id, pending] : pending_)
    pending->answered.cancel();
  if (!closing_) on_loss_(why);
}

asio::awaitable<v1::Response> Connection::call(v1::ClientMessage request) {
  std::chrono::milliseconds waited{0};
  for (;;) {
    v1::Response response = co_await call_once(request);
    const auto wait = rate_limits().next_wait(response, waited);
    if (!wait) co_return client::RateLimitPolicy::given_up(std::move(response), waited);
    if (rate_limits().on_wait) rate_limits().on_wait(response, *wait);
    co_await asio::steady_timer(co_await asio::this_coro::executor, *wait)
        .async_wait(asio::use_awaitable);
    waited += *wait;
  }
}

asio::awaitable<v1::Response> Connection::call_once(v1::ClientMessage& request) {
  if (!alive_) throw client::ClientError("not connected");
  const auto self = shared_from_this();
  const std::uint64_t id = next_request_id_++;
  request.set_request_id(id);
  const auto executor = co_await asio::this_coro::executor;
  Pending pending{asio::steady_timer(executor, kAnswerTimeout), {}};
  pending_[id] = &pending;
  try {
    co_await client_.send_frame(request.SerializeAsString());
    // The answer may have come while the frame was being written.
    if (!pending.response && alive_)
      co_await pending.answered.async_wait(asio::as_tuple(asio::use_awaitable));
  } catch (...) {
    pending_.erase(id);
    throw;
  }
  pending_.erase(id);
  if (pending.response) co_return std::move(*pending.response);
  throw client::ClientError(alive_ ? "the server did not answer in time"
                                   : "the connection was lost");
}

asio::awaitable<void> Connection::close() {
  closing_ = true;
  if (alive_) co_await client_.close();
}

}  // namespace spacedock::cli
