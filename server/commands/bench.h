#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "spacedock/v1/match_setup.pb.h"

namespace spacedock::server {

struct BenchOptions {
  std::string game = "incursions";
  std::string mode = "basic";  // Incursions: basic, crew, events or full
  int players = 2;
  double seconds = 5.0;
  // A fixed number of games instead of a time limit (for instruction counts), if not 0.
  std::uint64_t games = 0;
  std::uint64_t seed = 1;
  // STCCG: the two sample decks that meet.
  std::string first_deck = "federation";
  std::string second_deck = "klingon";
};

// The match a benchmark plays: Incursions with `players` players in `mode` (outside BASIC each
// player has a First Officer and a Chief Engineer under their race's captain), or STCCG with the
// two sample decks named; none for an unknown game or mode.
std::optional<v1::MatchSetup> benchmark_setup(const std::string& game, int players,
                                              const std::string& mode = "basic",
                                              const char* first_deck = "federation",
                                              const char* second_deck = "klingon");

// Engine throughput on one thread: random legal playouts, the legal options of every decision
// included. Prints decisions per second and games per second; returns the exit code.
int run_bench(const BenchOptions& options);

}  // namespace spacedock::server
