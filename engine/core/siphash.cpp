#include "engine/core/siphash.h"

#include <bit>

namespace spacedock::core {
namespace {

struct State {
  std::uint64_t v0, v1, v2, v3;
  void round() {
    v0 += v1;
    v1 = std::rotl(v1, 13);
    v1 ^= v0;
    v0 = std::rotl(v0, 32);
    v2 += v3;
    v3 = std::rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = std::rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = std::rotl(v1, 17);
    v1 ^= v2;
    v2 = std::rotl(v2, 32);
  }
};

}  // namespace

std::uint64_t siphash(std::uint64_t key0, std::uint64_t key1, std::uint64_t message) {
  State s{key0 ^ 0x736f6d6570736575ULL, key1 ^ 0x646f72616e646f6dULL, key0 ^ 0x6c7967656e657261ULL,
          key1 ^ 0x7465646279746573ULL};
  s.v3 ^= message;
  s.round();
  s.round();
  s.v0 ^= message;
  const std::uint64_t last = std::uint64_t{8} << 56;  // message length, no tail bytes
  s.v3 ^= last;
  s.round();
  s.round();
  s.v0 ^= last;
  s.v2 ^= 0xff;
  for (int i = 0; i < 4; ++i)
    s.round();
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

}  // namespace spacedock::core
