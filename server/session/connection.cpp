#include "server/session/connection.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/chat/chat.h"
#include "server/match/chess_clock.h"
#include "server/match/lobby.h"
#include "server/quick_match/queue.h"
#include "server/tournament/tournaments.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

constexpr std::size_t kRememberedAnswers = 64;
constexpr const char* kServerVersion = "spacedock 0.1.0";

std::shared_ptr<const std::string> serialize(const v1::ServerMessage& message) {
  return std::make_shared<const std::string>(message.SerializeAsString());
}

}  // namespace

Connection::Connection(Services& services, asio::any_io_executor strand, Send send, Close close,
                       std::string peer, asio::ip::address address)
    : services_(services),
      strand_(std::move(strand)),
      send_(std::move(send)),
      close_(std::move(close)),
      peer_(std::move(peer)),
      address_(std::move(address)),
      requests_(services.config.requests_per_second, services.config.request_burst) {}

std::optional<v1::Response> Connection::over_rate() {
  const auto now = SteadyClock::now();
  if (const auto wait = requests_.take(now); wait.count() > 0) {
    return rate_limited("too many requests: at most " +
                            std::to_string(static_cast<int>(services_.config.requests_per_second)) +
                            " a second per connection; slow down and retry",
                        wait);
  }
  if (const auto wait = services_.throttles.requests.take(address_, now); wait.count() > 0) {
    return rate_limited(
        "too many requests from your address: at most " +
            std::to_string(static_cast<int>(services_.config.address_requests_per_second)) +
            " a second in all; slow down and retry",
        wait);
  }
  return std::nullopt;
}

void Connection::push(const v1::ServerMessage& message) {
  send_(serialize(message));
}

void Connection::end_session() {
  asio::post(strand_, [self = shared_from_this()] {
    spdlog::info("{}: logged out elsewhere; closing", self->peer_);
    self->identity_.reset();
    self->account_id_ = 0;
    self->token_digest_.clear();
    self->close_();
  });
}

void Connection::closed() {
  services_.sessions.remove(this);
  unfollow_all();
}

void Connection::unfollow_all() {
  services_.chat.unfollow_lobby(this);
  services_.quick_matches.remove(this);
  for (auto& [id, match] : following_)
    match->disconnected(this);
  following_.clear();
}

Reply Connection::reply_for(std::uint64_t request_id, std::function<void()> next) {
  return [self = shared_from_this(), request_id, next = std::move(next)](v1::Response response) {
    response.set_request_id(request_id);
    const v1::ErrorCode code = response.code();
    v1::ServerMessage message;
    *message.mutable_response() = std::move(response);
    auto bytes = serialize(message);
    // Queued at once, on whatever thread answers: the events the request causes, pushed after
    // this call, then follow the answer (envelope.proto), as the protocol promises.
    self->send_(bytes);
    asio::post(self->strand_, [self, request_id, code, bytes = std::move(bytes), next] {
      self->services_.metrics.requests_total.Increment();
      if (code != v1::OK) self->services_.metrics.error(code);
      // An answer that invites a retry is not remembered, so that the retry runs.
      const bool retryable =
          code == v1::RATE_LIMITED || code == v1::INTERNAL || code == v1::UNAVAILABLE;
      if (request_id != 0 && !retryable) {
        self->answered_.emplace_back(request_id, bytes);
        if (self->answered_.size() > kRememberedAnswers) self->answered_.pop_front();
      }
      next();
    });
  };
}

void Connection::handle(std::string_view frame, std::function<void()> next) {
  v1::ClientMessage request;
  if (!request.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
    reply_for(0,
              std::move(next))(error_response(v1::MALFORMED, "the frame is not a ClientMessage"));
    return;
  }
  const std::uint64_t id = request.request_id();
  if (id != 0) {
    for (const auto& [answered_id, bytes] : answered_) {
      if (answered_id == id) {  // a retry: answer again without running it twice
        send_(bytes);
        next();
        return;
      }
    }
  }
  if (auto refused = over_rate()) {
    services_.metrics.rate_limited_total.Increment();
    reply_for(id, std::move(next))(*std::move(refused));
    return;
  }
  dispatch(request, reply_for(id, std::move(next)));
}

bool Connection::require_login(const Reply& reply) const {
  if (identity_) return true;
  reply(error_response(v1::UNAUTHENTICATED, "log in first"));
  return false;
}

std::shared_ptr<Match> Connection::find_match(std::uint64_t id, const Reply& reply) const {
  auto match = services_.lobby.find(static_cast<std::int64_t>(id));
  if (!match) reply(error_response(v1::NOT_FOUND, "no match " + std::to_string(id)));
  return match;
}

