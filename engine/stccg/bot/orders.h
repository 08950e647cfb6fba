#pragma once

#include <vector>

#include "engine/stccg/bot/board.h"

namespace spacedock::stccg::bot {

// The bot's turn (§1.4): the index of the option to take at an ORDERS decision. First the card
// play that helps its missions most, then the plan: attempt a mission its group there meets,
// gather a crew on a ship and fly it to one, fetch more personnel, or end the turn. `blocked`
// holds the locations found this turn where a mission may not be attempted (the caller clears
// it each turn); the plan adds to it.
int plan_orders(const Board& b, const v1::DecisionPrompt& prompt, std::vector<int>& blocked);

// What a card is worth to the bot: to report it, to take it into the hand, or to keep it.
double card_worth(const Board& b, const CardDef& def);

}  // namespace spacedock::stccg::bot
