// Match: the seats server bots play (CreateMatch.bot_opponents, QuickMatch). A bot answers
// through the same path as a player, so its inputs are stored, replayed and clocked like
// anyone's; it is shown only its own seat's projections (engine/core/bot.h).
#include <spdlog/spdlog.h>

#include "engine/games.h"
#include "server/common/crypto.h"
#include "server/match/match.h"

namespace spacedock::server {
namespace {

core::BotStrength strength_of(v1::BotStrength strength) {
  switch (strength) {
    case v1::BOT_STRENGTH_RANDOM:
      return core::BotStrength::kRandom;
    case v1::BOT_STRENGTH_EASY:
      return core::BotStrength::kEasy;
    default:
      return core::BotStrength::kStrong;
  }
}

}  // namespace

std::optional<v1::BotStrength> Match::bot_in(std::size_t seat) const {
  for (const v1::BotSeat& bot : setup_.lobby().bots()) {
    if (bot.seat() == seat) return bot.strength();
  }
  return std::nullopt;
}

bool Match::present(std::size_t seat) const {
  return bot_in(seat) || std::any_of(followers_.begin(), followers_.end(), [&](const Follower& f) {
           return f.viewer.is_seat(static_cast<core::Seat>(seat)) && !f.connection.expired();
         });
}

void Match::play_bots() {
  if (bot_pending_ || moved_away_ || setup_.lobby().bots().empty() ||
      status_ != v1::MATCH_STATUS_ACTIVE)
    return;
  const auto open = engine_->open_decisions();
  const bool bot_owes = std::any_of(open.begin(), open.end(), [&](const core::Decision& d) {
    return bot_in(d.seat).has_value();
  });
  if (!bot_owes) return;
  bot_pending_ = true;
  bot_timer_.expires_after(services_.config.bot_think);
  bot_timer_.async_wait([weak = weak_from_this()](boost::system::error_code error) {
    auto self = weak.lock();
    if (error || !self) return;
    self->turns_.run([self](Turn turn) {
      self->bot_pending_ = false;
      if (self->status_ != v1::MATCH_STATUS_ACTIVE) return;
      for (const core::Decision& decision : self->engine_->open_decisions()) {
        const auto strength = self->bot_in(decision.seat);
        if (!strength) continue;
        if (!self->bot_policy_) self->bot_policy_ = engine::make_bot_policy(self->setup_.game());
        // Never from the game's seed: a policy that could rebuild the game's generator could
        // read the shuffles.
        core::Rng rng(random_seed());
        storage::InputRecord input;
        input.kind = storage::InputKind::kDecision;
        input.seat = decision.seat;
        input.decision_id = decision.id;
        core::OptionId answer = core::bot_answer(*self->engine_, decision, *self->bot_policy_,
                                                 strength_of(*strength), rng);
        if (std::find(decision.options.begin(), decision.options.end(), answer) ==
            decision.options.end()) {
          spdlog::error("match={}: the bot chose an option not offered; it takes the first",
                        self->id());
          answer = decision.options.front();
        }
        input.options = {answer};
        return self->commit_input(
            std::move(input), std::chrono::steady_clock::now(),
            [self](const v1::Response& response) {
              if (response.code() != v1::OK)
                spdlog::error("match={}: a bot's answer failed: {}", self->id(),
                              response.message());
            },
            std::move(turn));
      }
    });
  });
}

}  // namespace spacedock::server
