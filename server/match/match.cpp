#include "server/match/match.h"

#include <spdlog/fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <limits>
#include <stdexcept>

#include "engine/core/guarded.h"
#include "engine/games.h"
#include "server/chat/chat.h"
#include "server/cluster/leases.h"
#include "server/common/metrics.h"
#include "server/match/observer.h"
#include "server/persistence/persistence.h"
#include "storage/ownership.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

void set_lobby_flags(const v1::LobbySettings& lobby, v1::MatchInfo& info) {
  info.set_spectators_allowed(!lobby.no_spectators());
  info.set_private_match(lobby.private_match());
  if (lobby.has_clock()) *info.mutable_clock() = lobby.clock();
}

v1::Response refusal(const core::SubmitResult& result) {
  switch (result.verdict) {
    case core::Verdict::kNotOpen:
      return error_response(v1::STALE_DECISION, "that decision is not open");
    case core::Verdict::kNotYourDecision:
      return error_response(v1::NOT_YOUR_DECISION, "that decision belongs to another player");
    case core::Verdict::kNotOffered:
      return error_response(v1::INVALID_CHOICE,
                            "that option is not offered: " + std::string(result.rule),
                            std::string(result.rule));
    case core::Verdict::kNotAPlayer:
      return error_response(v1::NOT_A_PLAYER, "you are out of this game");
    case core::Verdict::kGameOver:
      return error_response(v1::GAME_OVER, "the game is over");
    case core::Verdict::kAccepted:
      break;
  }
  return ok_response();
}

// After how many missed events a resuming viewer gets a fresh snapshot instead.
constexpr std::uint64_t kMaxReplayedEvents = 5000;

}  // namespace

Match::Match(Services& services, std::int64_t id, v1::MatchSetup setup,
             std::vector<std::int64_t> seat_accounts, int seat_count, std::int64_t created_at_ms,
             std::int64_t epoch)
    : services_(services),
      strand_(asio::make_strand(services.io)),
      id_(id),
      epoch_(epoch),
      created_at_ms_(created_at_ms),
      setup_(std::move(setup)),
      seat_accounts_(std::move(seat_accounts)),
      seat_count_(seat_count),
      turns_(services.io, strand_),
      judge_timer_(strand_),
      bot_timer_(strand_),
      clock_timer_(strand_) {
  refresh_info();
}

std::shared_ptr<Match> Match::restore(Services& services, const storage::MatchRecord& record,
                                      const std::vector<storage::InputRecord>& inputs,
                                      const std::vector<storage::SnapshotRecord>& snapshots,
                                      std::int64_t epoch) {
  v1::MatchSetup setup;
  if (!setup.ParseFromString(record.setup)) throw std::runtime_error("unreadable match setup");
  // A game is never replayed under rules it was not played by.
  const std::uint32_t rules = engine::rules_version(setup.game());
  if (record.rules_version != rules)
    throw std::runtime_error("created under rules version " + std::to_string(record.rules_version) +
                             ", and this server plays version " + std::to_string(rules));
  std::vector<std::int64_t> accounts;
  for (const auto& seat : record.seats)
    accounts.push_back(seat.account_id);
  auto seats = engine::check_match(setup);
  if (auto* e = std::get_if<core::SetupError>(&seats)) throw std::runtime_error(e->message);
  auto match = std::make_shared<Match>(services, record.id, std::move(setup), std::move(accounts),
                                       std::get<int>(seats), record.created_at_ms, epoch);
  if (record.status == storage::MatchStatus::kWaiting) return match;

  match->seed_ = record.seed.value_or(0);
  match->started_at_ms_ = record.started_at_ms.value_or(record.created_at_ms);
  match->engine_ = engine::start_match(match->setup_, match->seed_);
  match->status_ = v1::MATCH_STATUS_ACTIVE;
  auto snapshot = snapshots.begin();
  for (const auto& input : inputs) {
    if (input.seq != match->applied_.size() + 1)
      throw std::runtime_error("the input log skips from " +
                               std::to_string(match->applied_.size()) + " to " +
                               std::to_string(input.seq));
    if (!apply(*match->engine_, input).accepted()) {
      throw std::runtime_error("input " + std::to_string(input.seq) + " no longer replays");
    }
    match->applied_.push_back(input);
    if (!input.idempotency_key.empty()) match->accepted_keys_.insert(input.idempotency_key);
    while (snapshot != snapshots.end() && snapshot->input_seq < input.seq)
      ++snapshot;
    if (snapshot != snapshots.end() && snapshot->input_seq == input.seq &&
        snapshot->state_hash != match->engine_->state_hash()) {
      throw std::runtime_error("the replay diverges from the state stored after input " +
                               std::to_string(input.seq));
    }
  }
  if (match->engine_->over()) {
    match->status_ = v1::MATCH_STATUS_FINISHED;
  } else {
    const auto timed = std::find_if(inputs.rbegin(), inputs.rend(),
                                    [](const auto& input) { return !input.clock_ms.empty(); });
    match->start_clock(timed == inputs.rend() ? std::span<const std::int64_t>()
                                              : std::span<const std::int64_t>(timed->clock_ms));
    match->play_bots();
  }
  match->refresh_info();
  return match;
}

