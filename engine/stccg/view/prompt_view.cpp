// The open decision as its player sees it: every option with an English label and its
// structured action, a title that says what is being decided, and the card it is about. The
// frame on top of the stack owes the decision, so it says what kind of decision it is.
#include <cctype>
#include <string>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/view/view.h"

namespace spacedock::stccg {
namespace {

using enum ActionKind;

static_assert(kLastActionKind == v1::STCCG_ACTION_BRIG, "StccgActionKind mirrors ActionKind");

// What the decision is, and the card (with its handler's words) it is about.
struct Context {
  v1::StccgDecisionStep step = v1::STCCG_DECISION_UNSPECIFIED;
  CardId about = kNoCard;
  LocIndex loc = kNoLoc;
  const Handler* handler = nullptr;           // whose words label a choice or a question
  WindowKind window = WindowKind::kResponse;  // for STCCG_DECISION_RESPONSE: what it answers
};

v1::StccgDecisionStep seed_step(SeedFrame::Step step) {
  switch (step) {
    case SeedFrame::Step::kDoorways:
      return v1::STCCG_DECISION_SEED_DOORWAY;
    case SeedFrame::Step::kMissions:
      return v1::STCCG_DECISION_SEED_MISSION;
    case SeedFrame::Step::kDilemmas:
      return v1::STCCG_DECISION_SEED_UNDER;
    case SeedFrame::Step::kFacilities:
    case SeedFrame::Step::kCleanup:
      return v1::STCCG_DECISION_SEED_OUTPOST;
  }
  return v1::STCCG_DECISION_UNSPECIFIED;
}

v1::StccgDecisionStep ship_battle_step(ShipBattleFrame::Step step, bool choosing) {
  switch (step) {
    case ShipBattleFrame::Step::kJoin:
      return v1::STCCG_DECISION_BATTLE_JOIN;
    case ShipBattleFrame::Step::kReturnTarget:
      return v1::STCCG_DECISION_RETURN_FIRE;
    case ShipBattleFrame::Step::kReturnJoin:
      return v1::STCCG_DECISION_RETURN_JOIN;
    default:
      return choosing ? v1::STCCG_DECISION_CURRENT_TACTIC : v1::STCCG_DECISION_DRAW_TACTIC;
  }
}

Context context_of(const State& s) {
  Context c;
  // A download's search offers the plays of the cards found, then kDone.
  const bool choosing =
      !s.offered.empty() &&
      (s.offered.front().kind == kChoose || s.offered.front().kind == kChooseSkill ||
       s.offered.front().kind == kChooseGender || s.offered.front().kind == kInsertMission ||
       s.offered.front().kind == kNameCardType || s.offered.front().kind == kDone ||
       s.offered.back().kind == kDone);
  const v1::StccgDecisionStep card_step =
      choosing ? v1::STCCG_DECISION_CHOOSE : v1::STCCG_DECISION_YES_NO;
  std::visit(
      [&](const auto& f) {
        using F = std::decay_t<decltype(f)>;
        if constexpr (std::is_same_v<F, SeedFrame>) {
          c.step = seed_step(f.step);
        } else if constexpr (std::is_same_v<F, TurnFrame>) {
          c.step = v1::STCCG_DECISION_ORDERS;
        } else if constexpr (std::is_same_v<F, WindowFrame>) {
          c.step = v1::STCCG_DECISION_RESPONSE;
          c.about = f.about;
          c.loc = f.loc;
          c.window = f.kind;
          if (f.collector != WindowFrame::kNoCollector)
            c.about = std::get<ActionFrame>(s.frames[f.collector]).action.a;
        } else if constexpr (std::is_same_v<F, AttemptFrame>) {
          c.step = card_step;
          c.about = f.current;
          c.loc = f.loc;
        } else if constexpr (std::is_same_v<F, ActionFrame>) {
          c.step = card_step;
          c.about = f.action.a;
          // A battle being initiated is asked about by the card that lets it be cancelled.
          for (const Effect& x : s.effects) {
            if (x.kind == EffectKind::kBattleCancellable && x.player == f.actor &&
                (f.action.kind == kAttack || f.action.kind == kBattle))
              c.about = x.source;
          }
        } else if constexpr (std::is_same_v<F, CardFrame>) {
          c.step = card_step;
          c.about = f.card;
        } else if constexpr (std::is_same_v<F, ShipBattleFrame>) {
          c.step = ship_battle_step(f.step, choosing);
          c.about = f.targets[0].empty() ? kNoCard : f.targets[0].front();
          c.loc = f.loc;
        } else if constexpr (std::is_same_v<F, PersonnelBattleFrame>) {
          c.step = v1::STCCG_DECISION_RETALIATE;
          c.loc = f.loc;
        }
      },
      s.frames.back());
  if (c.about != kNoCard &&
      (c.step == v1::STCCG_DECISION_CHOOSE || c.step == v1::STCCG_DECISION_YES_NO))
    c.handler = s.handler(c.about);
  return c;
}

std::string_view gender_word(Gender gender) {
  switch (gender) {
    case Gender::kMale:
      return "male";
    case Gender::kFemale:
      return "female";
    case Gender::kNone:
      return "neuter";
    case Gender::kUnknown:
      break;
  }
  return "of no known gender";
}

// "STCCG_CARD_TYPE_PERSONNEL" -> "Personnel"; a facility is an outpost or a station.
std::string card_type_word(v1::StccgCardType type) {
  if (type == v1::STCCG_CARD_TYPE_FACILITY) return "Facility (outpost or station)";
  const std::string name = v1::StccgCardType_Name(type);
  std::string word = name.substr(name.rfind('_') + 1);
  for (std::size_t i = 1; i < word.size(); ++i)
    word[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(word[i])));
  return word;
}

// The titles a card's download `entry` names, "A or B".
std::string download_titles(const CardDef& def, LocIndex entry) {
  std::string titles;
  if (entry >= def.card.downloads_size()) return titles;
  const auto& download = def.card.downloads(entry);
  for (const std::string& title : download.titles())
    titles += (titles.empty() ? "" : " or ") + title;
  for (int type : download.types()) {
    // "STCCG_CARD_TYPE_EQUIPMENT" -> "any EQUIPMENT card"
    const std::string name = v1::StccgCardType_Name(static_cast<v1::StccgCardType>(type));
    titles += (titles.empty() ? "any " : " or any ") + name.substr(name.rfind('_') + 1) + " card";
  }
  return titles;
}

class Labeller {
 public:
  Labeller(const Game& game, const SeatNames& names, const Context& context)
      : game_(game),
        s_(game.state()),
        name_(names),
        seat_(s_.decision.seat),
        viewer_(core::Viewer::player(seat_)),
        c_(context) {}

