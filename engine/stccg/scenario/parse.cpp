// The grammar of the scenario format (tests/scenarios/README.md), one statement per line.
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <utility>

#include "engine/stccg/cards/deck.h"
#include "engine/stccg/rules/rule.h"
#include "engine/stccg/scenario/lexer.h"
#include "engine/stccg/scenario/script.h"
#include "engine/stccg/state/events.h"

namespace spacedock::stccg::scenario {
namespace {

constexpr std::pair<std::string_view, ev::Outcome> kOutcomes[] = {
    {"no_trigger", ev::Outcome::kNoTrigger},
    {"no_ship", ev::Outcome::kNoShip},
    {"overcome", ev::Outcome::kOvercome},
    {"failed", ev::Outcome::kFailed},
    {"applied", ev::Outcome::kApplied},
    {"duplicate", ev::Outcome::kDuplicate},
    {"cured", ev::Outcome::kCured},
    {"artifact_found", ev::Outcome::kArtifactFound},
    {"q_flash_ignored", ev::Outcome::kQFlashIgnored},
    {"misseed", ev::Outcome::kMisseed},
    {"cancelled", ev::Outcome::kCancelled},
};

constexpr std::pair<std::string_view, ev::AttemptResult> kResults[] = {
    {"completed", ev::AttemptResult::kCompleted},
    {"requirements_missing", ev::AttemptResult::kRequirementsMissing},
    {"stopped", ev::AttemptResult::kStopped},
    {"no_one_left", ev::AttemptResult::kNoOneLeft},
    {"abandoned", ev::AttemptResult::kAbandoned},
};

constexpr std::pair<std::string_view, Zone> kPiles[] = {
    {"hand", Zone::kHand},          {"draw", Zone::kDrawDeck},         {"discard", Zone::kDiscard},
    {"seed_pile", Zone::kSeedPile}, {"out_of_play", Zone::kOutOfPlay}, {"bonus", Zone::kBonus},
    {"side_deck", Zone::kSideDeck}, {"side_used", Zone::kSideUsed},
};

constexpr AttributeName kAttributes[] = {
    {"INTEGRITY", Attribute::kIntegrity},
    {"CUNNING", Attribute::kCunning},
    {"STRENGTH", Attribute::kStrength},
    {"RANGE", Attribute::kRange},
    {"WEAPONS", Attribute::kWeapons},
    {"SHIELDS", Attribute::kShields},
    {"HULL", Attribute::kIntegrity, AttributeName::Reads::kHull},
    {"RANGE_LEFT", Attribute::kRange, AttributeName::Reads::kRangeLeft},
};

// Affiliations as written in expectations.
constexpr std::pair<std::string_view, Affiliation> kAffiliations[] = {
    {"Federation", Affiliation::kFederation},  {"Klingon", Affiliation::kKlingon},
    {"Romulan", Affiliation::kRomulan},        {"Cardassian", Affiliation::kCardassian},
    {"Ferengi", Affiliation::kFerengi},        {"Borg", Affiliation::kBorg},
    {"Bajoran", Affiliation::kBajoran},        {"Dominion", Affiliation::kDominion},
    {"Non-Aligned", Affiliation::kNonAligned}, {"Neutral", Affiliation::kNeutral}};

bool affiliation_named(std::string_view word) {
  for (const auto& [name, a] : kAffiliations) {
    if (name == word) return true;
  }
  return false;
}

// The flags of cards in play a position may set.
constexpr std::string_view kFlags[] = {"stopped", "damaged", "cloaked", "undocked", "disabled"};
// The statuses of cards in play an expectation may test.
constexpr std::string_view kStatuses[] = {
    "stopped", "damaged",   "cloaked",      "undocked", "captive",  "unattended", "house_arrest",
    "stasis",  "face_down", "infiltrating", "intruder", "disabled", "in_brig"};

constexpr std::pair<std::string_view, DeckPart> kDeckParts[] = {
    {"draw", DeckPart::kDraw},
    {"q_continuum", DeckPart::kQContinuum},
    {"q_tent", DeckPart::kQTent},
    {"battle_bridge", DeckPart::kBattleBridge},
};

template <typename T, std::size_t N>
std::optional<T> lookup(const std::pair<std::string_view, T> (&table)[N], std::string_view word) {
  for (const auto& [name, value] : table) {
    if (name == word) return value;
  }
  return std::nullopt;
}

bool known_deck_problem(std::string_view code) {
  // name() answers "UNKNOWN" past the last code.
  for (int c = 0; name(static_cast<DeckProblemCode>(c)) != "UNKNOWN"; ++c) {
    if (name(static_cast<DeckProblemCode>(c)) == code) return true;
  }
  return false;
}

bool known_rule(std::string_view code) {
  // rule_name answers "UNKNOWN" past the last rule.
  for (int r = 0; rule_name(static_cast<Rule>(r)) != "UNKNOWN"; ++r) {
    if (rule_name(static_cast<Rule>(r)) == code) return true;
  }
  return false;
}

// A place, its first word already read. In the setup a pile or table names its player; in an
// expectation the player is optional and "in" / "on" may lead ("in hand", "on planet 2").
Place place(LineReader& p, std::string first, bool setup) {
  Place out;
  if (!setup && first == "in") {
    if (p.accept("play")) return out;
    first = p.word();
  } else if (!setup && first == "on" && (p.peek("planet") || p.peek("table"))) {
    first = p.word();
  }
  if (auto zone = lookup(kPiles, first)) {
    out.kind = Place::Kind::kPile;
    out.zone = *zone;
    out.player = setup ? p.player() : p.maybe_player();
  } else if (!setup && (first == "held" || first == "resolving")) {
    // A card played and waiting: put on hold (Engine::hold_play), or about to resolve.
    out.kind = Place::Kind::kPile;
    out.zone = first == "held" ? Zone::kHeld : Zone::kResolving;
    out.player = p.maybe_player();
  } else if (setup && first == "q_tent") {
    out.kind = Place::Kind::kPile;
    out.zone = Zone::kSideDeck;
    out.q_tent = true;
    out.player = p.player();
  } else if (first == "under" || first == "space" || first == "planet") {
    out.kind = first == "under"   ? Place::Kind::kUnder
               : first == "space" ? Place::Kind::kSpace
                                  : Place::Kind::kPlanet;
    out.loc = p.loc();
  } else if (first == "aboard" || first == "on" || first == "stored") {
    out.kind = first == "aboard"   ? Place::Kind::kAboard
               : first == "stored" ? Place::Kind::kStored
                                   : Place::Kind::kOn;
    out.host = p.name();
  } else if (first == "table") {
    out.kind = Place::Kind::kTable;
    out.player = setup ? p.player() : p.maybe_player();
  } else {
    p.fail("'" + first + "' is not a statement or a place");
  }
  return out;
}

void seed_action(LineReader& p, ActionSpec& a) {
  if (p.accept("face")) {  // a hidden agenda, face down on the table
    p.expect("down");
    a.kind = ActionKind::kPlayFaceDown;
    a.a = p.name();
  } else if (p.accept("doorway")) {
    a.kind = ActionKind::kSeedDoorway;
    a.a = p.name();
  } else if (p.accept("mission")) {
    a.kind = ActionKind::kSeedMission;
    a.a = p.name();
    if (!p.peek("left") && !p.peek("right")) p.fail("a mission is seeded at the left or right end");
    a.loc = p.word() == "left" ? 0 : 1;
  } else if (p.accept("facility")) {
    a.kind = ActionKind::kSeedFacility;
    a.a = p.name();
    p.expect("at");
    a.loc = p.loc();
  } else {
    a.kind = ActionKind::kSeedUnder;
    a.a = p.name();
    if (p.accept("on")) {  // an event, incident or objective, face up on the table
      p.expect("table");
      a.kind = ActionKind::kSeedFacility;
      return;
    }
    p.expect("under");
    a.loc = p.loc();
  }
}

ActionSpec action(LineReader& p, const std::string& verb) {
  ActionSpec a;
  if (verb == "report") {
    a.kind = ActionKind::kReport;
    a.a = p.name();
    if (p.accept("at")) {  // a ship at a spaceline end, no facility (I.K.C. T'Ong)
      a.loc = p.loc();
      return a;
    }
    p.expect("to");
    a.b = p.name();
  } else if (verb == "build" || verb == "move") {
    a.kind = verb == "build" ? ActionKind::kBuild : ActionKind::kMove;
    a.a = p.name();
    p.expect(verb == "build" ? "at" : "to");
    a.loc = p.loc();
  } else if (verb == "play") {
    if (p.accept("face")) {  // a hidden agenda, face down on the table
      p.expect("down");
      a.kind = ActionKind::kPlayFaceDown;
      a.a = p.name();
      return a;
    }
    a.kind = ActionKind::kPlayEvent;
    a.a = p.name();
    if (p.accept("on")) a.b = p.name();
    if (p.accept("at")) a.loc = p.loc();  // the location the play names (Hail ends a move there)
  } else if (verb == "beam") {
    a.kind = ActionKind::kTransfer;
    a.more = p.names();
    a.a = a.more.front();
    a.more.erase(a.more.begin());
    a.at_card = true;
    p.expect("to");
    if (!p.accept("planet")) a.b = p.name();
  } else if (verb == "attack") {
    a.kind = ActionKind::kAttack;
    a.b = p.name();
    p.expect("with");
    a.a = p.name();
  } else if (verb == "battle") {
    a.kind = ActionKind::kBattle;
    p.expect("at");
    a.loc = p.loc();
    p.expect("with");
    a.a = p.name();
    p.expect("against");
    a.b = p.name();
  } else if (verb == "use") {  // a use of a card's text (kUseCard)
    a.kind = ActionKind::kUseCard;
    a.a = p.name();
    if (p.accept("on")) a.b = p.name();
  } else if (verb == "reveal") {
    a.kind = ActionKind::kReveal;
    a.a = p.name();
  } else if (verb == "rescue" || verb == "leave") {
    a.kind = verb == "rescue" ? ActionKind::kRescue : ActionKind::kLeaveCaptive;
    a.a = p.name();
  } else if (verb == "brig") {  // a captive into or out of the Brig
    a.kind = ActionKind::kBrig;
    a.a = p.name();
  } else if (verb == "take") {
    a.kind = ActionKind::kTakeBack;
    p.expect("back");
    a.a = p.name();
  } else if (verb == "custody") {
    a.kind = ActionKind::kTakeCustody;
    a.a = p.name();
    p.expect("with");
    a.b = p.name();
  } else if (verb == "download") {
    a.kind = ActionKind::kDownload;
    p.expect("with");
    a.a = p.name();
    a.loc = p.accept("entry") ? p.loc() : 0;  // which of the card's downloads, from 0
  } else if (verb == "cloak" || verb == "decloak" || verb == "dock" || verb == "undock") {
    a.kind = verb == "cloak"     ? ActionKind::kCloak
             : verb == "decloak" ? ActionKind::kDecloak
             : verb == "dock"    ? ActionKind::kDock
                                 : ActionKind::kUndock;
    a.a = p.name();
  } else if (verb == "attempt") {
    a.kind = ActionKind::kAttempt;
    a.loc = p.loc();
    p.expect("with");
    a.a = p.name();
    if (p.accept("and")) a.b = p.name();  // a dual-icon mission: a ship and an Away Team
  } else if (verb == "end") {
    a.kind = ActionKind::kEndTurn;
    p.expect("turn");
  } else if (verb == "seed") {
    seed_action(p, a);
  } else if (verb == "insert") {  // a mission put on the spaceline mid-game (Q's Planet)
    a.kind = ActionKind::kInsertMission;
    a.a = p.name();
    p.expect("at");
    a.loc = p.loc();
  } else if (verb == "choose" && p.accept("skill")) {
    a.kind = ActionKind::kChooseSkill;
    a.word = p.name();
    p.expect("for");
    a.a = p.name();
  } else if (verb == "choose" && p.accept("gender")) {
    a.kind = ActionKind::kChooseGender;
    a.word = p.word();
    p.expect("for");
    a.a = p.name();
  } else if (verb == "name" && p.accept("type")) {  // Telepathic Alien Kidnappers
    a.kind = ActionKind::kNameCardType;
    a.word = p.word();
  } else if (verb == "choose" && p.accept("outside")) {
    a.kind = ActionKind::kChooseFromOutside;
    a.word = p.name();  // a title of the card database, not a card of the scenario
  } else if (verb == "choose") {
    a.kind = ActionKind::kChoose;
    if (!p.accept("planet")) a.a = p.name();  // the planet: where no card is chosen
  } else if (verb == "pass") {
    a.kind = p.accept("all") ? ActionKind::kPassAll : ActionKind::kPass;
  } else if (verb == "yes" || verb == "no" || verb == "done") {
    a.kind = verb == "yes" ? ActionKind::kYes : verb == "no" ? ActionKind::kNo : ActionKind::kDone;
  } else {
    p.fail("'" + verb + "' is not an action");
  }
  return a;
}

bool is_action(std::string_view verb) {
  for (std::string_view v :
       {"report",  "build",  "play",   "move",   "beam",    "attempt", "end",      "seed",
        "pass",    "choose", "yes",    "no",     "done",    "attack",  "battle",   "cloak",
        "decloak", "dock",   "undock", "rescue", "custody", "leave",   "download", "take",
        "reveal",  "use",    "insert", "name",   "brig"}) {
    if (verb == v) return true;
  }
  return false;
}

// The setup, one statement: `verb` is its first word.
void setup(LineReader& p, const std::string& verb, Step& s) {
  using K = Step::Kind;
  if (verb == "seed") {
    s.kind = K::kSeed;
    s.number = p.number();
  } else if (verb == "option") {
    s.kind = K::kOption;
    s.word = p.word();
    if (!option_field(s.word)) p.fail("options: " + option_names());
    if (!p.peek("on") && !p.peek("off")) p.fail("an option is on or off");
    s.number = p.word() == "on";
  } else if (verb == "active" || verb == "first_seeder") {
    s.kind = verb == "active" ? K::kActive : K::kFirstSeeder;
    s.player = p.player();
  } else if (verb == "turn") {
    s.kind = K::kTurn;
    s.number = p.number();
    if (s.number < 1 || s.number > 0xffff) p.fail("turns are numbered from 1");
  } else if (verb == "start") {
    s.kind = K::kStart;
    s.word = p.word();
    if (s.word == "seeding") {
      s.word = p.word();
      if (s.word != "doorways" && s.word != "missions" && s.word != "dilemmas" &&
          s.word != "facilities")
        p.fail("seeding steps: doorways, missions, dilemmas, facilities");
    } else if (s.word != "turn" && s.word != "orders") {
      p.fail("start turn, start orders or start seeding STEP");
    }
  } else if (verb == "score") {
    s.kind = K::kScore;
    s.player = p.player();
    s.number = p.number();
  } else if (verb == "mission" || verb == "completed") {
    s.kind = verb == "mission" ? K::kMission : K::kCompleted;
    s.place.loc = p.loc();
    p.expect("player");
    s.player = p.player();
    if (s.kind == K::kMission) {
      p.expect(":");
      s.names.push_back(p.name());
      s.aliases.push_back(p.accept("as") ? p.name() : std::string());
    }
  } else if (std::find(std::begin(kFlags), std::end(kFlags), verb) != std::end(kFlags)) {
    s.kind = K::kFlag;
    s.word = verb;
    s.names = p.names();
  } else if (verb == "door") {
    s.kind = K::kDoor;
    s.player = p.player();
    p.expect(":");
    s.names.push_back(p.name());
    s.aliases.push_back(p.accept("as") ? p.name() : std::string());
  } else {
    s.kind = K::kCards;
    s.place = place(p, verb, /*setup=*/true);
    const Place::Kind k = s.place.kind;
    const bool owned_by_place = k == Place::Kind::kPile || k == Place::Kind::kTable;
    if (k == Place::Kind::kAboard && p.accept("player")) {
      s.player = p.player();  // another player's card in the crew (an infiltrator)
    } else if (k == Place::Kind::kAboard || k == Place::Kind::kStored || owned_by_place) {
      s.player =
          s.place.player;  // a crew belongs to its vessel's owner, a stored card to its host's
    } else {
      p.expect("player");
      s.player = p.player();
    }
    p.expect(":");
    do {
      s.names.push_back(p.name());
      s.aliases.push_back(p.accept("as") ? p.name() : std::string());
    } while (p.accept(","));
  }
}

// A deck-list statement, after `decklist`.
void decklist(LineReader& p, Step& s) {
  s.kind = Step::Kind::kDeck;
  s.word = p.word();
  if (s.word == "sample") {
    s.deck = p.word();
    if (!sample_deck(s.deck)) p.fail("no sample deck " + s.deck);
    return;
  }
  if (s.word != "add" && s.word != "remove") p.fail("decklist sample, add or remove");
  s.names.push_back(p.name());
  s.number = 1;
  if (!p.done() && !p.peek("to")) {
    const std::string copies = p.word();
    if (copies.size() < 2 || copies[0] != 'x' ||
        copies.find_first_not_of("0123456789", 1) != std::string::npos)
      p.fail("copies are written xN, found '" + copies + "'");
    s.number = std::stoll(copies.substr(1));
    if (s.number < 1 || s.number > 100) p.fail("from 1 to 100 copies");
  }
  if (s.word == "add" && p.accept("to")) {
    const std::string part = p.word();
    if (!lookup(kDeckParts, part)) p.fail("parts: draw, q_continuum, q_tent, battle_bridge");
    s.part = *lookup(kDeckParts, part);
  }
}

// An expectation, after `expect` (and `not`).
void expectation(LineReader& p, Step& s) {
  using K = Step::Kind;
  const std::string what = p.word();
  if (what == "card") {
    s.kind = K::kExpectCard;
    s.names.push_back(p.name());
    s.place = place(p, p.word(), /*setup=*/false);
  } else if (what == "seeds") {
    s.kind = K::kExpectSeeds;
    s.place.loc = p.loc();
    p.expect(":");
    if (!p.accept("none")) s.names = p.names();
  } else if (what == "count") {
    s.kind = K::kExpectCount;
    if (p.accept("stopped")) s.word = "stopped";  // only the stopped cards there
    s.place = place(p, p.word(), /*setup=*/false);
    p.expect("=");
    s.number = p.number();
  } else if (what == "score") {
    s.kind = K::kExpectScore;
    s.player = p.player();
    p.expect("=");
    s.number = p.number();
  } else if (std::find(std::begin(kStatuses), std::end(kStatuses), what) != std::end(kStatuses)) {
    s.kind = K::kExpectStatus;
    s.word = what;
    s.names = p.names();
  } else if (what == "affiliation") {
    s.kind = K::kExpectAffiliation;
    s.names.push_back(p.name());
    p.expect("=");
    s.word = p.word();
    if (!affiliation_named(s.word)) p.fail("no affiliation " + s.word);
  } else if (what == "attribute") {
    s.kind = K::kExpectAttribute;
    s.names.push_back(p.name());
    s.word = p.word();
    if (!attribute_named(s.word))
      p.fail("attributes: INTEGRITY, CUNNING, STRENGTH, RANGE, WEAPONS, SHIELDS, HULL, RANGE_LEFT");
    p.expect("=");
    s.number = p.number();
  } else if (what == "skill") {
    s.kind = K::kExpectSkill;
    s.names.push_back(p.name());
    s.word = p.name();
    p.expect("=");
    s.number = p.number();
  } else if (what == "gender") {
    s.kind = K::kExpectGender;
    s.names.push_back(p.name());
    p.expect("=");
    s.word = p.word();
    if (s.word != "male" && s.word != "female" && s.word != "neuter" && s.word != "unknown")
      p.fail("genders: male, female, neuter, unknown");
  } else if (what == "sees") {
    s.kind = K::kExpectSees;
    if (!p.accept("spectator")) s.player = p.player();
    s.names.push_back(p.name());
  } else if (what == "options") {
    s.kind = K::kExpectOptions;
    p.expect("=");
    s.number = p.number();
  } else if (what == "spaceline") {
    s.kind = K::kExpectSpaceline;
    p.expect(":");
    s.names = p.names();
  } else if (what == "deck") {
    s.kind = K::kExpectDeck;
    if (p.accept("invalid")) {
      s.word = p.word();
      if (!known_deck_problem(s.word)) p.fail("no deck problem " + s.word);
    } else {
      p.expect("valid");
    }
  } else if (what == "controller") {
    s.kind = K::kExpectController;
    s.names.push_back(p.name());
    p.expect("=");
    s.player = p.player();
  } else if (what == "completed") {
    s.kind = K::kExpectCompleted;
    s.place.loc = p.loc();
    if (p.accept("player")) s.player = p.player();
  } else if (what == "over") {
    s.kind = K::kExpectOver;
    s.number = -1;  // any winners
    if (p.accept("winner")) {
      s.number = p.accept("both") ? 0b11 : p.accept("none") ? 0 : 1 << p.player();
    }
    if (p.accept("reason")) {
      s.word = p.word();
      v1::ResultReason reason;
      if (!v1::ResultReason_Parse("RESULT_REASON_" + s.word, &reason))
        p.fail("no result reason " + s.word);
    }
  } else if (what == "decision" || what == "active") {
    s.kind = what == "decision" ? K::kExpectDecision : K::kExpectActive;
    s.player = p.player();
  } else if (what == "turn") {
    s.kind = K::kExpectTurn;
    s.number = p.number();
  } else if (what == "offered" || what == "refused") {
    s.kind = what == "offered" ? K::kExpectOffered : K::kExpectRefused;
    s.action = action(p, p.word());
    if (!s.action.more.empty()) p.fail("one card at a time: beam \"X\" to ...");
    if (s.kind == K::kExpectRefused && p.accept("rule")) {
      s.word = p.word();
      if (!known_rule(s.word)) p.fail("no rule code " + s.word);
    }
  } else if (what == "event") {
    const std::string kind = p.word();
    if (kind == "dilemma") {
      s.kind = K::kExpectDilemma;
      s.names.push_back(p.name());
      const std::string outcome = p.word();
      if (!lookup(kOutcomes, outcome)) p.fail("no dilemma outcome " + outcome);
      s.number = static_cast<int>(*lookup(kOutcomes, outcome));
    } else if (kind == "attempt") {
      s.kind = K::kExpectAttempt;
      s.player = p.player();
      p.expect("at");
      s.place.loc = p.loc();
      const std::string result = p.word();
      if (!lookup(kResults, result)) p.fail("no attempt result " + result);
      s.number = static_cast<int>(*lookup(kResults, result));
    } else if (kind == "battle") {
      s.kind = K::kExpectBattle;
      p.expect("winner");
      s.number = p.accept("none") ? kNoSeat : p.player();
    } else if (kind == "fired") {
      s.kind = K::kExpectFired;
      s.player = p.accept("none") ? kNoSeat : p.player();  // none: a self-controlling card
      s.number = p.number();
      p.expect("vs");
      s.other = p.number();
      s.word = p.word();
      if (std::find(std::begin(kHits), std::end(kHits), s.word) == std::end(kHits))
        p.fail("a fire is a miss, a hit or direct");
    } else if (kind == "shown") {
      s.kind = K::kExpectShown;
      s.names.push_back(p.name());
    } else {
      p.fail("events: dilemma, attempt, battle, fired, shown");
    }
  } else {
    p.fail("'" + what + "' cannot be expected");
  }
  const bool negatable = s.kind == K::kExpectCard || s.kind == K::kExpectStatus ||
                         s.kind == K::kExpectCompleted || s.kind == K::kExpectOver ||
                         s.kind == K::kExpectDilemma || s.kind == K::kExpectAttempt ||
                         s.kind == K::kExpectSees || s.kind == K::kExpectBattle ||
                         s.kind == K::kExpectFired || s.kind == K::kExpectShown;
  if (s.negated && !negatable) p.fail("'expect not " + what + "' says nothing");
}

template <typename T, std::size_t N>
std::string_view name_of(const std::pair<std::string_view, T> (&table)[N], T value) {
  for (const auto& [name, v] : table) {
    if (v == value) return name;
  }
  return "?";
}

}  // namespace

std::string_view outcome_name(ev::Outcome outcome) {
  return name_of(kOutcomes, outcome);
}

std::string_view result_name(ev::AttemptResult result) {
  return name_of(kResults, result);
}

OptionField option_field(std::string_view name) {
  for (const OptionInfo& option : kOptions) {
    if (option.name == name) return option.field;
  }
  return nullptr;
}

std::string option_names() {
  std::string out;
  for (const OptionInfo& option : kOptions)
    out += (out.empty() ? "" : ", ") + std::string(option.name);
  return out;
}

const AttributeName* attribute_named(std::string_view name) {
  for (const AttributeName& a : kAttributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

Script parse(std::string_view text) {
  Script script;
  bool implicit_case = false;  // steps came before any `case` line: the script is one case
  bool started = false;        // this case has had an action or expectation
  int number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    LineReader p(line, number);
    if (p.done()) continue;
    Step step;
    step.line = number;
    step.text = p.code();
    const std::string verb = p.word();
    if (verb == "case") {
      if (implicit_case) p.fail("a case after steps that belong to no case");
      script.cases.push_back({p.name(), number, {}});
      p.finish();
      started = false;
      continue;
    }
    // `seed 7` sets the random seed; `seed "Chalnoth" under 0` is an action.
    const bool seeding =
        verb == "seed" && (p.peek_name() || p.peek("doorway") || p.peek("mission") ||
                           p.peek("facility") || p.peek("face"));
    if (verb == "expect") {
      step.negated = p.accept("not");
      expectation(p, step);
      started = started || !step.is_deck();  // deck lists need no position
    } else if (verb == "decklist") {
      decklist(p, step);
    } else if (is_action(verb) && (verb != "seed" || seeding)) {
      step.kind = Step::Kind::kAction;
      step.action = action(p, verb);
      started = true;
    } else {
      if (started) p.fail("the position is set up before the first action or expectation");
      setup(p, verb, step);
    }
    p.finish();
    if (started && script.cases.empty()) {
      script.cases.push_back({"", number, {}});
      implicit_case = true;
    }
    (script.cases.empty() ? script.prelude : script.cases.back().steps).push_back(std::move(step));
  }
  if (script.cases.empty()) script.cases.push_back({"", number, {}});
  return script;
}

}  // namespace spacedock::stccg::scenario
