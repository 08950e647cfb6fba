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
#include "server/relay/relay.h"
#include "server/session/connection.h"
#include "storage/quick_match_queue.h"

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

// The answer to QuickMatch: the match header becomes a MATCHED update.
Reply answer_matched(Reply reply, v1::Game game) {
  return [reply = std::move(reply), game](v1::Response response) {
    if (response.code() != v1::OK) return reply(std::move(response));
    v1::Response out;
    *out.mutable_quick_match() =
        update(v1::QuickMatchUpdate::MATCHED, game, response.match().match_id());
    reply(std::move(out));
  };
}

// The player who waited hears of the match as an event: their request was answered long ago.
Reply tell_matched(std::shared_ptr<Recipient> player, v1::Game game) {
  return [player = std::move(player), game](const v1::Response& response) {
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
    player->push(message);
  };
}

v1::Response queued_update(v1::Game game, std::uint32_t waiting) {
  v1::Response out;
  *out.mutable_quick_match() = update(v1::QuickMatchUpdate::QUEUED, game);
  out.mutable_quick_match()->set_waiting(waiting);
  return out;
}

// For the player who made the match, when the other could not sit down in it.
v1::Response partner_not_seated(const v1::Response& joined, std::uint64_t id) {
  return error_response(joined.code(), "your opponent could not take a seat (" + joined.message() +
                                           "); leave match " + std::to_string(id));
}

// How many times a player is paired again when the place taken for them turns out given up.
constexpr int kQuickPairAttempts = 3;

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
  if (request.bot() != v1::BOT_STRENGTH_NONE) {
    queue.remove(this);
    *setup.add_seats() = std::move(seat);
    return create(std::move(setup), std::move(who), answer_matched(std::move(reply), game),
                  request.bot());
  }
  // A place in the queue is a match waiting for a player, as a created one is.
  if (auto refused = waiting_limit(services_, who, this)) return reply(*std::move(refused));

  QuickMatchQueue::Entry mine{weak_from_this(), this,    std::move(who), game, request.clock(),
                              std::move(seat),  now_ms()};
  if (services_.relay) return queue_in_cluster(std::move(mine), std::move(setup), reply, 0);
  const std::int64_t since = mine.since_ms;
  auto partner = queue.pair_or_queue(mine);
  if (!partner) {
    reply(queued_update(game, queue.waiting(game, request.clock())));
    return offer_bot_later(game, since);
  }
  pair_here(std::move(setup), std::move(mine), *std::move(partner), std::move(reply));
}

