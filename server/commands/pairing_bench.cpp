#include "server/commands/pairing_bench.h"

#include <chrono>
#include <cstdio>
#include <random>

#include "server/tournament/structure.h"
#include "server/tournament/tournament.h"

namespace spacedock::server {

int run_pairing_bench(const PairingBenchOptions& options) {
  using Stopwatch = std::chrono::steady_clock;
  tournament::Tournament event;
  event.seed = options.seed;
  for (int i = 0; i < options.players; ++i)
    event.entrants.push_back({i + 1, "player " + std::to_string(i + 1)});
  event.swiss_rounds =
      options.rounds > 0 ? options.rounds : tournament::default_swiss_rounds(options.players);
  std::mt19937_64 results(options.seed);
  double slowest = 0;
  std::printf("pairing %d players, %d Swiss rounds (seed %llu)\n", options.players,
              event.swiss_rounds, static_cast<unsigned long long>(options.seed));
  for (int round = 1; round <= event.swiss_rounds; ++round) {
    const auto start = Stopwatch::now();
    tournament::Round next{round, false, event.next_tables()};
    const double ms = std::chrono::duration<double, std::milli>(Stopwatch::now() - start).count();
    slowest = std::max(slowest, ms);
    std::printf("round %2d: %zu tables in %8.1f ms\n", round, next.tables.size(), ms);
    for (auto& table : next.tables) {
      if (table.decided()) continue;
      const auto r = results() % 20;
      table.result = r < 9    ? tournament::TableResult::kFirstWins
                     : r < 18 ? tournament::TableResult::kSecondWins
                              : tournament::TableResult::kDraw;
    }
    event.rounds.push_back(std::move(next));
  }
  std::printf("slowest round: %.1f ms\n", slowest);
  return 0;
}

}  // namespace spacedock::server