v1::MatchInfo Match::stored_info(const storage::MatchRecord& record) {
  v1::MatchInfo info;
  v1::MatchSetup setup;
  setup.ParseFromString(record.setup);
  info.set_match_id(static_cast<std::uint64_t>(record.id));
  info.set_game(setup.game());
  switch (record.status) {
    case storage::MatchStatus::kWaiting:
      info.set_status(v1::MATCH_STATUS_WAITING);
      break;
    case storage::MatchStatus::kActive:
      info.set_status(v1::MATCH_STATUS_ACTIVE);
      break;
    case storage::MatchStatus::kFinished:
      info.set_status(v1::MATCH_STATUS_FINISHED);
      break;
    case storage::MatchStatus::kAborted:
      info.set_status(v1::MATCH_STATUS_ABORTED);
      break;
  }
  info.set_rules_version(record.rules_version);
  info.set_created_at_ms(record.created_at_ms);
  set_lobby_flags(setup.lobby(), info);
  if (const auto seats = engine::check_match(setup); std::holds_alternative<int>(seats))
    info.set_seat_count(static_cast<std::uint32_t>(std::get<int>(seats)));
  if (setup.has_incursions()) *info.mutable_incursions() = setup.incursions();
  if (setup.has_stccg()) *info.mutable_stccg() = setup.stccg();
  for (const auto& seat : record.seats) {
    auto* s = info.add_seats();
    s->set_seat(seat.seat);
    s->set_account_id(static_cast<std::uint64_t>(seat.account_id));
    if (static_cast<int>(seat.seat) < setup.seats_size())
      s->set_username(setup.seats(static_cast<int>(seat.seat)).name());
  }
  if (record.started_at_ms) info.set_started_at_ms(*record.started_at_ms);
  if (record.seed) {
    info.set_seed_commitment(seed_commitment(*record.seed, record.id));
    if (record.status == storage::MatchStatus::kFinished) info.set_seed(*record.seed);
  }
  if (!record.result.empty()) info.mutable_result()->ParseFromString(record.result);
  return info;
}

v1::MatchInfo Match::info() const {
  std::lock_guard lock(info_mutex_);
  return info_;
}

bool Match::waiting_with(const std::string& username) const {
  std::lock_guard lock(info_mutex_);
  return info_.status() == v1::MATCH_STATUS_WAITING &&
         std::any_of(info_.seats().begin(), info_.seats().end(),
                     [&](const v1::SeatInfo& seat) { return seat.username() == username; });
}

