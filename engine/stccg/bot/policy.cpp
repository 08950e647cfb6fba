#include "engine/stccg/bot/policy.h"

namespace spacedock::stccg {
namespace {

class Policy final : public core::BotPolicy {
 public:
  core::OptionId choose(const v1::GameSnapshot&, const v1::DecisionPrompt& prompt,
                        core::Rng&) override {
    return prompt.options(0).id();
  }
};

}  // namespace

std::unique_ptr<core::BotPolicy> make_bot_policy() { return std::make_unique<Policy>(); }

}  // namespace spacedock::stccg
