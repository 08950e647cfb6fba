// Connection: the quick-match queue (QuickMatch, LeaveQueue in lobby.proto) and practice
// matches against server bots. Pairing takes the longest-waiting player of the same game and
// clock; the pair's match is made like any other (Connection::create, then JoinMatch for the
// second seat), so it is stored, listed and resumed like any other.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "engine/games.h"
#include "server/common/crypto.h"
#include "server/match/chess_clock.h"
#include "server/match/lobby.h"
#include "server/quick_match/queue.h"
#include "server/session/connection.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

v1::QuickMatchUpdate update(v1::QuickMatchUpdate::State state, v1::Game game,
                            std::uint64_t match_id = 0) {
  v1::QuickMatchUpdate out;
  out.set_state(state);
  out.set_game(game);
  out.set_match_id(match_id);
  return out;
}

// The match a quick-match pair or a practice game plays: two seats, default options.
v1::MatchSetup quick_setup(v1::Game game, v1::ClockPreset clock, std::chrono::milliseconds grace) {
  v1::MatchSetup setup;
  setup.set_game(game);
  if (game == v1::GAME_INCURSIONS) setup.mutable_incursions()->set_players(2);
  if (game == v1::GAME_STCCG) setup.mutable_stccg();
  if (auto settings = ChessClock::settings_for(clock, v1::DISCONNECT_OUTCOME_LOSS, grace))
    *setup.mutable_lobby()->mutable_clock() = *std::move(settings);
  return setup;
}

}  // namespace

void Connection::on_quick_match(const v1::QuickMatch& request, Reply reply) {
  const v1::Game game = request.game();
  if (game == v1::GAME_UNSPECIFIED || !v1::Game_IsValid(game))
    return reply(error_response(v1::BAD_REQUEST, "say which game to play"));
  if (!v1::ClockPreset_IsValid(request.clock()) || !v1::BotStrength_IsValid(request.bot()))
    return reply(error_response(v1::INVALID_OPTIONS, "unknown clock preset or bot strength"));
  v1::MatchSetup setup = quick_setup(game, request.clock(), services_.config.disconnect_grace);
  const auto checked = engine::check_match(setup);
  if (const auto* e = std::get_if<core::SetupError>(&checked))
    return reply(error_response(v1::INVALID_OPTIONS, e->message, e->rule));
  v1::SeatSetup seat;
  seat.set_name(identity_->username);
  if (request.has_incursions_seat()) *seat.mutable_incursions() = request.incursions_seat();
  if (request.has_stccg_seat()) *seat.mutable_stccg() = request.stccg_seat();
  with_seat_deck(
      std::move(seat), std::move(reply),
      [self = shared_from_this(), setup = std::move(setup), request, who = *identity_](
          v1::SeatSetup seated, Reply respond) mutable {
        if (auto problem = engine::check_seat(setup, seated))
          return respond(error_response(v1::INVALID_OPTIONS, problem->message, problem->rule));
        self->queue_for_match(std::move(setup), std::move(seated), request, std::move(who),
                              std::move(respond));
      });
}

