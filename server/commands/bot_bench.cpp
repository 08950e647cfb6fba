#include "server/commands/bot_bench.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <optional>

#include "engine/core/bot.h"
#include "engine/core/random_play.h"
#include "engine/games.h"
#include "server/commands/bench.h"

namespace spacedock::server {
namespace {

// Game `index`'s setup: the measured bot sits in seat index % 2; STCCG cycles through the
// sample-deck pairings so that no deck's strength decides the figure.
std::optional<v1::MatchSetup> duel_setup(const BotBenchOptions& options, int index) {
  static constexpr std::array<const char*, 10> kDecks = {
      "federation",  "klingon",     "romulan",       "klingon-bog", "federation-qc-bog",
      "romulan-bog", "non-aligned", "federation-au", "klingon-au",  "romulan-au"};
  constexpr int kCount = static_cast<int>(kDecks.size());
  const int pairing = index / 2;
  return benchmark_setup(options.game, 2, options.mode, kDecks[pairing % kCount],
                         kDecks[(pairing + 1 + pairing / kCount) % kCount]);
}

}  // namespace

int run_bot_bench(const BotBenchOptions& options) {
  const auto strength = core::bot_strength_named(options.strength);
  const auto against = core::bot_strength_named(options.against);
  if (!strength || !against) {
    std::fprintf(stderr, "bot-bench: strengths are random, easy and strong\n");
    return 2;
  }
  if (!duel_setup(options, 0)) {
    std::fprintf(stderr, "bot-bench: unknown game '%s' or mode '%s' (known: incursions, stccg)\n",
                 options.game.c_str(), options.mode.c_str());
    return 2;
  }
  if (options.games < 1) {
    std::fprintf(stderr, "bot-bench: --games must be at least 1\n");
    return 2;
  }

  const v1::Game game = duel_setup(options, 0)->game();
  const auto policy = engine::make_bot_policy(game);
  const auto opponent = engine::make_bot_policy(game);
  core::Rng rng(options.seed);
  int wins = 0, losses = 0, draws = 0, unfinished = 0;
  std::uint64_t decisions = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int index = 0; index < options.games; ++index) {
    const v1::MatchSetup setup = *duel_setup(options, index);
    const core::Seat bot_seat = static_cast<core::Seat>(index % 2);
    std::array<core::BotSeat, 2> seats;
    seats[bot_seat] = {policy.get(), *strength};
    seats[1 - bot_seat] = {opponent.get(), *against};
    auto match = engine::start_match(setup, options.seed * 1'000'003 + index);
    decisions += core::play_bot_game(*match, seats, rng, core::kMaxDecisionsPerGame);
    if (!match->over()) {
      ++unfinished;
      continue;
    }
    const auto result = match->result();
    if (result.winners_size() != 1) {
      ++draws;
    } else if (result.winners(0) == bot_seat) {
      ++wins;
    } else {
      ++losses;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double win_rate = static_cast<double>(wins) / options.games;

  std::printf("game:                %s, %s bot against %s, seats alternating\n",
              options.game.c_str(), options.strength.c_str(), options.against.c_str());
  std::printf("games:               %d\n", options.games);
  std::printf("wins:                %d\n", wins);
  std::printf("losses:              %d\n", losses);
  std::printf("draws:               %d\n", draws);
  if (unfinished > 0) std::printf("unfinished:          %d\n", unfinished);
  std::printf("win rate:            %.1f %%\n", 100 * win_rate);
  std::printf("decisions per game:  %.1f\n", static_cast<double>(decisions) / options.games);
  std::printf("seconds:             %.2f\n", seconds);
  if (options.require > 0 && win_rate < options.require) {
    std::fprintf(stderr, "bot-bench: win rate %.1f %% is below the required %.1f %%\n",
                 100 * win_rate, 100 * options.require);
    return 1;
  }
  return 0;
}

}  // namespace spacedock::server
