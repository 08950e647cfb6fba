// A Q-Flash met under a mission (§3.19, CRD IV.6, S-40): the group faces the opponent's
// Q-Continuum, one Q-card per personnel, one at a time. The whole Q-Flash counts as one dilemma
// for timing (CRD III.2): no window opens between its Q-cards but those that cancel them.
#include <algorithm>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

AttemptFrame::Step Engine::after_card(const AttemptFrame& f) const {
  return f.q_flash != kNoCard ? AttemptFrame::Step::kQCard : AttemptFrame::Step::kBetween;
}

void Engine::end_until_q_flash() {
  end_effects([](const Effect& x) { return x.until == Until::kAnyQFlash; });
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    if (s_.cards[c].zone == Zone::kPlay && s_.def(c).card.until_any_q_flash()) to_discard(c);
  }
}

void Engine::begin_q_flash(AttemptFrame& f) {
  const CardId flash = f.current;
  const Seat q = State::other(f.player);  // you face your opponent's Q-Continuum, never yours
  // "Until any Q-Flash" ends whether or not there is a Q-Continuum to face.
  end_until_q_flash();
  if (!side_deck_open(q, SideDeckKind::kQContinuum)) {
    finish_dilemma(f, ev::Outcome::kQFlashIgnored);
    return;
  }
  emit(ev::DilemmaResolved{flash, s_.cards[flash].def, ev::Outcome::kApplied});
  f.q_flash = flash;
  f.q_left = static_cast<std::uint8_t>(f.members.size());
  f.q_met.clear();
  f.step = AttemptFrame::Step::kQCard;
}

void Engine::next_q_card(AttemptFrame& f) {
  prune(f);
  // A battle a Q-card started stopped the whole group: the Q-Flash and the attempt end.
  if (f.q_flash_ends_if_stopped && !f.members.empty() &&
      std::all_of(f.members.begin(), f.members.end(),
                  [&](CardId c) { return s_.cards[c].stopped; })) {
    f.q_left = 0;
    f.stopped = true;
  }
  const Seat q = State::other(f.player);
  const CardId top =
      f.q_left > 0 && !f.members.empty() ? top_of_side_deck(q, SideDeckKind::kQContinuum) : kNoCard;
  if (top == kNoCard) {
    // Done: every card faced, the group gone, or the side deck out of cards. The Q-Flash is
    // discarded, unless a Q-card put it elsewhere (Incoming Message - The Continuum).
    if (s_.cards[f.q_flash].zone == Zone::kResolving) to_discard(f.q_flash);
    f.q_flash = kNoCard;
    f.current = kNoCard;
    f.step = AttemptFrame::Step::kBetween;
    // A Q-card that stops the group after the rest of the Q-Flash (Aldebaran Serpent).
    if (f.stop_after_q_flash && !f.members.empty()) stop_group(f);
    f.stop_after_q_flash = false;
    f.q_flash_ends_if_stopped = false;
    return;
  }
  --f.q_left;
  f.current = top;
  move_card(top, Zone::kResolving);  // face up: everyone sees it
  const DefIndex def = s_.cards[top].def;
  if (std::find(f.q_met.begin(), f.q_met.end(), def) != f.q_met.end()) {
    emit(ev::DilemmaResolved{top, def, ev::Outcome::kDuplicate});
    to_discard(top);  // a duplicate in this Q-Flash: discarded, not replaced
    return;
  }
  f.q_met.push_back(def);
  meet(f);
}

}  // namespace spacedock::stccg
