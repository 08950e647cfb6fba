#pragma once

namespace spacedock::stccg {

// The rule profile: where the rules documents disagree or leave a gap (stccg-rules.md §6), the
// reading is a named option. The defaults are the recommendations of §6.
struct Options {
  // A COMMAND personnel may fill a STAFF staffing icon.
  bool command_fills_staff = true;
  // Personnel in an Away Team on a planet are hidden from the opponent like a crew.
  bool hidden_away_teams = true;
  // Used Q-cards are shuffled back when the Q-Continuum runs out, as BoG says; otherwise the
  // Q-Flash ends, as the CRD says.
  bool q_continuum_reshuffles = true;
};

}  // namespace spacedock::stccg
