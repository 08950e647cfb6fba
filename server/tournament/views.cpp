// Tournaments: what clients see of an event (tournament.proto): the reads, the views they
// answer with, the exports, and the news.
#include <google/protobuf/util/json_util.h>
#include <spdlog/fmt/fmt.h>

#include <boost/asio/post.hpp>

#include "server/common/sessions.h"
#include "server/match/lobby.h"
#include "server/relay/relay.h"
#include "server/tournament/structure.h"
#include "server/tournament/tournaments.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

v1::TableOutcome outcome_of(tournament::TableResult result) {
  switch (result) {
    case tournament::TableResult::kPending:
      return v1::TABLE_OUTCOME_PENDING;
    case tournament::TableResult::kFirstWins:
      return v1::TABLE_OUTCOME_FIRST_WINS;
    case tournament::TableResult::kSecondWins:
      return v1::TABLE_OUTCOME_SECOND_WINS;
    case tournament::TableResult::kDraw:
      return v1::TABLE_OUTCOME_DRAW;
    case tournament::TableResult::kDoubleLoss:
      return v1::TABLE_OUTCOME_DOUBLE_LOSS;
  }
  return v1::TABLE_OUTCOME_PENDING;
}

v1::TournamentStatus status_of(storage::TournamentStatus status) {
  switch (status) {
    case storage::TournamentStatus::kRegistration:
      return v1::TOURNAMENT_STATUS_REGISTRATION;
    case storage::TournamentStatus::kRunning:
      return v1::TOURNAMENT_STATUS_RUNNING;
    case storage::TournamentStatus::kFinished:
      return v1::TOURNAMENT_STATUS_FINISHED;
  }
  return v1::TOURNAMENT_STATUS_UNSPECIFIED;
}

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string csv(std::string_view field) {
  if (field.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(field);
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string json_of(const google::protobuf::Message& message) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out;
}

}  // namespace

std::string Tournaments::name_of(const Event& event, std::int64_t account_id) const {
  const tournament::Entrant* e = event.rules.entrant(account_id);
  return e ? e->name : "?";
}

v1::TournamentInfo Tournaments::info(const Event& event, const Identity& who) const {
  v1::TournamentInfo out;
  const auto& rules = event.rules;
  out.set_tournament_id(static_cast<std::uint64_t>(event.record.id));
  *out.mutable_settings() = event.settings;
  out.set_status(status_of(event.record.status));
  out.set_organiser_id(static_cast<std::uint64_t>(event.record.organiser_id));
  out.set_organiser(event.organiser_name);
  out.set_created_at_ms(event.record.created_at_ms);
  int players = 0;
  for (const auto& e : rules.entrants) {
    players += e.dropped_after == 0;
    auto* entrant = out.add_entrants();
    entrant->set_account_id(static_cast<std::uint64_t>(e.id));
    entrant->set_username(e.name);
    entrant->set_registered_at_ms(event.registered_at.at(e.id));
    entrant->set_first_round(static_cast<std::uint32_t>(e.first_round));
    entrant->set_dropped_after(static_cast<std::uint32_t>(e.dropped_after));
    // Which deck is locked: for the entrant and the organiser only, as the deck itself is.
    if (e.id == who.account_id || event.record.organiser_id == who.account_id) {
      const v1::SeatSetup& seat = event.seats.at(e.id);
      if (seat.has_stccg()) entrant->set_deck_title(seat.stccg().deck_title());
    }
  }
  const int planned = rules.swiss_rounds > 0
                          ? rules.swiss_rounds
                          : std::min(event.settings.swiss_rounds() > 0
                                         ? static_cast<int>(event.settings.swiss_rounds())
                                         : tournament::default_swiss_rounds(players),
                                     std::max(players - 1, 0));
  out.set_swiss_rounds(static_cast<std::uint32_t>(planned));
  const auto paired = static_cast<std::uint32_t>(rules.rounds.size());
  out.set_rounds_paired(paired);
  out.set_round_done(paired > 0 && rules.rounds.back().done());
  out.set_registered(event.seats.contains(who.account_id));
  out.set_organising(event.record.organiser_id == who.account_id);
  const bool open = event.record.status == storage::TournamentStatus::kRegistration ||
                    (event.record.status == storage::TournamentStatus::kRunning &&
                     paired <= event.settings.late_registration_rounds());
  out.set_registration_open(open && !out.registered() && !out.organising());
  if (event.record.status == storage::TournamentStatus::kFinished) out.set_seed(rules.seed);
  return out;
}

