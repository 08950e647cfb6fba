#pragma once

#include <string>
#include <vector>

#include "spacedock/v1/incursions.pb.h"

namespace spacedock::cli {

// An ASCII drawing of the explored tiles, north up, two lines per row of hexes. Each hex shows
// its axial coordinates "q,r", then what it is (see kHexMapLegend), the seat numbers of the
// vessels in it, and * if it holds a mine.
inline constexpr const char* kHexMapLegend =
    "S start, W wormhole, . unnumbered hex, else the hex number; then vessels by seat; * mines";

std::vector<std::string> draw_hex_map(const v1::IncursionsView& view);

}  // namespace spacedock::cli
