// Tournaments: creating and restoring events, registration, drops, and the organiser's reads
// (decks, log). Rounds and results are in rounds.cpp, the protobuf views in views.cpp.
#include "server/tournament/tournaments.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <set>

#include "engine/games.h"
#include "server/common/crypto.h"
#include "server/common/metrics.h"
#include "server/match/lobby.h"
#include "server/persistence/persistence.h"
#include "server/tournament/settings.h"
#include "storage/accounts.h"
#include "storage/tournament_host.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

tournament::TableResult result_of(storage::TableResultCode code) {
  switch (code) {
    case storage::TableResultCode::kPending:
      return tournament::TableResult::kPending;
    case storage::TableResultCode::kFirst:
      return tournament::TableResult::kFirstWins;
    case storage::TableResultCode::kSecond:
      return tournament::TableResult::kSecondWins;
    case storage::TableResultCode::kDraw:
      return tournament::TableResult::kDraw;
    case storage::TableResultCode::kDoubleLoss:
      return tournament::TableResult::kDoubleLoss;
  }
  throw std::logic_error("a table result of unknown kind");
}

// In a cluster (`node` set), an event is written only while this node still hosts the events,
// under `epoch` (none: it does not; epochs start at 1).
void check_host(storage::Database& db, const std::string& node, std::optional<std::int64_t> epoch) {
  if (!node.empty()) storage::check_tournament_host(db, node, epoch.value_or(0));
}

}  // namespace

void Tournaments::stop() {
  for (auto& [id, event] : events_)
    event.round_timer.reset();
  beat_timer_.reset();
  if (turns_) turns_->stop();
  strand_.reset();
}

void Tournaments::restore(Services& services, storage::Database& db) {
  services_ = &services;
  strand_.emplace(asio::make_strand(services.io));
  turns_.emplace(services.io, *strand_);
  if (!services.config.node_id.empty()) return asio::post(*strand_, [this] { beat(); });
  install(load(db));
}

Tournaments::Loaded Tournaments::load(storage::Database& db) {
  Loaded loaded;
  for (auto& data : storage::load_tournaments(db, {})) {
    Event event;
    event.record = data.record;
    const auto organiser = storage::find_account(db, data.record.organiser_id);
    event.organiser_name = organiser ? organiser->username : "?";
    event.settings.ParseFromString(data.record.settings);
    auto& rules = event.rules;
    rules.seed = data.record.seed;
    rules.scoring = scoring_of(event.settings);
    rules.swiss_rounds = data.record.swiss_rounds;
    rules.cut_size = static_cast<int>(event.settings.top_cut());
    for (const auto& e : data.entrants) {
      v1::SeatSetup seat;
      seat.ParseFromString(e.seat);
      rules.entrants.push_back({e.account_id, seat.name(), e.first_round, e.dropped_after});
      event.seats[e.account_id] = std::move(seat);
      event.registered_at[e.account_id] = e.registered_at_ms;
    }
    for (const auto& r : data.rounds) {
      tournament::Round round{r.round, r.cut, {}};
      for (const auto& t : r.tables) {
        auto table = tournament::Table::seat(t.table_no, t.first_id, t.second_id);
        table.match_id = t.match_id;
        table.result = result_of(t.result);
        table.at_time = t.at_time;
        table.override_reason = t.override_reason;
        round.tables.push_back(std::move(table));
      }
      rules.rounds.push_back(std::move(round));
      event.round_times.emplace_back(r.started_at_ms, r.ends_at_ms);
    }
    loaded.events.emplace(data.record.id, std::move(event));
  }
  // Tables whose match ended while their result was not yet stored take it once installed.
  loaded.finished = ended_matches(db, pending_matches(loaded.events));
  return loaded;
}

void Tournaments::install(Loaded loaded) {
  events_ = std::move(loaded.events);
  tables_by_match_.clear();
  for (const auto& [id, event] : events_) {
    for (const auto& round : event.rules.rounds) {
      for (const auto& table : round.tables) {
        if (table.match_id != 0)
          tables_by_match_[table.match_id] = {id, round.number, table.number};
      }
    }
  }
  // A table ruled on (its result the organiser's, with a reason) while the server went down
  // before its match ended by the ruling: the match ends now (the restored matches are in the
  // lobby already, or run on other nodes).
  for (auto& [id, event] : events_) {
    for (const auto& round : event.rules.rounds) {
      for (const auto& table : round.tables) {
        if (table.decided() && !table.override_reason.empty())
          end_ruled_match(table.match_id, table.result, id);
      }
    }
  }
  for (auto& [match_id, result] : loaded.finished)
    match_over(match_id, std::move(result));
  for (auto& [id, event] : events_) {
    if (event.record.status == storage::TournamentStatus::kRunning) arm_round_timer(event);
  }
  spdlog::info("restored {} tournaments", events_.size());
}

