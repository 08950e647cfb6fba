#pragma once

#include <string>
#include <vector>

namespace spacedock::server {

// `spacedock scenario FILE...`: runs STCCG rules scenarios, printing each problem and one line
// per file; returns 0 only if every file passed.
int run_scenarios(const std::vector<std::string>& files);

}  // namespace spacedock::server
