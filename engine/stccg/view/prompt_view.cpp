#include <string>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/view/view.h"

namespace spacedock::stccg {
namespace {

using enum ActionKind;

static_assert(kLastActionKind == v1::STCCG_ACTION_LEAVE_CAPTIVE,
              "StccgActionKind mirrors ActionKind");

const AttemptFrame* attempt_of(const State& s) {
  return s.frames.empty() ? nullptr : std::get_if<AttemptFrame>(&s.frames.back());
}

// The card whose resolution asks the question: the dilemma being met, the card being played,
// or a card deciding over several steps; kNoCard for none.
CardId deciding_card(const State& s) {
  if (s.frames.empty()) return kNoCard;
  const Frame& top = s.frames.back();
  if (const auto* attempt = std::get_if<AttemptFrame>(&top)) return attempt->current;
  if (const auto* play = std::get_if<ActionFrame>(&top)) return play->action.a;
  if (const auto* card = std::get_if<CardFrame>(&top)) return card->card;
  return kNoCard;
}

// The handler's words for a choice, or `fallback`.
std::string_view words(const State& s, std::string_view Handler::*field,
                       std::string_view fallback) {
  const CardId c = deciding_card(s);
  const Handler* h = c == kNoCard ? nullptr : s.def(c).handler;
  return h && !(h->*field).empty() ? h->*field : fallback;
}

v1::StccgDecisionStep step_of(const State& s, ActionKind first_option) {
  if (s.frames.empty()) return v1::STCCG_DECISION_UNSPECIFIED;
  const Frame& top = s.frames.back();
  if (const auto* seeding = std::get_if<SeedFrame>(&top)) {
    switch (seeding->step) {
      case SeedFrame::Step::kDoorways:
        return v1::STCCG_DECISION_SEED_DOORWAY;
      case SeedFrame::Step::kMissions:
        return v1::STCCG_DECISION_SEED_MISSION;
      case SeedFrame::Step::kDilemmas:
        return v1::STCCG_DECISION_SEED_UNDER;
      default:
        return v1::STCCG_DECISION_SEED_OUTPOST;
    }
  }
  if (std::holds_alternative<TurnFrame>(top)) return v1::STCCG_DECISION_ORDERS;
  if (std::holds_alternative<WindowFrame>(top)) return v1::STCCG_DECISION_RESPONSE;
  return first_option == kChoose ? v1::STCCG_DECISION_CHOOSE : v1::STCCG_DECISION_YES_NO;
}

class Labeller {
 public:
  Labeller(const Game& game, const SeatNames& names)
      : game_(game),
        s_(game.state()),
        name_(names),
        seat_(s_.decision.seat),
        viewer_(core::Viewer::player(seat_)) {}

  std::string operator()(const Action& a) const {
    switch (a.kind) {
      case kPass:
        return "Pass";
      case kSeedDoorway:
        return "Seed " + card(a.a);
      case kSeedMission:
        if (s_.spaceline.empty()) return "Seed " + card(a.a) + " to start the spaceline";
        return "Seed " + card(a.a) + " at the " + (a.loc == 0 ? "left" : "right") +
               " end of the spaceline";
      case kSeedUnder:
        return "Seed " + card(a.a) + " under " + mission_title(s_, a.loc);
      case kSeedFacility:
        return "Seed " + card(a.a) + " at " + mission_title(s_, a.loc);
      case kReport: {
        const bool ship = s_.def(a.a).type() == v1::STCCG_CARD_TYPE_SHIP;
        return "Report " + card(a.a) + (ship ? " to " : " aboard ") + card(a.b) + " at " +
               mission_title(s_, s_.cards[a.b].loc);
      }
      case kBuild:
        return "Build " + card(a.a) + " at " + mission_title(s_, a.loc);
      case kPlayEvent:
      case kPlayInterrupt:
        return "Play " + card(a.a) + (a.b == kNoCard ? "" : " on " + card(a.b));
      case kMove:
        return "Move " + card(a.a) + " to " + mission_title(s_, a.loc) + " (span " +
               std::to_string(game_.rules().move_cost(seat_, s_.cards[a.a].loc, a.loc)) + " of " +
               std::to_string(game_.rules().range_left(a.a)) + " RANGE left)";
      case kTransfer:
        if (a.b == kNoCard) return "Beam " + card(a.a) + " down to " + mission_title(s_, a.loc);
        return "Beam " + card(a.a) + " aboard " + card(a.b);
      case kAttempt: {
        const auto size = std::to_string(game_.rules().attempt_group(seat_, a.loc, a.a).size());
        const std::string group = s_.cards[a.a].where == Where::kSpace
                                      ? "the crew of " + card(a.a) + " (" + size + ")"
                                      : "the Away Team of " + size;
        return "Attempt " + mission_title(s_, a.loc) + " with " + group;
      }
      case kEndTurn:
        return "End your turn";
      case kChoose:
        return "Choose " + card(a.a);
      case kYes:
        return std::string(words(s_, &Handler::yes_label, "Yes"));
      case kNo:
        return std::string(words(s_, &Handler::no_label, "No"));
    }
    return "?";
  }