bool Match::reapable(std::int64_t now, std::int64_t ttl_ms) const {
  if (moved_away_) return true;
  std::lock_guard lock(info_mutex_);
  const bool over =
      info_.status() == v1::MATCH_STATUS_FINISHED || info_.status() == v1::MATCH_STATUS_ABORTED;
  return over && info_.spectators() == 0 && now - finished_at_ms_ > ttl_ms && !players_following_;
}

int Match::seat_of(std::int64_t account_id) const {
  for (std::size_t i = 0; i < seat_accounts_.size(); ++i) {
    if (seat_accounts_[i] == account_id) return static_cast<int>(i);
  }
  return -1;
}

Match::Follower* Match::follower_of(const Recipient* connection) {
  for (auto& f : followers_) {
    if (f.key == connection) return &f;
  }
  return nullptr;
}

Match::Follower& Match::add_follower(const std::shared_ptr<Recipient>& connection,
                                     core::Viewer viewer, std::int64_t account_id) {
  // One stream per connection; a seat is followed by one connection at a time, so a player's
  // newer connection fences the older one, which is told.
  for (const Follower& f : followers_) {
    if (viewer.role != core::Viewer::Role::kPlayer || !f.viewer.is_seat(viewer.seat) ||
        f.key == connection.get())
      continue;
    if (auto fenced = f.connection.lock()) {
      v1::ServerMessage moved;
      moved.mutable_event()->set_match_id(static_cast<std::uint64_t>(id_));
      moved.mutable_event()->set_seq(f.seq);
      moved.mutable_event()->mutable_seat_moved()->set_seat(viewer.seat);
      fenced->push(moved);
    }
  }
  std::erase_if(followers_, [&](const Follower& f) {
    return f.key == connection.get() ||
           (viewer.role == core::Viewer::Role::kPlayer && f.viewer.is_seat(viewer.seat));
  });
  std::erase_if(judges_, [&](const Judge& j) { return j.key == connection.get(); });
  followers_.push_back(Follower{connection, connection.get(), viewer, account_id});
  return followers_.back();
}

v1::Response Match::with_info(bool for_player) {
  refresh_info();
  v1::Response response;
  *response.mutable_match() = info();
  if (for_player) response.mutable_match()->set_invite_code(setup_.lobby().invite_code());
  return response;
}

std::optional<v1::Response> Match::watching_refused(std::int64_t account_id,
                                                    std::string_view invite_code) const {
  if (seat_of(account_id) >= 0) return std::nullopt;  // a player may always watch
  const v1::LobbySettings& lobby = setup_.lobby();
  if (lobby.no_spectators())
    return error_response(v1::FORBIDDEN, "the players of that match allow no spectators");
  if (lobby.private_match() && invite_code != lobby.invite_code())
    return error_response(v1::FORBIDDEN, "that match is private: ask its players for the code");
  return std::nullopt;
}

void Match::send_snapshot(Follower& f, Recipient& c) {
  f.seq = 0;
  f.next_event = engine_->event_count();
  for (std::size_t i = 0; i < f.next_event; ++i)
    f.seq += engine_->event_visible(i, f.viewer);
  v1::ServerMessage message;
  auto* event = message.mutable_event();
  event->set_match_id(static_cast<std::uint64_t>(id_));
  event->set_seq(f.seq);
  engine_->project_snapshot(f.viewer, event->mutable_snapshot());
  c.push(message);
  f.prompted = 0;
  send_prompts(f, c);
  if (clock_) {
    v1::ServerMessage clock = clock_message();
    clock.mutable_event()->set_seq(f.seq);
    c.push(clock);
  }
}

void Match::catch_up(Follower& f) {
  auto connection = f.connection.lock();
  if (!connection || !started()) return;
  for (; f.next_event < engine_->event_count(); ++f.next_event) {
    if (!engine_->event_visible(f.next_event, f.viewer)) continue;
    v1::ServerMessage message;
    auto* event = message.mutable_event();
    event->set_match_id(static_cast<std::uint64_t>(id_));
    event->set_seq(++f.seq);
    engine_->project_event(f.next_event, f.viewer, event->mutable_game_event());
    connection->push(message);
  }
  send_prompts(f, *connection);
}

