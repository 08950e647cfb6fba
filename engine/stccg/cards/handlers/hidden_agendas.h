#pragma once

// What every hidden agenda handler asks (rules/hidden_agendas.cpp): whether the card is in play
// face up (face down it does nothing), and its once-per-turn use.
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

// A marker of `self` on itself for the turn: its once-per-turn use is spent.
inline bool agenda_used_this_turn(const Engine& e, CardId self) {
  return std::any_of(e.state().effects.begin(), e.state().effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == self &&
           x.until == Until::kEndOfTurn;
  });
}

inline void agenda_mark_used(Engine& e, CardId self) {
  Effect used{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  used.source = self;
  used.card = self;
  e.add_effect(used);
}

}  // namespace spacedock::stccg::handlers
