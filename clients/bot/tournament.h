#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace spacedock::bot {

struct TournamentBotOptions {
  std::string server = "ws://127.0.0.1:8080/ws";
  // Other nodes of a cluster, tried in turn when a bot's connection drops; with `spread`, the
  // bots start on the nodes in turn.
  std::vector<std::string> failover;
  bool spread = false;
  std::uint64_t tournament = 0;
  // Bots named `prefix`0, `prefix`1, ... (registered if new, with a fixed password).
  int entrants = 8;
  std::string prefix = "bot";
  // A STCCG event: each bot registers one of the sample decks.
  bool stccg = false;
  std::uint64_t seed = 1;
  std::chrono::milliseconds think{0};
  std::chrono::seconds deadline{600};
};

// Bot players in an event: each registers, plays its table of every round with answers picked
// at random, yet the same for the same seed, match and decision (a decision sent again after a
// reconnect is the same one, and a run repeats), reconnecting if the server restarts or its node
// dies, until the event is over or it has dropped. Returns 0 if
// every bot saw the event end or its own drop, with no error.
int run_tournament_bots(const TournamentBotOptions& options);

}  // namespace spacedock::bot
