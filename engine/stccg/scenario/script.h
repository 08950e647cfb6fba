#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/state/events.h"
#include "engine/stccg/state/ids.h"

// A rules scenario as parsed from its text (the format is in tests/scenarios/README.md). Card
// names stay text here: they are resolved against the position when the scenario runs.
namespace spacedock::stccg::scenario {

// A place a card can be, as written in the setup and in expectations.
struct Place {
  enum class Kind : std::uint8_t {
    kPile,    // zone: a pile of `player` (hand, draw, discard, seed_pile, out_of_play, bonus)
    kUnder,   // under the mission at `loc`
    kSpace,   // a ship or facility at `loc`
    kPlanet,  // on the planet at `loc`
    kAboard,  // aboard `host`
    kOn,      // played on `host`
    kTable,   // on the table of `player`
    kPlay,    // anywhere in play
  };
  Kind kind = Kind::kPlay;
  Zone zone = Zone::kHand;
  Seat player = kNoSeat;  // kNoSeat in an expectation: anyone's
  LocIndex loc = kNoLoc;
  std::string host;
};

// An answer to the open decision, with its cards still named.
struct ActionSpec {
  ActionKind kind = ActionKind::kPass;
  std::string a;
  std::string b;
  LocIndex loc = kNoLoc;
  bool at_card = false;  // beam: `loc` is wherever card `a` is
};

struct Step {
  // The setup kinds come first: is_setup() tells them apart by their order.
  enum class Kind : std::uint8_t {
    // The position (before the first action or expectation).
    kSeed,
    kOption,
    kActive,
    kTurn,
    kFirstSeeder,
    kStart,
    kScore,
    kMission,
    kCompleted,
    kCards,
    kDoor,
    kStopped,
    kDamaged,
    // Answering the open decision.
    kAction,
    // Expectations.
    kExpectCard,
    kExpectSeeds,
    kExpectCount,
    kExpectScore,
    kExpectStopped,
    kExpectDamaged,
    kExpectController,
    kExpectCompleted,
    kExpectOver,
    kExpectDecision,
    kExpectTurn,
    kExpectActive,
    kExpectOffered,
    kExpectRefused,
    kExpectDilemma,
    kExpectAttempt,
  };
  Kind kind = Kind::kSeed;
  int line = 0;
  std::string text;      // the line as written, without its comment, for messages
  bool negated = false;  // expect not ...
  Seat player = kNoSeat;
  long long number = 0;  // a seed, turn, score, count, winners, outcome or result
  std::string word;      // an option name, start mode, rule code or result reason
  Place place;
  std::vector<std::string> names;    // card names, in order
  std::vector<std::string> aliases;  // kCards, kMission: the alias of each card ("" for none)
  ActionSpec action;

  bool is_setup() const { return kind < Kind::kAction; }
};

struct Case {
  std::string name;
  int line = 0;
  std::vector<Step> steps;
};

// Steps before the first `case` are the prelude, run at the start of every case; a script
// without `case` lines is one case.
struct Script {
  std::vector<Step> prelude;
  std::vector<Case> cases;
};

class ParseError : public std::runtime_error {
 public:
  ParseError(int line, const std::string& message) : std::runtime_error(message), line_(line) {}
  int line() const { return line_; }

 private:
  int line_;
};

// Throws ParseError naming the first bad line.
Script parse(std::string_view text);

// The words the format uses for outcomes and results ("overcome", "requirements_missing").
std::string_view outcome_name(ev::Outcome outcome);
std::string_view result_name(ev::AttemptResult result);

}  // namespace spacedock::stccg::scenario
