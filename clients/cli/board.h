#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::cli {

// The board as at most 100 columns of text. A Star Trek CCG snapshot is drawn by
// render_stccg_board; for Incursions: who is to act, the hex map, the vessels, the
// hexpiles, the mines and the hit being resolved. `info` supplies the players' names; `seq` is
// the event the snapshot is as of.
std::vector<std::string> render_board(const v1::GameSnapshot& snapshot, const v1::MatchInfo& info,
                                      std::uint64_t seq);

}  // namespace spacedock::cli
