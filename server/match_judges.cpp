// A match's judges: organisers who watch with every card visible, as the game stood a delay ago,
// so that nothing they see can still help a player. They get a full snapshot now and then, built
// by replaying the inputs made before that moment, and never the live events or prompts.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/connection.h"
#include "server/match.h"

namespace spacedock::server {

void Match::judge(std::shared_ptr<Connection> connection, Identity who, Reply reply) {
  serialize(
      [this, connection = std::move(connection), who = std::move(who), reply = std::move(reply)] {
        if (seat_of(who.account_id) >= 0) {
          reply(error_response(v1::FORBIDDEN, "a player cannot judge their own match"));
        } else if (status_ != v1::MATCH_STATUS_WAITING && status_ != v1::MATCH_STATUS_ACTIVE) {
          reply(error_response(v1::FORBIDDEN, "that match is over: replay it with the full view"));
        } else {
          std::erase_if(judges_, [&](const Judge& j) { return j.key == connection.get(); });
          judges_.push_back(Judge{connection, connection.get()});
          spdlog::info("match={} account={} judges it", id_, who.account_id);
          reply(with_info(false));
          send_judge_views(connection.get());
        }
        done();
      });
}

std::optional<v1::ServerMessage> Match::judge_view(std::int64_t as_of_ms) const {
  if (!started() || started_at_ms_ > as_of_ms) return std::nullopt;
  auto game = engine::start_match(setup_, seed_);
  for (const auto& input : applied_) {
    if (input.at_ms > as_of_ms) break;
    apply(*game, input);
  }
  v1::ServerMessage message;
  auto* event = message.mutable_event();
  event->set_match_id(static_cast<std::uint64_t>(id_));
  event->set_seq(game->event_count());
  event->set_as_of_ms(as_of_ms);
  game->project_snapshot(core::Viewer::judge(), event->mutable_snapshot());
  return message;
}

void Match::send_judge_views(const Connection* only) {
  std::erase_if(judges_, [](const Judge& j) { return j.connection.expired(); });
  if (judges_.empty()) return;
  const std::optional<v1::ServerMessage> view =
      judge_view(now_ms() - services_.config.judge_delay.count());
  if (view) {
    for (const Judge& j : judges_) {
      if (only && j.key != only) continue;
      if (auto connection = j.connection.lock()) connection->push(*view);
    }
  }
  // Once the judges have seen the end, there is nothing more to show them.
  const auto over = [](const v1::GameSnapshot& s) {
    return s.incursions().phase() == v1::INCURSIONS_PHASE_GAME_OVER ||
           s.stccg().phase() == v1::STCCG_PHASE_GAME_OVER;
  };
  const bool seen_the_end = view && over(view->event().snapshot());
  if (seen_the_end || judge_timer_set_) return;
  judge_timer_set_ = true;
  judge_timer_.expires_after(services_.config.judge_interval);
  judge_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    self->judge_timer_set_ = false;
    if (!ec) self->send_judge_views(nullptr);
  });
}

}  // namespace spacedock::server
