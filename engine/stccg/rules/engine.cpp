// The engine loop: run frames until a player owes a decision, open and answer decisions, and
// the state-based checks that follow every step.
#include "engine/stccg/rules/engine.h"

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <stdexcept>

#include "engine/core/siphash.h"
#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::stccg {

void Engine::ask(Seat seat, std::vector<Action> options, bool forced_ok) {
  if (options.empty()) throw std::logic_error("stccg: a decision without options");
  if (options.size() == 1 && forced_ok) {
    s_.answer = options.front();  // nothing to choose
    return;
  }
  s_.decision.id = ++s_.decisions_made;
  s_.decision.seat = seat;
  s_.decision.options.clear();
  // Options name the same cards run after run (one personnel to each ship): a card's handle is
  // worked out once for each run of options naming it in the same place.
  struct Named {
    CardId card = kNoCard;
    std::uint32_t handle = 0;
    std::uint32_t operator()(const Engine& e, CardId c) {
      if (c != card) {
        card = c;
        handle = e.option_handle(c);
      }
      return handle;
    }
  };
  Named first;
  Named second;
  for (const Action& a : options) {
    s_.decision.options.push_back(a.kind == ActionKind::kChooseFromOutside
                                      ? option_id(a)
                                      : encode_option(a, first(*this, a.a), second(*this, a.b)));
  }
  s_.offered = std::move(options);
  s_.decision_open = true;
  if (s_.decisions_made > kMaxDecisionsPerGame) finish(0, v1::RESULT_REASON_WORK_CAP);
}

std::uint32_t Engine::option_handle(CardId c) const {
  if (c == kNoCard) return 0;
  const std::uint32_t handle = s_.cards[c].handle;
  if (seat_sees(s_.decision.seat, c)) return handle;
  // A stand-in that changes with every decision: an opponent's face-down card in an option
  // (the Away Team a battle would be fought against) can be told apart from the other options,
  // but not followed from one decision to the next, nor matched to the card once it is shown.
  const auto blind = static_cast<std::uint32_t>(
      core::siphash(s_.handle_key, 0xb1d0 ^ (std::uint64_t{s_.decision.id} << 16), handle) &
      0xffffff);
  return blind == 0 ? 1 : blind;
}

core::OptionId Engine::option_id(const Action& a) const {
  // A card from outside the game has no handle: its definition stands in the target's place.
  if (a.kind == ActionKind::kChooseFromOutside)
    return static_cast<core::OptionId>(a.kind) | (std::uint64_t{a.b} << 32);
  return encode_option(a, option_handle(a.a), option_handle(a.b));
}

core::OptionId Engine::encode_option(const Action& a, std::uint32_t first, std::uint32_t second) {
  return static_cast<core::OptionId>(a.kind) | (std::uint64_t{first} << 8) |
         (std::uint64_t{second} << 32) | (std::uint64_t{a.loc} << 56);
}

std::optional<Action> Engine::action_of(core::OptionId id) const {
  const int kind = static_cast<int>(id & 0xff);
  if (kind < 1 || kind > kLastActionKind) return std::nullopt;
  Action a;
  a.kind = static_cast<ActionKind>(kind);
  if (a.kind == ActionKind::kChooseFromOutside) {
    a.b = static_cast<CardId>((id >> 32) & 0xffff);
    if (a.b >= s_.db->defs().size()) return std::nullopt;
    return a;
  }
  for (auto [field, shift] : {std::pair{&a.a, 8}, std::pair{&a.b, 32}}) {
    const auto handle = static_cast<std::uint32_t>((id >> shift) & 0xffffff);
    if (handle == 0) continue;
    *field = find_handle(handle);
    if (*field == kNoCard || option_handle(*field) != handle) {
      // A stand-in for a card the decision's player may not know.
      *field = kNoCard;
      for (std::size_t c = 0; c < s_.cards.size() && *field == kNoCard; ++c) {
        if (option_handle(static_cast<CardId>(c)) == handle) *field = static_cast<CardId>(c);
      }
    }
    if (*field == kNoCard) return std::nullopt;
  }
  a.loc = static_cast<LocIndex>(id >> 56);
  return a;
}

void Engine::answer(const Action& option) {
  // Once the turn's first order is journaled, every answer is kept to replay (journal.cpp).
  if (s_.journal.first) s_.journal.answers.push_back(option);
  s_.answer = option;
  s_.decision_open = false;
  run();
}

std::optional<Action> Engine::take_answer() {
  std::optional<Action> answer = s_.answer;
  s_.answer.reset();
  return answer;
}

