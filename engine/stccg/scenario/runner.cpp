// Runs a parsed scenario: the setup builds a Position, the first action or expectation starts
// the Game from it, actions answer the open decision, expectations are checked (scenario_check).
#include "engine/stccg/scenario/runner.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <stdexcept>

#include "engine/core/text.h"
#include "engine/stccg/cards/deck.h"
#include "engine/stccg/game.h"
#include "engine/stccg/scenario/check.h"
#include "engine/stccg/scenario/position.h"
#include "engine/stccg/scenario/script.h"

namespace spacedock::stccg {
namespace {

using scenario::Place;
using scenario::Step;

// A step that cannot go on: the rest of its case is skipped.
class StepError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string quoted(const std::string& text) {
  return "\"" + text + "\"";
}

// Where a card is on the spaceline, through the ship or facility it is aboard.
LocIndex location_of(const State& s, CardId c) {
  const CardState& card = s.cards[c];
  const bool hosted = card.where == Where::kAboard || card.where == Where::kOn;
  return hosted && card.host != kNoCard ? location_of(s, card.host) : card.loc;
}

// The setters of the flags a position may give a card in play (`stopped "X"`, ...).
constexpr std::pair<std::string_view, void (Position::*)(CardId)> kFlagSetters[] = {
    {"stopped", &Position::set_stopped},   {"damaged", &Position::set_damaged},
    {"cloaked", &Position::set_cloaked},   {"undocked", &Position::set_undocked},
    {"disabled", &Position::set_disabled},
};

// The runner of one case.
class CaseRunner {
 public:
  CaseRunner(const CardDb& db, std::string_view file, std::vector<std::string>& failures)
      : db_(db), position_(db), file_(file), failures_(failures) {}

  void run(const std::vector<Step>& prelude, const scenario::Case& c) {
    const Step* current = nullptr;
    try {
      for (const auto* steps : {&prelude, &c.steps}) {
        for (const Step& s : *steps) {
          current = &s;
          run(s);
        }
      }
      current = nullptr;
      // A position alone is still checked for consistency; a case of deck lists has none.
      if (!game_ && (positioned_ || !deck_lists_)) start();
    } catch (const std::exception& e) {
      report(current ? current->line : c.line, e.what());
    }
  }

 private:
  const State& state() const { return game_ ? game_->state() : position_.state(); }

  void report(int line, const std::string& message) {
    failures_.push_back(std::string(file_) + ":" + std::to_string(line) + ": " + message);
  }

  void run(const Step& s) {
    if (s.is_setup()) {
      positioned_ = true;
      return setup(s);
    }
    if (s.kind == Step::Kind::kDeck) return deck_list(s);
    // The expectation as written, less its `expect`.
    const std::string wanted = s.text.substr(s.text.find(' ') + 1);
    if (s.kind == Step::Kind::kExpectDeck) {
      std::string got;
      if (deck_holds(s, got)) return;
      return report(s.line, "expected " + wanted + ", got " + got);
    }
    if (!game_) start();
    if (s.kind == Step::Kind::kAction) return act(s);
    const scenario::Scene scene{*game_, mark_, [this](const std::string& n) { return card(n); },
                                [this](const scenario::ActionSpec& a) { return action(a); }};
    std::string got;
    if (scenario::holds(s, scene, got) != s.negated) return;
    report(s.line, "expected " + wanted + ", got " + got);
  }

  void start() {
    game_.emplace(Game::from_position(position_.build()));
    mark_ = 0;
  }

  // A card by alias or by title; titles must name one card of the scenario.
  CardId card(const std::string& name) const {
    if (auto alias = aliases_.find(name); alias != aliases_.end()) return alias->second;
    const State& s = state();
    CardId found = kNoCard;
    for (CardId c = 0; c < s.cards.size(); ++c) {
      const std::string& t = s.def(c).title();
      if (!core::iequals(t, name)) continue;
      if (found != kNoCard)
        throw StepError("several cards are titled " + quoted(name) + ": tell them apart with `as`");
      found = c;
    }
    if (found == kNoCard) throw StepError("no card " + quoted(name) + " in this scenario");
    return found;
  }