void Match::send_prompts(Follower& f, Recipient& c) {
  if (f.viewer.role != core::Viewer::Role::kPlayer) return;
  for (const auto& decision : engine_->open_decisions()) {
    if (decision.seat != f.viewer.seat || decision.id <= f.prompted) continue;
    v1::ServerMessage message;
    auto* event = message.mutable_event();
    event->set_match_id(static_cast<std::uint64_t>(id_));
    event->set_seq(f.seq);
    engine_->project_prompt(decision, event->mutable_prompt());
    c.push(message);
    f.prompted = decision.id;
  }
}

void Match::send_events() {
  for (auto& f : followers_)
    catch_up(f);
}

void Match::broadcast() {
  send_events();
  announce_if_changed();  // after the events, so a "finished" header follows the last of them
}

void Match::announce_if_changed() {
  refresh_info();
  const v1::MatchInfo current = info();
  std::string bytes = current.SerializeAsString();
  if (bytes == announced_) return;
  announced_ = std::move(bytes);
  services_.match_observer.header_changed(current);
  v1::ServerMessage update;
  update.mutable_event()->set_match_id(static_cast<std::uint64_t>(id_));
  *update.mutable_event()->mutable_match_update() = current;
  for (auto& f : followers_) {
    auto connection = f.connection.lock();
    if (!connection) continue;
    update.mutable_event()->set_seq(f.seq);
    connection->push(update);
  }
}

void Match::refresh_info() {
  v1::MatchInfo info;
  info.set_match_id(static_cast<std::uint64_t>(id_));
  info.set_game(setup_.game());
  info.set_status(status_);
  info.set_seat_count(static_cast<std::uint32_t>(seat_count_));
  info.set_rules_version(engine::rules_version(setup_.game()));
  info.set_created_at_ms(created_at_ms_);
  set_lobby_flags(setup_.lobby(), info);
  if (setup_.has_incursions()) *info.mutable_incursions() = setup_.incursions();
  if (setup_.has_stccg()) *info.mutable_stccg() = setup_.stccg();
  std::uint32_t spectators = 0;
  for (const auto& f : followers_) {
    spectators += f.viewer.role == core::Viewer::Role::kSpectator && !f.connection.expired();
  }
  info.set_spectators(spectators);
  for (std::size_t seat = 0; seat < seat_accounts_.size(); ++seat) {
    auto* s = info.add_seats();
    s->set_seat(static_cast<std::uint32_t>(seat));
    s->set_account_id(static_cast<std::uint64_t>(seat_accounts_[seat]));
    s->set_username(setup_.seats(static_cast<int>(seat)).name());
    s->set_connected(present(seat));
  }
  if (started()) {
    info.set_seed_commitment(seed_commitment(seed_, id_));
    info.set_started_at_ms(started_at_ms_);
  }
  if (started() && engine_->over()) {
    info.set_seed(seed_);
    *info.mutable_result() = engine_->result();
  }
  // Bots show as connected, but nobody follows for them.
  const bool players_following =
      std::any_of(followers_.begin(), followers_.end(), [](const Follower& f) {
        return f.viewer.role == core::Viewer::Role::kPlayer && !f.connection.expired();
      });
  std::lock_guard lock(info_mutex_);
  players_following_ = players_following;
  if (status_ != v1::MATCH_STATUS_WAITING && status_ != v1::MATCH_STATUS_ACTIVE &&
      finished_at_ms_ == 0) {
    finished_at_ms_ = now_ms();
  }
  info_ = std::move(info);
}

