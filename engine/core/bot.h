#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "engine/core/match_engine.h"
#include "engine/core/rng.h"

namespace spacedock::core {

// How well a bot plays. kRandom answers with any offered option; kEasy plays its game's policy
// but answers at random one time in four, so a beginner can beat it; kStrong always plays the
// policy's choice.
enum class BotStrength : std::uint8_t { kRandom, kEasy, kStrong };

std::optional<BotStrength> bot_strength_named(std::string_view name);
std::string_view bot_strength_name(BotStrength strength);

// A game's way of playing to win. It is shown only what its seat may see, the seat's own
// snapshot and the prompt it must answer, never the engine: whatever its code does, a bot
// cannot read hidden cards.
class BotPolicy {
 public:
  virtual ~BotPolicy() = default;

  // One of prompt.options' ids; the prompt always offers at least one option. `rng` breaks ties
  // and is the policy's only source of randomness, so a seeded bot plays the same game again.
  virtual OptionId choose(const spacedock::v1::GameSnapshot& view,
                          const spacedock::v1::DecisionPrompt& prompt, Rng& rng) = 0;
};

// The answer a bot of `strength` gives to `decision`, which must be open in `match`: the
// policy is shown the deciding seat's projections only.
OptionId bot_answer(const MatchEngine& match, const Decision& decision, BotPolicy& policy,
                    BotStrength strength, Rng& rng);

// Who answers one seat's decisions in play_bot_game.
struct BotSeat {
  BotPolicy* policy = nullptr;
  BotStrength strength = BotStrength::kStrong;
};

// Plays `match` to its end, or for `max_decisions`, each seat answered by its bot (`seats` has
// one entry per seat); returns how many decisions were answered. For benchmarks and tests.
std::size_t play_bot_game(MatchEngine& match, std::span<const BotSeat> seats, Rng& rng,
                          std::size_t max_decisions);

}  // namespace spacedock::core
