// The tournament commands: events, and event create, show, register, drop, start, round,
// standings, result, export, deck, log and follow; and the news the server sends of them.
#include <fmt/format.h>

#include <fstream>

#include "clients/cli/format.h"
#include "clients/cli/session.h"

namespace spacedock::cli {
namespace {

namespace asio = boost::asio;

std::string status_text(v1::TournamentStatus status) {
  switch (status) {
    case v1::TOURNAMENT_STATUS_REGISTRATION:
      return "registration";
    case v1::TOURNAMENT_STATUS_RUNNING:
      return "running";
    case v1::TOURNAMENT_STATUS_FINISHED:
      return "finished";
    default:
      return "?";
  }
}

std::string game_text(v1::Game game) {
  return game == v1::GAME_STCCG ? "Star Trek CCG" : "Star Trek: Incursions";
}

std::string describe_event(const v1::TournamentInfo& t) {
  const auto& s = t.settings();
  std::string line = fmt::format("event {} '{}': {}, {}, organised by {}; {} Swiss rounds",
                                 t.tournament_id(), s.name(), game_text(s.game()),
                                 status_text(t.status()), t.organiser(), t.swiss_rounds());
  if (s.top_cut() > 0) line += fmt::format(" and a top {}", s.top_cut());
  line += fmt::format(", {} min a round", s.round_minutes());
  if (t.rounds_paired() > 0) line += fmt::format("; {} rounds paired", t.rounds_paired());
  if (t.registered()) line += " (you are registered)";
  if (t.registration_open()) line += " (registration open)";
  return line;
}

std::string outcome_words(const v1::TournamentTable& t) {
  if (!t.has_second()) return "bye";
  switch (t.outcome()) {
    case v1::TABLE_OUTCOME_FIRST_WINS:
      return t.first().username() + " won" + (t.at_time() ? " at time" : "");
    case v1::TABLE_OUTCOME_SECOND_WINS:
      return t.second().username() + " won" + (t.at_time() ? " at time" : "");
    case v1::TABLE_OUTCOME_DRAW:
      return std::string("a draw") + (t.at_time() ? " at time" : "");
    case v1::TABLE_OUTCOME_DOUBLE_LOSS:
      return "a double loss";
    default:
      return t.match_status() == v1::MATCH_STATUS_ACTIVE ? "playing" : "pending";
  }
}

std::string minutes(std::int64_t ms) {
  return fmt::format("{}:{:02}", ms / 60'000, ms / 1000 % 60);
}

// A table's clocks as they stand `now`, counted on from their reading, each figure saying what
// it counts: "ann 12:04 left on the clock, running; bob 14:30 left, away 0:45 (0:15 left to
// come back)".
std::string clock_words(const v1::TournamentTable& t, std::int64_t now) {
  const v1::MatchClock& clock = t.clock();
  const std::int64_t since = std::max<std::int64_t>(0, now - clock.as_of_ms());
  std::string out;
  for (const auto& seat : clock.seats()) {
    const bool running = seat.running() && !clock.paused();
    const std::int64_t left =
        std::max<std::int64_t>(0, seat.remaining_ms() - (running ? since : 0));
    out += fmt::format("{}{} {} left on the clock{}", out.empty() ? "" : "; ",
                       seat.seat() == 0 ? t.first().username() : t.second().username(),
                       minutes(left), running ? ", running" : "");
    if (seat.away_ms() > 0) {
      out += ", away " + minutes(seat.away_ms() + since);
      if (seat.forfeit_in_ms() > 0) {
        out += " (" + minutes(std::max<std::int64_t>(0, seat.forfeit_in_ms() - since)) +
               " left to come back)";
      }
    }
  }
  if (clock.paused()) out += "; clocks paused";
  return out;
}

void show_round(const v1::TournamentRound& r) {
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  std::string head = fmt::format("{} {}", r.cut() ? "cut round" : "round", r.round());
  if (r.done()) {
    head += ": done";
  } else if (r.ends_at_ms() > now) {
    head += fmt::format(": {} min left", (r.ends_at_ms() - now + 59'999) / 60'000);
  }
  say(head);
  for (const auto& t : r.tables()) {
    std::string line = fmt::format("  table {:>3}: {} vs {}", t.table(), t.first().username(),
                                   t.has_second() ? t.second().username() : std::string("(bye)"));
    if (t.match_id() != 0) line += fmt::format(", match {}", t.match_id());
    line += " — " + outcome_words(t);
    if (!t.override_reason().empty()) line += " (ruling: " + t.override_reason() + ")";
    if (t.has_clock()) line += " [" + clock_words(t, now) + "]";
    say(line);
  }
}

void show_standings(const v1::TournamentStandings& s) {
  say(fmt::format("standings after round {}{}", s.after_round(), s.final() ? " (final)" : ""));
  say(" place rank player               pts  W-D-L  byes  OMW%   GW%  OGW%");
  for (const auto& row : s.rows()) {
    say(fmt::format(" {:>5} {:>4} {:<20} {:>3}  {}-{}-{}  {:>4}  {:>4.1f}  {:>4.1f}  {:>4.1f}{}",
                    row.place() == 0 ? std::string() : std::to_string(row.place()), row.rank(),
                    row.player().username(), row.points(), row.wins(), row.draws(), row.losses(),
                    row.byes(), 100 * row.opponents_match_win(), 100 * row.game_win(),
                    100 * row.opponents_game_win(), row.dropped() ? "  (dropped)" : ""));
  }
}

// Reads `--flag VALUE` and `--flag` words of event create into the settings; throws on others.
v1::TournamentSettings settings_from(const std::vector<std::string>& args) {
  v1::TournamentSettings s;
  s.set_game(v1::GAME_INCURSIONS);
  std::string name;
  auto number = [](const std::string& flag, const std::string& text) -> std::uint32_t {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
      throw std::invalid_argument(flag + " takes a number");
    return static_cast<std::uint32_t>(std::stoul(text));
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (!word.starts_with("--")) {
      name += (name.empty() ? "" : " ") + word;
      continue;
    }
    const bool valued = word != "--stccg" && word != "--time-draw" && word != "--private";
    if (valued && i + 1 == args.size()) throw std::invalid_argument(word + " takes a value");
    const std::string value = valued ? args[++i] : "";
    if (word == "--stccg") {
      s.set_game(v1::GAME_STCCG);
    } else if (word == "--time-draw") {
      s.set_time_call(v1::TIME_CALL_DRAW);
    } else if (word == "--private") {
      s.set_private_event(true);
    } else if (word == "--rounds") {
      s.set_swiss_rounds(number(word, value));
    } else if (word == "--cut") {
      s.set_top_cut(number(word, value));
    } else if (word == "--minutes") {
      s.set_round_minutes(number(word, value));
    } else if (word == "--no-show") {
      s.set_no_show_minutes(number(word, value));
    } else if (word == "--late") {
      s.set_late_registration_rounds(number(word, value));
    } else if (word == "--clock") {
      if (value == "blitz") {
        s.set_clock(v1::CLOCK_PRESET_BLITZ);
      } else if (value == "standard") {
        s.set_clock(v1::CLOCK_PRESET_STANDARD);
      } else if (value == "tournament") {
        s.set_clock(v1::CLOCK_PRESET_TOURNAMENT);
      } else {
        throw std::invalid_argument("--clock blitz | standard | tournament");
      }
    } else {
      throw std::invalid_argument("unknown flag " + word);
    }
  }
  s.set_name(name);
  return s;
}

}  // namespace

void Session::on_tournament(const v1::TournamentUpdate& update) {
  std::string line = fmt::format("[event {}] {}", update.tournament_id(), update.message());
  if (update.has_your_table()) {
    const auto& t = update.your_table();
    line += t.bye() ? fmt::format("; you have a bye (table {})", t.table())
                    : fmt::format("; you play {} at table {}: join {}", t.opponent(), t.table(),
                                  t.match_id());
  }
  say(line);
}

asio::awaitable<void> Session::run_tournament_command(const Command& c) {
  v1::ClientMessage message;
  const std::string what = c.verb == Command::Verb::kEvents ? "events" : "event " + c.event_action;
  if (c.verb == Command::Verb::kEvents) {
    auto* list = message.mutable_list_tournaments();
    if (c.filter == "all") {
      for (auto status : {v1::TOURNAMENT_STATUS_REGISTRATION, v1::TOURNAMENT_STATUS_RUNNING,
                          v1::TOURNAMENT_STATUS_FINISHED})
        list->add_statuses(status);
    } else if (c.filter == "finished") {
      list->add_statuses(v1::TOURNAMENT_STATUS_FINISHED);
    }
    const auto response = co_await request(std::move(message), what);
    if (!ok(response)) co_return;
    if (response->tournaments().tournaments().empty()) say("no events");
    for (const auto& t : response->tournaments().tournaments())
      say("  " + describe_event(t));
    co_return;
  }
  // The account id of player `name` in the event, asked of the server.
  auto account_of = [&](const std::string& name) -> asio::awaitable<std::uint64_t> {
    v1::ClientMessage get;
    get.mutable_get_tournament()->set_tournament_id(c.event_id);
    const auto info = co_await request(std::move(get), what);
    if (!ok(info)) co_return 0;
    for (const auto& e : info->tournament().entrants()) {
      if (e.username() == name) co_return e.account_id();
    }
    say("error: " + name + " is not registered in event " + std::to_string(c.event_id));
    co_return 0;
  };

  const std::string& action = c.event_action;
  if (action == "create") {
    v1::TournamentSettings settings;
    try {
      settings = settings_from(c.args);
    } catch (const std::invalid_argument& e) {
      co_return say(std::string("error: event create: ") + e.what());
    }
    *message.mutable_create_tournament()->mutable_settings() = settings;
    const auto response = co_await request(std::move(message), what);
    if (ok(response)) say("created " + describe_event(response->tournament()));
  } else if (action == "show" || action == "follow") {
    if (action == "show") {
      message.mutable_get_tournament()->set_tournament_id(c.event_id);
    } else {
      message.mutable_follow_tournament()->set_tournament_id(c.event_id);
    }
    const auto response = co_await request(std::move(message), what);
    if (!ok(response)) co_return;
    const auto& t = response->tournament();
    say(describe_event(t));
    for (const auto& e : t.entrants()) {
      std::string line = "  " + e.username();
      if (e.first_round() > 1) line += fmt::format(" (from round {})", e.first_round());
      if (e.dropped_after() > 0)
        line += fmt::format(" (dropped after round {})", e.dropped_after());
      // Shown to the entrant and the organiser only.
      if (!e.deck_title().empty()) line += " - registered with " + e.deck_title();
      say(line);
    }
    if (action == "follow") say("following event " + std::to_string(c.event_id) + "'s news");
  } else if (action == "register" || action == "change-deck") {
    auto* r = message.mutable_register_for_tournament();
    r->set_tournament_id(c.event_id);
    r->set_change_seat(action == "change-deck");
    if (c.args.size() == 2) {
      auto* seat = r->mutable_stccg_seat();
      if (c.args[0] == "--deck") {
        seat->set_sample_deck(c.args[1]);
      } else if (c.args[0] == "--deck-id") {
        seat->set_deck_id(std::stoull(c.args[1]));
      } else if (c.args[0] == "--deck-file") {
        auto text = read_file(c.args[1], "deck file");
        if (!text) co_return;
        seat->set_deck_list(*std::move(text));
      } else {
        co_return say("error: usage: event " + action +
                      " ID [PRESET | --deck NAME | --deck-file PATH | --deck-id ID]");
      }
    } else if (c.args.size() == 1) {
      r->mutable_incursions_seat()->set_hexpile_preset(c.args[0]);
    }
    const auto response = co_await request(std::move(message), what);
    if (!ok(response)) co_return;
    std::string deck;
    for (const auto& e : response->tournament().entrants()) {
      if (!e.deck_title().empty()) deck = " with " + e.deck_title();
    }
    say((action == "register" ? "registered for " : "changed your registration for ") +
        describe_event(response->tournament()) + deck);
  } else if (action == "drop") {
    message.mutable_drop_from_tournament()->set_tournament_id(c.event_id);
    if (!c.args.empty()) {
      const std::uint64_t account = co_await account_of(c.args[0]);
      if (account == 0) co_return;
      message.mutable_drop_from_tournament()->set_account_id(account);
    }
    const auto response = co_await request(std::move(message), what);
    if (ok(response))
      say((c.args.empty() ? std::string("you dropped") : c.args[0] + " dropped") + " from event " +
          std::to_string(c.event_id));
  } else if (action == "start") {
    message.mutable_start_round()->set_tournament_id(c.event_id);
    const auto response = co_await request(std::move(message), what);
    if (ok(response)) show_round(response->round());
  } else if (action == "round") {
    message.mutable_get_round()->set_tournament_id(c.event_id);
    if (!c.args.empty()) message.mutable_get_round()->set_round(std::stoul(c.args[0]));
    const auto response = co_await request(std::move(message), what);
    if (ok(response)) show_round(response->round());
  } else if (action == "standings") {
    message.mutable_get_standings()->set_tournament_id(c.event_id);
    const auto response = co_await request(std::move(message), what);
    if (ok(response)) show_standings(response->standings());
  } else if (action == "result") {
    auto* r = message.mutable_set_table_result();
    r->set_tournament_id(c.event_id);
    r->set_round(std::stoul(c.args[0]));
    r->set_table(std::stoul(c.args[1]));
    const std::string& outcome = c.args[2];
    r->set_outcome(outcome == "first"    ? v1::TABLE_OUTCOME_FIRST_WINS
                   : outcome == "second" ? v1::TABLE_OUTCOME_SECOND_WINS
                   : outcome == "draw"   ? v1::TABLE_OUTCOME_DRAW
                                         : v1::TABLE_OUTCOME_DOUBLE_LOSS);
    std::string reason;
    for (std::size_t i = 3; i < c.args.size(); ++i)
      reason += (reason.empty() ? "" : " ") + c.args[i];
    r->set_reason(reason);
    const auto response = co_await request(std::move(message), what);
    if (ok(response)) show_round(response->round());
  } else if (action == "export") {
    message.mutable_export_tournament()->set_tournament_id(c.event_id);
    message.mutable_export_tournament()->set_format(c.args[0] == "json" ? v1::EXPORT_FORMAT_JSON
                                                                        : v1::EXPORT_FORMAT_CSV);
    const auto response = co_await request(std::move(message), what);
    if (!ok(response)) co_return;
    std::ofstream out(c.args[1], std::ios::binary);
    out << response->tournament_export().text();
    if (!out.flush()) co_return say("error: cannot write " + c.args[1]);
    say("wrote " + response->tournament_export().filename() + " to " + c.args[1]);
  } else if (action == "deck") {
    const std::uint64_t account = co_await account_of(c.args[0]);
    if (account == 0) co_return;
    message.mutable_get_tournament_deck()->set_tournament_id(c.event_id);
    message.mutable_get_tournament_deck()->set_account_id(account);
    const auto response = co_await request(std::move(message), what);
    if (!ok(response)) co_return;
    say(response->tournament_deck().player().username() + "'s registered deck:");
    say(response->tournament_deck().deck_list());
  } else if (action == "log") {
    message.mutable_get_tournament_log()->set_tournament_id(c.event_id);
    const auto response = co_await request(std::move(message), what);
    if (!ok(response)) co_return;
    for (const auto& e : response->tournament_log().entries()) {
      const std::time_t seconds = e.at_ms() / 1000;
      char when[32];
      std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", std::gmtime(&seconds));
      say(fmt::format("  {} {} {}{}", when, e.username(), e.action(),
                      e.detail().empty() ? "" : ": " + e.detail()));
    }
  }
}

}  // namespace spacedock::cli
