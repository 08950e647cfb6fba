// The list of effects in play (state/effects.h): adding, finding, and ending them when their
// time is up.
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

Effect& Engine::add_effect(Effect effect) {
  effect.turn = s_.turn;
  s_.push_effect(effect);
  return s_.effects.back();
}

const Effect* Engine::first_effect(EffectKind kind, CardId card) const {
  for (const Effect& x : s_.effects) {
    if (x.kind == kind && (card == kNoCard || x.card == card)) return &x;
  }
  return nullptr;
}

void Engine::end_turn_effects() {
  end_effects([](const Effect& x) { return x.until == Until::kEndOfTurn; });
}

void Engine::battle_over() {
  end_effects([](const Effect& x) { return x.until == Until::kEndOfBattle; });
}

void Engine::card_left_play(CardId c) {
  // What a card did while in play ends with it, and nothing stays marked on it.
  end_effects([&](const Effect& x) {
    return (x.until == Until::kSourceLeaves && x.source == c) ||
           (x.kind == EffectKind::kStasis && x.flag && x.source == c) ||
           (x.card == c && x.kind != EffectKind::kCounter);
  });
}

bool Engine::persona_barred(PersonaId persona) const {
  if (!s_.may_have(EffectKind::kPersonaBarred)) return false;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kPersonaBarred && static_cast<PersonaId>(x.value) == persona)
      return true;
  }
  return false;
}

bool Engine::mission_blocked(Seat seat, LocIndex loc) const {
  if (!s_.may_have(EffectKind::kMissionBlocked)) return false;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kMissionBlocked && x.player == seat && x.loc == loc) return true;
  }
  return false;
}

}  // namespace spacedock::stccg