void Engine::run() {
  // A position where nobody ever owes a decision (both decks empty, say) must not spin forever.
  std::uint32_t steps = 0;
  while (!s_.over && !s_.decision_open) {
    if (++steps > kMaxStepsPerDecision) {
      finish(0, v1::RESULT_REASON_WORK_CAP);
      return;
    }
    if (s_.frames.empty()) s_.frames.emplace_back(TurnFrame{});
    // A step may push frames (the deque keeps `f` valid) and pops its own frame last.
    std::visit([this](auto& f) { step(f); }, s_.frames.back());
    after_change();
    // Undoing orders replaces the frames: only here, where no step holds one (journal.cpp).
    if (s_.journal.rewind_to) rewind();
  }
}

void Engine::state_checks() {
  s_.events_checked = s_.events.size();
  check_cures();
  check_waiting_dilemmas();
  check_holograms();
  // A copy: a check may change the list. Most games hold a handful of such cards.
  const boost::container::small_vector<CardId, 16> checking(s_.state_checking_in_play.begin(),
                                                            s_.state_checking_in_play.end());
  for (CardId c : checking) {
    if (s_.cards[c].zone == Zone::kPlay) s_.handler(c)->state_check(*this, c);
  }
  // Missions are not in play but on the spaceline; their checks run too (Nebula).
  for (std::size_t loc = 0; loc < s_.spaceline.size(); ++loc) {
    if (!s_.spaceline[loc].mission_checks) continue;
    const CardId mission = s_.spaceline[loc].mission;
    s_.handler(mission)->state_check(*this, mission);
  }
  update_live_scores();
}

void Engine::update_live_scores() {
  // A card whose value is live (Ressikan Flute) scores the difference whenever it changes, for
  // its controller, and for the other player too while they are shared (Tijuana Crass).
  const bool shared = has_effect(EffectKind::kLivePointsShared);
  for (CardId c : s_.live_scoring_in_play) {
    const Handler* handler = s_.handler(c);
    // A personnel's are its owner's, held captive or not (Mirasta Yale).
    const bool personnel = is_personnel(c);
    if (s_.cards[c].where != Where::kTable && !personnel) continue;
    const int value = handler->live_points(*this, c);
    const Seat whose = personnel ? s_.cards[c].owner : s_.cards[c].controller;
    for (Seat seat = 0; seat < kPlayers; ++seat) {
      const int owed = seat == whose || shared ? value : 0;
      Effect* live = nullptr;
      for (Effect& x : s_.effects) {
        if (x.kind == EffectKind::kLivePoints && x.source == c && x.player == seat) live = &x;
      }
      if (!live) {
        if (owed == 0) continue;
        Effect points{.kind = EffectKind::kLivePoints, .until = Until::kSourceLeaves};
        points.player = seat;
        points.source = c;
        live = &add_effect(points);
      }
      if (owed == live->value) continue;
      const int change = owed - live->value;
      live->value = static_cast<std::int16_t>(owed);
      score(seat, change, c);
      if (s_.over) return;
    }
  }
}

std::optional<CardId> Engine::pick(Seat decider, const std::vector<CardId>& candidates) {
  if (auto answer = take_answer()) return answer->a;
  std::vector<Action> options;
  options.reserve(candidates.size());
  for (CardId c : candidates)
    options.push_back({ActionKind::kChoose, c});
  ask(decider, std::move(options));
  return std::nullopt;
}

std::optional<CardId> Engine::pick_or_done(Seat decider, const std::vector<CardId>& candidates) {
  if (auto answer = take_answer()) return answer->kind == ActionKind::kDone ? kNoCard : answer->a;
  std::vector<Action> options;
  options.reserve(candidates.size() + 1);
  for (CardId c : candidates)
    options.push_back({ActionKind::kChoose, c});
  options.push_back({ActionKind::kDone});
  ask(decider, std::move(options));
  return std::nullopt;
}

std::optional<bool> Engine::yes_no(Seat decider) {
  if (auto answer = take_answer()) return answer->kind == ActionKind::kYes;
  ask(decider, {{ActionKind::kYes}, {ActionKind::kNo}});
  return std::nullopt;
}

std::optional<SkillId> Engine::choose_skill(Seat decider, CardId taker,
                                            const std::vector<SkillId>& skills, bool may_keep) {
  if (auto answer = take_answer())
    return answer->kind == ActionKind::kDone ? kNoSkill : static_cast<SkillId>(answer->loc);
  std::vector<Action> options;
  options.reserve(skills.size() + 1);
  for (SkillId skill : skills)
    options.push_back({ActionKind::kChooseSkill, taker, kNoCard, skill});
  if (may_keep) options.push_back({ActionKind::kDone});
  ask(decider, std::move(options));
  return std::nullopt;
}

