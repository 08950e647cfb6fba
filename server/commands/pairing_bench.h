#pragma once

#include <cstdint>

namespace spacedock::server {

struct PairingBenchOptions {
  int players = 10'000;
  int rounds = 0;  // 0: the default for the field (tournament::default_swiss_rounds)
  std::uint64_t seed = 1;
};

// Swiss pairing throughput: a whole event of random results, timing each round's pairing as the
// server makes it (standings, then the pairing: Tournament::next_tables). Prints each round's
// time and the slowest; returns the exit code.
int run_pairing_bench(const PairingBenchOptions& options);

}  // namespace spacedock::server
