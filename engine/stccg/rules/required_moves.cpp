// Required moves (CRD II.2): a card may send a ship somewhere (Incoming Message), an effect of
// kind kRequiredMove naming the ship and the destination. Until it arrives the ship may only move
// toward it at full speed and take personnel aboard, and its controller may not end the turn
// while that move can be made. Required attempts (kRequiredAttempt) likewise keep a ship where it
// must attempt until it does. Offering and refusing both go through check_required_moves.
#include <algorithm>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

LocIndex Engine::required_stop(CardId ship, LocIndex destination) const {
  // As far toward the destination as the ship's RANGE reaches, the destination itself at most.
  const LocIndex here = s_.cards[ship].loc;
  if (here == destination) return kNoLoc;
  const int step = destination > here ? 1 : -1;
  const int range = range_left(ship);
  LocIndex stop = kNoLoc;
  for (LocIndex to = static_cast<LocIndex>(here + step);; to = static_cast<LocIndex>(to + step)) {
    if (move_cost(ship, here, to) > range || move_blocked(ship, here, to)) break;
    stop = to;
    if (to == destination) break;
  }
  return stop;
}

Rule Engine::check_required_moves(Seat seat, const Action& a) const {
  for (const Effect& must : s_.effects) {
    // A ship that must attempt a mission where it stopped (Samaritan Snare) may neither leave
    // nor let the turn end while that attempt can be made. A ship also sent elsewhere (Incoming
    // Message) may not attempt at all until it arrives: the move holds it, not the attempt.
    if (must.kind == EffectKind::kRequiredAttempt && s_.in_play_at(must.card) &&
        s_.cards[must.card].controller == seat &&
        !has_effect(EffectKind::kRequiredMove, must.card) &&
        ((a.kind == ActionKind::kMove && a.a == must.card) || a.kind == ActionKind::kEndTurn) &&
        check_attempt(seat, must.loc, must.card, kNoCard) == Rule::kOk)
      return Rule::kBlocked;
  }
  for (const Effect& must : s_.effects) {
    if (must.kind != EffectKind::kRequiredMove) continue;
    const CardId ship = must.card;
    if (!s_.in_play_at(ship) || s_.cards[ship].controller != seat) continue;
    // Where it must stop is worked out only for the two kinds of action that ask it: most
    // actions checked here are neither.
    switch (a.kind) {
      case ActionKind::kMove:
        if (a.a == ship && a.loc != required_stop(ship, must.loc)) return Rule::kBlocked;
        break;
      case ActionKind::kTransfer:
        // Aboard, yes; off, no.
        if (s_.cards[a.a].where == Where::kAboard && s_.cards[a.a].host == ship && a.b != ship)
          return Rule::kBlocked;
        break;
      case ActionKind::kEndTurn: {
        // Only a move the ship can make holds the turn open: one not staffed, stopped or out
        // of RANGE lets it end.
        const LocIndex stop = required_stop(ship, must.loc);
        if (stop != kNoLoc &&
            check_order_rules(seat, {.kind = ActionKind::kMove, .a = ship, .loc = stop}) ==
                Rule::kOk)
          return Rule::kBlocked;
        break;
      }
      case ActionKind::kAttack:
      case ActionKind::kAttempt:
      case ActionKind::kCloak:
      case ActionKind::kDecloak:
      case ActionKind::kDock:
      case ActionKind::kUndock:
        if (a.a == ship) return Rule::kBlocked;
        break;
      default:
        break;
    }
  }
  return Rule::kOk;
}

}  // namespace spacedock::stccg
