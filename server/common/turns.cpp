#include "server/common/turns.h"

#include <boost/asio/post.hpp>

namespace spacedock::server {

TurnQueue::TurnQueue(boost::asio::io_context& io, Strand strand)
    : state_(std::make_shared<State>(State{io, std::move(strand), {}, false})) {}

void TurnQueue::run(Op op) {
  boost::asio::post(state_->strand, [state = state_, op = std::move(op)]() mutable {
    if (state->stopped) return;
    if (state->busy) {
      state->waiting.push_back(std::move(op));
      return;
    }
    state->busy = true;
    op(std::make_shared<Turn>(state));
  });
}

void TurnQueue::stop() {
  state_->stopped = true;
  state_->waiting.clear();
}

void TurnQueue::next(const std::shared_ptr<State>& state) {
  if (state->waiting.empty()) {
    state->busy = false;
    return;
  }
  Op op = std::move(state->waiting.front());
  state->waiting.pop_front();
  op(std::make_shared<Turn>(state));
}

TurnQueue::Turn::~Turn() {
  // Not once the server has stopped: its handlers are being destroyed, not run.
  if (state_->io.stopped() || state_->stopped) return;
  const Strand& strand = state_->strand;  // before the handler takes the state
  boost::asio::post(strand, [state = std::move(state_)] { next(state); });
}

}  // namespace spacedock::server