  void setup(const Step& s) {
    using K = Step::Kind;
    switch (s.kind) {
      case K::kSeed:
        return position_.set_seed(static_cast<std::uint64_t>(s.number));
      case K::kOption:
        position_.options().*scenario::option_field(s.word) = s.number != 0;
        return;
      case K::kActive:
        return position_.set_active(s.player);
      case K::kTurn:
        return position_.set_turn(static_cast<std::uint16_t>(s.number));
      case K::kFirstSeeder:
        return position_.set_first_seeder(s.player);
      case K::kStart:
        if (s.word == "turn") return position_.set_start(Position::Start::kNewTurn);
        if (s.word == "orders") return position_.set_start(Position::Start::kOrders);
        return position_.set_start(Position::Start::kSeeding,
                                   s.word == "doorways"   ? SeedFrame::Step::kDoorways
                                   : s.word == "missions" ? SeedFrame::Step::kMissions
                                   : s.word == "dilemmas" ? SeedFrame::Step::kDilemmas
                                                          : SeedFrame::Step::kFacilities);
      case K::kScore:
        return position_.set_score(s.player, static_cast<int>(s.number));
      case K::kMission:
        if (s.place.loc != state().spaceline.size())
          throw StepError("missions are listed left to right from location 0");
        position_.add_mission(s.player, s.names[0]);
        return name(s.aliases[0], state().spaceline.back().mission);
      case K::kCompleted:
        return position_.set_completed(s.place.loc, s.player);
      case K::kCards:
        return add_cards(s);
      case K::kDoor:
        return name(s.aliases[0], position_.add_door(s.player, s.names[0]));
      case K::kFlag:
        for (const auto& [flag, set] : kFlagSetters) {
          if (flag != s.word) continue;
          for (const std::string& n : s.names)
            (position_.*set)(card(n));
        }
        return;
      default:
        return;
    }
  }

  void add_cards(const Step& s) {
    const Place& p = s.place;
    // A draw deck or a side deck is listed from the top down; the engine keeps its top at the
    // back.
    const bool reversed =
        p.kind == Place::Kind::kPile &&
        (p.zone == Zone::kDrawDeck || p.zone == Zone::kSideDeck || p.zone == Zone::kSideUsed);
    for (std::size_t k = 0; k < s.names.size(); ++k) {
      const std::size_t i = reversed ? s.names.size() - 1 - k : k;
      const std::string& t = s.names[i];
      CardId c = kNoCard;
      switch (p.kind) {
        case Place::Kind::kPile:
          c = p.q_tent ? position_.add_to_pile(s.player, p.zone, t, SideDeckKind::kQTent)
                       : position_.add_to_pile(s.player, p.zone, t);
          break;
        case Place::Kind::kUnder:
          c = position_.add_under(p.loc, s.player, t);
          break;
        case Place::Kind::kSpace:
          c = position_.add_in_space(p.loc, s.player, t);
          break;
        case Place::Kind::kPlanet:
          c = position_.add_on_planet(p.loc, s.player, t);
          break;
        case Place::Kind::kAboard:
          c = position_.add_aboard(card(p.host), t, s.player);
          break;
        case Place::Kind::kOn:
          c = position_.add_on(card(p.host), s.player, t);
          break;
        case Place::Kind::kTable:
          c = position_.add_on_table(s.player, t);
          break;
        case Place::Kind::kStored:
          c = position_.add_stored(card(p.host), t);
          break;
        case Place::Kind::kPlay:
          throw StepError("cards are placed somewhere in particular");
      }
      name(s.aliases[i], c);
    }
  }

  void name(const std::string& alias, CardId c) {
    if (alias.empty()) return;
    if (!aliases_.emplace(alias, c).second)
      throw StepError("the name " + quoted(alias) + " is taken");
  }

