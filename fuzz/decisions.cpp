// libFuzzer target: decisions submitted to live games of both games, offered or not. The input
// picks the game and its seed, then, two bytes at a time, an offered option, an option id that
// is not offered, a stale decision or the wrong seat. A refused submission must change nothing
// (the state hash stays), an accepted one must leave the state's invariants whole.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>

#include "engine/games.h"

using namespace spacedock;

namespace {

std::unique_ptr<core::MatchEngine> start(std::uint8_t game, std::uint64_t seed) {
  v1::MatchSetup setup;
  if (game % 2 == 0) {
    setup.set_game(v1::GAME_INCURSIONS);
    setup.mutable_incursions()->set_players(2);
    setup.add_seats()->set_name("a");
    setup.add_seats()->set_name("b");
  } else {
    setup.set_game(v1::GAME_STCCG);
    setup.mutable_stccg();
    // Sample decks, or (one game in four) a random legal deck for each player drawn from the
    // seed, so that the fuzzer reaches every card the engine plays.
    const bool random_decks = game % 8 == 7;
    setup.add_seats()->mutable_stccg()->set_sample_deck(random_decks ? "random" : "federation");
    setup.mutable_seats(0)->set_name("a");
    setup.add_seats()->mutable_stccg()->set_sample_deck(random_decks    ? "random"
                                                        : game % 4 == 1 ? "klingon"
                                                                        : "romulan");
    setup.mutable_seats(1)->set_name("b");
  }
  return engine::start_match(setup, seed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 9) return 0;
  std::uint64_t seed = 0;
  for (int i = 1; i < 9; ++i)
    seed = seed << 8 | data[i];
  auto game = start(data[0], seed);
  for (std::size_t i = 9; i + 1 < size && !game->over(); i += 2) {
    const auto decisions = game->open_decisions();
    if (decisions.empty()) std::abort();  // not over, yet nobody to act
    const core::Decision& d = decisions.front();
    const std::uint8_t how = data[i];
    const std::uint8_t which = data[i + 1];
    const std::uint64_t before = game->state_hash();
    core::SubmitResult result;
    switch (how % 8) {
      case 0: {  // an option id nobody offered
        const core::OptionId bogus = (std::uint64_t{which} << 40) ^ (seed + i) ^ how;
        result = game->submit(d.seat, d.id, std::span(&bogus, 1));
        break;
      }
      case 1: {  // a stale decision
        const core::OptionId option = d.options[which % d.options.size()];
        result = game->submit(d.seat, d.id + 1 + which, std::span(&option, 1));
        break;
      }
      case 2: {  // the other seat
        const core::OptionId option = d.options[which % d.options.size()];
        result = game->submit(static_cast<core::Seat>(d.seat ^ 1), d.id, std::span(&option, 1));
        break;
      }
      default: {  // an offered option
        const core::OptionId option = d.options[which % d.options.size()];
        result = game->submit(d.seat, d.id, std::span(&option, 1));
        if (!result.accepted()) std::abort();  // an offered option is always taken
        break;
      }
    }
    if (!result.accepted() && game->state_hash() != before) std::abort();
    if (result.accepted() && !game->broken_invariant().empty()) std::abort();
  }
  return 0;
}