v1::TournamentRound Tournaments::round_view(const Event& event, int round, bool with_clocks) const {
  const tournament::Round& r = event.rules.rounds.at(static_cast<std::size_t>(round - 1));
  v1::TournamentRound out;
  out.set_tournament_id(static_cast<std::uint64_t>(event.record.id));
  out.set_round(static_cast<std::uint32_t>(r.number));
  out.set_cut(r.cut);
  out.set_started_at_ms(event.round_times.at(static_cast<std::size_t>(round - 1)).first);
  out.set_ends_at_ms(event.round_times.at(static_cast<std::size_t>(round - 1)).second);
  out.set_done(r.done());
  for (const tournament::Table& t : r.tables) {
    auto* table = out.add_tables();
    table->set_table(static_cast<std::uint32_t>(t.number));
    table->mutable_first()->set_account_id(static_cast<std::uint64_t>(t.first));
    table->mutable_first()->set_username(name_of(event, t.first));
    if (!t.bye()) {
      table->mutable_second()->set_account_id(static_cast<std::uint64_t>(t.second));
      table->mutable_second()->set_username(name_of(event, t.second));
    }
    table->set_match_id(static_cast<std::uint64_t>(t.match_id));
    table->set_outcome(outcome_of(t.result));
    table->set_at_time(t.at_time);
    table->set_override_reason(t.override_reason);
    if (t.match_id == 0) continue;
    if (auto match = services_->lobby.find(t.match_id)) {
      const v1::MatchInfo info = match->info();
      table->set_match_status(info.status());
      table->set_summary(info.result().summary());
      if (with_clocks && info.status() == v1::MATCH_STATUS_ACTIVE) {
        if (auto clock = match->clock_reading()) *table->mutable_clock() = *clock;
      }
    } else {
      // Over, and released from memory; or, undecided, played on another node of a cluster.
      table->set_match_status(t.decided() ? v1::MATCH_STATUS_FINISHED : v1::MATCH_STATUS_ACTIVE);
    }
  }
  return out;
}

v1::TournamentStandings Tournaments::standings_view(const Event& event) const {
  // Published as each round is done: a round in play does not count yet.
  tournament::Tournament published = event.rules;
  if (!published.rounds.empty() && !published.rounds.back().done()) published.rounds.pop_back();
  v1::TournamentStandings out;
  out.set_tournament_id(static_cast<std::uint64_t>(event.record.id));
  out.set_after_round(static_cast<std::uint32_t>(published.swiss_played()));
  const bool final = event.record.status == storage::TournamentStatus::kFinished;
  out.set_final(final);
  const auto standings = published.standings();
  std::vector<const tournament::Standing*> order;
  for (const auto& s : standings)
    order.push_back(&s);
  std::map<std::int64_t, int> place;
  if (final) {
    const auto placings = published.placings();
    for (std::size_t i = 0; i < placings.size(); ++i)
      place[placings[i]] = static_cast<int>(i) + 1;
    std::sort(order.begin(), order.end(),
              [&](auto* a, auto* b) { return place.at(a->id) < place.at(b->id); });
  }
  for (const tournament::Standing* s : order) {
    auto* row = out.add_rows();
    row->set_rank(static_cast<std::uint32_t>(s->rank));
    row->mutable_player()->set_account_id(static_cast<std::uint64_t>(s->id));
    row->mutable_player()->set_username(s->name);
    row->set_points(static_cast<std::uint32_t>(s->points));
    row->set_wins(static_cast<std::uint32_t>(s->wins));
    row->set_draws(static_cast<std::uint32_t>(s->draws));
    row->set_losses(static_cast<std::uint32_t>(s->losses));
    row->set_byes(static_cast<std::uint32_t>(s->byes));
    row->set_match_win(s->match_win);
    row->set_opponents_match_win(s->opponents_match_win);
    row->set_game_win(s->game_win);
    row->set_opponents_game_win(s->opponents_game_win);
    row->set_dropped(s->dropped);
    if (final) row->set_place(static_cast<std::uint32_t>(place.at(s->id)));
  }
  return out;
}

std::string Tournaments::export_csv(const Event& event) const {
  std::string out =
      "place,rank,player,points,wins,draws,losses,byes,match_win,opponents_match_win,game_win,"
      "opponents_game_win,dropped\n";
  const v1::TournamentStandings standings = standings_view(event);
  for (const auto& row : standings.rows()) {
    out += fmt::format("{},{},{},{},{},{},{},{},{:.4f},{:.4f},{:.4f},{:.4f},{}\n",
                       row.place() == 0 ? std::string() : std::to_string(row.place()), row.rank(),
                       csv(row.player().username()), row.points(), row.wins(), row.draws(),
                       row.losses(), row.byes(), row.match_win(), row.opponents_match_win(),
                       row.game_win(), row.opponents_game_win(), row.dropped() ? "yes" : "no");
  }
  return out;
}