void Connection::pair_here(v1::MatchSetup setup, QuickMatchQueue::Entry mine,
                           QuickMatchQueue::Entry partner, Reply reply) {
  const v1::Game game = mine.game;
  auto other = partner.connection.lock();
  if (!other) return reply(error_response(v1::INTERNAL, "your opponent left; try again"));
  struct Player {
    std::shared_ptr<Connection> connection;
    Identity who;
    v1::SeatSetup seat;
    Reply reply;
  };
  Player first{shared_from_this(), std::move(mine.who), std::move(mine.seat),
               answer_matched(std::move(reply), game)};
  Player second{other, std::move(partner.who), std::move(partner.seat), tell_matched(other, game)};
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
        first_reply(partner_not_seated(joined, id));
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

void Connection::queue_in_cluster(QuickMatchQueue::Entry mine, v1::MatchSetup setup, Reply reply,
                                  int attempt) {
  // Queued here before the database can pair anyone with the place, so that the node that does
  // finds it.
  services_.quick_matches.queue(mine);
  const storage::QueuePlace place{services_.config.node_id, services_.relay->address(),
                                  services_.relay->number_of(shared_from_this()),
                                  mine.who.account_id};
  auto pairing = std::make_shared<storage::Pairing>();
  auto work = [pairing, place, game = mine.game, clock = mine.clock,
               timeout = services_.config.owner_timeout](storage::Database& db) {
    *pairing = storage::pair_or_queue(db, place, game, clock, timeout);
  };
  auto done = [self = shared_from_this(), pairing, mine = std::move(mine), setup = std::move(setup),
               reply = std::move(reply), attempt](std::exception_ptr error) mutable {
    auto& queue = self->services_.quick_matches;
    if (error) {
      queue.remove(self.get());
      return reply(error_response(v1::INTERNAL, "the server could not queue you; try again"));
    }
    if (!pairing->partner) {
      reply(queued_update(mine.game, pairing->waiting));
      return self->offer_bot_later(mine.game, mine.since_ms);
    }
    queue.remove(self.get());
    const storage::QueuePlace& partner = *pairing->partner;
    Relay& relay = *self->services_.relay;
    // Taken from the database, the place may still have been given up here or there since: a
    // player who stays in the queue is paired again, a few times.
    auto try_again = [self, mine, setup, reply, attempt](const v1::Response& why) mutable {
      if (attempt + 1 >= kQuickPairAttempts) return reply(why);
      self->queue_in_cluster(std::move(mine), std::move(setup), std::move(reply), attempt + 1);
    };
    if (partner.node_address == relay.address()) {
      auto waiting = relay.local(partner.connection);
      auto taken = waiting ? queue.take(waiting.get()) : std::nullopt;
      if (!taken) return try_again(error_response(v1::NOT_FOUND, "your opponent left; try again"));
      return self->pair_here(std::move(setup), std::move(mine), *std::move(taken),
                             std::move(reply));
    }
    spdlog::info("quick match: {} paired with a player waiting on {} for {}", mine.who.username,
                 partner.node_address, v1::Game_Name(mine.game));
    relay.quick_pair(self, mine.who, mine.seat, partner.node_address, partner.connection,
                     [self, mine, try_again, reply](v1::Response seated) mutable {
                       if (seated.code() == v1::NOT_FOUND) return try_again(seated);
                       if (seated.code() != v1::OK) return reply(std::move(seated));
                       self->follow_quick_match(seated.match().match_id(), mine, std::move(reply));
                     });
  };
  services_.db.submit(std::move(work),
                      [self = shared_from_this(), done = std::move(done)](std::exception_ptr e) {
                        asio::post(self->strand_, [done, e]() mutable { done(e); });
                      });
}

void Connection::follow_quick_match(std::uint64_t id, const QuickMatchQueue::Entry& mine,
                                    Reply reply) {
  asio::post(strand_, [self = shared_from_this(), id, who = mine.who, game = mine.game,
                       reply = std::move(reply)] {
    // Seated by the match's owner, whose first events reached no stream here: the seat is
    // joined again, as after a reconnect, and a snapshot and the open prompts follow.
    auto match = self->services_.relay->remote(static_cast<std::int64_t>(id), self, who);
    match->join(self, who, v1::SeatSetup(), {},
                self->tracking(match, answer_matched(std::move(reply), game)));
  });
}

void Connection::host_quick_match(SeatPartner seat_partner) {
  asio::post(strand_, [self = shared_from_this(), seat_partner = std::move(seat_partner)] {
    auto mine = self->services_.quick_matches.take(self.get());
    if (!mine) {
      return seat_partner(error_response(v1::NOT_FOUND, "the player you were paired with left"),
                          [](v1::Response) {});
    }
    const v1::Game game = mine->game;
    v1::MatchSetup setup = quick_setup(game, mine->clock, self->services_.config.disconnect_grace);
    *setup.add_seats() = std::move(mine->seat);
    spdlog::info("quick match: {} paired with a player on another node for {}", mine->who.username,
                 v1::Game_Name(game));
    Reply told = tell_matched(self, game);
    Reply seat_other = [seat_partner, told](v1::Response created) {
      if (created.code() != v1::OK) {
        told(created);
        return seat_partner(std::move(created), [](v1::Response) {});
      }
      const std::uint64_t id = created.match().match_id();
      seat_partner(created, [told, created, id](const v1::Response& joined) {
        told(joined.code() == v1::OK ? created : partner_not_seated(joined, id));
      });
    };
    self->create(std::move(setup), std::move(mine->who), std::move(seat_other),
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
  reply(leave_quick_match_queue()
            ? v1::Response()
            : error_response(v1::NOT_FOUND, "you are not in the quick-match queue"));
}

bool Connection::leave_quick_match_queue() {
  if (!services_.quick_matches.remove(this)) return false;
  if (Relay* relay = services_.relay) {
    services_.db.submit([address = relay->address(), number = relay->number_of(shared_from_this())](
                            storage::Database& db) { storage::leave_queue(db, address, number); },
                        [peer = peer_](std::exception_ptr error) {
                          if (error)
                            spdlog::warn("{}: its quick-match place could not be given up", peer);
                        });
  }
  return true;
}

}  // namespace spacedock::server
