#include "engine/incursions/board.h"

#include <cstdlib>
#include <stdexcept>

namespace spacedock::incursions {

int hex_distance(Coord a, Coord b) {
  int dq = a.q - b.q;
  int dr = a.r - b.r;
  return (std::abs(dq) + std::abs(dr) + std::abs(dq + dr)) / 2;
}

Board::Board() {
  slots_.fill(kNoTile);
}

int Board::steps(TileIndex from, TileIndex to) const {
  // Breadth first from `from`: tiles are queued in order of distance.
  std::array<std::uint8_t, kMaxTiles> distance;
  distance.fill(0xff);
  std::array<TileIndex, kMaxTiles> queue;
  std::size_t head = 0;
  std::size_t tail = 0;
  distance[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const TileIndex at = queue[head++];
    if (at == to) return distance[at];
    for (TileIndex next : adjacent_[at]) {
      if (next == kNoTile || distance[next] != 0xff) continue;
      distance[next] = static_cast<std::uint8_t>(distance[at] + 1);
      queue[tail++] = next;
    }
  }
  return kMaxTiles;
}

std::size_t Board::slot_of(Coord c) {
  auto key = (static_cast<std::uint32_t>(static_cast<std::uint16_t>(c.q)) << 16) |
             static_cast<std::uint16_t>(c.r);
  return (key * 2654435761u) >> 22;  // top 10 bits: kSlots == 1024
}

TileIndex Board::add(Tile tile) {
  if (tiles_.size() >= kMaxTiles) throw std::length_error("board is full");
  std::size_t slot = slot_of(tile.coord);
  while (slots_[slot] != kNoTile) {
    if (tiles_[slots_[slot]].coord == tile.coord) throw std::logic_error("tile already placed");
    slot = (slot + 1) % kSlots;
  }
  auto index = static_cast<TileIndex>(tiles_.size());
  tiles_.push_back(tile);
  slots_[slot] = index;
  adjacent_.emplace_back();
  for (int d = 0; d < kDirections; ++d) {
    const TileIndex other = find(neighbour(tile.coord, d));
    adjacent_[index][static_cast<std::size_t>(d)] = other;
    // Directions d and d + 3 are opposite.
    if (other != kNoTile) adjacent_[other][static_cast<std::size_t>((d + 3) % kDirections)] = index;
  }
  return index;
}

TileIndex Board::find(Coord c) const {
  for (std::size_t slot = slot_of(c);; slot = (slot + 1) % kSlots) {
    TileIndex index = slots_[slot];
    if (index == kNoTile || tiles_[index].coord == c) return index;
  }
}

void Routes::compute(const Board& board, TileIndex from, int max_steps,
                     const std::array<std::uint8_t, kMaxTiles>& tile_cost) {
  const std::size_t n = board.size();
  std::fill_n(steps.begin(), n, kUnreached);
  std::array<TileIndex, kMaxTiles> queue;
  std::size_t head = 0;
  std::size_t tail = 0;
  steps[from] = 0;
  cost[from] = 0;
  parent[from] = kNoTile;
  queue[tail++] = from;
  while (head < tail) {
    TileIndex at = queue[head++];
    if (steps[at] >= max_steps) continue;
    for (int d = 0; d < kDirections; ++d) {
      const TileIndex next = board.next_to(at, d);
      if (next == kNoTile) continue;
      auto next_steps = static_cast<std::uint8_t>(steps[at] + 1);
      auto next_cost = static_cast<std::uint8_t>(cost[at] + tile_cost[next]);
      if (steps[next] == kUnreached) {
        steps[next] = next_steps;
        cost[next] = next_cost;
        parent[next] = at;
        queue[tail++] = next;
      } else if (steps[next] == next_steps && next_cost < cost[next]) {
        // Same length, fewer costly hexes: still safe, `next` is not expanded yet.
        cost[next] = next_cost;
        parent[next] = at;
      }
    }
  }
}

int Routes::path_to(TileIndex to, std::array<TileIndex, kMaxTiles>& out) const {
  int count = steps[to];
  for (int i = count - 1; i >= 0; --i) {
    out[static_cast<std::size_t>(i)] = to;
    to = parent[to];
  }
  return count;
}

}  // namespace spacedock::incursions