core::SubmitResult Match::apply(core::MatchEngine& engine, const storage::InputRecord& input) {
  const auto seat = static_cast<core::Seat>(input.seat);
  switch (input.kind) {
    case storage::InputKind::kDecision:
      return engine.submit(seat, input.decision_id, input.options);
    case storage::InputKind::kConcede:
      return engine.concede(seat);
    case storage::InputKind::kTimeOut:
      return engine.time_out(seat);
    case storage::InputKind::kTimeCalled:
      return engine.call_time();
    case storage::InputKind::kForfeit:
      return engine.forfeit(seat);
    case storage::InputKind::kRuling: {
      std::uint8_t winners = 0;
      for (std::uint64_t winner : input.options)
        winners = static_cast<std::uint8_t>(winners | (1u << winner));
      return engine.rule(winners);
    }
  }
  throw std::logic_error("an input of unknown kind");
}

std::unique_ptr<core::MatchEngine> Match::replayed() const {
  auto engine = engine::start_match(setup_, seed_);
  for (const auto& input : applied_)
    apply(*engine, input);
  return engine;
}

void Match::spectate(std::shared_ptr<Recipient> connection, std::int64_t account_id,
                     std::string invite_code, Reply reply) {
  turns_.run([this, connection = std::move(connection), account_id,
              invite_code = std::move(invite_code), reply = std::move(reply)](Turn) {
    if (auto refused = watching_refused(account_id, invite_code)) {
      reply(*std::move(refused));
      return;
    }
    Follower& f = add_follower(connection, core::Viewer::spectator(), account_id);
    reply(with_info(false));
    if (started()) send_snapshot(f, *connection);
    announce_if_changed();
  });
}

void Match::resume(std::shared_ptr<Recipient> connection, Identity who, const v1::Resume& request,
                   Reply reply) {
  turns_.run(
      [this, connection = std::move(connection), who = std::move(who), request,
       reply = std::move(reply)](Turn) { resume_in_turn(connection, who, request, reply, false); });
}

void Match::resume_stream(std::shared_ptr<Recipient> connection, Identity who,
                          const v1::Resume& request, Reply reply) {
  turns_.run(
      [this, connection = std::move(connection), who = std::move(who), request,
       reply = std::move(reply)](Turn) { resume_in_turn(connection, who, request, reply, true); });
}

void Match::resume_in_turn(const std::shared_ptr<Recipient>& connection, const Identity& who,
                           const v1::Resume& request, const Reply& reply, bool keep_seat_holder) {
  const std::uint64_t last_seq = request.last_seq();
  const int held = seat_of(who.account_id);
  if (held < 0) {
    if (auto refused = watching_refused(who.account_id, request.invite_code())) {
      reply(*std::move(refused));
      return;
    }
  }
  const core::Viewer viewer = held >= 0 && !request.as_spectator()
                                  ? core::Viewer::player(static_cast<core::Seat>(held))
                                  : core::Viewer::spectator();
  if (keep_seat_holder && viewer.role == core::Viewer::Role::kPlayer) {
    const bool held_elsewhere =
        std::any_of(followers_.begin(), followers_.end(), [&](const Follower& f) {
          return f.viewer.is_seat(viewer.seat) && f.key != connection.get() &&
                 !f.connection.expired();
        });
    if (held_elsewhere) {
      return reply(
          error_response(v1::SUPERSEDED, "another connection has resumed that seat since"));
    }
  }
  Follower& f = add_follower(connection, viewer, who.account_id);
  reply(with_info(held >= 0));
  if (started()) {
    // Find where the viewer's stream stood at last_seq; replay from there, or resend a snapshot.
    std::uint64_t seen = 0;
    std::size_t index = 0;
    const std::size_t count = engine_->event_count();
    while (index < count && seen < last_seq)
      seen += engine_->event_visible(index++, viewer);
    std::uint64_t missed = 0;
    for (std::size_t i = index; i < count; ++i)
      missed += engine_->event_visible(i, viewer);
    if (seen < last_seq || missed > kMaxReplayedEvents) {
      send_snapshot(f, *connection);
    } else {
      f.seq = seen;
      f.next_event = index;
      catch_up(f);
    }
  }
  review_clock();
  announce_if_changed();
}

