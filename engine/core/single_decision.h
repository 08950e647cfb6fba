#pragma once
// For games that wait on at most one decision at a time, each answered with exactly one option
// (both games so far): the MatchEngine plumbing they share.
#include <span>

#include "engine/core/decision.h"

namespace spacedock::core {

// The open decisions: none, or the one `open` points at.
inline std::span<const Decision> open_span(const Decision* open) {
  return open ? std::span<const Decision>(open, 1) : std::span<const Decision>();
}

// Answers `game`'s open decision with `choice`, which must hold exactly one option. A wrong
// count is refused too, but a stale or misdirected answer is reported as such first.
// `Game` has decision(), over() and submit(Seat, DecisionId, OptionId).
template <class Game>
SubmitResult submit_one(Game& game, Seat seat, DecisionId decision,
                        std::span<const OptionId> choice) {
  if (choice.size() == 1) return game.submit(seat, decision, choice.front());
  const Decision* open = game.decision();
  if (game.over()) return SubmitResult::refuse(Verdict::kGameOver);
  if (!open || open->id != decision) return SubmitResult::refuse(Verdict::kNotOpen);
  if (open->seat != seat) return SubmitResult::refuse(Verdict::kNotYourDecision);
  return SubmitResult::refuse(Verdict::kNotOffered, "EXACTLY_ONE_OPTION");
}

}  // namespace spacedock::core
