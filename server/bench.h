#pragma once

#include <cstdint>
#include <string>

namespace spacedock::server {

struct BenchOptions {
  std::string game = "incursions";
  int players = 2;
  double seconds = 5.0;
  // A fixed number of games instead of a time limit (for instruction counts), if not 0.
  std::uint64_t games = 0;
  std::uint64_t seed = 1;
};

// Engine throughput on one thread: random legal playouts, the legal options of every decision
// included. Prints decisions per second and games per second; returns the exit code.
int run_bench(const BenchOptions& options);

}  // namespace spacedock::server
