#pragma once

#include <cstdint>
#include <string_view>

namespace spacedock::core {

// Accumulates a 64-bit state hash (FNV-1a over 64-bit words, with a final avalanche). Games feed
// every field of their state, in a fixed order, to prove that replays are bit-identical.
class StateHasher {
 public:
  void add(std::uint64_t word) {
    for (int i = 0; i < 8; ++i) {
      value_ ^= (word >> (8 * i)) & 0xff;
      value_ *= 0x100000001b3ULL;
    }
  }
  void add(std::string_view text) {
    add(text.size());
    for (char c : text)
      add(static_cast<std::uint64_t>(static_cast<unsigned char>(c)));
  }
  std::uint64_t value() const {
    std::uint64_t z = value_;
    z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdULL;
    z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53ULL;
    return z ^ (z >> 33);
  }

 private:
  std::uint64_t value_ = 0xcbf29ce484222325ULL;
};

}  // namespace spacedock::core
