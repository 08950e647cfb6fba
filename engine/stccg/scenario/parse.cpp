// The grammar of the scenario format (tests/scenarios/README.md), one statement per line.
#include <optional>
#include <utility>

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

template <typename T, std::size_t N>
std::optional<T> lookup(const std::pair<std::string_view, T> (&table)[N], std::string_view word) {
  for (const auto& [name, value] : table) {
    if (name == word) return value;
  }
  return std::nullopt;
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
  } else if (first == "under" || first == "space" || first == "planet") {
    out.kind = first == "under"   ? Place::Kind::kUnder
               : first == "space" ? Place::Kind::kSpace
                                  : Place::Kind::kPlanet;
    out.loc = p.loc();
  } else if (first == "aboard" || first == "on") {
    out.kind = first == "aboard" ? Place::Kind::kAboard : Place::Kind::kOn;
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
  if (p.accept("mission")) {
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
    p.expect("under");
    a.loc = p.loc();
  }
}

ActionSpec action(LineReader& p, const std::string& verb) {
  ActionSpec a;
  if (verb == "report") {
    a.kind = ActionKind::kReport;
    a.a = p.name();
    p.expect("to");
    a.b = p.name();
  } else if (verb == "build" || verb == "move") {
    a.kind = verb == "build" ? ActionKind::kBuild : ActionKind::kMove;
    a.a = p.name();
    p.expect(verb == "build" ? "at" : "to");
    a.loc = p.loc();
  } else if (verb == "play") {
    a.kind = ActionKind::kPlayEvent;
    a.a = p.name();
    if (p.accept("on")) a.b = p.name();
  } else if (verb == "beam") {
    a.kind = ActionKind::kTransfer;
    a.a = p.name();
    a.at_card = true;
    p.expect("to");
    if (!p.accept("planet")) a.b = p.name();
  } else if (verb == "attack" || verb == "battle") {
    // A ship battle (a ship or facility fires at a target) or a personnel battle (an Away Team
    // member against a member of the team attacked, at the member's location).
    a.kind = verb == "attack" ? ActionKind::kAttack : ActionKind::kBattle;
    a.a = p.name();
    p.expect("on");
    a.b = p.name();
    a.at_card = verb == "battle";
  } else if (verb == "attempt") {
    a.kind = ActionKind::kAttempt;
    a.loc = p.loc();
    p.expect("with");
    a.a = p.name();
  } else if (verb == "end") {
    a.kind = ActionKind::kEndTurn;
    p.expect("turn");
  } else if (verb == "seed") {
    seed_action(p, a);
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
  for (std::string_view v : {"report", "build", "play", "move", "beam", "attempt", "attack",
                             "battle", "end", "seed", "pass", "choose", "yes", "no", "done"}) {
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
    if (s.word != "command_fills_staff" && s.word != "hidden_away_teams" &&
        s.word != "q_continuum_reshuffles")
      p.fail("options: command_fills_staff, hidden_away_teams, q_continuum_reshuffles");
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
      if (s.word != "missions" && s.word != "dilemmas" && s.word != "facilities")
        p.fail("seeding steps: missions, dilemmas, facilities");
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
  } else if (verb == "stopped" || verb == "damaged") {
    s.kind = verb == "stopped" ? K::kStopped : K::kDamaged;
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
    if (k == Place::Kind::kAboard || owned_by_place) {
      s.player = s.place.player;  // a crew belongs to its vessel's owner
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
    s.place = place(p, p.word(), /*setup=*/false);
    p.expect("=");
    s.number = p.number();
  } else if (what == "score") {
    s.kind = K::kExpectScore;
    s.player = p.player();
    p.expect("=");
    s.number = p.number();
  } else if (what == "stopped" || what == "damaged") {
    s.kind = what == "stopped" ? K::kExpectStopped : K::kExpectDamaged;
    s.names = p.names();
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
    } else {
      p.fail("events: dilemma, attempt");
    }
  } else {
    p.fail("'" + what + "' cannot be expected");
  }
  const bool negatable = s.kind == K::kExpectCard || s.kind == K::kExpectStopped ||
                         s.kind == K::kExpectDamaged || s.kind == K::kExpectCompleted ||
                         s.kind == K::kExpectOver || s.kind == K::kExpectDilemma ||
                         s.kind == K::kExpectAttempt;
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
        verb == "seed" && (p.peek_name() || p.peek("mission") || p.peek("facility"));
    if (verb == "expect") {
      step.negated = p.accept("not");
      expectation(p, step);
      started = true;
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
