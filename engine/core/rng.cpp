#include "engine/core/rng.h"

#include <bit>
#include <stdexcept>

namespace spacedock::core {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : state_)
    word = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = std::rotl(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = std::rotl(state_[3], 45);
  return result;
}

std::uint32_t Rng::below(std::uint32_t bound) {
  std::uint64_t product = (next() >> 32) * bound;
  auto low = static_cast<std::uint32_t>(product);
  if (low < bound) {
    const std::uint32_t threshold = -bound % bound;
    while (low < threshold) {
      product = (next() >> 32) * bound;
      low = static_cast<std::uint32_t>(product);
    }
  }
  return static_cast<std::uint32_t>(product >> 32);
}

int Rng::d6() {
  if (scripted_next_ < scripted_.size()) return scripted_[scripted_next_++];
  return static_cast<int>(below(6)) + 1;
}

void Rng::script_d6(std::span<const int> values) {
  scripted_.erase(scripted_.begin(), scripted_.begin() + static_cast<long>(scripted_next_));
  scripted_next_ = 0;
  for (int v : values) {
    if (v < 1 || v > 6) throw std::invalid_argument("a scripted d6 must be between 1 and 6");
    scripted_.push_back(static_cast<std::uint8_t>(v));
  }
}

}  // namespace spacedock::core