void Match::submit(const Recipient* from, Identity who, v1::SubmitDecision request, Reply reply) {
  if (request.idempotency_key().size() > kMaxIdempotencyKey) {
    return reply(error_response(
        v1::BAD_REQUEST,
        "an idempotency key has at most " + std::to_string(kMaxIdempotencyKey) + " bytes"));
  }
  storage::InputRecord input;
  input.kind = storage::InputKind::kDecision;
  input.decision_id = request.decision_id();
  input.options.assign(request.option_ids().begin(), request.option_ids().end());
  input.idempotency_key = request.idempotency_key();
  apply_input(from, std::move(who), std::move(input), std::move(reply));
}

void Match::concede(const Recipient* from, Identity who, Reply reply) {
  storage::InputRecord input;
  input.kind = storage::InputKind::kConcede;
  apply_input(from, std::move(who), std::move(input), std::move(reply));
}

void Match::call_time(Reply reply) {
  turns_.run([this, reply = std::move(reply)](Turn turn) mutable {
    if (status_ != v1::MATCH_STATUS_ACTIVE) {
      reply(error_response(v1::GAME_OVER, "the game is over"));
      return;
    }
    spdlog::info("match={}: time called", id_);
    storage::InputRecord input;
    input.kind = storage::InputKind::kTimeCalled;
    commit_input(std::move(input), std::chrono::steady_clock::now(), std::move(reply),
                 std::move(turn));
  });
}

void Match::rule(std::vector<std::uint32_t> winners, Reply reply) {
  turns_.run([this, winners = std::move(winners), reply = std::move(reply)](Turn turn) mutable {
    if (status_ != v1::MATCH_STATUS_ACTIVE) {
      reply(error_response(v1::GAME_OVER, "the game is over"));
      return;
    }
    spdlog::info("match={}: ended by a ruling, winners [{}]", id_, fmt::join(winners, ", "));
    storage::InputRecord input;
    input.kind = storage::InputKind::kRuling;
    input.options.assign(winners.begin(), winners.end());
    commit_input(std::move(input), std::chrono::steady_clock::now(), std::move(reply),
                 std::move(turn));
  });
}

std::optional<v1::MatchClock> Match::clock_reading() const {
  std::lock_guard lock(info_mutex_);
  return last_clock_;
}

void Match::snapshot(std::shared_ptr<Recipient> connection, Reply reply) {
  turns_.run([this, connection = std::move(connection), reply = std::move(reply)](Turn) {
    Follower* f = follower_of(connection.get());
    if (!f) {
      reply(error_response(v1::FORBIDDEN, "follow the match first (JoinMatch, Spectate, Resume)"));
    } else if (!started()) {
      reply(error_response(v1::NOT_STARTED, "the match is waiting for players"));
    } else {
      reply(ok_response());
      send_snapshot(*f, *connection);
    }
  });
}

void Match::apply_input(const Recipient* from, Identity who, storage::InputRecord input,
                        Reply reply) {
  const auto arrived = std::chrono::steady_clock::now();
  turns_.run([this, from, arrived, who = std::move(who), input = std::move(input),
              reply = std::move(reply)](Turn turn) mutable {
    const int seat = seat_of(who.account_id);
    if (seat < 0) {
      reply(error_response(v1::NOT_A_PLAYER, "you hold no seat in that match"));
      return;
    }
    if (!input.idempotency_key.empty() && accepted_keys_.contains(input.idempotency_key)) {
      reply(ok_response());  // a retry of an input already applied: answered, not applied again
      return;
    }
    // Only the newest connection of a seat acts for it: one that resumed it fences the others.
    const auto holder = std::find_if(followers_.begin(), followers_.end(), [&](const Follower& f) {
      return f.viewer.is_seat(static_cast<core::Seat>(seat));
    });
    if (holder != followers_.end() && holder->key != from) {
      reply(error_response(v1::SUPERSEDED,
                           "another connection has resumed your seat; Resume here to act here"));
      return;
    }
    if (!started()) {
      reply(error_response(v1::NOT_STARTED, "the match is waiting for players"));
      return;
    }
    if (status_ != v1::MATCH_STATUS_ACTIVE) {
      reply(error_response(v1::GAME_OVER, "the game is over"));
      return;
    }
    input.seat = static_cast<std::uint32_t>(seat);
    if (clock_ && input.kind == storage::InputKind::kDecision &&
        clock_->banks_at(now_ms())[static_cast<std::size_t>(seat)] == 0) {
      reply(error_response(v1::GAME_OVER, "your time ran out"));
      review_clock();  // the loss on time follows
      return;
    }
    commit_input(std::move(input), arrived, std::move(reply), std::move(turn));
  });
}

