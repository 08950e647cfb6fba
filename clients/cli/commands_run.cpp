// What each command does.
#include <set>

#include "clients/cli/format.h"
#include "clients/cli/session.h"

namespace spacedock::cli {
namespace {

namespace asio = boost::asio;
using Verb = Command::Verb;

// The STCCG seat a command asks for: a sample deck, a stored deck, or the text of a deck file.
// Returns false, having said why, if the file cannot be read.
bool stccg_seat(const Command& c, v1::StccgSeatOptions& seat) {
  if (c.deck_id != 0) {
    seat.set_deck_id(c.deck_id);
    return true;
  }
  if (c.deck_file.empty()) {
    seat.set_sample_deck(c.deck);
    return true;
  }
  auto text = read_file(c.deck_file, "deck file");
  if (!text) return false;
  seat.set_deck_list(*std::move(text));
  return true;
}

// The hexpile preset, ship and officers a command names for an Incursions seat.
void incursions_seat(const Command& c, v1::IncursionsSeatOptions& seat) {
  if (!c.preset.empty()) seat.set_hexpile_preset(c.preset);
  seat.set_ship(c.ship);
  seat.set_captain(c.captain);
  for (const auto& crew : c.crew)
    seat.add_crew(crew);
  seat.set_deck_preset(c.deck_preset);
}

v1::ClockPreset clock_preset(const std::string& name) {
  if (name == "blitz") return v1::CLOCK_PRESET_BLITZ;
  if (name == "standard") return v1::CLOCK_PRESET_STANDARD;
  if (name == "tournament") return v1::CLOCK_PRESET_TOURNAMENT;
  return v1::CLOCK_PRESET_NONE;
}

v1::BotStrength bot_strength(const std::string& name) {
  if (name == "random") return v1::BOT_STRENGTH_RANDOM;
  if (name == "easy") return v1::BOT_STRENGTH_EASY;
  if (name == "strong") return v1::BOT_STRENGTH_STRONG;
  return v1::BOT_STRENGTH_NONE;
}

}  // namespace

asio::awaitable<bool> Session::execute(const Command& c) {
  v1::ClientMessage message;
  switch (c.verb) {
    case Verb::kHelp:
      say(kHelpText);
      break;
    case Verb::kRegister: {
      message.mutable_register_()->set_username(c.name);
      message.mutable_register_()->set_password(c.password);
      const auto response = co_await request(std::move(message), "register");
      if (!ok(response)) break;
      say("registered " + c.name);
      co_await log_in(c.name, c.password);
      break;
    }
    case Verb::kLogin:
      co_await log_in(c.name, c.password);
      break;
    case Verb::kChat: {
      // In the followed match, else in the lobby.
      const std::uint64_t match = followed_ && !followed_->over ? followed_->match_id : 0;
      message.mutable_send_chat()->set_match_id(match);
      message.mutable_send_chat()->set_text(c.text);
      co_await request(std::move(message), "say");  // the message itself comes back as an event
      break;
    }
    case Verb::kLobbyChat: {
      message.mutable_follow_lobby_chat()->set_stop(!c.on);
      const auto response = co_await request(std::move(message), "lobby-chat");
      if (ok(response)) say(c.on ? "showing the lobby chat" : "no longer showing the lobby chat");
      break;
    }
    case Verb::kMute: {
      message.mutable_mute_user()->set_username(c.name);
      message.mutable_mute_user()->set_unmute(!c.on);
      const auto response = co_await request(std::move(message), c.on ? "mute" : "unmute");
      if (ok(response)) say((c.on ? "muted " : "unmuted ") + c.name);
      break;
    }
    case Verb::kReplay:
      co_await run_replay(c);
      break;
    case Verb::kDecks:
    case Verb::kDeck:
      co_await run_deck_command(c);
      break;
    case Verb::kEvents:
    case Verb::kEvent:
      co_await run_tournament_command(c);
      break;
    case Verb::kMatches: {
      auto* list = message.mutable_list_matches();
      list->set_mine(c.filter == "mine");
      list->set_open_seats(c.filter == "open");
      if (c.filter == "player") list->set_player(c.name);
      if (c.filter == "over") {
        list->add_statuses(v1::MATCH_STATUS_FINISHED);
        list->add_statuses(v1::MATCH_STATUS_ABORTED);
      }
      const auto response = co_await request(std::move(message), "matches");
      if (!ok(response)) break;
      if (response->matches().matches().empty()) say("no such matches");
      for (const auto& info : response->matches().matches())
        say("  " + describe_match(info));
      break;
    }
    case Verb::kCreate: {
      if (!free_to_follow(0)) break;
      auto* create = message.mutable_create_match();
      create->set_private_match(c.private_match);
      create->set_no_spectators(c.no_spectators);
      create->set_clock(clock_preset(c.clock));
      if (c.pause_on_disconnect) create->set_on_disconnect(v1::DISCONNECT_OUTCOME_PAUSE);
      create->set_bot_opponents(bot_strength(c.bot));
      if (c.stccg) {
        create->set_game(v1::GAME_STCCG);
        create->mutable_stccg();
        if (!stccg_seat(c, *create->mutable_stccg_seat())) break;
      } else {
        create->set_game(v1::GAME_INCURSIONS);
        create->mutable_incursions()->set_players(c.players);
        if (c.mode == "crew") create->mutable_incursions()->set_mode(v1::INCURSIONS_MODE_CREW);
        if (c.mode == "events") create->mutable_incursions()->set_mode(v1::INCURSIONS_MODE_EVENTS);
        if (c.mode == "full") create->mutable_incursions()->set_mode(v1::INCURSIONS_MODE_FULL);
        incursions_seat(c, *create->mutable_incursions_seat());
      }
      co_await follow(std::move(message), "create");
      break;
    }
    case Verb::kQuick: {
      if (!free_to_follow(0)) break;
      auto* quick = message.mutable_quick_match();
      quick->set_clock(clock_preset(c.clock));
      quick->set_bot(bot_strength(c.bot));
      if (c.stccg) {
        quick->set_game(v1::GAME_STCCG);
        if (!stccg_seat(c, *quick->mutable_stccg_seat())) break;
      } else {
        quick->set_game(v1::GAME_INCURSIONS);
      }
      const auto response = co_await request(std::move(message), "quick");
      if (ok(response)) co_await on_quick_match(response->quick_match());
      break;
    }
    case Verb::kUnqueue: {
      message.mutable_leave_queue();
      const auto response = co_await request(std::move(message), "unqueue");
      if (ok(response)) say("left the quick-match queue");
      break;
    }
    case Verb::kClock:
      show_clock();
      break;
    case Verb::kJoin: {
      if (!free_to_follow(c.match_id)) break;
      message.mutable_join_match()->set_match_id(c.match_id);
      message.mutable_join_match()->set_invite_code(c.code);
      if (c.stccg && !stccg_seat(c, *message.mutable_join_match()->mutable_stccg_seat())) break;
      if (!c.preset.empty() || !c.ship.empty() || !c.captain.empty() || !c.crew.empty())
        incursions_seat(c, *message.mutable_join_match()->mutable_incursions_seat());
      co_await follow(std::move(message), "join");
      break;
    }
    case Verb::kSpectate: {
      if (!free_to_follow(c.match_id)) break;
      message.mutable_spectate()->set_match_id(c.match_id);
      message.mutable_spectate()->set_invite_code(c.code);
      message.mutable_spectate()->set_as_judge(c.judge);
      co_await follow(std::move(message), "spectate");
      break;
    }
    case Verb::kLeave: {
      if (!followed_) {
        say("error: you follow no match");
        break;
      }
      message.mutable_leave_match()->set_match_id(followed_->match_id);
      const auto id = followed_->match_id;
      followed_.reset();  // whatever the server says, stop showing it
      const auto response = co_await request(std::move(message), "leave");
      if (ok(response)) say("left match " + std::to_string(id));
      break;
    }
    case Verb::kConcede: {
      if (!followed_ || followed_->spectator) {
        say("error: you play no match");
        break;
      }
      message.mutable_concede()->set_match_id(followed_->match_id);
      const auto response = co_await request(std::move(message), "concede");
      if (ok(response)) say("you conceded match " + std::to_string(followed_->match_id));
      break;
    }
    case Verb::kBoard: {
      if (!followed_) {
        say("error: you follow no match");
        break;
      }
      if (followed_->view_current()) {
        draw_board();
        break;
      }
      if (followed_->judge) {
        if (followed_->snapshot) {
          draw_board();
        } else {
          say("no judge view yet: the game is younger than the judges' delay");
        }
        break;
      }
      const bool refreshing = co_await refresh_view();
      if (!refreshing) {
        if (followed_ && followed_->snapshot) {
          say("(the board as of event " + std::to_string(followed_->snapshot_seq) + ")");
          draw_board();
        } else {
          say("match " + std::to_string(followed_->match_id) + " has not started yet");
        }
      }
      break;
    }
    case Verb::kLog: {
      if (log_.empty()) say("no events yet");
      const std::size_t from = log_.size() - std::min(c.count, log_.size());
      for (std::size_t i = from; i < log_.size(); ++i)
        say(log_[i]);
      break;
    }
    case Verb::kAnswer: {
      if (!followed_ || followed_->prompts.empty()) {
        say("error: no prompt of yours is open");
        break;
      }
      const auto& [id, open] = *followed_->prompts.begin();
      const auto& prompt = open.prompt;
      const std::size_t count = static_cast<std::size_t>(prompt.options_size());
      const std::set<std::size_t> distinct(c.picks.begin(), c.picks.end());
      if (*distinct.begin() < 1 || *distinct.rbegin() > count) {
        say("error: choose an option from 1 to " + std::to_string(count));
      } else if (distinct.size() != c.picks.size() || c.picks.size() < prompt.min_choices() ||
                 c.picks.size() > std::max(1u, prompt.max_choices())) {
        say(prompt.max_choices() <= 1
                ? std::string("error: choose one option")
                : "error: choose " + std::to_string(prompt.min_choices()) + " to " +
                      std::to_string(prompt.max_choices()) + " different options");
      } else {
        co_await answer(id, c.picks);
      }
      break;
    }
    case Verb::kAuto:
      auto_ = c.on;
      say(auto_ ? "auto is on: your prompts get random answers" : "auto is off");
      if (!auto_ && followed_) show_prompts();
      break;
    case Verb::kWait:
      if (!followed_) {
        say("error: you follow no match");
      } else if (followed_->over) {
        say("match " + std::to_string(followed_->match_id) + " is over");
      } else if (!followed_->spectator && !auto_) {
        say("error: nobody would answer your prompts while you wait; turn auto on first");
      } else {
        waiting_ = true;
      }
      break;
    case Verb::kQuit:
      co_return false;
  }
  co_return true;
}

asio::awaitable<void> Session::log_in(const std::string& name, const std::string& password) {
  v1::ClientMessage message;
  message.mutable_login()->set_username(name);
  message.mutable_login()->set_password(password);
  const auto response = co_await request(std::move(message), "login");
  if (!ok(response)) co_return;
  token_ = response->login().token();
  say("logged in as " + response->login().username());
}

bool Session::free_to_follow(std::uint64_t match_id) {
  if (!followed_ || followed_->over || followed_->match_id == match_id) return true;
  say("error: you follow match " + std::to_string(followed_->match_id) + "; leave it first");
  return false;
}

asio::awaitable<void> Session::follow(v1::ClientMessage message, std::string verb) {
  const bool spectator = message.has_spectate();
  const bool judge = spectator && message.spectate().as_judge();
  const auto response = co_await request(std::move(message), verb);
  if (!ok(response)) co_return;
  const auto& info = response->match();
  if (!followed_ || followed_->match_id != info.match_id()) {
    followed_ = Followed{};
    followed_->match_id = info.match_id();
  }
  followed_->spectator = spectator;
  followed_->judge = judge;
  followed_->info = info;
  say((verb == "create" ? "created "
       : judge          ? "judging "
       : spectator      ? "watching "
                        : "joined ") +
      describe_match(info));
}

}  // namespace spacedock::cli