void Connection::with_match(std::uint64_t id, const Reply& reply,
                            std::function<void(std::shared_ptr<Match>)> then) {
  if (auto match = services_.lobby.find(static_cast<std::int64_t>(id))) return then(match);
  auto stored = std::make_shared<std::optional<storage::MatchLog>>();
  services_.db.submit(
      [stored, id](storage::Database& db) {
        *stored = storage::load_match_log(db, static_cast<std::int64_t>(id));
      },
      [self = shared_from_this(), stored, id, reply, then](std::exception_ptr error) {
        asio::post(self->strand_, [self, stored, id, reply, then, error] {
          if (error) return reply(error_response(v1::INTERNAL, "the server could not load it"));
          if (!*stored || (*stored)->record.status != storage::MatchStatus::kFinished)
            return reply(error_response(v1::NOT_FOUND, "no match " + std::to_string(id)));
          const storage::MatchLog& log = **stored;
          // Another request may have brought it back meanwhile.
          if (auto match = self->services_.lobby.find(log.record.id)) return then(match);
          try {
            auto match = Match::restore(self->services_, log.record, log.inputs, log.snapshots);
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

void Connection::list_stored(const v1::ListMatches& filter, Reply reply) {
  constexpr std::uint32_t kMaxPage = 100;
  const std::uint32_t page =
      filter.page_size() == 0 || filter.page_size() > kMaxPage ? kMaxPage : filter.page_size();
  std::vector<storage::MatchStatus> statuses;
  if (filter.statuses().empty()) {  // `mine`, with no statuses: every one
    statuses = {storage::MatchStatus::kWaiting, storage::MatchStatus::kActive,
                storage::MatchStatus::kFinished, storage::MatchStatus::kAborted};
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

Reply Connection::tracking(const std::shared_ptr<Match>& match, Reply reply) {
  return [self = shared_from_this(), match, reply = std::move(reply)](v1::Response response) {
    if (response.code() == v1::OK) {
      asio::post(self->strand_, [self, match] { self->following_[match->id()] = match; });
    }
    reply(std::move(response));
  };
}

void Connection::dispatch(const v1::ClientMessage& request, const Reply& reply) {
  using Body = v1::ClientMessage::BodyCase;
  const Body body = request.body_case();
  if (body == Body::BODY_NOT_SET) {
    return reply(error_response(v1::UNKNOWN_MESSAGE, "the request has no body this server knows"));
  }
  if (body == Body::kHello) {
    if (request.hello().protocol_version() != v1::PROTOCOL_VERSION_CURRENT) {
      return reply(error_response(
          v1::VERSION_MISMATCH,
          "this server speaks protocol version " + std::to_string(v1::PROTOCOL_VERSION_CURRENT)));
    }
    greeted_ = true;
    v1::Response response;
    auto* welcome = response.mutable_welcome();
    welcome->set_server_version(kServerVersion);
    welcome->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
    welcome->set_max_frame_bytes(services_.config.max_frame_bytes);
    welcome->set_judge_delay_ms(services_.config.judge_delay.count());
    welcome->set_card_image_template(services_.config.card_image_template);
    for (v1::Game game : engine::hosted_games())
      welcome->add_games(game);
    spdlog::debug("{}: hello from {}", peer_, request.hello().client_name());
    return reply(std::move(response));
  }
  if (!greeted_) return reply(error_response(v1::HELLO_REQUIRED, "send Hello first"));

  switch (body) {
    case Body::kPing: {
      v1::Response response;
      response.mutable_pong()->set_nonce(request.ping().nonce());
      response.mutable_pong()->set_server_time_ms(now_ms());
      return reply(std::move(response));
    }
    case Body::kRegister:
      return on_register(request.register_(), reply);
    case Body::kLogin:
      return on_login(request.login(), reply);
    case Body::kAuthenticate:
      return on_authenticate(request.authenticate(), reply);
    case Body::kLogout:
      return on_logout(reply);
    case Body::kLogoutEverywhere:
      return on_logout_everywhere(reply);
    case Body::kListCards:
      return on_list_cards(request.list_cards(), reply);
    default:
      break;
  }
  if (!require_login(reply)) return;
  const Identity& who = *identity_;
  switch (body) {
    case Body::kListMatches: {
      const auto& filter = request.list_matches();
      const bool over = std::any_of(filter.statuses().begin(), filter.statuses().end(), [](int s) {
        return s == v1::MATCH_STATUS_FINISHED || s == v1::MATCH_STATUS_ABORTED;
      });
      // Matches that are over, and one's own, may be on disk only (after a restart).
      if (over || filter.mine()) return list_stored(filter, reply);
      v1::Response response;
      *response.mutable_matches() = services_.lobby.list(filter, who.account_id);
      return reply(std::move(response));
    }
    case Body::kCreateMatch:
      return on_create(request.create_match(), reply);
    case Body::kJoinMatch: {
      auto match = find_match(request.join_match().match_id(), reply);
      if (!match) return;
      v1::SeatSetup seat;
      if (request.join_match().has_incursions_seat()) {
        *seat.mutable_incursions() = request.join_match().incursions_seat();
      }
      if (request.join_match().has_stccg_seat()) {
        *seat.mutable_stccg() = request.join_match().stccg_seat();
      }
      return with_seat_deck(
          std::move(seat), reply,
          [self = shared_from_this(), match, who, code = request.join_match().invite_code()](
              v1::SeatSetup seated, Reply respond) {
            match->join(self, who, std::move(seated), code,
                        self->tracking(match, std::move(respond)));
          });
    }
    case Body::kSpectate:
      if (request.spectate().as_judge()) {
        if (!who.organiser)
          return reply(error_response(v1::FORBIDDEN, "only organisers may judge matches"));
        auto match = find_match(request.spectate().match_id(), reply);
        if (!match) return;
        // A tournament's table shows its entrants' locked decks: its own organiser judges it.
        return services_.tournaments.table_organiser(
            match->id(),
            [self = shared_from_this(), match, who, reply](std::optional<std::int64_t> organiser) {
              if (organiser && *organiser != who.account_id) {
                return reply(error_response(
                    v1::FORBIDDEN,
                    "that match is a tournament table: its event's organiser judges it"));
              }
              match->judge(self, who, self->tracking(match, reply));
            });
      }
      return with_match(request.spectate().match_id(), reply,
                        [self = shared_from_this(), who, code = request.spectate().invite_code(),
                         reply](std::shared_ptr<Match> match) {
                          match->spectate(self, who.account_id, code, self->tracking(match, reply));
                        });
    case Body::kResume: {
      const auto& resume = request.resume();
      return with_match(
          resume.match_id(), reply,
          [self = shared_from_this(), who, resume, reply](std::shared_ptr<Match> match) {
            match->resume(self, who, resume, self->tracking(match, reply));
          });
    }
    case Body::kLeaveMatch: {
      auto match = find_match(request.leave_match().match_id(), reply);
      if (!match) return;
      following_.erase(match->id());
      return match->leave(shared_from_this(), who, reply);
    }
    case Body::kSubmitDecision: {
      auto match = find_match(request.submit_decision().match_id(), reply);
      if (match) match->submit(this, who, request.submit_decision(), reply);
      return;
    }
    case Body::kConcede: {
      auto match = find_match(request.concede().match_id(), reply);
      if (match) match->concede(this, who, reply);
      return;
    }
    case Body::kGetSnapshot: {
      auto match = find_match(request.get_snapshot().match_id(), reply);
      if (match) match->snapshot(shared_from_this(), reply);
      return;
    }
    case Body::kListSessions:
      return on_list_sessions(reply);
    case Body::kSaveDeck:
      return on_save_deck(request.save_deck(), reply);
    case Body::kListDecks:
      return on_list_decks(reply);
    case Body::kGetDeck:
      return on_get_deck(request.get_deck(), reply);
    case Body::kRenameDeck:
      return on_rename_deck(request.rename_deck(), reply);
    case Body::kDeleteDeck:
      return on_delete_deck(request.delete_deck(), reply);
    case Body::kValidateDeck:
      return on_validate_deck(request.validate_deck(), reply);
    case Body::kExportDeck:
      return on_export_deck(request.export_deck(), reply);
    case Body::kFollowLobbyChat:
      return on_follow_lobby_chat(request.follow_lobby_chat(), reply);
    case Body::kSendChat:
      return on_send_chat(request.send_chat(), reply);
    case Body::kMuteUser:
      return on_mute_user(request.mute_user(), reply);
    case Body::kGetReplay:
      return on_get_replay(request.get_replay(), reply);
    case Body::kQuickMatch:
      return on_quick_match(request.quick_match(), reply);
    case Body::kLeaveQueue:
      return on_leave_queue(reply);
    case Body::kCreateTournament:
    case Body::kListTournaments:
    case Body::kGetTournament:
    case Body::kRegisterForTournament:
    case Body::kDropFromTournament:
    case Body::kStartRound:
    case Body::kGetRound:
    case Body::kGetStandings:
    case Body::kSetTableResult:
    case Body::kExportTournament:
    case Body::kGetTournamentDeck:
    case Body::kGetTournamentLog:
    case Body::kFollowTournament:
      return on_tournament(request, reply);
    default:
      return reply(error_response(v1::UNKNOWN_MESSAGE, "unsupported request"));
  }
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
  auto id = std::make_shared<std::int64_t>(0);
  const std::int64_t created_at = now_ms();
  auto work = [id, setup, who, created_at](storage::Database& db) {
    *id = storage::create_match(db, setup.game(), engine::rules_version(setup.game()),
                                setup.SerializeAsString(), who.account_id, created_at);
    storage::set_seats(db, *id, {{0, who.account_id}}, setup.SerializeAsString());
  };
  auto done = [self = shared_from_this(), id, setup, who, created_at, bots,
               seat_count = std::get<int>(seats), reply](std::exception_ptr error) {
    if (error)
      return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
    auto match =
        std::make_shared<Match>(self->services_, *id, setup,
                                std::vector<std::int64_t>{who.account_id}, seat_count, created_at);
    self->services_.lobby.add(match);
    self->services_.metrics.matches_created_total.Increment();
    spdlog::info("match={} account={} created ({})", *id, who.account_id, setup.seats(0).name());
    match->join(self, who, v1::SeatSetup(), {}, self->tracking(match, reply));
    // Bots take the other seats after the creator's; the last one starts the game.
    if (const BotAccount* bot = self->services_.bots.of(bots)) {
      for (int seat = 1; seat < seat_count; ++seat) {
        match->add_bot(*bot, bots, [id = *id](const v1::Response& response) {
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

}  // namespace spacedock::server
