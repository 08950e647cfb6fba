// Infiltration (BoG; cards/ABILITIES.md §16): an infiltrator is a personnel with infiltration
// icons. Its owner may report it for duty aboard the other player's facility, or beam or walk it
// aboard the other player's ship or facility, when that vessel's affiliation matches one of its
// icons; compatibility with the crew does not matter. There it is in the crew (it staffs, it
// attempts missions and meets dilemmas with the crew, its skills and attributes count for the
// crew), but its owner still controls it: only its owner moves it off, and only its owner's
// cards use it as theirs (Dial Martok for Murder, Counterintelligence, Commandeer Ship, ...).
// A card in a crew is seen by the crew's player as well as by its controller (zones.cpp).
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

AffiliationSet Engine::infiltration_icons(CardId personnel) const {
  if (!is_personnel(personnel)) return 0;
  AffiliationSet icons = s_.traits(personnel).infiltrates;
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->adds_infiltration_icons)
      icons |= handler->adds_infiltration_icons(*this, c, personnel);
  }
  return icons;
}

bool Engine::may_infiltrate(CardId personnel, CardId vessel) const {
  if (vessel == kNoCard || (!is_ship(vessel) && !is_facility(vessel))) return false;
  if (s_.cards[vessel].controller == s_.cards[personnel].controller) return false;
  return (infiltration_icons(personnel) & affiliations(vessel)) != 0;
}

bool Engine::infiltrating(CardId personnel) const {
  return infiltrated_player(personnel) != kNoSeat;
}

namespace {

// The other player's ship or facility `personnel` is aboard, under its own controller's control
// (not a captive), or kNoCard.
CardId foreign_vessel_of(const Engine& e, CardId personnel) {
  const State& s = e.state();
  if (!s.in_play_at(personnel) || !e.is_personnel(personnel)) return kNoCard;
  const CardState& p = s.cards[personnel];
  // A brainwashed captive acts for its captor (CRD IV.7): it may infiltrate like any personnel.
  if (p.where != Where::kAboard || (e.captivity(personnel) && !e.brainwashed(personnel)))
    return kNoCard;
  return s.cards[p.host].controller != p.controller ? p.host : kNoCard;
}

}  // namespace

Seat Engine::infiltrated_player(CardId personnel) const {
  const CardId vessel = foreign_vessel_of(*this, personnel);
  if (vessel == kNoCard || has_effect(EffectKind::kExposed, personnel)) return kNoSeat;
  return s_.cards[vessel].controller;
}

void Engine::expose_infiltrator(CardId personnel) {
  // Exposed, it is known for what it is: once is enough (GAP: our documents do not say how an
  // infiltrator stops being exposed; read as never).
  if (!infiltration_icons(personnel) || has_effect(EffectKind::kExposed, personnel)) return;
  Effect exposed{.kind = EffectKind::kExposed, .until = Until::kRemoved};
  exposed.card = personnel;
  add_effect(exposed);
  expose(personnel);  // and shown to both players
}

bool Engine::intruder(CardId personnel) const {
  return has_effect(EffectKind::kExposed, personnel) &&
         foreign_vessel_of(*this, personnel) != kNoCard;
}

}  // namespace spacedock::stccg
