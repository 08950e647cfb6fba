// Plays on hold (CRD IV.6, Manheim's Dimensional Door): a card play just announced is put on
// hold when the other player shows a card of the same title; the player who showed then makes
// plays from the hand as though normally, outside the numeric limits on card plays. Each of those
// may be held in turn; the held plays wait on the frame stack, so they resume last in first out,
// each re-checked: one no longer legal goes back to its owner's hand. A response collected to
// resolve after the action it answers is held the same way, in that action's window, and keeps
// its place among that action's responses.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

bool hold_card_play(ActionKind kind) {
  return kind == ActionKind::kReport || kind == ActionKind::kBuild ||
         kind == ActionKind::kPlayEvent || kind == ActionKind::kPlayInterrupt ||
         kind == ActionKind::kPlayDoorway;
}

// The frame of the play whose card is `c`, or nullptr.
ActionFrame* held_frame_of(State& s, CardId c) {
  for (auto it = s.frames.rbegin(); it != s.frames.rend(); ++it) {
    auto* play = std::get_if<ActionFrame>(&*it);
    if (play && play->action.a == c && hold_card_play(play->action.kind)) return play;
  }
  return nullptr;
}

// The frame of the action that collected the response whose card is `c`, or nullptr.
ActionFrame* collector_of(State& s, CardId c) {
  for (auto it = s.frames.rbegin(); it != s.frames.rend(); ++it) {
    auto* action = std::get_if<ActionFrame>(&*it);
    if (action && std::any_of(action->responses.begin(), action->responses.end(),
                              [&](const auto& r) { return r.second.a == c; }))
      return action;
  }
  return nullptr;
}

}  // namespace

bool Engine::playing_free(Seat seat) const {
  return s_.may_have(EffectKind::kFreePlay) &&
         std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
           return x.kind == EffectKind::kFreePlay && x.player == seat;
         });
}

std::vector<CardId> Engine::holdable_plays(Seat seat, const WindowFrame& w) const {
  std::vector<CardId> out;
  if (w.kind != WindowKind::kResponse || w.collector == WindowFrame::kNoCollector) return out;
  const auto* answered = std::get_if<ActionFrame>(&s_.frames[w.collector]);
  if (!answered) return out;
  // The response just collected, played from the other player's hand: it has no window of its
  // own, so its chance to be held is here.
  if (w.collected != kNoCard && s_.cards[w.collected].zone == Zone::kResolving) {
    for (const auto& [by, response] : answered->responses) {
      if (response.a == w.collected && by != seat && hold_card_play(response.kind))
        out.push_back(w.collected);
    }
  }
  if (!answered->held && !answered->nullified && answered->actor != seat &&
      hold_card_play(answered->action.kind) &&
      s_.cards[answered->action.a].zone == Zone::kResolving)
    out.push_back(answered->action.a);
  return out;
}

void Engine::hold_play(CardId held, Seat by, CardId shown, CardId source, std::uint8_t plays) {
  if (s_.cards[held].zone != Zone::kResolving) return;
  if (ActionFrame* play = held_frame_of(s_, held)) {
    play->held = true;
  } else if (auto* window = top_frame<WindowFrame>(); window && window->collected == held) {
    window->collected = kNoCard;  // a response collected: held once, in its window
  } else {
    return;
  }
  // The card shown stays in the hand: both players see it as that card, under a new handle that
  // it loses again as it moves on.
  reveal(shown);
  move_card(held, Zone::kHeld);
  s_.frames.emplace_back(CardFrame{.card = source, .player = by, .sub = plays, .chosen = held});
}

void Engine::free_play_options(Seat seat, std::vector<Action>& out) const {
  const auto vessels = vessels_of(seat);
  for (CardId c : s_.players[seat].hand) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->plays) {
      if (may_play_from_hand(seat, c, nullptr) == Rule::kOk)
        handler->plays(*this, seat, c, nullptr, out);
    } else if (check_from_hand(seat, c) == Rule::kOk) {
      card_plays(seat, c, vessels, out);
    }
  }
}

void Engine::free_play_step(CardFrame& f) {
  const auto freely = [&] {
    Effect grant{.kind = EffectKind::kFreePlay, .until = Until::kRemoved};
    grant.player = f.player;
    add_effect(grant);
  };
  const auto done_freely = [&] {
    end_effects(
        [&](const Effect& x) { return x.kind == EffectKind::kFreePlay && x.player == f.player; });
  };
  if (auto answer = take_answer()) {
    if (answer->kind == ActionKind::kDone) {
      f.sub = 0;
      return;
    }
    --f.sub;
    // What the play uses up is reckoned while it is free (Q's Tent's once per turn is not).
    freely();
    announce_play(f.player, *answer);
    done_freely();
    s_.frames.emplace_back(ActionFrame{*answer, f.player});
    return;
  }
  std::vector<Action> plays;
  if (f.sub > 0) {
    freely();
    free_play_options(f.player, plays);
    done_freely();
  }
  if (plays.empty()) {
    const CardId held = f.chosen;
    s_.frames.pop_back();  // `f` is gone from here on
    release_hold(held);
    return;
  }
  plays.push_back({ActionKind::kDone});
  ask(f.player, std::move(plays), /*forced_ok=*/false);
}

Rule Engine::held_play_legal(Seat seat, const Action& play) const {
  const CardId c = play.a;
  const CardDef& def = s_.def(c);
  if (forbidden(seat, c) || !doorway_admits(seat, def)) return Rule::kNotPlayableNow;
  switch (play.kind) {
    case ActionKind::kReport:
      return check_report(seat, c, play.b, play.loc);
    case ActionKind::kBuild:
      return check_build(seat, c, play.loc, /*seeding=*/false);
    case ActionKind::kPlayEvent:
      if (!def.handler) return check_event(seat, c, play.b);
      [[fallthrough]];
    default:
      if (duplicate_barred(c)) return Rule::kNotDuplicatable;
      return def.handler && def.handler->still_legal ? def.handler->still_legal(*this, seat, play)
                                                     : Rule::kOk;
  }
}

void Engine::release_hold(CardId held) {
  if (s_.cards[held].zone != Zone::kHeld) return;
  if (ActionFrame* play = held_frame_of(s_, held)) {
    if (held_play_legal(play->actor, play->action) == Rule::kOk) {
      move_card(held, Zone::kResolving);
      return;
    }
    // No longer legal: back to its owner's hand, and its play does nothing.
    play->nullified = true;
    move_card(held, Zone::kHand);
    return;
  }
  // A response: it takes its place again among those of the action it answers, which is still
  // to resolve (the hold was made in that action's window); no longer legal, it leaves them.
  ActionFrame* answered = collector_of(s_, held);
  if (!answered) return;
  auto& responses = answered->responses;
  const auto response = std::find_if(responses.begin(), responses.end(),
                                     [&](const auto& r) { return r.second.a == held; });
  if (held_play_legal(response->first, response->second) == Rule::kOk) {
    move_card(held, Zone::kResolving);
    return;
  }
  responses.erase(response);
  move_card(held, Zone::kHand);
}

}  // namespace spacedock::stccg
