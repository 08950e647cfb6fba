#pragma once

// Helpers shared by the Q-icon cards met in a Q-Flash (q_continuum.cpp, q_cards.cpp): who owns
// the card met, and where it goes when it stays in play or scores.
#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

// The player whose Q-Continuum the card came from: never the one facing it (§3.19).
inline Seat q_owner(const AttemptFrame& f) {
  return State::other(f.player);
}

// The Q-card met stays in play: on its owner's table, or on `host` (a mission, a personnel).
inline void stay(Engine& e, AttemptFrame& f, CardId host = kNoCard) {
  const CardId c = f.current;
  e.emit(ev::DilemmaResolved{c, e.state().cards[c].def, ev::Outcome::kApplied});
  place(e, c, q_owner(f), host);
  f.step = e.after_card(f);
}

// The card goes to `seat`'s bonus area for `points`.
inline void to_bonus(Engine& e, AttemptFrame& f, Seat seat, int points) {
  const CardId c = f.current;
  e.emit(ev::DilemmaResolved{c, e.state().cards[c].def, ev::Outcome::kApplied});
  e.score(seat, points, c);
  e.move_card(c, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, seat);
  f.step = e.after_card(f);
}

}  // namespace spacedock::stccg::handlers
