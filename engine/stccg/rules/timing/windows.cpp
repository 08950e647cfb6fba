// Response windows (§3.16, §3.8, §3.11-3.12): who is asked, what they may play, and when the
// window closes. A player with nothing to play is not asked, and a player may pass every window
// until the end of the turn.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

void Engine::open_window(WindowKind kind, Seat first, CardId about, LocIndex loc) {
  WindowFrame window;
  window.kind = kind;
  window.asking = first;
  window.about = about;
  window.loc = loc;
  window.passes_to_close = kPlayers;
  s_.frames.emplace_back(window);
}

void Engine::step(WindowFrame& w) {
  if (auto answer = take_answer()) {
    // A response collected is answered only at once; a use of a card in play may be the hold.
    if (answer->kind != ActionKind::kUseCard) w.collected = kNoCard;
    if (answer->kind == ActionKind::kPassAll) {
      Effect pass{.kind = EffectKind::kAutoPass, .until = Until::kEndOfTurn};
      pass.player = w.asking;
      add_effect(pass);
    }
    if (answer->kind == ActionKind::kPass || answer->kind == ActionKind::kPassAll) {
      ++w.passes;
    } else if (answer->kind == ActionKind::kReveal) {
      // Not a card played: the hidden agenda is face up at once, and the other player may
      // answer what it now shows.
      w.passes = 0;
      w.passes_to_close = kPlayers;
      reveal_agenda(answer->a);
    } else if (answer->kind == ActionKind::kUseCard) {
      // A card in play answers at once, as a nullifier would; nothing is played from the hand.
      w.passes = 0;
      w.passes_to_close = kPlayers;
      const Seat by = w.asking;
      w.asking = State::other(w.asking);
      s_.frames.emplace_back(ActionFrame{*answer, by, ActionFrame::Step::kResolving});
      return;
    } else if (answer->kind == ActionKind::kDownload) {
      // A download suspends what is under way and is made at once; the card it plays is
      // announced like any other, and the window goes on after it.
      w.passes = 0;
      w.passes_to_close = kPlayers;
      const Seat by = w.asking;
      w.asking = State::other(w.asking);
      begin_action(by, *answer);
      return;
    } else {
      w.passes = 0;
      w.passes_to_close = kPlayers;  // after a response, both players must pass in a row
      // A play aimed at a card that is itself being played (a nullifier) resolves before it,
      // last in first out; so does anything played where no action waits to resolve, and a play
      // whose card stops the action it answers (Handler::resolves_before_answered).
      const Handler* answering = answer->a != kNoCard ? s_.handler(answer->a) : nullptr;
      const bool at_once = w.collector == WindowFrame::kNoCollector ||
                           (answer->b != kNoCard && s_.cards[answer->b].zone == Zone::kResolving) ||
                           (answering && answering->resolves_before_answered &&
                            answering->resolves_before_answered(*answer));
      announce_play(w.asking, *answer);
      if (at_once) {
        const Seat by = w.asking;
        w.asking = State::other(w.asking);
        s_.frames.emplace_back(ActionFrame{*answer, by, ActionFrame::Step::kAnnounced});
        return;
      }
      std::get<ActionFrame>(s_.frames[w.collector]).responses.emplace_back(w.asking, *answer);
      w.collected = answer->a;
    }
    w.asking = State::other(w.asking);
    if (w.passes >= w.passes_to_close && answers_own_play(w)) {
      w.passes_to_close = kPlayers;  // `asking` is the actor again: their pass closes it
      return;
    }
    if (w.passes >= w.passes_to_close) {
      const WindowFrame closed = w;
      s_.frames.pop_back();
      if (closed.kind == WindowKind::kPickedToDie || closed.kind == WindowKind::kPickedForCapture)
        meet_fate(closed.kind, closed.about, closed.source);
    }
    return;
  }
  std::vector<Action> options = response_options(w.asking, w);
  if (options.empty()) {
    s_.answer = Action{ActionKind::kPass};  // nothing to respond with: no decision to make
    return;
  }
  options.push_back({ActionKind::kPass});
  options.push_back({ActionKind::kPassAll});
  ask(w.asking, std::move(options), /*forced_ok=*/false);
}

