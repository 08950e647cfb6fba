#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spacedock::cli {

// One line of input, understood.
struct Command {
  enum class Verb {
    kHelp,
    kRegister,
    kLogin,
    kMatches,
    kCreate,
    kQuick,
    kUnqueue,
    kClock,
    kJoin,
    kSpectate,
    kLeave,
    kConcede,
    kBoard,
    kLog,
    kChat,
    kLobbyChat,
    kMute,
    kReplay,
    kDecks,
    kDeck,
    kEvents,
    kEvent,
    kAnswer,
    kAuto,
    kWait,
    kQuit,
  };
  Verb verb = Verb::kHelp;
  std::string name;               // register, login; deck save, rename: the deck's name
  std::string password;           // register, login
  std::string preset;             // create, join: the hexpile preset (empty: the server's default)
  std::string mode;               // create --mode: an Incursions mode, basic, crew, events or full
  std::string ship;               // create, join --ship: an Incursions ship id
  std::string captain;            // create, join --captain: a captain or crew card id, or "none"
  std::string deck_preset;        // create, join --deck-preset: an Incursions FULL deck preset
  std::vector<std::string> crew;  // create, join --crew (repeated): crew card ids
  bool stccg = false;             // create: a Star Trek CCG match; join: with a STCCG deck
  std::string deck;               // create, join: a STCCG sample deck
  std::string deck_file;          // create, join: a STCCG deck list file, sent as its text
  std::uint64_t deck_id = 0;      // create, join: a stored deck; deck: the deck acted on
  // deck: save, replace, show, check, export, rename or delete
  std::string deck_action;
  std::string path;            // deck save, replace, check, export: the list's file
  bool thirty_thirty = false;  // deck check: under the 30/30 reading of the deck size
  std::uint32_t players = 2;
  bool private_match = false;        // create --private
  bool no_spectators = false;        // create --no-spectators
  std::string code;                  // join, spectate: a private match's invite code
  std::string clock;                 // create, quick --clock: blitz, standard or tournament
  bool pause_on_disconnect = false;  // create --pause-on-disconnect
  std::string bot;                   // create, quick --bot: random, easy or strong
  bool judge = false;                // spectate --judge
  std::string text;                  // say
  // matches: "", "mine", "open", "over" or "player" (with name)
  std::string filter;
  std::uint64_t match_id = 0;
  std::size_t count = 20;          // log
  std::vector<std::size_t> picks;  // answer: 1-based option numbers
  bool on = true;                  // auto
  // event ACTION ID ...: the action, the event, and the words after them (checked by action).
  std::string event_action;
  std::uint64_t event_id = 0;
  std::vector<std::string> args;
};

// Parses one input line. Returns nothing for a blank line or a # comment; throws
// std::invalid_argument with a message for the user if the line is not a valid command.
std::optional<Command> parse_command(std::string_view line);

// The command summary `help` prints.
extern const char* const kHelpText;

}  // namespace spacedock::cli
