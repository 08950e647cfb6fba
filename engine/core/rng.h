#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace spacedock::core {

// The game's random number generator: xoshiro256** (Blackman and Vigna), seeded through
// SplitMix64. Small, fast, portable and fully determined by its seed, so a game replays bit for
// bit from seed and inputs on any machine. Every random draw of a game goes through its Rng.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  std::uint64_t next();

  // Uniform in [0, bound), unbiased (Lemire's multiply-and-reject). bound must be > 0.
  std::uint32_t below(std::uint32_t bound);

  // One six-sided die. Scripted values (see script_d6) come first.
  int d6();

  // Fisher-Yates shuffle from the last index down.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // Loaded dice for rules scenarios: the next d6() calls return these values, in order, before
  // the generator is used again. The server never scripts dice.
  void script_d6(std::span<const int> values);
  std::size_t scripted_d6_left() const { return scripted_.size() - scripted_next_; }

  // Feeds the generator state into a state hash.
  template <typename Hasher>
  void hash_into(Hasher& h) const {
    for (auto word : state_)
      h.add(word);
    h.add(scripted_d6_left());
  }

 private:
  std::array<std::uint64_t, 4> state_{};
  std::vector<std::uint8_t> scripted_;
  std::size_t scripted_next_ = 0;
};

}  // namespace spacedock::core
