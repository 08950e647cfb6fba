// Tournaments: pairing and starting rounds, their time limit, and results, from the matches or
// from the organiser. A round is stored whole (its matches, already started, and its tables) in
// one database job, so that a crash leaves either the whole round or none of it.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "engine/games.h"
#include "server/common/crypto.h"
#include "server/match/chess_clock.h"
#include "server/match/lobby.h"
#include "server/persistence/persistence.h"
#include "server/relay/relay.h"
#include "server/tournament/structure.h"
#include "server/tournament/tournaments.h"
#include "storage/ownership.h"
#include "storage/tournaments.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

constexpr std::size_t kMaxReason = 200;

storage::TableResultCode code_of(tournament::TableResult result) {
  switch (result) {
    case tournament::TableResult::kPending:
      return storage::TableResultCode::kPending;
    case tournament::TableResult::kFirstWins:
      return storage::TableResultCode::kFirst;
    case tournament::TableResult::kSecondWins:
      return storage::TableResultCode::kSecond;
    case tournament::TableResult::kDraw:
      return storage::TableResultCode::kDraw;
    case tournament::TableResult::kDoubleLoss:
      return storage::TableResultCode::kDoubleLoss;
  }
  throw std::logic_error("a table result of unknown kind");
}

std::optional<tournament::TableResult> result_of(v1::TableOutcome outcome) {
  switch (outcome) {
    case v1::TABLE_OUTCOME_FIRST_WINS:
      return tournament::TableResult::kFirstWins;
    case v1::TABLE_OUTCOME_SECOND_WINS:
      return tournament::TableResult::kSecondWins;
    case v1::TABLE_OUTCOME_DRAW:
      return tournament::TableResult::kDraw;
    case v1::TABLE_OUTCOME_DOUBLE_LOSS:
      return tournament::TableResult::kDoubleLoss;
    default:
      return std::nullopt;
  }
}

// The winning seats of a table's match for a ruled result: seat 0 is the first player.
std::vector<std::uint32_t> winning_seats(tournament::TableResult result) {
  switch (result) {
    case tournament::TableResult::kFirstWins:
      return {0};
    case tournament::TableResult::kSecondWins:
      return {1};
    case tournament::TableResult::kDraw:
      return {0, 1};
    default:
      return {};
  }
}

// A match's result as its table's: seat 0 is the first player.
tournament::TableResult table_result(const v1::MatchResult& result) {
  if (result.winners_size() == 1)
    return result.winners(0) == 0 ? tournament::TableResult::kFirstWins
                                  : tournament::TableResult::kSecondWins;
  return tournament::TableResult::kDraw;
}

}  // namespace

v1::MatchSetup Tournaments::match_setup(const Event& event) const {
  const v1::TournamentSettings& s = event.settings;
  v1::MatchSetup setup;
  setup.set_game(s.game());
  if (s.has_incursions()) *setup.mutable_incursions() = s.incursions();
  if (s.has_stccg()) *setup.mutable_stccg() = s.stccg();
  const std::int64_t minute = services_->config.tournament_minute.count();
  const std::chrono::milliseconds no_show(s.no_show_minutes() * minute);
  auto clock = ChessClock::settings_for(s.clock(), v1::DISCONNECT_OUTCOME_LOSS, no_show);
  if (!clock) {
    // Without a chess clock each seat still banks the round's time (which the round's own limit
    // ends first), so that the no-show rule has a clock to run on.
    clock.emplace();
    clock->set_initial_ms((s.round_minutes() + 1) * minute);
    clock->set_on_disconnect(v1::DISCONNECT_OUTCOME_LOSS);
    clock->set_grace_ms(no_show.count());
  }
  *setup.mutable_lobby()->mutable_clock() = *clock;
  return setup;
}

