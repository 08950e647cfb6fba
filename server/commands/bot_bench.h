#pragma once

#include <cstdint>
#include <string>

namespace spacedock::server {

struct BotBenchOptions {
  std::string game = "stccg";
  std::string mode = "basic";  // Incursions: basic, crew, events or full
  int games = 200;
  std::string strength = "strong";  // the bot measured
  std::string against = "random";   // its opponent's strength
  std::uint64_t seed = 1;
  // Exit 1 if the bot wins less than this share of the games (0 to 1); 0: never.
  double require = 0;
};

// Two-player games of a bot against another on one thread, the bot taking each seat in turn
// (and, in STCCG, each pairing of the sample decks). Prints wins, losses, draws and the win
// rate; returns the exit code.
int run_bot_bench(const BotBenchOptions& options);

}  // namespace spacedock::server
