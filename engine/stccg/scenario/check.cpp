// The expectations of a scenario, checked against the running game.
#include "engine/stccg/scenario/check.h"

#include <algorithm>
#include <string>
#include <variant>

#include "engine/stccg/view/view.h"

namespace spacedock::stccg::scenario {
namespace {

std::string player_name(Seat seat) {
  return seat == 0 ? "A" : seat == 1 ? "B" : "nobody";
}

std::string winners_name(std::uint8_t winners) {
  return winners == 0b11 ? "both" : winners == 0 ? "none" : player_name(winners == 0b01 ? 0 : 1);
}

std::string quoted(const std::string& text) {
  return "\"" + text + "\"";
}

std::string_view verdict_name(core::Verdict verdict) {
  switch (verdict) {
    case core::Verdict::kAccepted:
      return "accepted";
    case core::Verdict::kNotOpen:
      return "NOT_OPEN";
    case core::Verdict::kNotYourDecision:
      return "NOT_YOUR_DECISION";
    case core::Verdict::kNotOffered:
      return "NOT_OFFERED";
    case core::Verdict::kNotAPlayer:
      return "NOT_A_PLAYER";
    case core::Verdict::kGameOver:
      return "GAME_OVER";
  }
  return "?";
}

std::string title(const State& s, CardId c) {
  return quoted(s.def(c).title());
}

// Where a card is, in the words of the format.
std::string place_of(const State& s, CardId c) {
  const CardState& card = s.cards[c];
  const std::string owner = player_name(card.owner);
  switch (card.zone) {
    case Zone::kSeedPile:
      return "in seed_pile " + owner;
    case Zone::kDrawDeck:
      return "in draw " + owner;
    case Zone::kHand:
      return "in hand " + owner;
    case Zone::kDiscard:
      return "in discard " + player_name(card.controller);
    case Zone::kOutOfPlay:
      return "in out_of_play " + owner;
    case Zone::kBonus:
      return "in bonus " + player_name(card.controller);
    case Zone::kSideDeck:
      return "in side_deck " + owner;
    case Zone::kSideUsed:
      return "in side_used " + owner;
    case Zone::kMission:
      return "the mission at " + std::to_string(card.loc);
    case Zone::kSeed:
      return "under " + std::to_string(card.loc);
    case Zone::kResolving:
      return "resolving";
    case Zone::kHeld:
      return "held";
    case Zone::kStored:
      return "stored " + title(s, card.host);
    case Zone::kPlay:
      break;
  }
  switch (card.where) {
    case Where::kTable:
      return "on table " + player_name(card.controller);
    case Where::kSpace:
      return "in space " + std::to_string(card.loc);
    case Where::kSurface:
      return "on planet " + std::to_string(card.loc);
    case Where::kAboard:
      return "aboard " + title(s, card.host);
    case Where::kOn:
      return "on " + title(s, card.host);
    case Where::kSideDeck:
      return "on its side deck";
    case Where::kNone:
      break;
  }
  return "in play";
}

constexpr std::pair<std::string_view, Affiliation> kAffiliationNames[] = {
    {"Federation", Affiliation::kFederation},  {"Klingon", Affiliation::kKlingon},
    {"Romulan", Affiliation::kRomulan},        {"Cardassian", Affiliation::kCardassian},
    {"Ferengi", Affiliation::kFerengi},        {"Borg", Affiliation::kBorg},
    {"Bajoran", Affiliation::kBajoran},        {"Dominion", Affiliation::kDominion},
    {"Non-Aligned", Affiliation::kNonAligned}, {"Neutral", Affiliation::kNeutral}};

// A status of a card, by its name in the format.
bool has_status(const Game& game, CardId c, std::string_view word) {
  const CardState& card = game.state().cards[c];
  const Engine& rules = game.rules();
  if (word == "stopped") return card.stopped;
  if (word == "damaged") return rules.damaged(c);  // rotated (§3.13)
  if (word == "cloaked") return card.cloaked;
  if (word == "undocked") return card.undocked;
  if (word == "captive") return rules.captivity(c) != nullptr;
  if (word == "unattended") return rules.unattended(c);
  if (word == "in_brig") return rules.in_brig(c);
  if (word == "stasis") return rules.in_stasis(c);
  if (word == "disabled") return card.disabled;
  if (word == "face_down") return card.face_down;
  if (word == "infiltrating") return rules.infiltrating(c);
  if (word == "intruder") return rules.intruder(c);
  return word == "house_arrest" && card.arrested;
}

bool at(const Scene& scene, CardId c, const Place& p) {
  const State& s = scene.game.state();
  const CardState& card = s.cards[c];
  const bool in_play = card.zone == Zone::kPlay;
  switch (p.kind) {
    case Place::Kind::kPile: {
      // A bonus area, or a discard pile a card sent the card to, is its controller's.
      const Seat whose = card.controller;
      return card.zone == p.zone && (p.player == kNoSeat || whose == p.player);
    }
    case Place::Kind::kUnder:
      return card.zone == Zone::kSeed && card.loc == p.loc;
    case Place::Kind::kSpace:
      return in_play && card.where == Where::kSpace && card.loc == p.loc;
    case Place::Kind::kPlanet:
      return in_play && card.where == Where::kSurface && card.loc == p.loc;
    case Place::Kind::kAboard:
      return in_play && card.where == Where::kAboard && card.host == scene.card(p.host);
    case Place::Kind::kOn:
      return in_play && card.where == Where::kOn && card.host == scene.card(p.host);
    case Place::Kind::kTable:
      return in_play && card.where == Where::kTable &&
             (p.player == kNoSeat || card.controller == p.player);
    case Place::Kind::kStored:
      return card.zone == Zone::kStored && card.host == scene.card(p.host);
    case Place::Kind::kPlay:
      return in_play;
  }
  return false;
}

std::string_view hit_name(std::uint8_t hit) {
  return hit < std::size(kHits) ? kHits[hit] : "?";
}

// Events since the last action: a dilemma's outcome, an attempt's result, a battle's winner,
// one side's fire or a card shown to everyone.
bool event_seen(const Step& s, const Scene& scene, std::string& got) {
  using K = Step::Kind;
  const State& st = scene.game.state();
  const CardId wanted =
      s.kind == K::kExpectDilemma || s.kind == K::kExpectShown ? scene.card(s.names[0]) : kNoCard;
  bool found = false;
  auto saw = [&](const std::string& what) { got += (got.empty() ? "" : ", ") + what; };
  for (std::size_t i = scene.mark; i < st.events.size(); ++i) {
    const Event& event = st.events[i];
    if (const auto* e = std::get_if<ev::DilemmaResolved>(&event);
        e && s.kind == K::kExpectDilemma) {
      found = found || (e->card == wanted && static_cast<long long>(e->outcome) == s.number);
      saw(title(st, e->card) + " " + std::string(outcome_name(e->outcome)));
    } else if (const auto* a = std::get_if<ev::AttemptEnded>(&event);
               a && s.kind == K::kExpectAttempt) {
      found = found || (a->player == s.player && a->loc == s.place.loc &&
                        static_cast<long long>(a->result) == s.number);
      saw(player_name(a->player) + " at " + std::to_string(a->loc) + " " +
          std::string(result_name(a->result)));
    } else if (const auto* b = std::get_if<ev::BattleEnded>(&event);
               b && s.kind == K::kExpectBattle) {
      found = found || b->winner == s.number;
      saw("battle winner " + (b->winner == kNoSeat ? std::string("none") : player_name(b->winner)));
    } else if (const auto* f = std::get_if<ev::Fired>(&event); f && s.kind == K::kExpectFired) {
      found = found || (f->side == s.player && f->attack == s.number && f->defense == s.other &&
                        hit_name(f->hit) == s.word);
      saw("fired " + (f->side == kNoSeat ? std::string("none") : player_name(f->side)) + " " +
          std::to_string(f->attack) + " vs " + std::to_string(f->defense) + " " +
          std::string(hit_name(f->hit)));
    } else if (const auto* r = std::get_if<ev::Revealed>(&event); r && s.kind == K::kExpectShown) {
      found = found || r->card == wanted;
      saw(title(st, r->card) + " shown");
    }
  }
  got = (got.empty() ? "no such event" : got) + " since the last action";
  return found;
}

}  // namespace

bool holds(const Step& s, const Scene& scene, std::string& got) {
  using K = Step::Kind;
  const Game& game = scene.game;
  const State& st = game.state();
  switch (s.kind) {
    case K::kExpectCard: {
      const CardId c = scene.card(s.names[0]);
      got = place_of(st, c);
      return at(scene, c, s.place);
    }
    case K::kExpectSeeds: {
      std::vector<CardId> wanted;
      for (const std::string& n : s.names)
        wanted.push_back(scene.card(n));
      const auto& seeds = st.spaceline.at(s.place.loc).seeds;
      for (CardId c : seeds)
        got += (got.empty() ? "" : ", ") + title(st, c);
      if (got.empty()) got = "none";
      return seeds == wanted;
    }
    case K::kExpectCount: {
      long long n = 0;
      const bool stopped_only = s.word == "stopped";
      for (CardId c = 0; c < st.cards.size(); ++c)
        n += at(scene, c, s.place) && (!stopped_only || st.cards[c].stopped) ? 1 : 0;
      got = std::to_string(n);
      return n == s.number;
    }
    case K::kExpectScore:
      got = std::to_string(st.players[s.player].score);
      return st.players[s.player].score == s.number;
    case K::kExpectStatus: {
      // Every card named must agree; `got` lists those that do not.
      bool all = true;
      for (const std::string& n : s.names) {
        const CardId card = scene.card(n);
        const bool is = has_status(game, card, s.word);
        if (is == s.negated) {
          all = false;
          got += (got.empty() ? "" : ", ") + quoted(n) + (is ? " is " : " is not ") + s.word;
        }
      }
      return all != s.negated;
    }
    case K::kExpectAffiliation: {
      const CardId card = scene.card(s.names[0]);
      const AffiliationSet has = game.rules().affiliations(card);
      got.clear();
      for (const auto& [name, a] : kAffiliationNames) {
        if (has & bit(a)) got += (got.empty() ? "" : "/") + std::string(name);
      }
      for (const auto& [name, a] : kAffiliationNames) {
        if (name == s.word) return (has & bit(a)) != 0;
      }
      return false;
    }
    case K::kExpectAttribute: {
      const CardId c = scene.card(s.names[0]);
      const AttributeName* a = attribute_named(s.word);
      if (!st.in_play_at(c)) {
        got = "the card " + place_of(st, c);
        return false;
      }
      const Engine& rules = game.rules();
      const int value = a->reads == AttributeName::Reads::kHull ? rules.hull(c)
                        : a->reads == AttributeName::Reads::kRangeLeft
                            ? rules.range_left(c)
                            : rules.attribute(c, a->attribute);
      got = std::to_string(value);
      return value == s.number;
    }
    case K::kExpectSkill: {
      // The personnel's skills as rules read them (Engine::skilled_facts), in whole skills.
      const CardId c = scene.card(s.names[0]);
      const auto skill = st.db->skills().find(s.word);
      if (!skill) {
        got = "no skill " + quoted(s.word);
        return false;
      }
      const SkillHalves halves = game.rules().skilled_facts(c).skills[*skill];
      got = std::to_string(halves / 2) + (halves % 2 ? " and a half" : "");
      return halves == 2 * s.number;
    }
    case K::kExpectGender: {
      // The personnel's gender as rules read it (Engine::facts): printed, or chosen.
      const Gender gender = game.rules().facts(scene.card(s.names[0])).gender;
      got = gender == Gender::kMale     ? "male"
            : gender == Gender::kFemale ? "female"
            : gender == Gender::kNone   ? "neuter"
                                        : "unknown";
      return got == s.word;
    }
    case K::kExpectSees: {
      const CardId c = scene.card(s.names[0]);
      const core::Viewer viewer =
          s.player == kNoSeat ? core::Viewer::spectator() : core::Viewer::player(s.player);
      const bool sees = may_see(game, c, viewer);
      got = std::string(sees ? "seen" : "not seen") + ", the card " + place_of(st, c);
      return sees;
    }
    case K::kExpectOptions: {
      const core::Decision* d = game.decision();
      const long long n = d ? static_cast<long long>(d->options.size()) : 0;
      got = d ? std::to_string(n) : "no open decision";
      return d && n == s.number;
    }
    case K::kExpectSpaceline: {
      std::vector<CardId> wanted;
      for (const std::string& n : s.names)
        wanted.push_back(scene.card(n));
      std::vector<CardId> missions;
      for (const Location& l : st.spaceline) {
        missions.push_back(l.mission);
        got += (got.empty() ? "" : ", ") + title(st, l.mission);
      }
      if (got.empty()) got = "no missions";
      return missions == wanted;
    }
    case K::kExpectController: {
      const Seat who = st.cards[scene.card(s.names[0])].controller;
      got = player_name(who);
      return who == s.player;
    }
    case K::kExpectCompleted: {
      const Seat by = st.spaceline.at(s.place.loc).completed_by;
      got = by == kNoSeat ? "not completed" : "completed by " + player_name(by);
      return by != kNoSeat && (s.player == kNoSeat || by == s.player);
    }
    case K::kExpectOver: {
      const std::string reason = v1::ResultReason_Name(st.reason).substr(14);  // RESULT_REASON_
      got =
          st.over ? "over, winner " + winners_name(st.winners) + ", reason " + reason : "not over";
      return st.over && (s.number < 0 || st.winners == s.number) &&
             (s.word.empty() || s.word == reason);
    }
    case K::kExpectDecision: {
      const core::Decision* d = game.decision();
      got = d ? "a decision of " + player_name(d->seat) : "no open decision";
      return d && d->seat == s.player;
    }
    case K::kExpectTurn:
      got = std::to_string(st.turn);
      return st.turn == s.number;
    case K::kExpectActive:
      got = player_name(st.active);
      return st.active == s.player;
    case K::kExpectOffered: {
      const core::Decision* d = game.decision();
      const core::OptionId option = game.option_id(scene.action(s.action));
      const Rule why = game.check(option);
      got = why == Rule::kOk ? "not offered" : "not offered: " + std::string(rule_name(why));
      return d && std::find(d->options.begin(), d->options.end(), option) != d->options.end();
    }
    case K::kExpectRefused: {
      Game copy = game;  // a refused answer changes nothing, but an accepted one would
      const core::Decision* d = copy.decision();
      const auto result =
          copy.submit(d ? d->seat : 0, d ? d->id : 0, copy.option_id(scene.action(s.action)));
      got = result.accepted() ? "accepted" : refusal(result);
      return !result.accepted() && (s.word.empty() || s.word == result.rule);
    }
    default:
      return event_seen(s, scene, got);
  }
}

std::string refusal(const core::SubmitResult& result) {
  return std::string(verdict_name(result.verdict)) +
         (result.rule.empty() ? "" : " " + std::string(result.rule));
}

}  // namespace spacedock::stccg::scenario