void Tournaments::start_round(Identity who, v1::StartRound request, Reply reply) {
  turns_->run([this, who, request, reply](Turn turn) {
    Event* event = organised(who, request.tournament_id(), reply);
    if (!event) return;
    const tournament::Tournament& rules = event->rules;
    const auto paired = static_cast<std::uint32_t>(rules.rounds.size());
    if (request.round() != 0 && request.round() <= paired) {
      v1::Response response;  // a retry: the round it paired, not another
      *response.mutable_round() =
          round_view(*event, static_cast<int>(request.round()), /*with_clocks=*/true);
      return reply(std::move(response));
    }
    if (request.round() != 0 && request.round() != paired + 1)
      return reply(error_response(v1::BAD_REQUEST,
                                  "round " + std::to_string(paired + 1) + " is the next to pair"));
    if (event->record.status == storage::TournamentStatus::kFinished)
      return reply(error_response(v1::WRONG_STATE, "the event is over"));
    if (paired > 0 && !rules.rounds.back().done()) {
      int playing = 0;
      for (const auto& t : rules.rounds.back().tables)
        playing += !t.decided();
      return reply(error_response(v1::WRONG_STATE, "round " + std::to_string(paired) +
                                                       " is not done: " + std::to_string(playing) +
                                                       " tables are still playing"));
    }
    tournament::Tournament next = rules;
    if (paired == 0) {
      int players = 0;
      for (const auto& e : rules.entrants)
        players += e.active_in(1);
      const int asked = static_cast<int>(event->settings.swiss_rounds());
      next.swiss_rounds = std::min(asked > 0 ? asked : tournament::default_swiss_rounds(players),
                                   std::max(players - 1, 0));
    }
    std::vector<tournament::Table> tables = next.next_tables();
    if (tables.empty()) {
      return reply(error_response(v1::WRONG_STATE, paired == 0
                                                       ? "at least two players must register"
                                                       : "no round follows: the event is over"));
    }
    const bool cut = next.swiss_played() >= next.swiss_rounds;
    const std::int64_t started = now_ms();
    const std::int64_t ends =
        started + event->settings.round_minutes() * services_->config.tournament_minute.count();

    // The round's matches, stored started, in table order (byes have none).
    v1::MatchSetup base = match_setup(*event);
    if (event->settings.private_event()) base.mutable_lobby()->set_private_match(true);
    auto matches = std::make_shared<std::vector<storage::MatchRecord>>();
    for (const auto& table : tables) {
      if (table.bye()) continue;
      v1::MatchSetup setup = base;
      if (setup.lobby().private_match()) setup.mutable_lobby()->set_invite_code(new_invite_code());
      *setup.add_seats() = event->seats.at(table.first);
      *setup.add_seats() = event->seats.at(table.second);
      storage::MatchRecord m;
      m.game = setup.game();
      m.rules_version = engine::rules_version(setup.game());
      m.setup = setup.SerializeAsString();
      m.status = storage::MatchStatus::kActive;
      m.created_by = event->record.organiser_id;
      m.created_at_ms = started;
      m.started_at_ms = started;
      m.seats = {{0, table.first}, {1, table.second}};
      matches->push_back(std::move(m));
    }
    storage::RoundRecord round{static_cast<int>(paired + 1), cut, started, ends, {}};
    for (const auto& table : tables) {
      round.tables.push_back(
          {table.number, table.first, table.second, 0, code_of(table.result), false, ""});
    }
    auto stored_round = std::make_shared<storage::RoundRecord>(std::move(round));
    const int swiss_rounds = next.swiss_rounds;
    const std::int64_t id = event->record.id;
    store(
        id, &who, "pair round",
        std::to_string(paired + 1) + (cut ? " (cut)" : "") + ": " + std::to_string(tables.size()) +
            " tables",
        [id, matches, stored_round, first = paired == 0, swiss_rounds,
         config = &services_->config](storage::Database& db) {
          // In a cluster, the tables go round the live nodes (sorted by id), one each in turn.
          const std::vector<std::string> nodes =
              config->node_id.empty() ? std::vector<std::string>{}
                                      : storage::live_nodes(db, config->owner_timeout);
          auto match = matches->begin();
          std::size_t next_node = 0;
          for (auto& table : stored_round->tables) {
            if (table.second_id == 0) continue;
            match->id = storage::create_match(db, match->game, match->rules_version, match->setup,
                                              match->created_by, match->created_at_ms);
            match->seed = game_seed(config->repeatable_seeds, match->id);
            storage::set_seats(db, match->id, match->seats, match->setup);
            storage::start_match(db, match->id, *match->seed, *match->started_at_ms);
            if (!nodes.empty())
              storage::offer_match(db, match->id, nodes[next_node++ % nodes.size()]);
            table.match_id = match->id;
            ++match;
          }
          storage::add_round(db, id, *stored_round);
          if (first) {
            storage::set_swiss_rounds(db, id, swiss_rounds);
            storage::set_tournament_status(db, id, storage::TournamentStatus::kRunning,
                                           std::nullopt);
          }
        },
        [this, id, tables, matches, stored_round, swiss_rounds, cut, reply, turn](bool stored) {
          auto found = events_.find(id);
          if (!stored || found == events_.end())
            return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
          Event& e = found->second;
          e.rules.swiss_rounds = swiss_rounds;
          e.record.swiss_rounds = swiss_rounds;
          e.record.status = storage::TournamentStatus::kRunning;
          tournament::Round paired_round{stored_round->round, cut, tables};
          for (std::size_t i = 0; i < tables.size(); ++i) {
            auto& table = paired_round.tables[i];
            table.match_id = stored_round->tables[i].match_id;
            if (table.match_id != 0)
              tables_by_match_[table.match_id] = {id, paired_round.number, table.number};
          }
          e.rules.rounds.push_back(std::move(paired_round));
          e.round_times.emplace_back(stored_round->started_at_ms, stored_round->ends_at_ms);
          open_round(e, *matches);
          v1::Response response;
          *response.mutable_round() = round_view(e, stored_round->round, /*with_clocks=*/true);
          reply(std::move(response));
        });
  });
}

