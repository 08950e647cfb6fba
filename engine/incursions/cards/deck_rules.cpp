#include "engine/incursions/cards/deck_rules.h"

#include <map>
#include <string>

namespace spacedock::incursions {

int rarity_limit(v1::IncursionsRarity rarity) {
  switch (rarity) {
    case v1::INCURSIONS_RARITY_ULTRA_RARE:
      return 1;
    case v1::INCURSIONS_RARITY_XTRA_RARE:
      return 3;
    case v1::INCURSIONS_RARITY_RARE:
      return 7;
    case v1::INCURSIONS_RARITY_SPECIAL:
      return 13;
    default:
      return 1 << 30;
  }
}

std::optional<core::SetupError> validate_deck(const Content& content,
                                              const std::vector<CardIndex>& deck) {
  std::map<std::string, int> titles;
  std::map<v1::IncursionsRarity, int> rarities;
  for (CardIndex index : deck) {
    const CardDef& def = content.card(index);
    if (def.captain()) {
      return core::SetupError{"NOT_A_DECK_CARD",
                              def.id + " is a captain: captains are tabled, not shuffled in"};
    }
    if (++titles[def.card.title()] > kTitleCopies) {
      return core::SetupError{"TITLE_LIMIT", "more than 4 copies of " + def.card.title()};
    }
    ++rarities[def.rarity];
  }
  for (const auto& [rarity, count] : rarities) {
    if (count > rarity_limit(rarity)) {
      return core::SetupError{"RARITY_LIMIT",
                              std::to_string(count) + " cards of rarity " +
                                  v1::IncursionsRarity_Name(rarity) + "; the limit is " +
                                  std::to_string(rarity_limit(rarity)) + " (crew count as rare)"};
    }
  }
  if (deck.size() < static_cast<std::size_t>(kMinDeck)) {
    return core::SetupError{"DECK_TOO_SMALL", "the deck holds " + std::to_string(deck.size()) +
                                                  " cards; a deck needs at least 25"};
  }
  return std::nullopt;
}

}  // namespace spacedock::incursions
