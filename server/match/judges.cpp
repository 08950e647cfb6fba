// A match's judges: organisers who watch with every card visible, as the game stood a delay ago,
// so that nothing they see can still help a player. They get a full snapshot now and then, built
// by replaying the inputs made before that moment, and never the live events or prompts.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/match/match.h"

namespace spacedock::server {

void Match::judge(std::shared_ptr<Recipient> connection, Identity who, Reply reply) {
  turns_.run([this, connection = std::move(connection), who = std::move(who),
              reply = std::move(reply)](Turn) {
    if (seat_of(who.account_id) >= 0) {
      reply(error_response(v1::FORBIDDEN, "a player cannot judge their own match"));
    } else if (status_ != v1::MATCH_STATUS_WAITING && status_ != v1::MATCH_STATUS_ACTIVE) {
      reply(error_response(v1::FORBIDDEN, "that match is over: replay it with the full view"));
    } else {
      // Judging replaces anything else this connection followed the match as.
      std::erase_if(followers_, [&](const Follower& f) { return f.key == connection.get(); });
      std::erase_if(judges_, [&](const Judge& j) { return j.key == connection.get(); });
      judges_.push_back(Judge{connection, connection.get(), who.account_id});
      spdlog::info("match={} account={} judges it", id_, who.account_id);
      reply(with_info(false));
      send_judge_views(connection.get());
    }
  });
}

std::optional<v1::ServerMessage> Match::judge_view(std::int64_t as_of_ms, bool changed_only) {
  if (!started() || started_at_ms_ > as_of_ms) return std::nullopt;
  // The judges' game only moves forward: it takes the stored inputs as their time comes.
  bool changed = !judge_game_;
  if (!judge_game_) judge_game_ = engine::start_match(setup_, seed_);
  for (; judge_inputs_ < applied_.size() && applied_[judge_inputs_].at_ms <= as_of_ms;
       ++judge_inputs_) {
    apply(*judge_game_, applied_[judge_inputs_]);
    changed = true;
  }
  if (changed_only && !changed) return std::nullopt;
  v1::ServerMessage message;
  auto* event = message.mutable_event();
  event->set_match_id(static_cast<std::uint64_t>(id_));
  event->set_seq(judge_game_->event_count());
  event->set_as_of_ms(as_of_ms);
  judge_game_->project_snapshot(core::Viewer::judge(), event->mutable_snapshot());
  return message;
}

void Match::send_judge_views(const Recipient* only) {
  // A judge's account may have taken a seat since (or its connection been closed): a player
  // never sees this view.
  std::erase_if(judges_, [&](const Judge& j) {
    return j.connection.expired() || seat_of(j.account_id) >= 0;
  });
  if (judges_.empty() || status_ == v1::MATCH_STATUS_ABORTED) return;
  // A new judge gets the view at once; the others only when it moved on.
  const std::optional<v1::ServerMessage> view =
      judge_view(now_ms() - services_.config.judge_delay.count(), only == nullptr);
  if (view) {
    for (const Judge& j : judges_) {
      if (only && j.key != only) continue;
      if (auto connection = j.connection.lock()) connection->push(*view);
    }
  }
  // Once the judges have seen the end, there is nothing more to show them.
  const bool seen_the_end = judge_game_ && judge_game_->over();
  if (seen_the_end || judge_timer_set_) return;
  judge_timer_set_ = true;
  judge_timer_.expires_after(services_.config.judge_interval);
  judge_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    self->judge_timer_set_ = false;
    if (!ec) self->send_judge_views(nullptr);
  });
}

}  // namespace spacedock::server