std::optional<Gender> Engine::choose_gender(Seat decider, CardId taker,
                                            const std::vector<Gender>& genders) {
  if (auto answer = take_answer()) return static_cast<Gender>(answer->loc);
  std::vector<Action> options;
  options.reserve(genders.size());
  for (Gender gender : genders)
    options.push_back({ActionKind::kChooseGender, taker, kNoCard, static_cast<LocIndex>(gender)});
  ask(decider, std::move(options));
  return std::nullopt;
}

std::optional<v1::StccgCardType> Engine::name_card_type(
    Seat decider, const std::vector<v1::StccgCardType>& types) {
  if (auto answer = take_answer()) return static_cast<v1::StccgCardType>(answer->loc);
  std::vector<Action> options;
  options.reserve(types.size());
  for (v1::StccgCardType type : types)
    options.push_back({ActionKind::kNameCardType, kNoCard, kNoCard, static_cast<LocIndex>(type)});
  ask(decider, std::move(options));
  return std::nullopt;
}

std::optional<DefIndex> Engine::choose_from_outside(Seat decider,
                                                    const std::vector<DefIndex>& defs) {
  if (auto answer = take_answer())
    return answer->kind == ActionKind::kDone ? kNoDef : static_cast<DefIndex>(answer->b);
  std::vector<Action> options;
  options.reserve(defs.size() + 1);
  for (DefIndex def : defs)
    options.push_back({ActionKind::kChooseFromOutside, kNoCard, static_cast<CardId>(def)});
  options.push_back({ActionKind::kDone});
  ask(decider, std::move(options));
  return std::nullopt;
}

Seat Engine::random_chooser(const std::vector<CardId>& pool) const {
  if (pool.empty()) return kNoSeat;
  const Seat theirs = s_.cards[pool.front()].controller;
  const LocIndex loc = location_of(pool.front());
  for (CardId c : pool) {
    // Rogue Borg in a battle are no personnel (CRD IV.7).
    if (!is_personnel(c) || s_.cards[c].controller != theirs || location_of(c) != loc)
      return kNoSeat;
  }
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    const CardState& card = s_.cards[c];
    if (handler && handler->chooses_random_selections && card.controller != theirs &&
        !card.disabled && !in_stasis(c) && location_of(c) == loc)
      return card.controller;
  }
  return kNoSeat;
}

CardId Engine::random_member(const std::vector<CardId>& pool) {
  return pool[static_cast<std::size_t>(s_.rng.below(static_cast<std::uint32_t>(pool.size())))];
}

void Engine::step(CardFrame& f) {
  const Handler* handler = s_.handler(f.card);
  if (!handler || !handler->step) throw std::logic_error("stccg: a card frame without a handler");
  handler->step(*this, f);
}

Rule Engine::check_action(const Action& a) const {
  if (!s_.decision_open || s_.frames.empty()) return Rule::kWrongStep;
  return std::visit(
      [&](const auto& f) -> Rule {
        using F = std::decay_t<decltype(f)>;
        const Seat seat = s_.decision.seat;
        if constexpr (std::is_same_v<F, SeedFrame>) {
          return check_seed(f, seat, a);
        } else if constexpr (std::is_same_v<F, TurnFrame>) {
          return check_order(seat, a);
        } else if constexpr (std::is_same_v<F, WindowFrame>) {
          return a.kind == ActionKind::kPass || a.kind == ActionKind::kPassAll
                     ? Rule::kOk
                     : check_response(seat, a);
        } else {
          // Choices inside a resolution: only the offered cards will do.
          return Rule::kNoTarget;
        }
      },
      s_.frames.back());
}

void Engine::finish(std::uint8_t winners, v1::ResultReason reason) {
  if (s_.over) return;
  s_.over = true;
  return_captives();  // back to their owners (BoG)
  s_.winners = winners;
  s_.reason = reason;
  s_.decision_open = false;
  emit(ev::GameEnded{winners, reason});
}

int Engine::winning_score(Seat seat) const {
  int needed = kWinningScore;
  const auto raise = [&](CardId c) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->winning_score)
      needed = std::max(needed, handler->winning_score(*this, c, seat));
  };
  for (CardId c : s_.handled_in_play)
    raise(c);
  for (const Location& l : s_.spaceline)  // a mission on the spaceline (Q's Planet)
    raise(l.mission);
  return needed;
}

void Engine::check_victory() {
  std::uint8_t reached = 0;
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    if (s_.players[seat].score >= winning_score(seat))
      reached |= static_cast<std::uint8_t>(1u << seat);
  }
  // Both at once, when the score needed drops (Q's Planet solved): the higher score wins, level
  // scores tie.
  if (reached == 0b11) reached = s_.leaders();
  if (reached != 0) finish(reached, v1::RESULT_REASON_POINTS);
}

}  // namespace spacedock::stccg
