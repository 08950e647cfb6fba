#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "engine/core/decision.h"
#include "engine/core/viewer.h"
#include "spacedock/v1/game.pb.h"
#include "spacedock/v1/lobby.pb.h"

namespace spacedock::core {

// A running game as its host (the server, a replay, a bot harness) sees it, whatever the game.
// The host feeds inputs and reads projections; nothing else crosses this line, which is what
// keeps hidden information inside the engine.
class MatchEngine {
 public:
  virtual ~MatchEngine() = default;

  virtual std::unique_ptr<MatchEngine> clone() const = 0;

  // Decisions the engine waits for. Empty once the game is over.
  virtual std::span<const Decision> open_decisions() const = 0;

  // Answers an open decision with the chosen option ids.
  virtual SubmitResult submit(Seat seat, DecisionId decision, std::span<const OptionId> choice) = 0;

  // The player gives up. Refused (kNotAPlayer) for seats already out.
  virtual SubmitResult concede(Seat seat) = 0;
  // The player's clock ran out (the host keeps the clocks): like a concession, but reported
  // with RESULT_REASON_TIME. Refused (kNotAPlayer) for seats already out.
  virtual SubmitResult time_out(Seat seat) = 0;
  // The player stayed away from a timed match longer than its disconnect grace (the host knows
  // who follows the match): like a concession, but reported with RESULT_REASON_FORFEIT.
  // Refused (kNotAPlayer) for seats already out.
  virtual SubmitResult forfeit(Seat seat) = 0;
  // A tournament round's time is up: the game ends at once, scored by its own end-of-time rules
  // (RESULT_REASON_TIME_LIMIT). Refused (kGameOver) once the game is over.
  virtual SubmitResult call_time() = 0;
  // An organiser ruled on the game: it ends at once with these winners (a bit per seat; none:
  // nobody won), RESULT_REASON_RULING. Refused (kGameOver) once the game is over.
  virtual SubmitResult rule(std::uint8_t winners) = 0;

  virtual bool over() const = 0;
  // Whether the seat still plays: the game is not over and the seat was not eliminated.
  virtual bool playing(Seat seat) const = 0;
  virtual spacedock::v1::MatchResult result() const = 0;

  // Hash of the complete state, hidden parts included. Never send it to clients: it would let
  // them test guesses about hidden information.
  virtual std::uint64_t state_hash() const = 0;

  // What invariant of the state is broken, if any (empty: none): checked after every input, so
  // that an engine bug is caught before it is stored (core/guarded.h).
  virtual std::string broken_invariant() const { return {}; }

  // Events so far, numbered from 0. Projections: the only way state leaves the engine.
  virtual std::size_t event_count() const = 0;
  virtual bool event_visible(std::size_t index, Viewer viewer) const = 0;
  // False when the viewer may not see that event at all.
  virtual bool project_event(std::size_t index, Viewer viewer,
                             spacedock::v1::GameEvent* out) const = 0;
  virtual void project_snapshot(Viewer viewer, spacedock::v1::GameSnapshot* out) const = 0;
  // The prompt for an open decision, for the seat that must answer it.
  virtual void project_prompt(const Decision& decision,
                              spacedock::v1::DecisionPrompt* out) const = 0;
};

}  // namespace spacedock::core