bool Engine::answers_own_play(const WindowFrame& w) const {
  // Only the window after an announcement, closing at the opponent's first pass, asks again.
  if (w.kind != WindowKind::kResponse || w.collector == WindowFrame::kNoCollector ||
      w.passes_to_close != 1)
    return false;
  const auto& announced = std::get<ActionFrame>(s_.frames[w.collector]);
  const auto& hand = s_.players[announced.actor].hand;
  if (std::none_of(hand.begin(), hand.end(), [&](CardId c) {
        const Handler* handler = s_.handler(c);
        return handler && handler->answers_own_play;
      }))
    return false;
  const std::vector<Action> options = response_options(announced.actor, w);
  return std::any_of(options.begin(), options.end(), [&](const Action& a) {
    const Handler* handler = a.a != kNoCard ? s_.handler(a.a) : nullptr;
    return handler && handler->answers_own_play && a.b == announced.action.a;
  });
}

void Engine::meet_fate(WindowKind fate, CardId victim, CardId source) {
  if (victim == kNoCard || !s_.in_play_at(victim)) {
    // Nobody taken: a capturing card that was to go along is done with, like a dilemma resolved.
    if (source != kNoCard && s_.cards[source].zone == Zone::kResolving) to_discard(source);
    return;
  }
  if (fate == WindowKind::kPickedToDie) return kill(victim);
  capture(victim, State::other(s_.cards[victim].controller), source,
          /*source_goes_along=*/source != kNoCard);
}

bool Engine::open_window_if_answered(const WindowFrame& window, bool Handler::*answers) {
  const std::vector<Action> options = response_options(window.asking, window);
  const bool answered = std::any_of(options.begin(), options.end(), [&](const Action& a) {
    const Handler* handler = a.a != kNoCard ? s_.handler(a.a) : nullptr;
    return handler && handler->*answers;
  });
  if (answered) s_.frames.emplace_back(window);
  return answered;
}

bool Engine::picked_at_random(CardId victim, WindowKind fate, CardId source) {
  // Opened only when its controller holds a card that answers such a pick and may play it
  // (Handler::answers_random_pick).
  WindowFrame window;
  window.kind = fate;
  window.about = victim;
  window.loc = location_of(victim);
  window.asking = s_.cards[victim].controller;
  window.passes_to_close = 1;
  window.source = source;
  if (open_window_if_answered(window, &Handler::answers_random_pick)) return true;
  meet_fate(fate, victim, source);
  return false;
}

void Engine::card_acted(CardId card, LocIndex loc) {
  WindowFrame window;
  window.kind = WindowKind::kCardActed;
  window.about = card;
  window.loc = loc;
  window.asking = State::other(s_.cards[card].controller);
  window.passes_to_close = 1;
  open_window_if_answered(window, &Handler::answers_card_acted);
}

std::vector<Action> Engine::response_options(Seat seat, const WindowFrame& w) const {
  std::vector<Action> options;
  if (has_auto_pass(seat)) return options;
  hand_plays(seat, &w, options);
  card_responses(seat, w, options);
  download_options(seat, &w, options);
  agenda_options(seat, /*orders=*/false, options);
  return options;
}

void Engine::card_responses(Seat seat, const WindowFrame& w, std::vector<Action>& out) const {
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->responses &&
        (s_.cards[c].controller == seat || handler->responses_for_either_player))
      handler->responses(*this, seat, c, w, out);
  }
}

bool Engine::has_auto_pass(Seat seat) const {
  if (!s_.may_have(EffectKind::kAutoPass)) return false;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kAutoPass && x.player == seat) return true;
  }
  return false;
}

Rule Engine::check_response(Seat seat, const Action& a) const {
  const auto* w = std::get_if<WindowFrame>(&s_.frames.back());
  if (!w) return Rule::kWrongStep;
  if (a.a == kNoCard || a.a >= s_.cards.size()) return Rule::kNoTarget;
  if (a.kind == ActionKind::kDownload) return check_download(seat, a);
  if (a.kind == ActionKind::kReveal) return check_reveal(seat, a.a);
  if (a.kind == ActionKind::kUseCard) {  // a card in play answering (Handler::responses)
    std::vector<Action> uses;
    card_responses(seat, *w, uses);
    return std::find(uses.begin(), uses.end(), a) != uses.end() ? Rule::kOk : Rule::kNoTarget;
  }
  if (Rule r = may_play_from_hand(seat, a.a, w); r != Rule::kOk) return r;
  return Rule::kNotPlayableNow;  // a card of the right kind, but not playable in this window
}

}  // namespace spacedock::stccg
