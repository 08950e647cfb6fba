#include "server/tournament/structure.h"

#include <bit>

namespace spacedock::tournament {

int default_swiss_rounds(int players) {
  if (players <= 1) return 0;
  if (players <= 8) return std::bit_width(static_cast<unsigned>(players - 1));
  if (players <= 32) return 5;
  if (players <= 64) return 6;
  if (players <= 128) return 7;
  if (players <= 226) return 8;
  if (players <= 409) return 9;
  return 10;
}

std::vector<int> bracket_order(int size) {
  std::vector<int> order{1};
  for (int n = 2; n <= size; n *= 2) {
    std::vector<int> next;
    for (int seed : order) {
      next.push_back(seed);
      next.push_back(n + 1 - seed);
    }
    order = std::move(next);
  }
  return order;
}

int cut_rounds(int size) {
  return size < 2 ? 0 : std::bit_width(static_cast<unsigned>(size)) - 1;
}

}  // namespace spacedock::tournament
