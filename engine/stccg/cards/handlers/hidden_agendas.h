#pragma once

// What every hidden agenda handler asks (rules/hidden_agendas.cpp): whether the card is in play
// face up (face down it does nothing), and whether a card bears a keyword. Once-per-turn uses
// are handlers/common.h's spend_use and use_spent.
#include <algorithm>
#include <string_view>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

// In play and face up: a face-down hidden agenda has no effect.
inline bool agenda_in_effect(const Engine& e, CardId self) {
  const CardState& card = e.state().cards[self];
  return card.zone == Zone::kPlay && !card.face_down;
}

inline bool agenda_has_keyword(const Engine& e, CardId c, std::string_view keyword) {
  const auto& keywords = e.state().def(c).card.keywords();
  return std::find(keywords.begin(), keywords.end(), keyword) != keywords.end();
}

// Whether `seat` has a Prepare the Prisoner in effect (bog.md): a captive their Brainwash is
// played on need not report to an outpost, and the other player's Rescue Captives frees only the
// captives at one location, to a crew or Away Team of theirs there.
bool prisoner_prepared(const Engine& e, Seat seat);

}  // namespace spacedock::stccg::handlers