bool Match::lost_to_fence(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const storage::NotOwnerError&) {
    move_away();
    return true;
  } catch (...) {
    return false;
  }
}

void Match::move_away() {
  if (moved_away_.exchange(true)) return;
  spdlog::warn("match={}: another node owns it now (epoch {} is stale); letting it go", id_,
               epoch_);
  for (const Follower& f : followers_) {
    if (auto connection = f.connection.lock()) connection->follow_elsewhere(id_);
  }
  followers_.clear();
  judges_.clear();
  bot_timer_.cancel();
  clock_timer_.cancel();
  judge_timer_.cancel();
}

void Match::let_go() {
  asio::post(strand_, [self = shared_from_this()] { self->move_away(); });
}

bool Match::held_here() const {
  if (moved_away_) return false;
  std::lock_guard lock(info_mutex_);
  return info_.status() == v1::MATCH_STATUS_WAITING || info_.status() == v1::MATCH_STATUS_ACTIVE;
}

void Match::input_failed() {
  // Whoever must act next is still owed a turn: a bot answers again, a clock is watched again.
  review_clock();
  play_bots();
}

void Match::commit_input(storage::InputRecord input, std::chrono::steady_clock::time_point arrived,
                         Reply reply, Turn turn) {
  const core::Guarded applied = core::apply_guarded(
      engine_, [this] { return replayed(); },
      [&](core::MatchEngine& engine) { return apply(engine, input); });
  if (!applied.failure.empty()) {
    // Rolled back: the match goes on as if the input had not come. The log line has what
    // the scenario runner needs to replay it.
    services_.metrics.engine_errors_total.Increment();
    spdlog::error(
        "match={}: engine failure on seat {}'s input of kind {} (decision {}, options [{}]) "
        "after {} inputs: {}; rolled back",
        id_, input.seat, static_cast<int>(input.kind), input.decision_id,
        fmt::join(input.options, ", "), applied_.size(), applied.failure);
    reply(error_response(v1::INTERNAL, "the server failed on that input; it had no effect"));
    return input_failed();
  }
  const core::SubmitResult& result = applied.result;
  if (!result.accepted()) {
    reply(refusal(result));
    return input_failed();
  }
  input.seq = static_cast<std::uint32_t>(applied_.size() + 1);
  input.at_ms = now_ms();
  // The clocks as this input leaves them, stored with it; kept only if it is stored.
  std::optional<ChessClock> clock = clock_;
  if (clock) {
    clock->update(input.at_ms, owing(),
                  input.kind == storage::InputKind::kDecision
                      ? std::optional<int>(static_cast<int>(input.seat))
                      : std::nullopt);
    input.clock_ms = clock->banks_at(input.at_ms);
  }
  const bool over = engine_->over();
  std::optional<storage::SnapshotRecord> snapshot;
  if (over || input.seq % services_.config.snapshot_every == 0) {
    v1::GameSnapshot judge;
    engine_->project_snapshot(core::Viewer::judge(), &judge);
    snapshot = storage::SnapshotRecord{input.seq, engine_->state_hash(), judge.SerializeAsString(),
                                       input.at_ms};
  }
  std::string result_bytes = over ? engine_->result().SerializeAsString() : std::string();
  auto work = [id = id_, epoch = epoch_, config = &services_.config, input, snapshot, over,
               result_bytes](storage::Database& db) {
    storage::append_input(db, id, input);
    if (snapshot) storage::save_snapshot(db, id, *snapshot);
    if (over) {
      storage::finish_match(db, id, storage::MatchStatus::kFinished, result_bytes, input.at_ms);
      cluster::release(*config, db, id, epoch);
    }
  };
  services_.db.submit_fenced(
      lease(), std::move(work),
      [self = shared_from_this(), input, over, arrived, clock = std::move(clock),
       reply = std::move(reply), turn = std::move(turn)](std::exception_ptr error) mutable {
        asio::post(self->strand_, [self, input, over, arrived, clock = std::move(clock),
                                   reply = std::move(reply), error,
                                   turn = std::move(turn)]() mutable {
          if (error) {
            // Not stored, so it did not happen: back to the state before the input.
            self->engine_ = self->replayed();
            if (self->lost_to_fence(error)) {
              return reply(error_response(v1::UNAVAILABLE,
                                          "this match has moved to another server "
                                          "node; reconnect and resume it"));
            }
            spdlog::error("match={}: an input could not be stored: {}", self->id_, describe(error));
            reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
            return self->input_failed();
          }
          self->services_.metrics.decisions_accepted_total.Increment();
          Metrics::observe(self->services_.metrics.decision_latency,
                           std::chrono::steady_clock::now() - arrived);
          self->applied_.push_back(input);
          if (!input.idempotency_key.empty()) self->accepted_keys_.insert(input.idempotency_key);
          // The clocks may have stopped or started while the input was being stored.
          if (clock && clock->paused() != self->clock_->paused())
            clock->set_paused(now_ms(), self->clock_->paused());
          self->clock_ = std::move(clock);
          if (over) {
            self->status_ = v1::MATCH_STATUS_FINISHED;
            self->services_.metrics.matches_finished_total.Increment();
            spdlog::info("match={} finished: {}", self->id_, self->engine_->result().summary());
            self->services_.match_observer.match_over(self->id_, self->engine_->result());
          }
          // A decision changes the header only when it ends the game; then whoever acts on
          // the answer sees the new state in the lobby.
          if (over) self->refresh_info();
          reply(ok_response());
          if (over) {
            self->broadcast();
          } else {
            self->send_events();
          }
          self->send_clock();
          self->review_clock();
          self->play_bots();
        });
      });
}

