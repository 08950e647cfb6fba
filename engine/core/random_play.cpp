#include "engine/core/random_play.h"

#include <stdexcept>

namespace spacedock::core {

PlayStats play_randomly(MatchEngine& match, Rng& chooser, std::size_t max_decisions,
                        std::vector<Input>* record) {
  PlayStats stats;
  while (stats.decisions < max_decisions && !match.over()) {
    auto open = match.open_decisions();
    if (open.empty()) throw std::logic_error("a game that is not over has no open decision");
    const Decision& decision = open[chooser.below(static_cast<std::uint32_t>(open.size()))];
    stats.options_offered += decision.options.size();
    const OptionId option =
        decision.options[chooser.below(static_cast<std::uint32_t>(decision.options.size()))];
    const Input input{decision.seat, decision.id, option};
    if (!match.submit(input.seat, input.decision, {&input.option, 1}).accepted()) {
      throw std::logic_error("an offered option was refused");
    }
    if (record) record->push_back(input);
    ++stats.decisions;
  }
  return stats;
}

}  // namespace spacedock::core
