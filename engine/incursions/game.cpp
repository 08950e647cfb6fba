#include "engine/incursions/game.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "engine/incursions/figures.h"

namespace spacedock::incursions {

using core::SubmitResult;
using core::Verdict;

Game Game::create(const Content& content, const Setup& setup, std::uint64_t seed) {
  State s;
  s.content = &content;
  s.options = setup.options;
  s.rng = core::Rng(seed);
  Game game(std::move(s));
  game.deal(setup);
  game.run();
  return game;
}

Game Game::from_position(State position) {
  Game game(std::move(position));
  game.run();
  return game;
}

const core::Decision* Game::decision() const {
  return s_.step == Step::kNone ? nullptr : &s_.decision;
}

Seat Game::decider() const {
  return s_.decision.seat;
}

bool Game::hand_may_answer() const {
  // A decision with one option is applied at once, but not where a card in hand could answer:
  // whether the player waited would show what the hand holds (§20.1).
  switch (s_.step) {
    case Step::kRespond:
    case Step::kDefend:
    case Step::kAbsorb:
    case Step::kEscape:
    case Step::kBlockEvent:
      return holds_cards(decider());
    default:
      return false;
  }
}

bool Game::holds_cards(Seat seat) const {
  return s_.full() && !s_.zones[seat].hand.empty();
}

SubmitResult Game::submit(Seat seat, core::DecisionId id, core::OptionId option) {
  if (s_.over) return SubmitResult::refuse(Verdict::kGameOver);
  if (s_.step == Step::kNone || id != s_.decision.id)
    return SubmitResult::refuse(Verdict::kNotOpen);
  if (seat != s_.decision.seat) return SubmitResult::refuse(Verdict::kNotYourDecision);
  const auto& offered = s_.decision.options;
  if (std::find(offered.begin(), offered.end(), option) == offered.end()) {
    Rule why = check(option);
    return SubmitResult::refuse(Verdict::kNotOffered,
                                rule_name(why == Rule::kOk ? Rule::kUnknownOption : why));
  }
  apply(*decode(option));
  run();
  return SubmitResult::ok();
}

Rule Game::check(core::OptionId option) const {
  auto action = decode(option);
  if (!action || encode(*action) != option) return Rule::kUnknownOption;
  return check_action(*action);
}

SubmitResult Game::concede(Seat seat) {
  return withdraw(seat, v1::RESULT_REASON_CONCESSION);
}

SubmitResult Game::time_out(Seat seat) {
  return withdraw(seat, v1::RESULT_REASON_TIME);
}

SubmitResult Game::forfeit(Seat seat) {
  return withdraw(seat, v1::RESULT_REASON_FORFEIT);
}

SubmitResult Game::rule(std::uint8_t winners) {
  if (s_.over) return SubmitResult::refuse(Verdict::kGameOver);
  const auto seats = static_cast<std::uint8_t>((1u << s_.players) - 1);
  finish(static_cast<std::uint8_t>(winners & seats), v1::RESULT_REASON_RULING);
  return SubmitResult::ok();
}

SubmitResult Game::call_time() {
  if (s_.over) return SubmitResult::refuse(Verdict::kGameOver);
  // The attack, move or card under way is finished first, then the game is scored (A52).
  s_.time_called = true;
  if (between_resolutions()) score_at_limit(v1::RESULT_REASON_TIME_LIMIT);
  return SubmitResult::ok();
}

bool Game::between_resolutions() const {
  if (!s_.responses.empty() || !s_.tasks.empty()) return false;
  switch (s_.step) {
    case Step::kNone:  // a forced answer is being applied: the loop comes back here
    case Step::kCut:
    case Step::kKeepCloak:
    case Step::kKeepTractor:
    case Step::kManeuver:
    case Step::kDiscard:
      return true;
    default:  // a hit, a window, a card's choice: part of what is being resolved
      return false;
  }
}

SubmitResult Game::withdraw(Seat seat, v1::ResultReason how) {
  if (s_.over) return SubmitResult::refuse(Verdict::kGameOver);
  if (!s_.in_game(seat) && takes_turns(seat)) {
    // An eliminated player gives up its domination slots; its denizen is its own again.
    s_.domination_off = static_cast<std::uint8_t>(s_.domination_off | (1u << seat));
    for (Denizen& d : s_.denizens) {
      if (d.dominated_by == seat) d.dominated_by = kNoSeat;
    }
    emit(ev::Conceded{seat, how});
    if (s_.step == Step::kManeuver && s_.decision.seat == seat) {
      s_.step = Step::kNone;
      finish_maneuvers();
    }
    run();
    return SubmitResult::ok();
  }
  if (!s_.in_game(seat)) return SubmitResult::refuse(Verdict::kNotAPlayer);
  emit(ev::Conceded{seat, how});
  const bool owed_decision = s_.step != Step::kNone && s_.decision.seat == seat;
  const Step step = s_.step;
  eliminate(seat, how == v1::RESULT_REASON_TIME      ? v1::ELIMINATION_REASON_OUT_OF_TIME
                  : how == v1::RESULT_REASON_FORFEIT ? v1::ELIMINATION_REASON_FORFEITED
                                                     : v1::ELIMINATION_REASON_CONCEDED);
  // Leaving that leaves one player is a win by concession, on time or by forfeit, not by
  // combat.
  if (!check_victory(how) && owed_decision) {
    // Whatever the conceding player was answering is dropped.
    s_.step = Step::kNone;
    switch (step) {
      case Step::kCut:
        cut(0);
        break;
      case Step::kDefend:
      case Step::kAbsorb:
        s_.hit = {};
        break;
      case Step::kRespond:  // the window passes; the declaration waits for the others
        break;
      case Step::kEscape:  // lost with the ship: on another's turn, that turn goes on
      case Step::kBlockEvent:
        if (seat != s_.active) break;
        s_.tasks.clear();
        end_turn();
        break;
      case Step::kTractorLock: {
        Power& holder = s_.vessels[s_.lock.holder].power;
        holder.spent = static_cast<std::uint8_t>(holder.spent + holder.tractor);
        holder.tractor = 0;
        emit(ev::TractorChanged{s_.lock.holder, seat, false, s_.lock.strength,
                                v1::TRACTOR_REASON_SEPARATED});
        s_.lock = {};
        break;
      }
      default:  // their own turn: it ends
        s_.tasks.clear();
        end_turn();
        break;
    }
  }
  // Another player's open decision may name the one who left (a target, its officer): it keeps
  // its number but offers only what the rules now allow.
  if (!s_.over && s_.step != Step::kNone) enumerate(s_.decision.options);
  run();
  return SubmitResult::ok();
}

void Game::open(Step step, Seat seat) {
  s_.step = step;
  s_.decision.seat = seat;
  s_.decision.id = 0;
  enumerate(s_.decision.options);
  if (s_.decision.options.empty()) throw std::logic_error("incursions: a decision without options");
}

void Game::run() {
  while (!s_.over) {
    if (s_.step != Step::kNone) {
      if (s_.time_called && between_resolutions()) {
        score_at_limit(v1::RESULT_REASON_TIME_LIMIT);
        return;
      }
      if (s_.decision.options.size() > 1 || hand_may_answer()) {
        // A real choice: number it and wait for the player.
        if (s_.decision.id == 0) s_.decision.id = ++s_.decisions_made;
        if (s_.decisions_made > kMaxDecisionsPerGame) finish(0, v1::RESULT_REASON_WORK_CAP);
        return;
      }
      apply(*decode(s_.decision.options.front()));  // forced: nothing to ask
      continue;
    }
    if (!s_.responses.empty()) {
      advance_responses();
      continue;
    }
    if (!s_.tasks.empty()) {
      Task task = s_.tasks.back();
      s_.tasks.pop_back();
      run_task(task);
      continue;
    }
    if (!takes_turns(s_.active) || s_.maneuvers_used >= s_.maneuvers_allowed) {
      finish_maneuvers();
      continue;
    }
    open(Step::kManeuver, s_.active);
  }
}

void Game::run_task(const Task& task) {
  switch (task.kind) {
    case Task::Kind::kTravelStep:
      travel();
      break;
    case Task::Kind::kDetonate:
      detonate_under(task.seat, task.tile, task.owner);
      break;
    case Task::Kind::kArrive:
      arrive(task.seat, task.tile);
      break;
    case Task::Kind::kRemain:
      trigger(task.seat, task.tile, /*arrival=*/false);
      break;
    case Task::Kind::kEndTurn:
      end_turn();
      break;
    case Task::Kind::kEventDamage:
      event_damage(task.seat, task.tile);
      break;
    case Task::Kind::kDenizenAttack:
      denizen_attack(task.index, task.seat);
      break;
    case Task::Kind::kWormhole:
      wormhole_roll(task.seat, task.tile);
      break;
    case Task::Kind::kDraw:
      if (s_.in_game(task.seat)) draw(task.seat, 1);
      break;
    case Task::Kind::kKillReward:
      offer_kill_reward(task.seat);
      break;
    case Task::Kind::kResumeHit:
      resume_hit(task.seat);
      break;
  }
}

void Game::apply(const Action& action) {
  const Step step = s_.step;
  const Seat seat = s_.decision.seat;
  s_.step = Step::kNone;
  switch (step) {
    case Step::kNone:
      return;
    case Step::kCut:
      cut(action.subject);
      return;
    case Step::kKeepCloak:
      keep_cloak(action.kind == ActionKind::kKeep);
      return;
    case Step::kKeepTractor:
      keep_tractor(action.kind == ActionKind::kKeep);
      return;
    case Step::kDefend:
    case Step::kAbsorb:
      defend(action);
      return;
    case Step::kTractorLock:
      answer_lock(action);
      return;
    case Step::kEventRepair:
      repair_by(seat, action.subject, s_.event_repair, 0);
      s_.event_repair = 0;
      return;
    case Step::kRespond:
      respond(action);
      return;
    case Step::kDiscard:
      remove_from_hand(seat, action.card - 1u);
      to_discard(seat, action.card - 1u, v1::CARD_DISCARD_REASON_HAND_LIMIT);
      end_turn();
      return;
    case Step::kSearchDeck:
    case Step::kTakeFromHand:
      take_card(action);
      return;
    case Step::kEscape:
      answer_escape(seat, action);
      return;
    case Step::kBlockEvent:
      answer_event(seat, action);
      return;
    case Step::kSabotage:
      turn_down(seat, action);
      return;
    case Step::kReward:
      take_kill_reward(seat, action.subject);
      return;
    case Step::kManeuver:
      break;
  }

  if (!s_.in_game(seat)) {
    // An eliminated player's slot: its denizen acts (§4.6).
    if (action.kind == ActionKind::kEndManeuvers) {
      emit(ev::ManeuversEnded{seat, s_.maneuvers_used});
      finish_maneuvers();
    } else {
      dominate(action);
    }
    return;
  }
  switch (action.kind) {
    case ActionKind::kUseAux:
      use_aux(seat);
      return;
    case ActionKind::kDivertShields:
      divert_shields(seat);
      return;
    case ActionKind::kEndManeuvers:
      // Cards attached to no maneuver go back to the hand.
      for (CardId card : std::exchange(s_.attached, {}))
        to_hand(seat, card);
      emit(ev::ManeuversEnded{seat, s_.maneuvers_used});
      finish_maneuvers();
      return;
    default:
      break;
  }

  if (action.kind == ActionKind::kPlayCard && free_play(action)) {
    play_free_card(action);
    return;
  }
  if (action.kind == ActionKind::kDetachCards) {
    for (CardId card : std::exchange(s_.attached, {}))
      to_hand(seat, card);
    return;
  }
  declare(seat, action);
}

void Game::finish(std::uint8_t winners, v1::ResultReason reason) {
  s_.over = true;
  s_.winners = winners;
  s_.reason = reason;
  s_.step = Step::kNone;
  s_.tasks.clear();
  emit(ev::GameEnded{winners, reason});
}

}  // namespace spacedock::incursions