void Tournaments::open_round(Event& event, const std::vector<storage::MatchRecord>& matches) {
  const auto started = std::chrono::steady_clock::now();
  // In a cluster the round's job offered each match to a node, which takes it up at its next
  // heartbeat; alone, the server runs them all.
  for (const auto& record : matches) {
    // Stored started: loaded the way the server loads any stored match.
    if (services_->config.node_id.empty())
      services_->lobby.add(Match::restore(*services_, record, {}, {}, 0));
  }
  arm_round_timer(event);
  const auto& round = event.rules.rounds.back();
  v1::TournamentUpdate update;
  update.set_kind(v1::TournamentUpdate::ROUND_STARTED);
  update.set_round(static_cast<std::uint32_t>(round.number));
  update.set_message(std::string(round.cut ? "Cut round " : "Round ") +
                     std::to_string(round.number) +
                     " started: " + std::to_string(round.tables.size()) +
                     (round.tables.size() == 1 ? " table" : " tables"));
  notify(event, std::move(update), true);
  spdlog::info("tournament={} round {}: {} matches {} in {} ms", event.record.id, round.number,
               matches.size(),
               services_->config.node_id.empty() ? "started" : "offered to the nodes",
               std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - started)
                   .count());
}

void Tournaments::arm_round_timer(Event& event) {
  if (event.rules.rounds.empty() || event.rules.rounds.back().done()) return;
  if (!event.round_timer) event.round_timer = std::make_unique<asio::steady_timer>(*strand_);
  const int round = event.rules.rounds.back().number;
  const std::int64_t wait = event.round_times.back().second - now_ms();
  event.round_timer->expires_after(std::chrono::milliseconds(std::max<std::int64_t>(0, wait)));
  event.round_timer->async_wait([this, id = event.record.id, round](boost::system::error_code ec) {
    if (!ec) call_time(id, round);
  });
}

void Tournaments::call_time(std::int64_t tournament_id, int round) {
  auto it = events_.find(tournament_id);
  if (it == events_.end() || static_cast<int>(it->second.rules.rounds.size()) != round) return;
  int called = 0;
  for (const auto& table : it->second.rules.rounds.back().tables) {
    if (table.decided() || table.match_id == 0) continue;
    Reply called_time = [tournament_id, match_id = table.match_id](const v1::Response& response) {
      if (response.code() != v1::OK && response.code() != v1::GAME_OVER)
        spdlog::error("tournament={}: could not call time on match={}: {}", tournament_id, match_id,
                      response.message());
    };
    ++called;
    if (auto match = services_->lobby.find(table.match_id)) {
      match->call_time(std::move(called_time));
    } else if (services_->relay) {
      services_->relay->call_time(table.match_id, std::move(called_time));  // run elsewhere
    } else {
      --called;
    }
  }
  spdlog::info("tournament={} round {}: time called on {} matches", tournament_id, round, called);
}

