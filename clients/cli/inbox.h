#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <string>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::cli {

// What the session reacts to, queued in arrival order: server events, input lines, the end of
// the input and a lost connection. Producers push; the one session coroutine consumes.
class Inbox {
 public:
  explicit Inbox(boost::asio::any_io_executor executor) : signal_(std::move(executor)) {}

  void push_event(v1::Event event) {
    events.push_back(std::move(event));
    signal_.cancel();
  }
  void push_line(std::string line) {
    lines.push_back(std::move(line));
    signal_.cancel();
  }
  void end_input() {
    input_ended = true;
    signal_.cancel();
  }
  void connection_lost(std::string why) {
    lost = std::move(why);
    signal_.cancel();
  }

  // Returns when something is pushed or at the deadline, whichever is first.
  boost::asio::awaitable<void> wait(std::chrono::steady_clock::time_point deadline);

  std::deque<v1::Event> events;
  std::deque<std::string> lines;
  bool input_ended = false;
  std::optional<std::string> lost;

 private:
  boost::asio::steady_timer signal_;
};

// Feeds stdin (a terminal, a pipe or a file) to the inbox line by line, then ends the input.
boost::asio::awaitable<void> read_input(Inbox& inbox);

}  // namespace spacedock::cli
