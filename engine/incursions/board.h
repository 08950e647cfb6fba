#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/viewer.h"
#include "engine/incursions/content.h"

namespace spacedock::incursions {

using core::Seat;
inline constexpr Seat kNoSeat = 0xff;

// Axial hex coordinates (§9.1); the start tile is (0, 0).
struct Coord {
  std::int16_t q = 0;
  std::int16_t r = 0;

  friend bool operator==(Coord, Coord) = default;
};

inline constexpr int kDirections = 6;
inline constexpr std::array<Coord, kDirections> kDirectionSteps = {
    Coord{1, 0}, Coord{1, -1}, Coord{0, -1}, Coord{-1, 0}, Coord{-1, 1}, Coord{0, 1}};

inline Coord neighbour(Coord c, int direction) {
  Coord d = kDirectionSteps[static_cast<std::size_t>(direction)];
  return {static_cast<std::int16_t>(c.q + d.q), static_cast<std::int16_t>(c.r + d.r)};
}

// Weapon range and scoring count hex distance on the grid, ignoring empty positions (A49).
int hex_distance(Coord a, Coord b);

inline constexpr HexIndex kStartHex = -1;

struct Tile {
  Coord coord;
  HexIndex hex = kStartHex;  // kStartHex for the neutral start tile
  Seat owner = kNoSeat;      // who contributed it
};

using TileIndex = std::uint8_t;
inline constexpr int kMaxTiles = 250;
inline constexpr TileIndex kNoTile = 0xff;

// The explored tiles. Tiles are only ever added, so a tile's index is stable for the whole game.
class Board {
 public:
  Board();

  TileIndex add(Tile tile);
  TileIndex find(Coord c) const;
  // The tile next to tile `i` in `direction`, or kNoTile.
  TileIndex next_to(TileIndex i, int direction) const {
    return adjacent_[i][static_cast<std::size_t>(direction)];
  }
  const Tile& tile(TileIndex i) const { return tiles_[i]; }
  std::size_t size() const { return tiles_.size(); }
  // The fewest steps from one tile to another over placed tiles (A49's variant range), or
  // kMaxTiles if no tiles join them (never in play, where tiles are placed next to others).
  int steps(TileIndex from, TileIndex to) const;
  const std::vector<Tile>& tiles() const { return tiles_; }

 private:
  static constexpr std::size_t kSlots = 1024;  // open addressing, load factor <= 1/4
  static std::size_t slot_of(Coord c);

  std::vector<Tile> tiles_;
  std::vector<std::array<TileIndex, kDirections>> adjacent_;  // kept so routes need no lookups
  std::array<TileIndex, kSlots> slots_;
};

// Shortest routes over explored tiles from one tile, up to a step limit (§9.2). Among routes of
// equal length it prefers the one crossing the fewest hexes marked costly (armed enemy mines),
// then the fixed direction order, so a move's route is determined by its destination.
struct Routes {
  static constexpr std::uint8_t kUnreached = 0xff;
  std::array<std::uint8_t, kMaxTiles> steps;
  std::array<std::uint8_t, kMaxTiles> cost;
  std::array<TileIndex, kMaxTiles> parent;

  void compute(const Board& board, TileIndex from, int max_steps,
               const std::array<std::uint8_t, kMaxTiles>& tile_cost);
  // Tiles from the first step to `to`, in travel order; returns the count written.
  int path_to(TileIndex to, std::array<TileIndex, kMaxTiles>& out) const;
};

}  // namespace spacedock::incursions