Tournaments::Event* Tournaments::visible(const Identity& who, std::uint64_t id,
                                         const Reply& reply) {
  auto it = events_.find(static_cast<std::int64_t>(id));
  if (it == events_.end() || !it->second.seen_by(who)) {
    reply(error_response(v1::NOT_FOUND, "no such tournament here"));
    return nullptr;
  }
  return &it->second;
}

Tournaments::Event* Tournaments::organised(const Identity& who, std::uint64_t id,
                                           const Reply& reply) {
  Event* event = visible(who, id, reply);
  if (event && event->record.organiser_id != who.account_id) {
    reply(error_response(v1::FORBIDDEN, "only the event's organiser may do that"));
    return nullptr;
  }
  return event;
}

void Tournaments::store(std::int64_t tournament_id, const Identity* who, std::string action,
                        std::string detail, std::function<void(storage::Database&)> work,
                        std::function<void(bool)> then) {
  std::optional<storage::TournamentLogRecord> line;
  if (who) line = storage::TournamentLogRecord{now_ms(), who->account_id, action, detail};
  services_->db.submit(
      [tournament_id, line, work = std::move(work), node = services_->config.node_id,
       epoch = epoch_](storage::Database& db) {
        check_host(db, node, epoch);
        work(db);
        if (line) storage::log_tournament_action(db, tournament_id, *line);
      },
      [this, tournament_id, action, detail, by = who ? who->username : std::string("server"),
       then = std::move(then)](std::exception_ptr error) {
        asio::post(*strand_, [tournament_id, action, detail, by, then, error] {
          if (error) {
            spdlog::error("tournament={}: could not store '{}' ({})", tournament_id, action,
                          detail);
          } else {
            spdlog::info("tournament={} {}: {} {}", tournament_id, by, action, detail);
          }
          then(!error);
        });
      });
}

void Tournaments::create(Identity who, v1::TournamentSettings settings, Reply reply) {
  if (!who.organiser)
    return reply(error_response(v1::FORBIDDEN,
                                "only organisers may create events (an administrator makes "
                                "organisers with `spacedock admin role`)"));
  if (auto problem = tournament_settings_problem(settings)) return reply(*problem);
  settings = with_defaults(std::move(settings));
  v1::MatchSetup probe;
  probe.set_game(settings.game());
  if (settings.has_incursions()) *probe.mutable_incursions() = settings.incursions();
  if (settings.has_stccg()) *probe.mutable_stccg() = settings.stccg();
  const auto checked = engine::check_match(probe);
  if (const auto* e = std::get_if<core::SetupError>(&checked))
    return reply(error_response(v1::INVALID_OPTIONS, e->message, e->rule));
  if (auto e = engine::other_game_options(probe))
    return reply(error_response(v1::INVALID_OPTIONS, e->message, e->rule));

  turns_->run([this, who, settings = std::move(settings), reply = std::move(reply)](Turn turn) {
    storage::TournamentRecord record;
    record.name = settings.name();
    record.game = settings.game();
    record.settings = settings.SerializeAsString();
    // The pairing seed; with ServerConfig::repeatable_seeds (tests), the same for every event.
    record.seed = game_seed(services_->config.repeatable_seeds, 0);
    record.organiser_id = who.account_id;
    record.created_at_ms = now_ms();
    auto id = std::make_shared<std::int64_t>(0);
    services_->db.submit(
        [record, id, who, node = services_->config.node_id, epoch = epoch_](storage::Database& db) {
          check_host(db, node, epoch);
          *id = storage::create_tournament(db, record);
          storage::log_tournament_action(
              db, *id, {record.created_at_ms, who.account_id, "create", record.name});
        },
        [this, record, settings, id, who, reply, turn](std::exception_ptr error) {
          asio::post(*strand_, [this, record, settings, id, who, reply, turn, error] {
            if (error)
              return reply(
                  error_response(v1::INTERNAL, "the server could not save that; try again"));
            Event event;
            event.record = record;
            event.record.id = *id;
            event.organiser_name = who.username;
            event.settings = settings;
            event.rules.seed = record.seed;
            event.rules.scoring = scoring_of(settings);
            event.rules.cut_size = static_cast<int>(settings.top_cut());
            auto& stored = events_.emplace(*id, std::move(event)).first->second;
            spdlog::info("tournament={} {}: create '{}'", *id, who.username, record.name);
            v1::Response response;
            *response.mutable_tournament() = info(stored, who);
            reply(std::move(response));
          });
        });
  });
}