void Tournaments::match_over(std::int64_t match_id, v1::MatchResult result) {
  asio::post(*strand_, [this, match_id, result = std::move(result)] {
    auto ref = tables_by_match_.find(match_id);
    if (ref == tables_by_match_.end()) return;
    turns_->run(
        [this, ref = ref->second, result](Turn turn) { settle(ref, result, std::move(turn)); });
  });
}

void Tournaments::table_organiser(std::int64_t match_id,
                                  std::function<void(std::optional<std::int64_t>)> then) {
  asio::post(*strand_, [this, match_id, then = std::move(then)] {
    if (services_->config.node_id.empty() || epoch_) {
      const auto ref = tables_by_match_.find(match_id);
      if (ref == tables_by_match_.end()) return then(std::nullopt);
      return then(events_.at(ref->second.tournament).record.organiser_id);
    }
    // Another node hosts the events: the database says whose table the match is.
    auto organiser = std::make_shared<std::optional<std::int64_t>>();
    services_->db.submit(
        [organiser, match_id](storage::Database& db) {
          if (auto event = storage::event_of_match(db, match_id)) *organiser = event->organiser_id;
        },
        [organiser, then](std::exception_ptr) { then(*organiser); });
  });
}

void Tournaments::settle(TableRef ref, const v1::MatchResult& result, Turn turn) {
  auto it = events_.find(ref.tournament);
  if (it == events_.end()) return;
  Event& event = it->second;
  const tournament::Table& table = event.rules.rounds.at(static_cast<std::size_t>(ref.round - 1))
                                       .tables.at(static_cast<std::size_t>(ref.table - 1));
  if (table.decided()) return;  // the organiser ruled first
  const bool at_time = result.reason() == v1::RESULT_REASON_TIME_LIMIT;
  tournament::TableResult outcome = table_result(result);
  if (at_time && event.settings.time_call() == v1::TIME_CALL_DRAW)
    outcome = tournament::TableResult::kDraw;
  store(
      ref.tournament, nullptr, "result",
      "round " + std::to_string(ref.round) + " table " + std::to_string(ref.table) + ": " +
          result.summary(),
      [ref, outcome, at_time](storage::Database& db) {
        storage::set_table_result(db, ref.tournament, ref.round, ref.table, code_of(outcome),
                                  at_time, "");
      },
      [this, ref, outcome, at_time, turn](bool stored) {
        // Not stored: the match keeps its result, and the next start (or host) settles it.
        auto found = events_.find(ref.tournament);
        if (!stored || found == events_.end()) return;
        Event& e = found->second;
        tournament::Table& t = e.rules.rounds[static_cast<std::size_t>(ref.round - 1)]
                                   .tables[static_cast<std::size_t>(ref.table - 1)];
        if (t.decided()) return;
        t.result = outcome;
        t.at_time = at_time;
        after_result(e, ref.round, ref.table, turn);
      });
}

void Tournaments::after_result(Event& event, int round, int table, Turn turn) {
  v1::TournamentUpdate update;
  update.set_kind(v1::TournamentUpdate::TABLE_RESULT);
  update.set_round(static_cast<std::uint32_t>(round));
  update.set_message("round " + std::to_string(round) + " table " + std::to_string(table) +
                     " has a result");
  notify(event, update, false);
  const tournament::Round& last = event.rules.rounds.back();
  if (round != last.number || !last.done()) return;
  if (event.round_timer) event.round_timer->cancel();
  update.set_kind(v1::TournamentUpdate::ROUND_DONE);
  update.set_message(std::string(last.cut ? "Cut round " : "Round ") + std::to_string(round) +
                     " is done");
  notify(event, update, false);
  finish_if_over(event, std::move(turn));
}