  std::string operator()(const Action& a) const {
    switch (a.kind) {
      case kPass:
        return "Pass";
      case kPassAll:
        return "Pass, and every response until the end of this turn";
      case kSeedDoorway:
        return "Seed " + card(a.a) + " on its side deck";
      case kSeedMission:
        if (a.b != kNoCard)  // a copy of a mission the opponent seeded shares its location
          return "Seed " + card(a.a) + " with the opponent's " + mission_title(s_, a.loc);
        if (s_.spaceline.empty()) return "Seed " + card(a.a) + " to start the spaceline";
        return "Seed " + card(a.a) + " at the " + (a.loc == 0 ? "left" : "right") +
               " end of the spaceline";
      case kSeedUnder:
        return "Seed " + card(a.a) + " under " + mission_title(s_, a.loc);
      case kInsertMission:
        if (s_.cards[a.a].zone == Zone::kSeedPile)  // seeded between two missions (Space)
          return "Seed " + card(a.a) + " between " + mission_title(s_, a.loc - 1) + " and " +
                 mission_title(s_, a.loc);
        if (a.loc == 0) return "Put " + card(a.a) + " at the left end of the spaceline";
        return "Put " + card(a.a) + " right of " + mission_title(s_, a.loc - 1) +
               (a.loc == s_.spaceline.size() ? ", at the right end of the spaceline" : "");
      case kSeedFacility:
        if (a.loc == kNoLoc) return "Seed " + card(a.a) + " on the table";
        return "Seed " + card(a.a) + " at " + mission_title(s_, a.loc);
      case kReport: {
        // Personnel and ships report for duty; equipment is played (§2.3).
        const auto type = s_.type(a.a);
        const std::string verb = type == v1::STCCG_CARD_TYPE_EQUIPMENT ? "Play " : "Report ";
        if (a.b == kNoCard)  // a ship at a spaceline location (StccgReportsAt, Enterprise-C)
          return verb + card(a.a) + " to " + mission_title(s_, a.loc);
        if (game_.rules().is_personnel(a.b)) {  // beside a personnel (Mek'leth), or to its group
          if (type == v1::STCCG_CARD_TYPE_EQUIPMENT) return verb + card(a.a) + " with " + card(a.b);
          return verb + card(a.a) + " to the group of " + card(a.b) + " at " +
                 mission_title(s_, game_.rules().location_of(a.b));
        }
        return verb + card(a.a) + (type == v1::STCCG_CARD_TYPE_SHIP ? " to " : " aboard ") +
               card(a.b) + " at " + mission_title(s_, s_.cards[a.b].loc);
      }
      case kBuild:
        return "Build " + card(a.a) + " at " + mission_title(s_, a.loc);
      case kPlayEvent:
      case kPlayInterrupt:
      case kPlayDoorway:
        return "Play " + card(a.a) + (a.b == kNoCard ? "" : " on " + card(a.b));
      case kMove: {
        const auto& rules = game_.rules();
        const int cost = rules.move_cost(a.a, rules.location_of(a.a), a.loc);
        return "Move " + card(a.a) + " to " + mission_title(s_, a.loc) + " (costs " +
               std::to_string(cost) + " RANGE, " + std::to_string(rules.range_left(a.a) - cost) +
               " left)";
      }
      case kTransfer:
        if (a.b == kNoCard) return "Beam " + card(a.a) + " down to " + mission_title(s_, a.loc);
        if (game_.rules().is_personnel(a.b))  // an infiltrator into the other player's team
          return "Beam " + card(a.a) + " down into the Away Team of " + card(a.b) + " at " +
                 mission_title(s_, a.loc);
        return "Beam " + card(a.a) + " aboard " + card(a.b);
      case kAttempt: {
        const auto& rules = game_.rules();
        const auto size = std::to_string(rules.attempt_group(seat_, a.loc, a.a).size());
        std::string group = s_.cards[a.a].where == Where::kSpace
                                ? "the crew of " + card(a.a) + " (" + size + ")"
                                : "the Away Team of " + size;
        if (a.b != kNoCard && s_.type(a.b) == v1::STCCG_CARD_TYPE_MISSION) {
          group = "everyone on the planet as one Away Team (" +
                  std::to_string(rules.on_surface(seat_, a.loc).size()) + ")";
        } else if (a.b != kNoCard) {
          group += " and the Away Team of " +
                   std::to_string(rules.attempt_group(seat_, a.loc, a.b).size());
        }
        return "Attempt " + mission_title(s_, a.loc) + " with " + group;
      }
      case kAttack:
        return "Attack " + card(a.b) + " with " + card(a.a);
      case kBattle:
        return "Attack the Away Team of " + card(a.b) + " at " + mission_title(s_, a.loc) +
               " with the Away Team of " + card(a.a);
      case kCloak:
        return "Cloak " + card(a.a);
      case kDecloak:
        return "Decloak " + card(a.a);
      case kDock:
        return "Dock " + card(a.a);
      case kUndock:
        return "Undock " + card(a.a);
      case kRescue:
        return "Rescue " + card(a.a);
      case kTakeCustody:
        return "Take custody of " + card(a.a) + " with " + card(a.b);
      case kLeaveCaptive:
        return "Leave " + card(a.a) + " unattended, or hold them again";
      case kBrig:
        return (game_.rules().in_brig(a.a) ? "Take " + card(a.a) + " out of the Brig"
                                           : "Put " + card(a.a) + " in the Brig");
      case kDownload:
        return "Download " + download_titles(s_.def(a.a), a.loc) + " with " + card(a.a) +
               (a.b == kNoCard ? "" : " onto " + card(a.b));
      case kTakeBack:
        return "Take " + card(a.a) + " from your discard pile into your hand";
      case kPlayFaceDown:
        return (s_.cards[a.a].zone == Zone::kSeedPile ? "Seed " : "Play ") + card(a.a) +
               " face down on the table (hidden agenda)";
      case kReveal:
        return "Reveal your hidden agenda " + card(a.a);
      case kUseCard: {
        // An artifact left at a completed mission (The Charybdis) is picked up by a group there.
        if (game_.rules().left_behind(a.a))
          return "Pick up " + card(a.a) + ", left at the mission (" + card(a.b) + ")";
        const Handler* handler = s_.handler(a.a);
        const std::string what =
            handler && !handler->use_label.empty() ? std::string(handler->use_label) : "use it";
        return card(a.a) + ": " + what + (a.b == kNoCard ? "" : " (" + card(a.b) + ")");
      }
      case kEndTurn:
        return "End your turn";
      case kChoose:
        return a.a == kNoCard ? "Choose the planet" : "Choose " + card(a.a);
      case kChooseSkill:
        return card(a.a) + " takes " + s_.db->skills().name(a.loc);
      case kChooseGender:
        return card(a.a) + " is " + std::string(gender_word(static_cast<Gender>(a.loc)));
      case kChooseFromOutside:  // `b` carries the card's definition
        return "Take " + s_.db->def(a.b).title() + " from outside the game";
      case kNameCardType:  // `loc` carries the card type
        return "Name " + card_type_word(static_cast<v1::StccgCardType>(a.loc));
      case kDone:
        return std::string(done_label());
      case kYes:
        return std::string(words(&Handler::yes_label, yes_label()));
      case kNo:
        return std::string(words(&Handler::no_label, no_label()));
    }
    return "?";
  }

