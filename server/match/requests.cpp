// The requests of play (lobby.proto, match.proto): listing, creating, joining, watching,
// resuming and leaving matches, and a player's decisions, concessions and snapshots. Each is
// handed to its match, which runs it in turn.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/cluster/leases.h"
#include "server/common/crypto.h"
#include "server/common/metrics.h"
#include "server/match/bot_accounts.h"
#include "server/match/chess_clock.h"
#include "server/match/lobby.h"
#include "server/persistence/persistence.h"
#include "server/relay/relay.h"
#include "server/session/connection.h"
#include "server/tournament/tournaments.h"

namespace spacedock::server {

namespace asio = boost::asio;

void Connection::on_list_matches(const v1::ListMatches& filter, const Reply& reply) {
  const bool over = std::any_of(filter.statuses().begin(), filter.statuses().end(), [](int s) {
    return s == v1::MATCH_STATUS_FINISHED || s == v1::MATCH_STATUS_ABORTED;
  });
  // Matches that are over, and one's own, may be on disk only (after a restart). In a cluster a
  // node holds only the matches it runs, and the database holds every node's.
  if (over || filter.mine() || !services_.config.node_id.empty()) return list_stored(filter, reply);
  v1::Response response;
  *response.mutable_matches() = services_.lobby.list(filter, identity_->account_id);
  reply(std::move(response));
}

void Connection::list_stored(const v1::ListMatches& filter, Reply reply) {
  constexpr std::uint32_t kMaxPage = 100;
  const std::uint32_t page =
      filter.page_size() == 0 || filter.page_size() > kMaxPage ? kMaxPage : filter.page_size();
  std::vector<storage::MatchStatus> statuses;
  if (filter.statuses().empty()) {  // as the lobby lists them; `mine`: every one
    statuses = {storage::MatchStatus::kWaiting, storage::MatchStatus::kActive};
    if (filter.mine()) {
      statuses.push_back(storage::MatchStatus::kFinished);
      statuses.push_back(storage::MatchStatus::kAborted);
    }
  }
  for (int status : filter.statuses()) {
    switch (status) {
      case v1::MATCH_STATUS_WAITING:
        statuses.push_back(storage::MatchStatus::kWaiting);
        break;
      case v1::MATCH_STATUS_ACTIVE:
        statuses.push_back(storage::MatchStatus::kActive);
        break;
      case v1::MATCH_STATUS_FINISHED:
        statuses.push_back(storage::MatchStatus::kFinished);
        break;
      case v1::MATCH_STATUS_ABORTED:
        statuses.push_back(storage::MatchStatus::kAborted);
        break;
      default:
        break;
    }
  }
  if (filter.after_match_id() >= Lobby::kNoMatchAfter) {
    v1::Response none;
    none.mutable_matches();
    return reply(std::move(none));
  }
  auto records = std::make_shared<std::vector<storage::MatchRecord>>();
  const std::int64_t viewer = identity_->account_id;
  services_.db.submit(
      [records, statuses, game = static_cast<std::int32_t>(filter.game()),
       after = static_cast<std::int64_t>(filter.after_match_id()), page,
       seated = filter.mine() ? viewer : 0](storage::Database& db) {
        *records = storage::load_matches_page(db, statuses, game, after, page + 1, seated);
      },
      [self = shared_from_this(), records, page, filter, viewer, reply](std::exception_ptr error) {
        if (error) return reply(error_response(v1::INTERNAL, "the server could not list them"));
        v1::Response response;
        auto* list = response.mutable_matches();
        bool full = false;
        for (const auto& record : *records) {
          if (static_cast<std::uint32_t>(list->matches_size()) == page) {
            full = true;
            break;
          }
          // A match in memory has the live header (who is connected, spectators).
          auto match = self->services_.lobby.find(record.id);
          v1::MatchInfo info = match ? match->info() : Match::stored_info(record);
          if (!match && self->services_.relay) self->services_.relay->add_presence(info);
          if (Lobby::shows(info, filter, viewer)) *list->add_matches() = std::move(info);
        }
        // More may follow: after the last match listed, or after the last one read when the
        // filter kept fewer than a page of them.
        if (full && list->matches_size() > 0) {
          list->set_next_after_match_id(list->matches(list->matches_size() - 1).match_id());
        } else if (records->size() == page + 1) {
          list->set_next_after_match_id(static_cast<std::uint64_t>(records->back().id));
        }
        reply(std::move(response));
      });
}

void Connection::on_create(const v1::CreateMatch& request, Reply reply) {
  if (request.game() == v1::GAME_UNSPECIFIED) {
    return reply(error_response(v1::BAD_REQUEST, "say which game to create"));
  }
  v1::MatchSetup setup;
  setup.set_game(request.game());
  if (request.has_incursions()) *setup.mutable_incursions() = request.incursions();
  if (request.has_stccg()) *setup.mutable_stccg() = request.stccg();
  setup.mutable_lobby()->set_no_spectators(request.no_spectators());
  if (!v1::ClockPreset_IsValid(request.clock()) ||
      !v1::DisconnectOutcome_IsValid(request.on_disconnect()) ||
      !v1::BotStrength_IsValid(request.bot_opponents())) {
    return reply(error_response(v1::INVALID_OPTIONS,
                                "unknown clock preset, disconnect outcome or bot strength"));
  }
  if (auto clock = ChessClock::settings_for(request.clock(), request.on_disconnect(),
                                            services_.config.disconnect_grace)) {
    *setup.mutable_lobby()->mutable_clock() = *std::move(clock);
  }
  if (request.private_match()) {
    setup.mutable_lobby()->set_private_match(true);
    setup.mutable_lobby()->set_invite_code(new_invite_code());
  }
  v1::SeatSetup seat;
  seat.set_name(identity_->username);
  if (request.has_incursions_seat()) *seat.mutable_incursions() = request.incursions_seat();
  if (request.has_stccg_seat()) *seat.mutable_stccg() = request.stccg_seat();
  // The identity as it is now: the connection may be logged out before the match is made.
  with_seat_deck(std::move(seat), std::move(reply),
                 [self = shared_from_this(), setup = std::move(setup), who = *identity_,
                  bots = request.bot_opponents()](v1::SeatSetup seated, Reply respond) mutable {
                   *setup.add_seats() = std::move(seated);
                   self->create(std::move(setup), std::move(who), std::move(respond), bots);
                 });
}

void Connection::create(v1::MatchSetup setup, Identity who, Reply reply, v1::BotStrength bots) {
  auto seats = engine::check_match(setup);
  if (auto* e = std::get_if<core::SetupError>(&seats)) {
    return reply(error_response(v1::INVALID_OPTIONS, e->message, e->rule));
  }
  if (auto e = engine::other_game_options(setup)) {
    return reply(error_response(v1::INVALID_OPTIONS, e->message, e->rule));
  }
  if (auto problem = engine::check_seat(setup, setup.seats(0))) {
    return reply(error_response(v1::INVALID_OPTIONS, problem->message, problem->rule));
  }
  // Bots sit under one account per strength, and an account holds one seat of a match.
  if (bots != v1::BOT_STRENGTH_NONE && std::get<int>(seats) != 2) {
    return reply(error_response(v1::INVALID_OPTIONS, "bot opponents are for two-player matches",
                                "BOTS_TWO_PLAYERS_ONLY"));
  }
  // A match with bots starts at once; any other waits for its players.
  if (bots == v1::BOT_STRENGTH_NONE) {
    if (auto refused = waiting_limit(services_, who)) return reply(*std::move(refused));
  }
  struct Created {
    std::int64_t id = 0;
    std::int64_t epoch = 0;
  };
  auto created = std::make_shared<Created>();
  const std::int64_t created_at = now_ms();
  auto work = [created, setup, who, created_at, config = &services_.config](storage::Database& db) {
    created->id = storage::create_match(db, setup.game(), engine::rules_version(setup.game()),
                                        setup.SerializeAsString(), who.account_id, created_at);
    storage::set_seats(db, created->id, {{0, who.account_id}}, setup.SerializeAsString());
    created->epoch = cluster::claim(*config, db, created->id);
  };
  auto done = [self = shared_from_this(), created, setup, who, created_at, bots,
               seat_count = std::get<int>(seats), reply](std::exception_ptr error) {
    if (error)
      return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
    const std::int64_t id = created->id;
    auto match = std::make_shared<Match>(self->services_, id, setup,
                                         std::vector<std::int64_t>{who.account_id}, seat_count,
                                         created_at, created->epoch);
    self->services_.lobby.add(match);
    self->services_.metrics.matches_created_total.Increment();
    spdlog::info("match={} account={} created ({})", id, who.account_id, setup.seats(0).name());
    match->join(self, who, v1::SeatSetup(), {}, self->tracking(match, reply));
    // Bots take the other seats after the creator's; the last one starts the game.
    if (const BotAccount* bot = self->services_.bots.of(bots)) {
      for (int seat = 1; seat < seat_count; ++seat) {
        match->add_bot(*bot, bots, [id](const v1::Response& response) {
          if (response.code() != v1::OK)
            spdlog::error("match={}: a bot could not sit down: {}", id, response.message());
        });
      }
    }
  };
  services_.db.submit(std::move(work), [self = shared_from_this(), done](std::exception_ptr error) {
    asio::post(self->strand_, [done, error] { done(error); });
  });
}

void Connection::on_join(const v1::JoinMatch& request, const Reply& reply) {
  auto match = find_match(request.match_id(), reply);
  if (!match) return;
  v1::SeatSetup seat;
  if (request.has_incursions_seat()) *seat.mutable_incursions() = request.incursions_seat();
  if (request.has_stccg_seat()) *seat.mutable_stccg() = request.stccg_seat();
  with_seat_deck(std::move(seat), reply,
                 [self = shared_from_this(), match, who = *identity_, code = request.invite_code()](
                     v1::SeatSetup seated, Reply respond) {
                   match->join(self, who, std::move(seated), code,
                               self->tracking(match, std::move(respond)));
                 });
}

void Connection::on_spectate(const v1::Spectate& request, const Reply& reply) {
  const Identity& who = *identity_;
  if (!request.as_judge()) {
    return with_match(request.match_id(), reply,
                      [self = shared_from_this(), who, code = request.invite_code(),
                       reply](std::shared_ptr<MatchPort> match) {
                        match->spectate(self, who.account_id, code, self->tracking(match, reply));
                      });
  }
  if (!who.organiser)
    return reply(error_response(v1::FORBIDDEN, "only organisers may judge matches"));
  auto match = find_match(request.match_id(), reply);
  if (!match) return;
  // A tournament's table shows its entrants' locked decks: its own organiser judges it.
  services_.tournaments.table_organiser(match->id(), [self = shared_from_this(), match, who, reply](
                                                         std::optional<std::int64_t> organiser) {
    if (organiser && *organiser != who.account_id) {
      return reply(error_response(
          v1::FORBIDDEN, "that match is a tournament table: its event's organiser judges it"));
    }
    match->judge(self, who, self->tracking(match, reply));
  });
}

void Connection::on_resume(const v1::Resume& request, const Reply& reply) {
  with_match(request.match_id(), reply,
             [self = shared_from_this(), who = *identity_, request,
              reply](std::shared_ptr<MatchPort> match) {
               match->resume(self, who, request, self->tracking(match, reply));
             });
}

void Connection::on_leave(const v1::LeaveMatch& request, const Reply& reply) {
  auto match = find_match(request.match_id(), reply);
  if (!match) return;
  following_.erase(match->id());
  match->leave(shared_from_this(), *identity_, reply);
}

void Connection::on_submit(const v1::SubmitDecision& request, const Reply& reply) {
  if (auto match = find_match(request.match_id(), reply))
    match->submit(this, *identity_, request, reply);
}

void Connection::on_concede(const v1::Concede& request, const Reply& reply) {
  if (auto match = find_match(request.match_id(), reply)) match->concede(this, *identity_, reply);
}

void Connection::on_get_snapshot(const v1::GetSnapshot& request, const Reply& reply) {
  if (auto match = find_match(request.match_id(), reply))
    match->snapshot(shared_from_this(), reply);
}

void Connection::with_match(std::uint64_t id, const Reply& reply,
                            std::function<void(std::shared_ptr<MatchPort>)> then) {
  if (auto followed = followed_through_relay(id)) return then(followed);
  if (auto match = services_.lobby.find(static_cast<std::int64_t>(id))) return then(match);

  auto stored = std::make_shared<std::optional<storage::MatchLog>>();
  services_.db.submit(
      [stored, id](storage::Database& db) {
        *stored = storage::load_match_log(db, static_cast<std::int64_t>(id));
      },
      [self = shared_from_this(), stored, id, reply, then](std::exception_ptr error) {
        asio::post(self->strand_, [self, stored, id, reply, then, error] {
          if (error) return reply(error_response(v1::INTERNAL, "the server could not load it"));
          // Live, and not here: another node runs it (cluster mode with Redis).
          if (*stored && self->services_.relay && self->identity_ &&
              ((*stored)->record.status == storage::MatchStatus::kWaiting ||
               (*stored)->record.status == storage::MatchStatus::kActive)) {
            return then(self->services_.relay->remote(static_cast<std::int64_t>(id), self,
                                                      *self->identity_));
          }
          if (!*stored || (*stored)->record.status != storage::MatchStatus::kFinished)
            return reply(error_response(v1::NOT_FOUND, "no match " + std::to_string(id)));
          const storage::MatchLog& log = **stored;
          // Another request may have brought it back meanwhile.
          if (auto match = self->services_.lobby.find(log.record.id)) return then(match);
          try {
            // Over: never written again, so held under no lease.
            auto match = Match::restore(self->services_, log.record, log.inputs, log.snapshots, 0);
            self->services_.lobby.add(match);
            spdlog::info("match={} reloaded from the database ({} inputs replayed)", log.record.id,
                         log.inputs.size());
            then(std::move(match));
          } catch (const std::exception& e) {
            spdlog::error("match={} cannot be reloaded: {}", log.record.id, e.what());
            reply(error_response(
                v1::NOT_FOUND,
                "match " + std::to_string(id) + " is over and cannot be replayed: " + e.what()));
          }
        });
      });
}

}  // namespace spacedock::server
