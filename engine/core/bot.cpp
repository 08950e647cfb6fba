#include "engine/core/bot.h"

#include <stdexcept>

namespace spacedock::core {
namespace {

constexpr std::uint32_t kEasyMistakeOneIn = 4;

OptionId any_option(const Decision& decision, Rng& rng) {
  return decision.options[rng.below(static_cast<std::uint32_t>(decision.options.size()))];
}

}  // namespace

std::optional<BotStrength> bot_strength_named(std::string_view name) {
  if (name == "random") return BotStrength::kRandom;
  if (name == "easy") return BotStrength::kEasy;
  if (name == "strong") return BotStrength::kStrong;
  return std::nullopt;
}

std::string_view bot_strength_name(BotStrength strength) {
  switch (strength) {
    case BotStrength::kRandom:
      return "random";
    case BotStrength::kEasy:
      return "easy";
    case BotStrength::kStrong:
      return "strong";
  }
  return "unknown";
}

OptionId bot_answer(const MatchEngine& match, const Decision& decision, BotPolicy& policy,
                    BotStrength strength, Rng& rng) {
  if (strength == BotStrength::kRandom) return any_option(decision, rng);
  if (strength == BotStrength::kEasy && rng.below(kEasyMistakeOneIn) == 0)
    return any_option(decision, rng);
  spacedock::v1::GameSnapshot view;
  match.project_snapshot(Viewer::player(decision.seat), &view);
  spacedock::v1::DecisionPrompt prompt;
  match.project_prompt(decision, &prompt);
  return policy.choose(view, prompt, rng);
}

std::size_t play_bot_game(MatchEngine& match, std::span<const BotSeat> seats, Rng& rng,
                          std::size_t max_decisions) {
  std::size_t decisions = 0;
  while (decisions < max_decisions && !match.over()) {
    const auto open = match.open_decisions();
    if (open.empty()) throw std::logic_error("a game that is not over has no open decision");
    const Decision& decision = open.front();
    if (decision.seat >= seats.size()) throw std::invalid_argument("a seat has no bot");
    const BotSeat& bot = seats[decision.seat];
    const OptionId option = bot_answer(match, decision, *bot.policy, bot.strength, rng);
    if (!match.submit(decision.seat, decision.id, {&option, 1}).accepted())
      throw std::logic_error("a bot's answer was refused");
    ++decisions;
  }
  return decisions;
}

}  // namespace spacedock::core
