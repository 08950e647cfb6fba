#pragma once

#include <optional>
#include <vector>

#include "engine/core/setup_error.h"
#include "engine/incursions/content.h"

namespace spacedock::incursions {

inline constexpr int kMinDeck = 25;
inline constexpr int kTitleCopies = 4;

// How many cards of a rarity a deck may hold, and one player may have in play (§3.1, §14.1);
// commons are unlimited.
int rarity_limit(v1::IncursionsRarity rarity);

// Checks a FULL deck (§3.1): DECK_TOO_SMALL, TITLE_LIMIT, RARITY_LIMIT, NOT_A_DECK_CARD (ships,
// captains). Race limitations are checked when a card is played, not here (A59).
std::optional<core::SetupError> validate_deck(const Content& content,
                                              const std::vector<CardIndex>& deck);

}  // namespace spacedock::incursions
