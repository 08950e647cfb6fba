#include <doctest/doctest.h>

#include "engine/games.h"

TEST_CASE("the incursions bot policy exists") {
  CHECK(spacedock::engine::make_bot_policy(spacedock::v1::GAME_INCURSIONS) != nullptr);
}
