#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::cli {

// A Star Trek CCG snapshot as at most 100 columns of text: turn and scores, the spaceline one
// location per block, the viewer's hand and piles, and the mission attempt under way. `info`
// supplies the players' names; `seq` is the event the snapshot is as of.
std::vector<std::string> render_stccg_board(const v1::GameSnapshot& snapshot,
                                            const v1::MatchInfo& info, std::uint64_t seq);

}  // namespace spacedock::cli
