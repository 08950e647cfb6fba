#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <deque>
#include <functional>
#include <memory>

namespace spacedock::server {

// Runs operations one at a time, in the order they come, on a strand. An operation holds its
// Turn while it runs, and hands it on to whatever finishes its work (a database write's
// callback, say); the next operation starts once the last copy is gone, however the operation
// ends. So there is no "done" to forget, and no path can stall the queue.
class TurnQueue {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
  class Turn;
  using Op = std::function<void(std::shared_ptr<Turn>)>;

  TurnQueue(boost::asio::io_context& io, Strand strand);

  // Runs `op` on the strand once every earlier operation's turn is over. Callable from any
  // thread.
  void run(Op op);
  // Runs nothing more: the owner is going away. On the strand, or once it runs no more.
  void stop();

 private:
  struct State {
    boost::asio::io_context& io;
    Strand strand;
    std::deque<Op> waiting;
    bool busy = false;
    bool stopped = false;
  };
  static void next(const std::shared_ptr<State>& state);

  // Shared with the Turns, which may outlive their queue's owner.
  std::shared_ptr<State> state_;
};

class TurnQueue::Turn {
 public:
  explicit Turn(std::shared_ptr<State> state) : state_(std::move(state)) {}
  ~Turn();
  Turn(const Turn&) = delete;
  Turn& operator=(const Turn&) = delete;

 private:
  std::shared_ptr<State> state_;
};

}  // namespace spacedock::server