void Match::chat(const Recipient* from, Identity who, std::string text, Reply reply) {
  asio::post(strand_, [self = shared_from_this(), from, who = std::move(who),
                       text = std::move(text), reply = std::move(reply)]() mutable {
    const Follower* speaker = self->follower_of(from);
    if (!speaker) return reply(error_response(v1::FORBIDDEN, "follow that match to chat in it"));
    const bool player = self->seat_of(who.account_id) >= 0;
    const auto message = Chat::message(
        player ? v1::CHAT_CHANNEL_PLAYERS : v1::CHAT_CHANNEL_SPECTATORS,
        static_cast<std::uint64_t>(self->id_), who.account_id, who.username, std::move(text));
    reply(ok_response());
    for (const Follower& f : self->followers_) {
      if (!player && self->seat_of(f.account_id) >= 0) continue;  // players never read it
      if (auto connection = f.connection.lock()) connection->push_chat(message, who.account_id);
    }
  });
}

void Match::disconnected(const Recipient* connection) {
  asio::post(strand_, [self = shared_from_this(), connection] {
    std::erase_if(self->followers_, [&](const Follower& f) { return f.key == connection; });
    std::erase_if(self->judges_, [&](const Judge& j) { return j.key == connection; });
    self->review_clock();
    self->announce_if_changed();
  });
}

}  // namespace spacedock::server
