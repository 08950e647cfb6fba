#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/vocabulary.h"
#include "engine/stccg/state/events.h"
#include "engine/stccg/state/ids.h"
#include "engine/stccg/state/options.h"

// A rules scenario as parsed from its text (the format is in tests/scenarios/README.md). Card
// names stay text here: they are resolved against the position when the scenario runs.
namespace spacedock::stccg::scenario {

// The results of a shot as `expect event fired` writes them, by ev::Fired's hit level (parse.cpp
// and check.cpp both read it: one table, so that a unity build sees one definition).
inline constexpr std::string_view kHits[] = {"miss", "hit", "direct"};

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
    kStored,  // stored face down under `host` (Zalkonian Storage Capsule)
    kPlay,    // anywhere in play
  };
  Kind kind = Kind::kPlay;
  Zone zone = Zone::kHand;
  Seat player = kNoSeat;  // kNoSeat in an expectation: anyone's
  LocIndex loc = kNoLoc;
  std::string host;
  // kPile of kSideDeck: the player's Q's Tent, whatever side deck the card belongs in (Q's
  // Planet may be stocked there).
  bool q_tent = false;
};

// An answer to the open decision, with its cards still named.
struct ActionSpec {
  ActionKind kind = ActionKind::kPass;
  std::string a;
  std::string b;
  LocIndex loc = kNoLoc;
  bool at_card = false;  // beam: `loc` is wherever card `a` is
  // beam "X", "Y" to ...: the cards after `a`, each beamed by a transfer of its own, in order.
  std::vector<std::string> more;
  // choose skill / choose gender: the skill's name, or the gender (male, female, neuter).
  std::string word;
};

// Where `decklist add` puts a card: the game deck (seeded or drawn as its type says), the draw
// deck even if it could be seeded (Deck::stocked), or a side deck.
enum class DeckPart : std::uint8_t { kGame, kDraw, kQContinuum, kQTent, kBattleBridge };

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
    kFlag,  // stopped, damaged, cloaked, undocked: `word`
    // Answering the open decision.
    kAction,
    // Building a deck list to validate (`word`: sample, add or remove); it needs no game.
    kDeck,
    // Expectations.
    kExpectCard,
    kExpectSeeds,
    kExpectCount,
    kExpectScore,
    kExpectStatus,       // stopped, damaged, cloaked, ...: `word`
    kExpectAffiliation,  // `word`
    kExpectAttribute,
    kExpectSkill,   // `word`: the skill; `number`: whole skills
    kExpectGender,  // `word`: male, female, neuter
    kExpectSees,
    kExpectOptions,
    kExpectSpaceline,
    kExpectDeck,
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
    kExpectBattle,
    kExpectFired,
    kExpectShown,
  };
  Kind kind = Kind::kSeed;
  int line = 0;
  std::string text;      // the line as written, without its comment, for messages
  bool negated = false;  // expect not ...
  Seat player = kNoSeat;
  // A seed, turn, score, count, winners, outcome, result, attribute value, number of options, the
  // winner of a battle, the ATTACK of `expect event fired`, or copies in a deck list.
  long long number = 0;
  long long other = 0;  // the DEFENSE of `expect event fired`
  // An option name, start mode, flag, rule code, result reason, attribute, hit (`miss`, `hit`,
  // `direct`), deck problem code (none: a valid deck), `decklist` verb or sample deck name.
  std::string word;
  std::string deck;  // kDeck sample: the sample deck's name
  DeckPart part = DeckPart::kGame;
  Place place;
  std::vector<std::string> names;    // card names, in order
  std::vector<std::string> aliases;  // kCards, kMission: the alias of each card ("" for none)
  ActionSpec action;

  bool is_setup() const { return kind < Kind::kAction; }
  // Deck lists and their validation need no position and no game.
  bool is_deck() const { return kind == Kind::kDeck || kind == Kind::kExpectDeck; }
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

// The rule-profile option `option NAME on|off` sets, or nullptr for no such option: one table
// names every field of stccg::Options. `option_names` lists them for messages.
using OptionField = bool Options::*;
OptionField option_field(std::string_view name);
std::string option_names();

// The attributes `expect attribute` reads: INTEGRITY ... SHIELDS (Engine::attribute), HULL
// (Engine::hull) and RANGE_LEFT (Engine::range_left); nullptr for no such name.
struct AttributeName {
  enum class Reads : std::uint8_t { kAttribute, kHull, kRangeLeft };
  std::string_view name;
  Attribute attribute;
  Reads reads = Reads::kAttribute;
};
const AttributeName* attribute_named(std::string_view name);

}  // namespace spacedock::stccg::scenario
