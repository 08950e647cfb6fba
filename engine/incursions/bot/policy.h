#pragma once

#include <memory>

#include "engine/core/bot.h"

namespace spacedock::incursions {

// The incursions bot's way of playing to win (engine/core/bot.h).
std::unique_ptr<core::BotPolicy> make_bot_policy();

}  // namespace spacedock::incursions