  // A response window, in the words of what it answers.
  std::string response_title() const {
    const std::string at = c_.loc == kNoLoc ? std::string() : mission_title(s_, c_.loc);
    switch (c_.window) {
      case WindowKind::kAttemptAnnounced:
        return "Respond to the attempt at " + at + ", or pass";
      case WindowKind::kBetweenDilemmas:
        return "The attempt at " + at + " goes on: respond before the next card, or pass";
      case WindowKind::kDilemma:
        return card(c_.about) + " is revealed: cancel it, or pass";
      case WindowKind::kBattleStart:
        return "A battle begins at " + at + ": respond, or pass";
      case WindowKind::kBattle:
        return "The battle at " + at + " goes on: respond, or pass";
      case WindowKind::kKilled:
        return card(c_.about) + " is killed: respond, or pass";
      case WindowKind::kDestroyed:
        return card(c_.about) + " is about to be destroyed: respond, or pass";
      case WindowKind::kCompleted:
        return at + " is completed: respond, or pass";
      case WindowKind::kEndOfTurn:
        return name_(s_.active) + " is ending the turn: respond, or pass";
      case WindowKind::kBattleEnded:
        return "The battle at " + at + " is over: respond, or pass";
      case WindowKind::kCaptured:
        return card(c_.about) + " is taken captive: respond, or pass";
      case WindowKind::kDrawn:
        return name_(s_.active) + " has drawn at the end of the turn: respond, or pass";
      case WindowKind::kPickedToDie:
        return card(c_.about) + " is picked at random to die: respond, or pass";
      case WindowKind::kPickedForCapture:
        return card(c_.about) + " is picked at random to be captured: respond, or pass";
      case WindowKind::kCardActed:
        return card(c_.about) + " has just been used: respond, or pass";
      case WindowKind::kResponse:
        break;
    }
    return c_.about == kNoCard ? "Play a card, or pass"
                               : "Respond to " + card(c_.about) + ", or pass";
  }

