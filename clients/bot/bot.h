#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace spacedock::bot {

struct BotOptions {
  std::string server = "ws://127.0.0.1:8080/ws";
  // Other nodes of a cluster serving the same matches: a bot whose connection is lost, or whose
  // node no longer runs its match, reconnects to the next of `server` and these, in turn.
  std::vector<std::string> failover;
  // The viewers of each match start on different nodes (`server`, then `failover`), so that
  // players of one match play through different nodes.
  bool spread = false;
  std::string game = "incursions";
  // STCCG: the decks the bots bring: "samples" (one of the server's sample decks, picked by the
  // bot's seed) or "random" (a random legal deck the server draws over the whole card pool).
  std::string decks = "samples";
  int matches = 1;
  int players = 2;
  int spectators = 0;
  int parallel = 8;  // matches played at once
  std::uint64_t seed = 1;
  // How long a bot thinks before answering a prompt.
  std::chrono::milliseconds think{0};
  // Every acknowledged decision is appended here as "match decision option", if set.
  std::string ack_log;
  // Give up on the whole run after this long.
  std::chrono::seconds deadline{600};
};

// Plays `matches` complete matches of random bots over the real protocol, with spectators,
// reconnecting and resuming if the server restarts. Returns 0 only if every match finished and
// every viewer saw a gapless event stream.
int run_bots(const BotOptions& options);

}  // namespace spacedock::bot