  Action action(const scenario::ActionSpec& spec) const {
    Action a;
    a.kind = spec.kind;
    if (!spec.a.empty()) a.a = card(spec.a);
    if (!spec.b.empty()) a.b = card(spec.b);
    a.loc = spec.at_card ? location_of(state(), a.a) : spec.loc;
    if (a.kind == ActionKind::kChooseSkill) a.loc = skill_named(spec.word);
    if (a.kind == ActionKind::kChooseGender) a.loc = static_cast<LocIndex>(gender_named(spec.word));
    if (a.kind == ActionKind::kChooseFromOutside) a.b = static_cast<CardId>(def_named(spec.word));
    if (a.kind == ActionKind::kNameCardType) a.loc = card_type_named(spec.word);
    if (a.kind == ActionKind::kPlayEvent) a.kind = play_kind(a.a);
    if (a.kind == ActionKind::kBattle) return battle_anchors(a);
    if (a.kind == ActionKind::kTransfer) return team_anchor(a);
    return a.kind == ActionKind::kAttempt ? away_team_anchor(a) : a;
  }

  SkillId skill_named(const std::string& name) const {
    const auto skill = db_.skills().find(name);
    if (!skill) throw StepError("no skill " + quoted(name));
    return *skill;
  }

  // "personnel" -> STCCG_CARD_TYPE_PERSONNEL, as the card data spells the type.
  static LocIndex card_type_named(const std::string& word) {
    std::string name = "STCCG_CARD_TYPE_" + word;
    for (char& ch : name)
      ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    v1::StccgCardType type{};
    if (!v1::StccgCardType_Parse(name, &type) || type == v1::STCCG_CARD_TYPE_UNSPECIFIED)
      throw StepError("no card type " + quoted(word) + " (personnel, event, facility, ...)");
    return static_cast<LocIndex>(type);
  }

  static Gender gender_named(const std::string& word) {
    if (word == "male") return Gender::kMale;
    if (word == "female") return Gender::kFemale;
    if (word == "neuter") return Gender::kNone;
    throw StepError("no gender " + quoted(word) + " (male, female, neuter)");
  }

  // The engine names a battle by the first ready member of each Away Team (Engine::battle_team):
  // "battle at 0 with Worf against Kurn" means the battle of Worf's team against Kurn's.
  Action battle_anchors(Action a) const {
    if (!game_) return a;
    const Engine& rules = game_->rules();
    for (CardId* member : {&a.a, &a.b}) {
      if (*member == kNoCard || state().cards[*member].where != Where::kSurface) continue;
      const std::vector<CardId> team = rules.battle_team(*member);
      if (!team.empty()) *member = team.front();
    }
    return a;
  }

  // An infiltrator beams into the other player's Away Team named by its first member: "beam X to
  // Kurn" means into the team that holds Kurn.
  Action team_anchor(Action a) const {
    if (!game_ || a.b == kNoCard || state().cards[a.b].where != Where::kSurface) return a;
    const Engine& rules = game_->rules();
    for (const std::vector<CardId>& team : rules.away_teams(rules.team_player(a.b), a.loc)) {
      if (std::find(team.begin(), team.end(), a.b) != team.end()) a.b = team.front();
    }
    return a;
  }

  // `play` names an event, an interrupt or a doorway: the action follows the card's type.
  ActionKind play_kind(CardId c) const {
    const CardDef& def = state().def(c);
    // An artifact played as an interrupt (Thought Maker) is played like one; one with a second
    // way, event or interrupt (Tox Uthat), as an interrupt in a response window.
    if (def.type() == v1::STCCG_CARD_TYPE_ARTIFACT) {
      const auto& artifact = def.card.artifact();
      const bool in_window =
          !state().frames.empty() && std::holds_alternative<WindowFrame>(state().frames.back());
      if (artifact.play_as() == v1::STCCG_PLAY_AS_INTERRUPT ||
          (artifact.also_play_as() == v1::STCCG_PLAY_AS_INTERRUPT && in_window))
        return ActionKind::kPlayInterrupt;
    }
    switch (def.type()) {
      case v1::STCCG_CARD_TYPE_INTERRUPT:
        return ActionKind::kPlayInterrupt;
      case v1::STCCG_CARD_TYPE_DOORWAY:
        return ActionKind::kPlayDoorway;
      default:
        return ActionKind::kPlayEvent;
    }
  }