std::string Tournaments::export_json(const Event& event) const {
  const Identity nobody;
  v1::TournamentInfo header = info(event, nobody);
  header.clear_registered();
  header.clear_organising();
  header.clear_registration_open();
  std::string out = "{\"tournament\": " + json_of(header) + ",\n\"rounds\": [";
  for (std::size_t r = 1; r <= event.rules.rounds.size(); ++r) {
    out += (r == 1 ? "\n" : ",\n") + json_of(round_view(event, static_cast<int>(r), false));
  }
  return out + "],\n\"standings\": " + json_of(standings_view(event)) + "}\n";
}

void Tournaments::get_round(Identity who, v1::GetRound request, Reply reply) {
  asio::post(*strand_, [this, who, request, reply] {
    Event* event = visible(who, request.tournament_id(), reply);
    if (!event) return;
    const auto paired = static_cast<std::uint32_t>(event->rules.rounds.size());
    const std::uint32_t round = request.round() == 0 ? paired : request.round();
    if (round < 1 || round > paired)
      return reply(error_response(v1::NOT_FOUND,
                                  paired == 0 ? "no round has been paired yet" : "no such round"));
    v1::Response response;
    *response.mutable_round() =
        round_view(*event, static_cast<int>(round), event->record.organiser_id == who.account_id);
    reply(std::move(response));
  });
}

void Tournaments::standings(Identity who, std::uint64_t id, Reply reply) {
  asio::post(*strand_, [this, who, id, reply] {
    if (Event* event = visible(who, id, reply)) {
      v1::Response response;
      *response.mutable_standings() = standings_view(*event);
      reply(std::move(response));
    }
  });
}

void Tournaments::export_event(Identity who, v1::ExportTournament request, Reply reply) {
  asio::post(*strand_, [this, who, request, reply] {
    Event* event = visible(who, request.tournament_id(), reply);
    if (!event) return;
    v1::Response response;
    auto* out = response.mutable_tournament_export();
    const std::string stem = "tournament-" + std::to_string(event->record.id);
    if (request.format() == v1::EXPORT_FORMAT_JSON) {
      out->set_filename(stem + ".json");
      out->set_content_type("application/json");
      out->set_text(export_json(*event));
    } else {
      out->set_filename(stem + "-standings.csv");
      out->set_content_type("text/csv");
      out->set_text(export_csv(*event));
    }
    reply(std::move(response));
  });
}

void Tournaments::notify(Event& event, v1::TournamentUpdate update, bool with_tables) {
  update.set_tournament_id(static_cast<std::uint64_t>(event.record.id));
  v1::ServerMessage message;
  *message.mutable_event()->mutable_tournament() = update;
  std::set<const Recipient*> told;
  // Round news reaches each player on every connection they have, with their own table.
  const bool round_news = update.kind() != v1::TournamentUpdate::TABLE_RESULT &&
                          update.kind() != v1::TournamentUpdate::ENTRANTS;
  std::map<std::int64_t, v1::TableAssignment> seated;
  if (with_tables) {
    const tournament::Round& round = event.rules.rounds.back();
    for (const tournament::Table& t : round.tables) {
      for (std::int64_t player : {t.first, t.second}) {
        if (player == 0) continue;
        v1::TableAssignment& a = seated[player];
        a.set_round(static_cast<std::uint32_t>(round.number));
        a.set_table(static_cast<std::uint32_t>(t.number));
        a.set_match_id(static_cast<std::uint64_t>(t.match_id));
        a.set_bye(t.bye());
        if (!t.bye()) a.set_opponent(name_of(event, player == t.first ? t.second : t.first));
      }
    }
  }
  for (const auto& entrant : event.rules.entrants) {
    if (!round_news) break;
    v1::ServerMessage personal = message;
    if (auto it = seated.find(entrant.id); it != seated.end())
      *personal.mutable_event()->mutable_tournament()->mutable_your_table() = it->second;
    for (const auto& c : services_->sessions.of_account(entrant.id, nullptr)) {
      c->push(personal);
      told.insert(c.get());
    }
    // In a cluster, on whichever node they are connected to.
    if (services_->relay) services_->relay->push_to_account(entrant.id, personal);
  }
  std::erase_if(event.followers, [](const auto& f) { return f.expired(); });
  for (const auto& follower : event.followers) {
    auto c = follower.lock();
    if (c && !told.contains(c.get())) c->push(message);
  }
}

}  // namespace spacedock::server