  std::string title() const {
    switch (c_.step) {
      case v1::STCCG_DECISION_SEED_DOORWAY:
        return "Seeding: seed a doorway on its side deck, or pass";
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
        return response_title();
      case v1::STCCG_DECISION_CHOOSE:
        return about() + ": " + choose_what();
      case v1::STCCG_DECISION_YES_NO:
        return about() + ": " + std::string(words(&Handler::question, "yes or no?"));
      case v1::STCCG_DECISION_BATTLE_JOIN:
        return "Attacking " + card(c_.about) + ": add a ship or facility to the attack, or done";
      case v1::STCCG_DECISION_RETURN_FIRE:
        return "You are attacked: choose the attacker your return fire targets, or none";
      case v1::STCCG_DECISION_RETURN_JOIN:
        return "Return fire: add a ship or facility, or done";
      case v1::STCCG_DECISION_DRAW_TACTIC:
        return "Battle: draw a tactic from your Battle Bridge side deck?";
      case v1::STCCG_DECISION_CURRENT_TACTIC:
        return "Battle: play one of the tactics you drew as your current tactic, or none";
      case v1::STCCG_DECISION_RETALIATE:
        return "Your Away Team is attacked at " + mission_title(s_, c_.loc) + ": fight back?";
      case v1::STCCG_DECISION_UNSPECIFIED:
        break;
      default:
        break;
    }
    return "";
  }

