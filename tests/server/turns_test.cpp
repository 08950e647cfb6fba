#include "server/common/turns.h"

#include <doctest/doctest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <stdexcept>
#include <vector>

namespace {

using spacedock::server::TurnQueue;

struct Queue {
  boost::asio::io_context io;
  // As in the server, the io_context runs until it is stopped, not until it runs out of work.
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work{io.get_executor()};
  TurnQueue turns{io, boost::asio::make_strand(io)};
  std::vector<int> ran;
};

}  // namespace

TEST_CASE("turns: the next operation starts once the last copy of the current turn is gone") {
  Queue q;
  std::shared_ptr<TurnQueue::Turn> kept;
  q.turns.run([&](std::shared_ptr<TurnQueue::Turn> turn) {
    q.ran.push_back(1);
    kept = std::move(turn);  // a database write still under way holds it
  });
  q.turns.run([&](std::shared_ptr<TurnQueue::Turn>) { q.ran.push_back(2); });
  q.turns.run([&](std::shared_ptr<TurnQueue::Turn>) { q.ran.push_back(3); });
  q.io.poll();
  CHECK(q.ran == std::vector<int>{1});
  kept.reset();
  q.io.poll();
  CHECK(q.ran == std::vector<int>{1, 2, 3});
}

TEST_CASE("turns: an operation that throws still hands the turn on") {
  Queue q;
  q.turns.run([](std::shared_ptr<TurnQueue::Turn>) { throw std::runtime_error("refused"); });
  q.turns.run([&](std::shared_ptr<TurnQueue::Turn>) { q.ran.push_back(2); });
  CHECK_THROWS_AS(q.io.poll(), std::runtime_error);
  q.io.poll();
  CHECK(q.ran == std::vector<int>{2});
}

TEST_CASE("turns: once stopped, nothing waiting or new runs") {
  Queue q;
  std::shared_ptr<TurnQueue::Turn> kept;
  q.turns.run([&](std::shared_ptr<TurnQueue::Turn> turn) {
    q.ran.push_back(1);
    kept = std::move(turn);
  });
  q.turns.run([&](std::shared_ptr<TurnQueue::Turn>) { q.ran.push_back(2); });
  q.io.poll();
  q.turns.stop();
  kept.reset();
  q.turns.run([&](std::shared_ptr<TurnQueue::Turn>) { q.ran.push_back(3); });
  q.io.poll();
  CHECK(q.ran == std::vector<int>{1});
}