  // The engine offers one attempt per Away Team, anchored on one member: "attempt 0 with Worf"
  // means the offered attempt of the team that holds Worf.
  Action away_team_anchor(Action a) const {
    const core::Decision* d = game_ ? game_->decision() : nullptr;
    if (d && a.b != kNoCard) {
      // A mission's treaty (Diplomatic Conference): everyone on the planet, whoever is named.
      for (const Action& offered : state().offered) {
        if (offered.kind == ActionKind::kAttempt && offered.loc == a.loc && offered.b == a.b &&
            state().type(a.b) == v1::STCCG_CARD_TYPE_MISSION)
          return offered;
      }
      // A dual-icon mission: the team that holds card `b`, with ship `a`.
      for (const Action& offered : state().offered) {
        if (offered.kind != ActionKind::kAttempt || offered.loc != a.loc || offered.a != a.a ||
            offered.b == kNoCard)
          continue;
        const auto team = game_->rules().attempt_group(d->seat, a.loc, offered.b);
        if (std::find(team.begin(), team.end(), a.b) != team.end()) return offered;
      }
      return a;
    }
    if (!d || a.a == kNoCard || state().cards[a.a].where != Where::kSurface) return a;
    for (const Action& offered : state().offered) {
      if (offered.kind != ActionKind::kAttempt || offered.loc != a.loc) continue;
      if (offered.a == a.a) return a;
      if (state().cards[offered.a].where != Where::kSurface) continue;
      const auto team = game_->rules().attempt_group(d->seat, a.loc, offered.a);
      if (std::find(team.begin(), team.end(), a.a) != team.end()) return offered;
    }
    return a;
  }

  void act(const Step& s) {
    mark_ = game_->events().size();  // the events of every transfer of a beam count
    scenario::ActionSpec spec = s.action;
    for (std::size_t i = 0; i <= s.action.more.size(); ++i) {
      if (i > 0) spec.a = s.action.more[i - 1];
      const Action a = action(spec);
      const core::Decision* d = game_->decision();
      if (!d)
        throw StepError("expected a decision to answer, got " +
                        std::string(game_->over() ? "the game over" : "none"));
      const auto result = game_->submit(d->seat, d->id, game_->option_id(a));
      if (!result.accepted()) {
        const std::string what =
            s.action.more.empty() ? s.text : "beaming " + quoted(spec.a) + " (" + s.text + ")";
        throw StepError("expected '" + what + "' to be accepted, got " + scenario::refusal(result));
      }
      // Every card is where its lists say, whatever the action did (cards new to the game too).
      if (const std::string broken = state().check(); !broken.empty())
        throw StepError("after '" + s.text + "' the state is inconsistent: " + broken);
    }
  }

  // --- Deck lists (`decklist`, `expect deck`) ---

  DefIndex def_named(const std::string& title) const {
    const auto def = db_.find_title(title);
    if (!def) throw StepError("no card titled " + quoted(title));
    return *def;
  }

  std::vector<DefIndex>& part(scenario::DeckPart p) {
    switch (p) {
      case scenario::DeckPart::kQContinuum:
        return deck_->q_continuum;
      case scenario::DeckPart::kQTent:
        return deck_->q_tent;
      case scenario::DeckPart::kBattleBridge:
        return deck_->battle_bridge;
      case scenario::DeckPart::kGame:
      case scenario::DeckPart::kDraw:
        break;
    }
    return deck_->cards;
  }