void Connection::queue_for_match(v1::MatchSetup setup, v1::SeatSetup seat,
                                 const v1::QuickMatch& request, Identity who, Reply reply) {
  auto& queue = services_.quick_matches;
  const v1::Game game = request.game();
  // The answer to QuickMatch: the match header becomes a MATCHED update.
  Reply matched = [reply, game](v1::Response response) {
    if (response.code() != v1::OK) return reply(std::move(response));
    const std::uint64_t id = response.match().match_id();
    v1::Response out;
    *out.mutable_quick_match() = update(v1::QuickMatchUpdate::MATCHED, game, id);
    reply(std::move(out));
  };

  if (request.bot() != v1::BOT_STRENGTH_NONE) {
    queue.remove(this);
    *setup.add_seats() = std::move(seat);
    return create(std::move(setup), std::move(who), std::move(matched), request.bot());
  }
  // A place in the queue is a match waiting for a player, as a created one is.
  if (auto refused = waiting_limit(services_, who, this)) return reply(*std::move(refused));

  const std::int64_t since = now_ms();
  QuickMatchQueue::Entry entry{weak_from_this(), this, who, game, request.clock(), seat, since};
  auto partner = queue.pair_or_queue(std::move(entry));
  if (!partner) {
    v1::Response out;
    *out.mutable_quick_match() = update(v1::QuickMatchUpdate::QUEUED, game);
    out.mutable_quick_match()->set_waiting(queue.waiting(game, request.clock()));
    reply(std::move(out));
    return offer_bot_later(game, since);
  }
  auto other = partner->connection.lock();
  if (!other) return reply(error_response(v1::INTERNAL, "your opponent left; try again"));
  // The waiting player hears of the match as an event: their request was answered long ago.
  Reply told = [other, game](v1::Response response) {
    v1::ServerMessage message;
    auto* event = message.mutable_event();
    if (response.code() == v1::OK) {
      event->set_match_id(response.match().match_id());
      *event->mutable_quick_match() =
          update(v1::QuickMatchUpdate::MATCHED, game, response.match().match_id());
    } else {
      *event->mutable_quick_match() = update(v1::QuickMatchUpdate::FAILED, game);
      event->mutable_quick_match()->set_message(response.message());
    }
    other->push(message);
  };
  struct Player {
    std::shared_ptr<Connection> connection;
    Identity who;
    v1::SeatSetup seat;
    Reply reply;
  };
  Player first{shared_from_this(), std::move(who), std::move(seat), std::move(matched)};
  Player second{other, partner->who, partner->seat, std::move(told)};
  if (random_seed() & 1) std::swap(first, second);
  spdlog::info("quick match: {} and {} paired for {}", first.who.username, second.who.username,
               v1::Game_Name(game));
  *setup.add_seats() = std::move(first.seat);
  // The first player makes the match; once it exists, the second takes the other seat. Both
  // hear MATCHED only once both are seated; if the second cannot sit, both hear why.
  Reply then_join = [self = shared_from_this(), second = std::move(second),
                     first_reply = first.reply](v1::Response created) mutable {
    if (created.code() != v1::OK) {
      second.reply(created);
      return first_reply(std::move(created));
    }
    const std::uint64_t id = created.match().match_id();
    auto match = self->services_.lobby.find(static_cast<std::int64_t>(id));
    if (!match) {
      auto gone = error_response(v1::NOT_FOUND, "the match is gone");
      second.reply(gone);
      return first_reply(gone);
    }
    auto joiner = second.connection;
    Reply seated = [first_reply, second_reply = second.reply, created,
                    id](v1::Response joined) mutable {
      if (joined.code() != v1::OK) {
        first_reply(error_response(joined.code(), "your opponent could not take a seat (" +
                                                      joined.message() + "); leave match " +
                                                      std::to_string(id)));
        return second_reply(std::move(joined));
      }
      first_reply(std::move(created));
      second_reply(std::move(joined));
    };
    match->join(joiner, second.who, second.seat, {}, joiner->tracking(match, std::move(seated)));
  };
  const auto strand = first.connection->strand_;  // before `first` is moved away
  asio::post(strand, [first = std::move(first), setup = std::move(setup),
                      then_join = std::move(then_join)]() mutable {
    first.connection->create(std::move(setup), std::move(first.who), std::move(then_join),
                             v1::BOT_STRENGTH_NONE);
  });
}

void Connection::offer_bot_later(v1::Game game, std::int64_t since) {
  auto timer =
      std::make_shared<asio::steady_timer>(strand_, services_.config.quick_match_bot_offer);
  timer->async_wait(
      [self = shared_from_this(), timer, game, since](boost::system::error_code error) {
        // Only for the place it was set for: not one given up, nor one a later request replaced.
        if (error || self->services_.quick_matches.queued_since(self.get()) != since) return;
        v1::ServerMessage message;
        *message.mutable_event()->mutable_quick_match() =
            update(v1::QuickMatchUpdate::BOT_OFFERED, game);
        self->push(message);
      });
}

void Connection::on_leave_queue(const Reply& reply) {
  reply(services_.quick_matches.remove(this)
            ? v1::Response()
            : error_response(v1::NOT_FOUND, "you are not in the quick-match queue"));
}

}  // namespace spacedock::server