void Tournaments::list(Identity who, v1::ListTournaments request, Reply reply) {
  asio::post(*strand_, [this, who, request, reply] {
    std::set<int> statuses(request.statuses().begin(), request.statuses().end());
    if (statuses.empty())
      statuses = {v1::TOURNAMENT_STATUS_REGISTRATION, v1::TOURNAMENT_STATUS_RUNNING};
    v1::Response response;
    auto* list = response.mutable_tournaments();
    for (auto it = events_.rbegin(); it != events_.rend() && list->tournaments_size() < 100; ++it) {
      const Event& event = it->second;
      if (!event.seen_by(who)) continue;
      v1::TournamentInfo header = info(event, who);
      if (!statuses.contains(header.status())) continue;
      header.clear_entrants();  // a list shows headers; GetTournament has the entrants
      *list->add_tournaments() = std::move(header);
    }
    reply(std::move(response));
  });
}

void Tournaments::get(Identity who, std::uint64_t id, Reply reply) {
  asio::post(*strand_, [this, who, id, reply] {
    if (Event* event = visible(who, id, reply)) {
      v1::Response response;
      *response.mutable_tournament() = info(*event, who);
      reply(std::move(response));
    }
  });
}

void Tournaments::log(Identity who, std::uint64_t id, Reply reply) {
  asio::post(*strand_, [this, who, id, reply] {
    if (!organised(who, id, reply)) return;
    auto entries = std::make_shared<v1::TournamentLog>();
    services_->db.submit(
        [entries, id](storage::Database& db) {
          std::map<std::int64_t, std::string> names;
          for (const auto& line : storage::load_tournament_log(db, static_cast<std::int64_t>(id))) {
            auto [name, fresh] = names.try_emplace(line.account_id);
            if (fresh) {
              auto account = storage::find_account(db, line.account_id);
              name->second = account ? account->username : "?";
            }
            auto* entry = entries->add_entries();
            entry->set_at_ms(line.at_ms);
            entry->set_username(name->second);
            entry->set_action(line.action);
            entry->set_detail(line.detail);
          }
        },
        [entries, reply](std::exception_ptr error) {
          if (error)
            return reply(error_response(v1::INTERNAL, "the server could not read the log"));
          v1::Response response;
          *response.mutable_tournament_log() = std::move(*entries);
          reply(std::move(response));
        });
  });
}

void Tournaments::follow(std::shared_ptr<Recipient> connection, Identity who, std::uint64_t id,
                         Reply reply) {
  asio::post(*strand_, [this, connection, who, id, reply] {
    Event* event = visible(who, id, reply);
    if (!event) return;
    std::erase_if(event->followers, [&](const auto& f) {
      return f.expired() || f.lock() == connection;  // following twice is following once
    });
    event->followers.push_back(connection);
    v1::Response response;
    *response.mutable_tournament() = info(*event, who);
    reply(std::move(response));
  });
}

void Tournaments::finish_if_over(Event& event, Turn turn) {
  if (event.record.status != storage::TournamentStatus::kRunning || !event.rules.over()) return;
  const std::int64_t at = now_ms();
  store(
      event.record.id, nullptr, "finish", "",
      [id = event.record.id, at](storage::Database& db) {
        storage::set_tournament_status(db, id, storage::TournamentStatus::kFinished, at);
      },
      [this, id = event.record.id, at, turn](bool stored) {
        auto it = events_.find(id);
        if (!stored || it == events_.end()) return;
        Event& e = it->second;
        e.record.status = storage::TournamentStatus::kFinished;
        e.record.finished_at_ms = at;
        if (e.round_timer) e.round_timer->cancel();
        v1::TournamentUpdate update;
        update.set_kind(v1::TournamentUpdate::FINISHED);
        update.set_round(static_cast<std::uint32_t>(e.rules.rounds.size()));
        const auto placings = e.rules.placings();
        update.set_message(e.settings.name() + " is over" +
                           (placings.empty() ? "" : ": " + name_of(e, placings.front()) + " won"));
        notify(e, std::move(update), false);
      });
}

}  // namespace spacedock::server