 private:
  std::string card(CardId c) const {
    return may_see(game_, c, viewer_) ? s_.def(c).title() : "a face-down card";
  }

  std::string about() const { return c_.about != kNoCard ? card(c_.about) : "A card"; }

  // The handler's words for a choice, or `fallback`.
  std::string_view words(std::string_view Handler::*field, std::string_view fallback) const {
    return c_.handler && !(c_.handler->*field).empty() ? c_.handler->*field : fallback;
  }

  std::string_view yes_label() const {
    switch (c_.step) {
      case v1::STCCG_DECISION_DRAW_TACTIC:
        return "Draw a tactic";
      case v1::STCCG_DECISION_RETALIATE:
        return "Fight back";
      default:
        return "Yes";
    }
  }

  std::string_view no_label() const {
    switch (c_.step) {
      case v1::STCCG_DECISION_DRAW_TACTIC:
        return "Draw no more";
      case v1::STCCG_DECISION_RETALIATE:
        return "Do not fight back";
      default:
        return "No";
    }
  }

  std::string_view done_label() const {
    switch (c_.step) {
      case v1::STCCG_DECISION_BATTLE_JOIN:
      case v1::STCCG_DECISION_RETURN_JOIN:
        return "No more ships";
      case v1::STCCG_DECISION_RETURN_FIRE:
        return "Do not return fire";
      case v1::STCCG_DECISION_CURRENT_TACTIC:
        return "Play no current tactic";
      default:
        return "Done";
    }
  }

  std::string choose_what() const {
    if (!s_.offered.empty() && s_.offered.front().kind == kNameCardType) return "name a card type";
    const std::string_view label = words(&Handler::choose_label, {});
    if (!label.empty()) return std::string(label);
    const auto* action = std::get_if<ActionFrame>(&s_.frames.back());
    if (action && action->action.kind == kDownload)
      return "download " + download_titles(s_.def(action->action.a), action->action.loc) +
             ": choose how to play the card found in your draw deck, or none";
    const auto* f = std::get_if<AttemptFrame>(&s_.frames.back());
    if (f && f->relocating != kNoCard)
      return "choose the planet " + card(f->relocating) +
             " is relocated to (done: where the card sends them)";
    if (f && f->player != seat_) return "choose which of " + name_(f->player) + "'s personnel dies";
    return f ? "choose who dies" : "choose a card";
  }

  const Game& game_;
  const State& s_;
  const SeatNames& name_;
  Seat seat_;
  core::Viewer viewer_;
  const Context& c_;
};

// Cards by the handles the option id uses: a card hidden from the player by a stand-in.
void action_to_proto(const Engine& rules, const Action& a, v1::StccgAction* out) {
  out->set_kind(static_cast<v1::StccgActionKind>(a.kind));
  if (a.kind == kChooseFromOutside) {  // `b` carries the card's definition: no card, no handle
    out->set_card_id(rules.state().db->def(a.b).id());
    return;
  }
  if (a.a != kNoCard) out->set_card(rules.option_handle(a.a));
  if (a.b != kNoCard) out->set_target(rules.option_handle(a.b));
  switch (a.kind) {
    case kChooseSkill:  // `loc` carries the skill
      out->set_skill(rules.state().db->skills().name(a.loc));
      return;
    case kChooseGender:  // `loc` carries the gender
      out->set_gender(static_cast<v1::StccgGender>(a.loc));
      return;
    case kNameCardType:  // `loc` carries the card type
      out->set_card_type(static_cast<v1::StccgCardType>(a.loc));
      return;
    default:
      break;
  }
  if (a.loc != kNoLoc) out->set_location(a.loc);
}

}  // namespace

void project_prompt(const Game& game, const SeatNames& names, v1::DecisionPrompt* out) {
  const State& s = game.state();
  const core::Decision& d = s.decision;
  const Context context = context_of(s);
  Labeller label(game, names, context);
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
    action_to_proto(game.rules(), a, option->mutable_stccg());
  }
  out->set_title(label.title());
  auto* stccg = out->mutable_stccg();
  stccg->set_what(context.step);
  const core::Viewer viewer = core::Viewer::player(d.seat);
  if (context.about != kNoCard) ref_to_proto(game, context.about, viewer, stccg->mutable_about());
  if (context.loc != kNoLoc) stccg->set_location(context.loc);
}

}  // namespace spacedock::stccg