void Tournaments::end_ruled_match(std::int64_t match_id, tournament::TableResult outcome,
                                  std::int64_t tournament_id) {
  if (match_id == 0) return;
  // Its end comes back through match_over(), and finds the table decided already.
  Reply ruled = [tournament_id, match_id](const v1::Response& response) {
    // GAME_OVER, NOT_FOUND: it ended before the ruling reached it (and was let go).
    if (response.code() != v1::OK && response.code() != v1::GAME_OVER &&
        response.code() != v1::NOT_FOUND)
      spdlog::error("tournament={}: could not end match={} by the ruling: {}", tournament_id,
                    match_id, response.message());
  };
  if (auto match = services_->lobby.find(match_id)) {
    if (match->info().status() == v1::MATCH_STATUS_ACTIVE)
      match->rule(winning_seats(outcome), std::move(ruled));
  } else if (services_->relay) {
    services_->relay->rule(match_id, winning_seats(outcome), std::move(ruled));  // run elsewhere
  }
}

void Tournaments::set_result(Identity who, v1::SetTableResult request, Reply reply) {
  turns_->run([this, who, request, reply](Turn turn) {
    Event* event = organised(who, request.tournament_id(), reply);
    if (!event) return;
    auto& rounds = event->rules.rounds;
    if (request.round() < 1 || request.round() > rounds.size())
      return reply(error_response(v1::NOT_FOUND, "no such round"));
    tournament::Round& round = rounds[request.round() - 1];
    if (request.table() < 1 || request.table() > round.tables.size())
      return reply(error_response(v1::NOT_FOUND, "no such table"));
    const tournament::Table& table = round.tables[request.table() - 1];
    const auto outcome = result_of(request.outcome());
    if (table.bye()) return reply(error_response(v1::BAD_REQUEST, "a bye has no result to set"));
    if (!outcome) return reply(error_response(v1::BAD_REQUEST, "say who won, or a draw"));
    if (request.reason().empty() || request.reason().size() > kMaxReason)
      return reply(error_response(v1::BAD_REQUEST, "give a reason in 1 to 200 characters"));
    if (round.cut && *outcome != tournament::TableResult::kFirstWins &&
        *outcome != tournament::TableResult::kSecondWins)
      return reply(error_response(v1::BAD_REQUEST, "a cut table needs a winner"));
    if (round.cut && round.number != static_cast<int>(rounds.size()))
      return reply(
          error_response(v1::WRONG_STATE, "a later cut round is paired already from this result"));
    const std::string words =
        *outcome == tournament::TableResult::kFirstWins    ? name_of(*event, table.first) + " wins"
        : *outcome == tournament::TableResult::kSecondWins ? name_of(*event, table.second) + " wins"
        : *outcome == tournament::TableResult::kDraw       ? "a draw"
                                                           : "a double loss";
    const TableRef ref{event->record.id, round.number, table.number};
    store(
        ref.tournament, &who, "set result",
        "round " + std::to_string(ref.round) + " table " + std::to_string(ref.table) + ": " +
            words + " (" + request.reason() + ")",
        [ref, outcome, reason = request.reason()](storage::Database& db) {
          storage::set_table_result(db, ref.tournament, ref.round, ref.table, code_of(*outcome),
                                    false, reason);
        },
        [this, ref, outcome, reason = request.reason(), reply, turn](bool stored) {
          auto found = events_.find(ref.tournament);
          if (!stored || found == events_.end())
            return reply(error_response(v1::INTERNAL, "the server could not save that; try again"));
          Event& e = found->second;
          tournament::Table& t = e.rules.rounds[static_cast<std::size_t>(ref.round - 1)]
                                     .tables[static_cast<std::size_t>(ref.table - 1)];
          t.result = *outcome;
          t.at_time = false;
          t.override_reason = reason;
          end_ruled_match(t.match_id, *outcome, ref.tournament);
          v1::Response response;
          *response.mutable_round() = round_view(e, ref.round, /*with_clocks=*/true);
          reply(std::move(response));
          after_result(e, ref.round, ref.table, turn);
        });
  });
}

}  // namespace spacedock::server