  void deck_list(const Step& s) {
    deck_lists_ = true;
    if (s.word == "sample") {
      // The sample decks are lists over CardDb::standard(): carried over by title.
      const Deck sample = *sample_deck(s.deck);
      const CardDb& standard = CardDb::standard();
      auto carry = [&](const std::vector<DefIndex>& from) {
        std::vector<DefIndex> out;
        for (DefIndex i : from)
          out.push_back(&db_ == &standard ? i : def_named(standard.def(i).title()));
        return out;
      };
      deck_ = Deck{sample.name,           carry(sample.cards),
                   carry(sample.stocked), carry(sample.q_continuum),
                   carry(sample.q_tent),  carry(sample.battle_bridge),
                   carry(sample.seeded)};
      return;
    }
    if (!deck_) throw StepError("a deck list starts with `decklist sample NAME`");
    const DefIndex def = def_named(s.names[0]);
    const auto copies = static_cast<std::size_t>(s.number);
    if (s.word == "add") {
      std::vector<DefIndex>& list = part(s.part);
      list.insert(list.end(), copies, def);
      if (s.part == scenario::DeckPart::kDraw && is_seed_card(db_.def(def)))
        deck_->stocked.insert(deck_->stocked.end(), copies, def);
      return;
    }
    // remove: from the game deck first, then from the side decks.
    std::size_t left = copies;
    for (auto* list : {&deck_->cards, &deck_->q_continuum, &deck_->q_tent, &deck_->battle_bridge}) {
      for (auto it = list->begin(); left > 0 && it != list->end();) {
        if (*it != def) {
          ++it;
          continue;
        }
        it = list->erase(it);
        --left;
      }
    }
    if (left > 0)
      throw StepError("expected " + std::to_string(copies) + " " + quoted(s.names[0]) +
                      " in the deck list, got " + std::to_string(copies - left));
    // A stocked copy goes with the game deck's copies.
    const auto in_deck = std::count(deck_->cards.begin(), deck_->cards.end(), def);
    while (std::count(deck_->stocked.begin(), deck_->stocked.end(), def) > in_deck)
      deck_->stocked.erase(std::find(deck_->stocked.begin(), deck_->stocked.end(), def));
  }

  bool deck_holds(const Step& s, std::string& got) const {
    if (!deck_) {
      got = "no deck list (`decklist sample NAME` first)";
      return false;
    }
    const std::vector<DeckProblem> problems =
        validate_deck(*deck_, db_, position_.state().options.sixty_card_decks);
    bool found = false;
    for (const DeckProblem& problem : problems) {
      const std::string_view code = stccg::name(problem.code);
      found = found || code == s.word;
      got += (got.empty() ? "" : "; ") + std::string(code) + ": " + problem.message;
    }
    if (got.empty()) got = "a valid deck";
    return s.word.empty() ? problems.empty() : found;
  }

  const CardDb& db_;
  Position position_;
  bool positioned_ = false;  // a setup statement ran
  bool deck_lists_ = false;  // a deck-list statement ran
  std::optional<Deck> deck_;
  std::optional<Game> game_;
  std::map<std::string, CardId> aliases_;
  std::size_t mark_ = 0;  // events before this index came before the last action
  std::string_view file_;
  std::vector<std::string>& failures_;
};

}  // namespace

ScenarioReport run_scenario(const CardDb& db, std::string_view file, std::string_view text) {
  ScenarioReport report;
  scenario::Script script;
  try {
    script = scenario::parse(text);
  } catch (const scenario::ParseError& e) {
    report.failures.push_back(std::string(file) + ":" + std::to_string(e.line()) + ": " + e.what());
    return report;
  }
  for (const scenario::Case& c : script.cases) {
    CaseRunner(db, file, report.failures).run(script.prelude, c);
  }
  // A bad prelude fails every case the same way: say it once.
  report.failures.erase(std::unique(report.failures.begin(), report.failures.end()),
                        report.failures.end());
  return report;
}

}  // namespace spacedock::stccg
