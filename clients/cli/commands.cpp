#include "clients/cli/commands.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>

namespace spacedock::cli {
namespace {

using Verb = Command::Verb;

// How each command is spelled and how many arguments it takes.
struct Spec {
  const char* word;
  Verb verb;
  std::size_t min_args;
  std::size_t max_args;
  const char* usage;
};

constexpr Spec kSpecs[] = {
    {"help", Verb::kHelp, 0, 0, "help"},
    {"register", Verb::kRegister, 2, 2, "register NAME PASSWORD"},
    {"login", Verb::kLogin, 2, 2, "login NAME PASSWORD"},
    {"matches", Verb::kMatches, 0, 2, "matches [mine | open | over | player NAME]"},
    {"create", Verb::kCreate, 0, 3,
     "create [PLAYERS] [PRESET] | create stccg [--deck NAME | --deck-file PATH | --deck-id ID]"},
    {"quick", Verb::kQuick, 0, 3, "quick [stccg [--deck NAME | --deck-file PATH | --deck-id ID]]"},
    {"unqueue", Verb::kUnqueue, 0, 0, "unqueue"},
    {"clock", Verb::kClock, 0, 0, "clock"},
    {"join", Verb::kJoin, 1, 3, "join ID [PRESET | --deck NAME | --deck-file PATH | --deck-id ID]"},
    {"replay", Verb::kReplay, 1, 3, "replay ID [own | public | full] [FILE]"},
    {"decks", Verb::kDecks, 0, 0, "decks"},
    {"deck", Verb::kDeck, 2, 64,
     "deck save PATH NAME | deck replace ID PATH | deck show ID | deck check ID|PATH [--30-30] | "
     "deck export ID PATH | deck rename ID NAME | deck delete ID"},
    {"events", Verb::kEvents, 0, 1, "events [all | finished]"},
    {"event", Verb::kEvent, 1, 64,
     "event create|show|register|drop|start|round|standings|result|"
     "export|deck|log|follow ... (see help)"},
    {"spectate", Verb::kSpectate, 1, 2, "spectate ID [CODE | --judge]"},
    {"say", Verb::kChat, 1, 1000, "say TEXT"},
    {"lobby-chat", Verb::kLobbyChat, 0, 1, "lobby-chat [off]"},
    {"mute", Verb::kMute, 1, 1, "mute NAME"},
    {"unmute", Verb::kMute, 1, 1, "unmute NAME"},
    {"leave", Verb::kLeave, 0, 0, "leave"},
    {"concede", Verb::kConcede, 0, 0, "concede"},
    {"board", Verb::kBoard, 0, 0, "board"},
    {"log", Verb::kLog, 0, 1, "log [N]"},
    {"auto", Verb::kAuto, 0, 1, "auto [off]"},
    {"wait", Verb::kWait, 0, 0, "wait"},
    {"quit", Verb::kQuit, 0, 0, "quit"},
    {"exit", Verb::kQuit, 0, 0, "exit"},
};

std::vector<std::string> split(std::string_view line) {
  std::istringstream in{std::string(line)};
  std::vector<std::string> words;
  for (std::string word; in >> word;)
    words.push_back(word);
  return words;
}

template <typename Number>
Number number(const std::string& text, const char* what) {
  Number value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument(std::string(what) + " must be a number, not '" + text + "'");
  return value;
}

bool is_number(const std::string& word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

// A STCCG deck from words[next...]: --deck NAME, --deck-file PATH or --deck-id ID. Returns whether
// there was one; throws on anything else.
bool parse_deck(const std::vector<std::string>& words, std::size_t next, Command& c,
                const char* usage) {
  if (next == words.size()) return false;
  if (next + 2 != words.size()) throw std::invalid_argument(std::string("usage: ") + usage);
  if (words[next] == "--deck") {
    c.deck = words[next + 1];
  } else if (words[next] == "--deck-file") {
    c.deck_file = words[next + 1];
  } else if (words[next] == "--deck-id") {
    c.deck_id = number<std::uint64_t>(words[next + 1], "ID");
  } else {
    throw std::invalid_argument(std::string("usage: ") + usage);
  }
  return true;
}

// deck ACTION ...: which words each action takes.
void parse_deck_action(const std::vector<std::string>& words, Command& c, const char* usage) {
  const auto usage_error = [usage] {
    return std::invalid_argument(std::string("usage: ") + usage);
  };
  const std::string& action = words[1];
  c.deck_action = action;
  const auto rest_from = [&](std::size_t first) {
    std::string joined;
    for (std::size_t i = first; i < words.size(); ++i)
      joined += (joined.empty() ? "" : " ") + words[i];
    return joined;
  };
  if (action == "save") {
    if (words.size() < 4) throw usage_error();
    c.path = words[2];
    c.name = rest_from(3);
  } else if (action == "check") {
    if (words.size() > 4 || (words.size() == 4 && words[3] != "--30-30")) throw usage_error();
    c.thirty_thirty = words.size() == 4;
    if (is_number(words[2])) {
      c.deck_id = number<std::uint64_t>(words[2], "ID");
    } else {
      c.path = words[2];
    }
  } else if (action == "replace" || action == "export" || action == "rename") {
    if (words.size() < 4 || (action != "rename" && words.size() != 4)) throw usage_error();
    c.deck_id = number<std::uint64_t>(words[2], "ID");
    if (action == "rename") {
      c.name = rest_from(3);
    } else {
      c.path = words[3];
    }
  } else if (action == "show" || action == "delete") {
    if (words.size() != 3) throw usage_error();
    c.deck_id = number<std::uint64_t>(words[2], "ID");
  } else {
    throw usage_error();
  }
}

// event ACTION ID ...: how many words each action takes after its event id (create has no id).
void parse_event_action(const std::vector<std::string>& words, Command& c) {
  struct Action {
    const char* name;
    std::size_t min_args;
    std::size_t max_args;
    const char* usage;
  };
  static constexpr Action kActions[] = {
      {"create", 1, 40,
       "event create NAME [--stccg] [--rounds N] [--cut N] [--minutes N] [--no-show N] "
       "[--clock C] [--late N] [--time-draw] [--private]"},
      {"show", 0, 0, "event show ID"},
      {"register", 0, 2,
       "event register ID [PRESET | --deck NAME | --deck-file PATH | --deck-id ID]"},
      {"change-deck", 0, 2,
       "event change-deck ID [PRESET | --deck NAME | --deck-file PATH | --deck-id ID]"},
      {"drop", 0, 1, "event drop ID [NAME]"},
      {"start", 0, 0, "event start ID"},
      {"round", 0, 1, "event round ID [N]"},
      {"standings", 0, 0, "event standings ID"},
      {"result", 4, 64, "event result ID ROUND TABLE first|second|draw|double-loss REASON"},
      {"export", 2, 2, "event export ID csv|json PATH"},
      {"deck", 1, 1, "event deck ID NAME"},
      {"log", 0, 0, "event log ID"},
      {"follow", 0, 0, "event follow ID"},
  };
  c.event_action = words[1];
  const Action* action = nullptr;
  for (const auto& candidate : kActions) {
    if (c.event_action == candidate.name) action = &candidate;
  }
  if (!action) throw std::invalid_argument("usage: event ACTION ...; type help for the actions");
  std::size_t first = 2;
  if (c.event_action != "create") {
    if (words.size() < 3) throw std::invalid_argument(std::string("usage: ") + action->usage);
    c.event_id = number<std::uint64_t>(words[2], "ID");
    first = 3;
  }
  c.args.assign(words.begin() + static_cast<std::ptrdiff_t>(first), words.end());
  if (c.args.size() < action->min_args || c.args.size() > action->max_args)
    throw std::invalid_argument(std::string("usage: ") + action->usage);
  if (c.event_action == "result") {
    number<std::uint32_t>(c.args[0], "ROUND");
    number<std::uint32_t>(c.args[1], "TABLE");
    const std::string& outcome = c.args[2];
    if (outcome != "first" && outcome != "second" && outcome != "draw" && outcome != "double-loss")
      throw std::invalid_argument(std::string("usage: ") + action->usage);
  }
  if (c.event_action == "round" && !c.args.empty()) number<std::uint32_t>(c.args[0], "N");
  if (c.event_action == "export" && c.args[0] != "csv" && c.args[0] != "json")
    throw std::invalid_argument(std::string("usage: ") + action->usage);
}

}  // namespace

const char* const kHelpText = R"(commands:
  register NAME PASSWORD     create an account (password: 8 characters or more)
  login NAME PASSWORD        log in; the session is kept across reconnects
  matches [mine | open | over | player NAME]
                             list waiting and active matches; yours (of any status), those
                             you can join, those that are over, or a player's
  create [PLAYERS] [PRESET]  create a Star Trek: Incursions match for 2-6 players (default 2),
                             contributing the hexpile PRESET (standard, federation, klingon,
                             romulan, borg; default standard)
  create stccg [--deck NAME | --deck-file PATH | --deck-id ID]
                             create a Star Trek CCG match for 2 with the sample deck NAME
                             (federation, klingon, romulan; default federation), the
                             LackeyCCG deck list in file PATH, or your stored deck ID
  join ID [PRESET]           take a seat in match ID (or rejoin your own seat)
  join ID --deck NAME | --deck-file PATH | --deck-id ID
                             take a seat in STCCG match ID with that deck
  replay ID [own | public | full] [FILE]
                             show finished match ID again from its log: your own view (as a
                             player), the public one, or every card; FILE: save it as JSON
  decks                      list your stored decks
  deck save PATH NAME        store the LackeyCCG list in file PATH as a new deck NAME
  deck replace ID PATH       put the list in file PATH in place of your deck ID's
  deck show ID               print your deck ID's list as saved
  deck check ID|PATH [--30-30]
                             list what is wrong with a stored deck or a list file, by line
                             (--30-30: under the 30 seed / 30 draw reading of the deck size)
  deck export ID PATH        write your deck ID as a normal LackeyCCG list to file PATH
  deck rename ID NAME        rename your deck ID
  deck delete ID             delete your deck ID (matches made with it keep their copy)
  create ... --mode full [--ship ID] [--captain ID | none] [--deck-preset ID]
                             the full Incursions game with game-card decks (crew come from
                             the deck); ID is a deck preset (standard, klingon; see
                             `spacedock content`). join ID takes the same --deck-preset
  create ... --mode crew | events [--ship ID] [--captain ID | none] [--crew ID]...
                             Incursions with captains and crew (and, in events, hex events
                             and denizens): your ship (default: dealt at random), captain
                             (default: your ship's race's; a crew card id stands in as
                             captain) and up to three crew, one per position; `spacedock
                             content` lists the ids. join ID takes the same --ship,
                             --captain and --crew
  create ... --private --no-spectators
                             (either or both, after the rest) a private match, listed to its
                             players only and joined with the invite code it gets; a match
                             nobody may watch
  create ... --clock blitz | standard | tournament [--pause-on-disconnect]
                             a timed match: 5 min + 5 s a decision, 20 min + 10 s, or 40 min
                             + 15 s; a player away past the grace forfeits, or with
                             --pause-on-disconnect the clocks stop until they are back
  create ... --bot random | easy | strong
                             a practice match: server bots of that strength take the other
                             seats and the game starts at once
  quick [stccg [--deck NAME | --deck-file PATH | --deck-id ID]] [--clock C] [--bot S]
                             quick match: play the next player who asks for the same game and
                             clock (Incursions by default); after a wait a bot is offered, and
                             quick ... --bot S takes it (or skips the wait)
  unqueue                    leave the quick-match queue
  clock                      the followed match's clocks
  join ID ... --code CODE    take a seat in a private match with its invite code
  spectate ID [CODE]         watch match ID (CODE: a private match's invite code)
  spectate ID --judge        as an organiser, judge match ID: every card, two minutes behind
  events [all | finished]    list the tournaments open or running (all: the finished ones
                             too; finished: only those)
  event show ID              an event: its settings, players and rounds
  event register ID [PRESET | --deck NAME | --deck-file PATH | --deck-id ID]
                             register for event ID (a STCCG deck is locked at registration)
  event change-deck ID [...] replace your registered deck (or preset) until your first round
  event drop ID              leave event ID from its next round (before round 1: withdraw)
  event round ID [N]         the pairings of round N (default the last), with results
  event standings ID         the standings, published as each round is done
  event export ID csv|json PATH
                             save the standings (csv) or the whole event (json) to PATH
  event follow ID            show event ID's news here (players get their own anyway)
organisers (spacedock admin role) run events:
  event create NAME [--stccg] [--rounds N] [--cut 0|2|4|8] [--minutes N] [--no-show N]
      [--clock C] [--late N] [--time-draw] [--private]
                             create an event: Incursions unless --stccg; Swiss rounds (default
                             from the players), a top cut, minutes per round (default 45,
                             STCCG 75), minutes before a no-show loses (10), the match clock,
                             registration open during the first N rounds, a draw instead of
                             the game's own scoring at time, listed only to its players
  event start ID             pair the next round and start all its matches at once
  event result ID ROUND TABLE first|second|draw|double-loss REASON
                             enter or override a table's result, with a reason
  event drop ID NAME         drop player NAME
  event deck ID NAME         the deck player NAME registered
  event log ID               who did what in the event
  say TEXT                   chat: in the match you follow (players' or spectators' channel),
                             else in the lobby
  lobby-chat | lobby-chat off
                             show the lobby chat here, or stop
  mute NAME | unmute NAME    hide (or show again) what user NAME says
  leave                      stop following the match (frees your seat if it has not started)
  concede                    give up the match you play
  board                      draw the board (fetching a fresh view if events came since)
  log [N]                    the last N event lines (default 20)
  N [N...]                   answer the open prompt with option N
  auto | auto off            answer every prompt of yours with a random option, or stop
  wait                       block until the followed match ends, showing its events
  quit                       leave the program (end of input does the same)
lines starting with # are ignored.

examples:
  register alice hunter2-hunter2       (and you are logged in)
  login alice hunter2-hunter2
  matches                              matches open
  matches mine                         matches player bob
  create 3 borg                        join 7 klingon
  create 2 --private --no-spectators   join 9 --code k7m2p9xq4r
  spectate 9 k7m2p9xq4r                say good game
  spectate 9 --judge
  lobby-chat                           mute bob
  replay 4                             replay 4 full replay4.json
  create stccg --deck klingon          join 8 --deck-id 2
  create --clock blitz                 create stccg --bot strong
  quick                                quick stccg --deck klingon --clock standard
  quick --bot easy                     unqueue
  clock
  create stccg --deck-file my.txt      join 8 --deck-file my.txt
  decks                                deck save my.txt Klingon Honor
  deck replace 2 my.txt                deck show 2
  deck check my.txt --30-30            deck check 2
  deck export 2 out.txt                deck rename 2 Honor Guard
  deck delete 2                        spectate 7
  board                                log 50
  2                                    1 3      (options 1 and 3, where several are asked for)
  auto                                 auto off
  wait                                 leave
  concede                              help
  quit)";

std::optional<Command> parse_command(std::string_view line) {
  auto words = split(line);
  if (words.empty() || words.front().front() == '#') return std::nullopt;
  Command c;
  if (is_number(words.front())) {
    c.verb = Verb::kAnswer;
    for (const auto& word : words)
      c.picks.push_back(number<std::size_t>(word, "an option"));
    return c;
  }
  const Spec* spec = nullptr;
  for (const auto& candidate : kSpecs) {
    if (words.front() == candidate.word) spec = &candidate;
  }
  if (!spec) {
    throw std::invalid_argument("unknown command '" + words.front() +
                                "'; type help for the commands");
  }
  if (words.front() == "say") {  // the rest of the line, spaces and all
    if (words.size() < 2) throw std::invalid_argument("usage: say TEXT");
    const std::size_t start = line.find("say") + 3;
    c.verb = Verb::kChat;
    std::string_view text = line.substr(line.find_first_not_of(" \t", start));
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
      text.remove_suffix(1);  // a line ending of CRLF input, or blanks
    c.text = std::string(text);
    return c;
  }
  if (words.front() == "create" || words.front() == "join" || words.front() == "quick") {
    // Lobby flags may follow the rest: take them out before the positional words are read.
    auto flag = [&](std::string_view name) {
      auto it = std::find(words.begin(), words.end(), name);
      if (it == words.end()) return false;
      words.erase(it);
      return true;
    };
    auto valued = [&](std::string_view name, std::initializer_list<std::string_view> values) {
      auto it = std::find(words.begin(), words.end(), name);
      if (it == words.end()) return std::string();
      if (it + 1 == words.end() || (values.size() > 0 && std::find(values.begin(), values.end(),
                                                                   *(it + 1)) == values.end())) {
        std::string known;
        for (auto value : values)
          known += (known.empty() ? "" : " | ") + std::string(value);
        throw std::invalid_argument("usage: " + std::string(name) + " " +
                                    (known.empty() ? "VALUE" : known));
      }
      std::string value = *(it + 1);
      words.erase(it, it + 2);
      return value;
    };
    const std::string& verb = words.front();
    c.private_match = flag("--private");
    c.no_spectators = flag("--no-spectators");
    c.pause_on_disconnect = flag("--pause-on-disconnect");
    c.clock = valued("--clock", {"blitz", "standard", "tournament"});
    c.bot = valued("--bot", {"random", "easy", "strong"});
    c.code = valued("--code", {});
    c.mode = valued("--mode", {"basic", "crew", "events", "full"});
    c.deck_preset = valued("--deck-preset", {});
    c.ship = valued("--ship", {});
    c.captain = valued("--captain", {});
    for (std::string crew = valued("--crew", {}); !crew.empty(); crew = valued("--crew", {}))
      c.crew.push_back(crew);
    if (verb == "join" && !c.mode.empty())
      throw std::invalid_argument("--mode is for create: a match's mode is fixed by its creator");
    if (verb == "quick" && (!c.mode.empty() || !c.ship.empty() || !c.captain.empty() ||
                            !c.crew.empty() || !c.deck_preset.empty()))
      throw std::invalid_argument(
          "quick matches are BASIC: --mode, --ship, --captain, --crew and --deck-preset "
          "are for create and join");
    if (verb != "create" && (c.private_match || c.no_spectators || c.pause_on_disconnect))
      throw std::invalid_argument(
          "--private, --no-spectators and --pause-on-disconnect are for create");
    if (verb == "join" && (!c.clock.empty() || !c.bot.empty()))
      throw std::invalid_argument("--clock and --bot are for create and quick");
    if (verb != "join" && !c.code.empty()) throw std::invalid_argument("--code is for join");
  }
  const std::size_t args = words.size() - 1;
  if (args < spec->min_args || args > spec->max_args)
    throw std::invalid_argument(std::string("usage: ") + spec->usage);
  c.verb = spec->verb;
  switch (c.verb) {
    case Verb::kRegister:
    case Verb::kLogin:
      c.name = words[1];
      c.password = words[2];
      break;
    case Verb::kCreate: {
      if (words.size() > 1 && words[1] == "stccg") {
        c.stccg = true;
        // A STCCG seat needs a deck; without one, the Federation sample deck.
        if (!parse_deck(words, 2, c, spec->usage)) c.deck = "federation";
        break;
      }
      std::size_t next = 1;
      if (next < words.size() && is_number(words[next]))
        c.players = number<std::uint32_t>(words[next++], "PLAYERS");
      if (c.players < 2 || c.players > 6) throw std::invalid_argument("PLAYERS must be 2 to 6");
      if (next < words.size()) c.preset = words[next++];
      if (next < words.size()) throw std::invalid_argument(std::string("usage: ") + spec->usage);
      break;
    }
    case Verb::kQuick:
      if (words.size() > 1) {
        if (words[1] != "stccg") throw std::invalid_argument(std::string("usage: ") + spec->usage);
        c.stccg = true;
        if (!parse_deck(words, 2, c, spec->usage)) c.deck = "federation";
      }
      break;
    case Verb::kJoin:
      c.match_id = number<std::uint64_t>(words[1], "ID");
      if (words.size() > 2 && words[2].starts_with("--")) {
        c.stccg = parse_deck(words, 2, c, spec->usage);
      } else if (words.size() > 2) {
        if (words.size() > 3) throw std::invalid_argument(std::string("usage: ") + spec->usage);
        c.preset = words[2];
      }
      break;
    case Verb::kSpectate:
      c.match_id = number<std::uint64_t>(words[1], "ID");
      if (words.size() > 2) {
        c.judge = words[2] == "--judge";
        if (!c.judge) c.code = words[2];
      }
      break;
    case Verb::kMatches:
      if (words.size() > 1) {
        c.filter = words[1];
        const bool player = c.filter == "player";
        if (player != (words.size() == 3) ||
            (!player && c.filter != "mine" && c.filter != "open" && c.filter != "over"))
          throw std::invalid_argument(std::string("usage: ") + spec->usage);
        if (player) c.name = words[2];
      }
      break;
    case Verb::kReplay:
      c.match_id = number<std::uint64_t>(words[1], "ID");
      for (std::size_t i = 2; i < words.size(); ++i) {
        if (words[i] == "own" || words[i] == "public" || words[i] == "full") {
          c.filter = words[i];
        } else if (c.path.empty()) {
          c.path = words[i];
        } else {
          throw std::invalid_argument(std::string("usage: ") + spec->usage);
        }
      }
      break;
    case Verb::kLobbyChat:
      if (words.size() > 1 && words[1] != "off")
        throw std::invalid_argument(std::string("usage: ") + spec->usage);
      c.on = words.size() == 1;
      break;
    case Verb::kMute:
      c.name = words[1];
      c.on = words[0] == "mute";
      break;
    case Verb::kDeck:
      parse_deck_action(words, c, spec->usage);
      break;
    case Verb::kEvents:
      if (words.size() > 1 && words[1] != "all" && words[1] != "finished")
        throw std::invalid_argument(std::string("usage: ") + spec->usage);
      c.filter = words.size() > 1 ? words[1] : "";
      break;
    case Verb::kEvent:
      parse_event_action(words, c);
      break;
    case Verb::kLog:
      if (words.size() > 1) c.count = number<std::size_t>(words[1], "N");
      break;
    case Verb::kAuto:
      if (words.size() > 1 && words[1] != "off" && words[1] != "on")
        throw std::invalid_argument(std::string("usage: ") + spec->usage);
      c.on = words.size() == 1 || words[1] == "on";
      break;
    default:
      break;
  }
  return c;
}

}  // namespace spacedock::cli
