// Seating: players join, bots take seats, a player leaves a match that has not started, and
// the seats are stored as the game starts.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/cluster/leases.h"
#include "server/common/crypto.h"
#include "server/match/lobby.h"
#include "server/match/match.h"
#include "server/persistence/persistence.h"

namespace spacedock::server {

namespace asio = boost::asio;

void Match::join(std::shared_ptr<Recipient> connection, Identity who, v1::SeatSetup seat,
                 std::string invite_code, Reply reply) {
  turns_.run([this, connection = std::move(connection), who = std::move(who),
              seat = std::move(seat), invite_code = std::move(invite_code),
              reply = std::move(reply)](Turn turn) mutable {
    const int held = seat_of(who.account_id);
    if (held >= 0) {  // rejoining a seat this account holds
      Follower& f = add_follower(connection, core::Viewer::player(static_cast<core::Seat>(held)),
                                 who.account_id);
      reply(with_info(true));
      if (started()) send_snapshot(f, *connection);
      review_clock();
      announce_if_changed();
      return;
    }
    if (status_ == v1::MATCH_STATUS_FINISHED || status_ == v1::MATCH_STATUS_ABORTED) {
      reply(error_response(v1::GAME_OVER, "that match is over"));
      return;
    }
    if (setup_.lobby().private_match() && invite_code != setup_.lobby().invite_code()) {
      reply(error_response(v1::FORBIDDEN, "that match is private: ask its players for the code"));
      return;
    }
    if (static_cast<int>(seat_accounts_.size()) >= seat_count_) {
      reply(error_response(v1::MATCH_FULL, "every seat of that match is taken"));
      return;
    }
    // A seat that does not start the game is one more match waiting with this account in it.
    if (static_cast<int>(seat_accounts_.size()) + 1 < seat_count_) {
      if (auto refused = waiting_limit(services_, who)) {
        reply(*std::move(refused));
        return;
      }
    }
    take_seat(std::move(connection), std::move(who), std::move(seat), {}, std::move(reply),
              std::move(turn));
  });
}

void Match::take_seat(std::shared_ptr<Recipient> connection, Identity who, v1::SeatSetup seat,
                      std::optional<v1::BotSeat> bot, Reply reply, Turn turn) {
  seat.set_name(who.username);
  if (auto problem = engine::check_seat(setup_, seat)) {
    reply(error_response(v1::INVALID_OPTIONS, problem->message, problem->rule));
    return;
  }
  *setup_.add_seats() = std::move(seat);
  seat_accounts_.push_back(who.account_id);
  const auto new_seat = static_cast<core::Seat>(seat_accounts_.size() - 1);
  if (bot) {
    bot->set_seat(new_seat);
    *setup_.mutable_lobby()->add_bots() = *bot;
  }
  const bool full = static_cast<int>(seat_accounts_.size()) == seat_count_;
  if (full) start_game();
  auto undo = [this, bot = bot.has_value()] {
    setup_.mutable_seats()->RemoveLast();
    if (bot) setup_.mutable_lobby()->mutable_bots()->RemoveLast();
    seat_accounts_.pop_back();
    engine_.reset();
    status_ = v1::MATCH_STATUS_WAITING;
  };
  store_seats(
      full, std::move(undo),
      [this, connection, reply = std::move(reply), new_seat,
       account = who.account_id](bool stored) {
        if (!stored)
          return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
        Follower* f = connection
                          ? &add_follower(connection, core::Viewer::player(new_seat), account)
                          : nullptr;
        reply(with_info(true));
        if (f && started()) send_snapshot(*f, *connection);
        review_clock();
      },
      std::move(turn));
}

void Match::add_bot(const BotAccount& account, v1::BotStrength strength, Reply reply) {
  turns_.run([this, account, strength, reply = std::move(reply)](Turn turn) mutable {
    if (status_ != v1::MATCH_STATUS_WAITING ||
        static_cast<int>(seat_accounts_.size()) >= seat_count_) {
      reply(error_response(v1::MATCH_FULL, "every seat of that match is taken"));
      return;
    }
    v1::BotSeat bot;
    bot.set_strength(strength);
    take_seat(nullptr, Identity{account.account_id, account.username, false},
              engine::bot_seat_setup(setup_.game(),
                                     static_cast<std::uint64_t>(id_) + seat_accounts_.size()),
              bot, std::move(reply), std::move(turn));
  });
}

void Match::start_game() {
  started_at_ms_ = now_ms();
  judge_game_.reset();  // a start undone (its seats not stored) leaves no trace for the judges
  judge_inputs_ = 0;
  seed_ = game_seed(services_.config.repeatable_seeds, id_);
  engine_ = engine::start_match(setup_, seed_);
  status_ = v1::MATCH_STATUS_ACTIVE;
}

void Match::store_seats(bool starting, std::function<void()> undo, std::function<void(bool)> then,
                        Turn turn) {
  std::vector<storage::SeatRecord> seats;
  for (std::size_t i = 0; i < seat_accounts_.size(); ++i) {
    seats.push_back({static_cast<std::uint32_t>(i), seat_accounts_[i]});
  }
  const bool abort = seats.empty();
  auto work = [id = id_, epoch = epoch_, config = &services_.config, seats,
               setup = setup_.SerializeAsString(), starting, abort, seed = seed_,
               now = now_ms()](storage::Database& db) {
    storage::set_seats(db, id, seats, setup);
    if (starting) storage::start_match(db, id, seed, now);
    if (abort) {
      storage::finish_match(db, id, storage::MatchStatus::kAborted, "", now);
      cluster::release(*config, db, id, epoch);
    }
  };
  auto finish = [self = shared_from_this(), starting, abort, undo = std::move(undo),
                 then = std::move(then), turn = std::move(turn)](std::exception_ptr error) {
    if (error) {
      if (!self->lost_to_fence(error))
        spdlog::error("match={}: could not store its seats", self->id_);
      undo();
      then(false);
      return;
    }
    if (abort) self->status_ = v1::MATCH_STATUS_ABORTED;
    if (starting) {
      spdlog::info("match={} started", self->id_);
      self->play_bots();
      self->announce_if_changed();  // the full seating before the first snapshot
      for (auto& f : self->followers_) {
        if (auto c = f.connection.lock()) self->send_snapshot(f, *c);
      }
    }
    self->refresh_info();
    then(true);
    if (starting) {
      // Once the player who took the last seat follows too, so that nobody starts away; the
      // first reading goes to everyone after their snapshot.
      self->start_clock({});
      self->send_clock();
    }
    self->broadcast();
  };
  services_.db.submit_fenced(
      lease(), std::move(work),
      [self = shared_from_this(), finish = std::move(finish)](std::exception_ptr error) mutable {
        asio::post(self->strand_, [finish = std::move(finish), error] { finish(error); });
      });
}

void Match::leave(std::shared_ptr<Recipient> connection, Identity who, Reply reply) {
  turns_.run([this, connection = std::move(connection), who = std::move(who),
              reply = std::move(reply)](Turn turn) {
    const bool followed = follower_of(connection.get()) != nullptr;
    const int held = seat_of(who.account_id);
    if (status_ == v1::MATCH_STATUS_WAITING && held >= 0) {
      // Leaving before the start gives the seat back; the seats after it move up.
      auto undo = [this, setup = setup_, accounts = seat_accounts_, followers = followers_] {
        setup_ = setup;
        seat_accounts_ = accounts;
        followers_ = followers;
      };
      std::erase_if(followers_, [&](const Follower& f) { return f.key == connection.get(); });
      seat_accounts_.erase(seat_accounts_.begin() + held);
      setup_.mutable_seats()->DeleteSubrange(held, 1);
      for (auto& f : followers_) {
        if (f.viewer.role == core::Viewer::Role::kPlayer && f.viewer.seat > held) --f.viewer.seat;
      }
      return store_seats(
          false, std::move(undo),
          [reply](bool stored) {
            reply(stored
                      ? ok_response()
                      : error_response(v1::INTERNAL, "the server could not save that; try again"));
          },
          std::move(turn));
    }
    std::erase_if(followers_, [&](const Follower& f) { return f.key == connection.get(); });
    const bool judged =
        std::erase_if(judges_, [&](const Judge& j) { return j.key == connection.get(); }) > 0;
    reply(followed || judged ? ok_response()
                             : error_response(v1::NOT_FOUND, "you do not follow that match"));
    review_clock();
    refresh_info();
  });
}

}  // namespace spacedock::server
