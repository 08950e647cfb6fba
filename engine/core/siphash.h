#pragma once

#include <cstdint>

namespace spacedock::core {

// SipHash-2-4 of one 64-bit word under a 128-bit key: a keyed pseudo-random function. Used where
// values shown to clients must not reveal anything about the game's secret state (card handles):
// without the key, outputs tell nothing about the key or about other outputs.
std::uint64_t siphash(std::uint64_t key0, std::uint64_t key1, std::uint64_t message);

}  // namespace spacedock::core
