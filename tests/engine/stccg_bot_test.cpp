#include <doctest/doctest.h>

#include "engine/games.h"

TEST_CASE("the stccg bot policy exists") {
  CHECK(spacedock::engine::make_bot_policy(spacedock::v1::GAME_STCCG) != nullptr);
}
