#include "clients/cli/inbox.h"

#include <unistd.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace spacedock::cli {

namespace asio = boost::asio;

asio::awaitable<void> Inbox::wait(std::chrono::steady_clock::time_point deadline) {
  signal_.expires_at(deadline);
  co_await signal_.async_wait(asio::as_tuple(asio::use_awaitable));
}

asio::awaitable<void> read_input(Inbox& inbox) {
  // A duplicate, so that closing the stream does not close the process's stdin.
  const auto executor = co_await asio::this_coro::executor;
  asio::posix::stream_descriptor input(executor, ::dup(STDIN_FILENO));
  std::string buffer;
  for (;;) {
    auto [error, length] = co_await asio::async_read_until(
        input, asio::dynamic_buffer(buffer), '\n', asio::as_tuple(asio::use_awaitable));
    if (error) break;
    std::string line = buffer.substr(0, length - 1);
    buffer.erase(0, length);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    inbox.push_line(std::move(line));
  }
  if (!buffer.empty()) inbox.push_line(buffer);  // a last line without a newline
  inbox.end_input();
}

}  // namespace spacedock::cli
