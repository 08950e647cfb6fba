#pragma once

#include <cstdint>

namespace spacedock::tournament {

// A number drawn for a player from the event's seed, for orders that must look random and be
// reproducible: the order within equal points when pairing (`purpose` = the round) and the
// last tie-breaker of the standings (`purpose` = 0). SplitMix64 over the three.
inline std::uint64_t draw_key(std::uint64_t seed, std::uint64_t purpose, std::int64_t player) {
  auto mix = [](std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  return mix(mix(mix(seed) ^ purpose) ^ static_cast<std::uint64_t>(player));
}

}  // namespace spacedock::tournament
