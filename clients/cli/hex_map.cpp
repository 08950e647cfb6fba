#include "clients/cli/hex_map.h"

#include <algorithm>
#include <climits>

namespace spacedock::cli {
namespace {

// Each hex is 8 columns wide; a row is shifted half a hex from the one above.
constexpr int kCellWidth = 8;
constexpr int kInner = kCellWidth - 2;

bool same(const v1::HexCoord& a, const v1::HexCoord& b) {
  return a.q() == b.q() && a.r() == b.r();
}

std::string centred(const std::string& text) {
  if (static_cast<int>(text.size()) >= kInner) return text.substr(0, kInner);
  const std::size_t left = (kInner - text.size()) / 2;
  return std::string(left, ' ') + text + std::string(kInner - text.size() - left, ' ');
}

std::string contents(const v1::IncursionsView& view, const v1::IncursionsTile& tile) {
  std::string text = tile.hex_id() == "start" ? "S"
                     : tile.wormhole()        ? "W"
                     : tile.number() == 0     ? "."
                                              : std::to_string(tile.number());
  std::string seats;
  for (const auto& vessel : view.vessels()) {
    if (!vessel.eliminated() && same(vessel.position(), tile.coord()))
      seats += std::to_string(vessel.seat());
  }
  if (!seats.empty()) text += " " + seats;
  const bool mined = std::any_of(view.mines().begin(), view.mines().end(), [&](const auto& mine) {
    return same(mine.coord(), tile.coord());
  });
  if (mined) text += "*";
  return text;
}

}  // namespace

std::vector<std::string> draw_hex_map(const v1::IncursionsView& view) {
  if (view.tiles().empty()) return {};
  // Axial (q, r) to a column: x = 2q + r half-hexes from the west edge.
  int min_x = INT_MAX;
  int min_r = INT_MAX;
  int max_x = INT_MIN;
  int max_r = INT_MIN;
  for (const auto& tile : view.tiles()) {
    const int x = 2 * tile.coord().q() + tile.coord().r();
    min_x = std::min(min_x, x);
    max_x = std::max(max_x, x);
    min_r = std::min(min_r, tile.coord().r());
    max_r = std::max(max_r, tile.coord().r());
  }
  const auto width = static_cast<std::size_t>(max_x - min_x) * kCellWidth / 2 + kCellWidth;
  std::vector<std::string> lines(static_cast<std::size_t>(max_r - min_r + 1) * 2,
                                 std::string(width, ' '));
  for (const auto& tile : view.tiles()) {
    const auto column =
        static_cast<std::size_t>(2 * tile.coord().q() + tile.coord().r() - min_x) * kCellWidth / 2;
    const auto row = static_cast<std::size_t>(tile.coord().r() - min_r) * 2;
    const std::string coord =
        std::to_string(tile.coord().q()) + "," + std::to_string(tile.coord().r());
    lines[row].replace(column, kCellWidth, "/" + centred(coord) + "\\");
    lines[row + 1].replace(column, kCellWidth, "\\" + centred(contents(view, tile)) + "/");
  }
  for (auto& line : lines)
    line.erase(line.find_last_not_of(' ') + 1);
  return lines;
}

}  // namespace spacedock::cli