  std::string title(v1::StccgDecisionStep step) const {
    switch (step) {
      case v1::STCCG_DECISION_SEED_DOORWAY:
        return "Seeding: seed a doorway, or pass";
      case v1::STCCG_DECISION_SEED_MISSION:
        return "Seeding: place one of your missions on the spaceline";
      case v1::STCCG_DECISION_SEED_UNDER:
        return "Seeding: seed a card face down under a mission, or pass";
      case v1::STCCG_DECISION_SEED_OUTPOST:
        return "Seeding: seed an outpost, or pass";
      case v1::STCCG_DECISION_ORDERS: {
        const PlayerState& p = s_.players[seat_];
        return "Turn " + std::to_string(s_.turn) + ": " +
               (p.card_played || p.orders_begun ? "give orders or end your turn"
                                                : "play a card, give orders or end your turn");
      }
      case v1::STCCG_DECISION_RESPONSE:
        return "Respond, or pass";
      case v1::STCCG_DECISION_CHOOSE:
        return deciding() + ": " + choose_what();
      case v1::STCCG_DECISION_YES_NO:
        return deciding() + ": " + std::string(words(s_, &Handler::question, "yes or no?"));
      default:
        return "";
    }
  }

 private:
  std::string card(CardId c) const {
    return may_see(game_, c, viewer_) ? s_.def(c).title() : "a face-down card";
  }

  std::string deciding() const {
    const CardId c = deciding_card(s_);
    return c != kNoCard ? card(c) : "A dilemma";
  }

  std::string choose_what() const {
    const std::string_view label = words(s_, &Handler::choose_label, {});
    if (!label.empty()) return std::string(label);
    const AttemptFrame* f = attempt_of(s_);
    if (f && f->player != seat_) return "choose which of " + name_(f->player) + "'s personnel dies";
    return "choose who dies";
  }

  const Game& game_;
  const State& s_;
  const SeatNames& name_;
  Seat seat_;
  core::Viewer viewer_;
};

void action_to_proto(const State& s, const Action& a, v1::StccgAction* out) {
  out->set_kind(static_cast<v1::StccgActionKind>(a.kind));
  if (a.a != kNoCard) out->set_card(s.cards[a.a].handle);
  if (a.b != kNoCard) out->set_target(s.cards[a.b].handle);
  if (a.loc != kNoLoc) out->set_location(a.loc);
}

void context_to_proto(const Game& game, v1::StccgDecisionStep step, v1::StccgDecisionContext* out) {
  const State& s = game.state();
  const core::Viewer viewer = core::Viewer::player(s.decision.seat);
  out->set_what(step);
  if (s.frames.empty()) return;
  if (const AttemptFrame* f = attempt_of(s)) {
    out->set_location(f->loc);
    if (f->current != kNoCard) ref_to_proto(game, f->current, viewer, out->mutable_about());
  }
  if (const auto* window = std::get_if<WindowFrame>(&s.frames.back());
      window && window->collector != WindowFrame::kNoCollector) {
    const Action& announced = std::get<ActionFrame>(s.frames[window->collector]).action;
    if (announced.a != kNoCard) ref_to_proto(game, announced.a, viewer, out->mutable_about());
  }
}

}  // namespace

void project_prompt(const Game& game, const SeatNames& names, v1::DecisionPrompt* out) {
  const State& s = game.state();
  const core::Decision& d = s.decision;
  Labeller label(game, names);
  out->set_decision_id(d.id);
  out->set_seat(d.seat);
  out->set_kind(v1::DECISION_KIND_CHOOSE_ONE);
  out->set_min_choices(1);
  out->set_max_choices(1);
  // s.offered holds the action behind each option id, index for index.
  for (std::size_t i = 0; i < d.options.size(); ++i) {
    const Action& a = s.offered[i];
    auto* option = out->add_options();
    option->set_id(d.options[i]);
    option->set_label(label(a));
    action_to_proto(s, a, option->mutable_stccg());
  }
  const v1::StccgDecisionStep step = step_of(s, s.offered.empty() ? kPass : s.offered.front().kind);
  out->set_title(label.title(step));
  context_to_proto(game, step, out->mutable_stccg());
}

}  // namespace spacedock::stccg
