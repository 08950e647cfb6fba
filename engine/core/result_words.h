#pragma once

#include <string>

namespace spacedock::core {

// MatchResult.summary of a game ended by an organiser's ruling (RESULT_REASON_RULING), from the
// winners' names as the game joins them ("alice", "alice and bob") and how many there are.
inline std::string ruling_summary(const std::string& winners, int count) {
  if (count == 0) return "the organiser ruled that nobody won";
  if (count > 1) return "the organiser ruled a draw between " + winners;
  return "the organiser ruled that " + winners + " won";
}

}  // namespace spacedock::core
