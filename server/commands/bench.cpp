#include "server/commands/bench.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <optional>

#include "engine/core/random_play.h"
#include "engine/core/siphash.h"
#include "engine/games.h"

namespace spacedock::server {

namespace {

// How this binary was built, when that makes its figures not the engine's (as LevelDB's
// db_bench warns): sanitizers, no optimisation, or assertions; nullptr for a release build.
const char* build_caveat() {
#if defined(__SANITIZE_ADDRESS__)
  return "sanitizers on (SPACEDOCK_SANITIZE or fuzzing)";
#elif !defined(__OPTIMIZE__)
  return "not optimised";
#elif !defined(NDEBUG)
  return "assertions on";
#else
  return nullptr;
#endif
}

std::optional<v1::IncursionsMode> incursions_mode_named(const std::string& name) {
  if (name == "basic") return v1::INCURSIONS_MODE_BASIC;
  if (name == "crew") return v1::INCURSIONS_MODE_CREW;
  if (name == "events") return v1::INCURSIONS_MODE_EVENTS;
  if (name == "full") return v1::INCURSIONS_MODE_FULL;
  return std::nullopt;
}

}  // namespace

std::optional<v1::MatchSetup> benchmark_setup(const std::string& game, int players,
                                              const std::string& mode, const char* first_deck,
                                              const char* second_deck) {
  v1::MatchSetup setup;
  if (game == "incursions") {
    const auto chosen = incursions_mode_named(mode);
    if (!chosen) return std::nullopt;
    setup.set_game(v1::GAME_INCURSIONS);
    setup.mutable_incursions()->set_players(static_cast<std::uint32_t>(players));
    setup.mutable_incursions()->set_mode(*chosen);
    for (int i = 0; i < players; ++i) {
      auto* seat = setup.add_seats();
      seat->set_name("P" + std::to_string(i + 1));
      // Crew chosen outside BASIC; in FULL they come from the standard deck.
      if (*chosen != v1::INCURSIONS_MODE_BASIC && *chosen != v1::INCURSIONS_MODE_FULL) {
        seat->mutable_incursions()->add_crew("CRW-XO");
        seat->mutable_incursions()->add_crew("CRW-ENG");
      }
    }
    return setup;
  }
  if (game == "stccg") {
    setup.set_game(v1::GAME_STCCG);
    setup.mutable_stccg();
    for (const char* deck : {first_deck, second_deck}) {
      auto* seat = setup.add_seats();
      seat->set_name(deck);
      seat->mutable_stccg()->set_sample_deck(deck);
    }
    return setup;
  }
  return std::nullopt;
}

int run_bench(const BenchOptions& options) {
  const auto chosen = benchmark_setup(options.game, options.players, options.mode,
                                      options.first_deck.c_str(), options.second_deck.c_str());
  if (!chosen) {
    std::fprintf(stderr,
                 "bench: unknown game '%s' or mode '%s' (games: incursions, stccg; Incursions "
                 "modes: basic, crew, events, full)\n",
                 options.game.c_str(), options.mode.c_str());
    return 2;
  }
  const v1::MatchSetup& setup = *chosen;
  const auto checked = engine::check_match(setup);
  if (const auto* e = std::get_if<core::SetupError>(&checked)) {
    std::fprintf(stderr, "bench: %s\n", e->message.c_str());
    return 2;
  }

  // The game's data (the card database, the tile content) is loaded once per process, as a
  // server loads it at start: a match set up before the clock starts leaves the loading out of
  // the engine's rate.
  engine::start_match(setup, options.seed);

  using Stopwatch = std::chrono::steady_clock;
  core::Rng chooser(options.seed);
  std::uint64_t games = 0;
  std::uint64_t decisions = 0;
  std::uint64_t options_offered = 0;
  // Every game's final state, folded in order: two runs of the same games agree on it only if
  // the rules played every game the same way.
  std::uint64_t digest = 0;
  const auto start = Stopwatch::now();
  const std::clock_t cpu_start = std::clock();
  const auto deadline = start + std::chrono::duration<double>(options.seconds);
  do {
    const std::uint64_t seed = options.seed + games;
    auto match = engine::start_match(setup, seed);
    core::PlayStats played;
    try {
      played = core::play_randomly(*match, chooser, core::kMaxDecisionsPerGame);
    } catch (const std::exception& e) {
      // Name the game that broke: a random deck follows from the match seed.
      std::fprintf(stderr, "bench: game %llu (match seed %llu, after %llu decisions) failed: %s\n",
                   static_cast<unsigned long long>(games + 1),
                   static_cast<unsigned long long>(seed),
                   static_cast<unsigned long long>(decisions), e.what());
      return 1;
    }
    decisions += played.decisions;
    options_offered += played.options_offered;
    digest = core::siphash(digest, games, match->state_hash());
    ++games;
  } while (options.games > 0 ? games < options.games : Stopwatch::now() < deadline);
  const double elapsed = std::chrono::duration<double>(Stopwatch::now() - start).count();
  // The process's own CPU time: on a shared machine the wall clock also counts the time other
  // processes held the core, and the engine's rate is the one per CPU-second.
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;

  const char* caveat = build_caveat();
  if (caveat)
    std::fprintf(stderr, "bench: warning: this build has %s; its figures are not the engine's\n",
                 caveat);
#ifdef SPACEDOCK_PROFILE_GUIDED
  const char* release = "release, profile-guided (tools/profile-build)";
#else
  const char* release = "release (optimised, no assertions)";
#endif
  std::printf("build:                     %s\n", caveat ? caveat : release);
  std::printf("game:                      %s%s%s, %d players, random legal playouts, 1 thread\n",
              options.game.c_str(), options.game == "incursions" ? " " : "",
              options.game == "incursions" ? options.mode.c_str() : "", setup.seats_size());
  std::printf("games:                     %llu\n", static_cast<unsigned long long>(games));
  std::printf("decisions:                 %llu\n", static_cast<unsigned long long>(decisions));
  std::printf("seconds:                   %.2f\n", elapsed);
  std::printf("CPU seconds:               %.2f\n", cpu);
  std::printf("decisions per second:      %.0f\n", static_cast<double>(decisions) / elapsed);
  std::printf("decisions per CPU-second:  %.0f\n", static_cast<double>(decisions) / cpu);
  std::printf("games per second:          %.1f\n", static_cast<double>(games) / elapsed);
  std::printf("decisions per game:        %.1f\n",
              static_cast<double>(decisions) / static_cast<double>(games));
  std::printf("options per decision:      %.1f\n",
              static_cast<double>(options_offered) / static_cast<double>(decisions));
  std::printf("signature:                 %llu decisions, digest %016llx\n",
              static_cast<unsigned long long>(decisions), static_cast<unsigned long long>(digest));
  return 0;
}

}  // namespace spacedock::server
