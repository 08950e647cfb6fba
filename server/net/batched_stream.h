#pragma once

#include <boost/asio/async_result.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/websocket/teardown.hpp>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "server/net/streams.h"

namespace spacedock::server {

// A stream (TCP, or TLS over TCP) that gathers writes and sends them in as few system calls as it
// can, for a WebSocket stream to sit on: a decision sends several messages to each viewer (its
// answer, events, the next prompt), and one write each costs a system call and a TCP segment
// apiece, which was most of the server's time under load.
//
// Bytes are copied into a buffer: append() only adds to it, and flush() writes it out, one
// write at a time, whatever gathered meanwhile going out together in the next. WsSession
// appends its data frames itself (a burst of messages, then one flush); the WebSocket stream's
// own writes (handshake, pings, pongs, close) come through async_write_some, which appends and
// flushes, and completes at once. A write that fails fails every later one. Used on one strand,
// like the stream below it. Over TLS, what is gathered is encrypted as it goes out. Closing
// waits until everything accepted is sent (async_drain), so that a close frame accepted behind
// a write in progress still goes out before the connection is shut.
template <class Next>
class BatchedStream {
 public:
  using executor_type = typename Next::executor_type;

  explicit BatchedStream(Next&& next) : next_(std::move(next)) {}
  BatchedStream(BatchedStream&&) = default;
  ~BatchedStream() {
    if (state_) state_->alive = false;
  }

  executor_type get_executor() noexcept { return next_.get_executor(); }
  Next& next_layer() { return next_; }
  const Next& next_layer() const { return next_; }

  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return next_.async_read_some(buffers, std::forward<Handler>(handler));
  }

  template <class ConstBuffers, class Handler>
  auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    return boost::asio::async_initiate<Handler, void(boost::beast::error_code, std::size_t)>(
        [this](auto done, const ConstBuffers& data) {
          std::size_t taken = 0;
          if (!state_->error) {
            for (auto buffer : boost::beast::buffers_range_ref(data)) {
              append({static_cast<const char*>(buffer.data()), buffer.size()});
              taken += buffer.size();
            }
            flush();
          }
          boost::asio::post(next_.get_executor(),
                            boost::beast::bind_handler(std::move(done), state_->error, taken));
        },
        handler, buffers);
  }

  // Adds bytes to go out after everything accepted before, at the next flush().
  void append(std::string_view bytes) {
    if (!state_->error) state_->pending.append(bytes);
  }

  // Starts writing what was appended, unless a write is in progress (its completion goes on).
  void flush() {
    State& s = *state_;
    if (!s.sending.empty() || s.pending.empty() || s.error) return;
    s.sending.swap(s.pending);
    boost::asio::async_write(next_, boost::asio::buffer(s.sending),
                             [this, state = state_](boost::beast::error_code ec, std::size_t) {
                               if (!state->alive) return;
                               state->sending.clear();
                               // A snapshot's worth of buffer is not kept by every connection.
                               if (state->sending.capacity() > kKeptCapacity)
                                 std::string().swap(state->sending);
                               if (ec) {
                                 state->error = ec;
                                 state->pending.clear();
                               } else {
                                 flush();
                               }
                               if (state->sending.empty() && state->drained)
                                 std::exchange(state->drained, nullptr)();
                             });
  }

  // Calls `then` once every byte accepted so far is sent, or the writing failed.
  void async_drain(std::function<void()> then) {
    flush();
    State& s = *state_;
    if (s.sending.empty() || s.error) {
      boost::asio::post(next_.get_executor(), std::move(then));
      return;
    }
    s.drained = std::move(then);
  }

  // Bytes accepted and not yet sent: a client that does not read makes this grow.
  std::size_t unsent() const { return state_->pending.size() + state_->sending.size(); }

 private:
  static constexpr std::size_t kKeptCapacity = 16 * 1024;

  // Shared with the write in progress, which may complete after the stream is gone.
  struct State {
    std::string pending;  // accepted, waiting for flush() or for the write in progress
    std::string sending;  // being written
    bool alive = true;
    boost::beast::error_code error;
    std::function<void()> drained;  // waiting for `sending` to empty (async_drain)
  };

  Next next_;
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

// Closing a WebSocket on a BatchedStream closes what is beneath it: over TLS, the TLS session
// first.
template <class Next>
void teardown(boost::beast::role_type role, BatchedStream<Next>& stream,
              boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  if constexpr (kIsTls<Next>) {
    teardown(role, stream.next_layer(), ec);
  } else {
    teardown(role, stream.next_layer().socket(), ec);
  }
}

// The bytes accepted go out first: the WebSocket stream's close frame was only accepted, and a
// server's teardown shuts the sending side at once.
template <class Next, class Handler>
void async_teardown(boost::beast::role_type role, BatchedStream<Next>& stream, Handler&& handler) {
  // Held by pointer: the handler may only be moved, and the wait is a copyable function.
  auto held = std::make_shared<std::decay_t<Handler>>(std::forward<Handler>(handler));
  stream.async_drain([role, &stream, held] {
    using boost::beast::websocket::async_teardown;
    if constexpr (kIsTls<Next>) {
      async_teardown(role, stream.next_layer(), std::move(*held));
    } else {
      async_teardown(role, stream.next_layer().socket(), std::move(*held));
    }
  });
}

}  // namespace spacedock::server
