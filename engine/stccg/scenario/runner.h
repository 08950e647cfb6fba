#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/card_db.h"

namespace spacedock::stccg {

struct ScenarioReport {
  // One line per problem: "FILE:LINE: expected ..., got ..." (or a parse or setup error).
  std::vector<std::string> failures;
  bool passed() const { return failures.empty(); }
};

// Parses and runs a rules scenario written in the format of tests/scenarios/README.md: builds
// each case's position, answers decisions through the public Game API, and checks every
// expectation. `file` names the scenario in the messages; nothing is read or printed here.
ScenarioReport run_scenario(const CardDb& db, std::string_view file, std::string_view text);

}  // namespace spacedock::stccg
