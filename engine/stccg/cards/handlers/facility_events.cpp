// Events played on a facility (cards/ABILITIES.md §5): Defense System Upgrade, which arms and
// shields a space facility, or repairs a damaged one.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

namespace {

// --- Defense System Upgrade, either of two plays, each the turn's card play: (1) on a space
// facility of its player, where it stays: SHIELDS +6, and WEAPONS 6 for a facility printed
// without WEAPONS (+6 on its 0), else +4; cumulative; (2) played through an ENGINEER of its
// player aboard a damaged facility and compatible with it, it repairs the facility fully
// (rotation damage and damage markers gone) and is discarded. Under `upgrade_weapons_by_printed`
// off, its player chooses WEAPONS 6 (the printed figure raised or lowered to 6) or +4.

constexpr int kShieldsAdded = 6;
constexpr int kWeaponsGiven = 6;
constexpr int kWeaponsAdded = 4;

bool own_space_facility(const Engine& e, Seat seat, CardId c) {
  const CardState& card = e.state().cards[c];
  return e.state().in_play_at(c) && e.is_facility(c) && card.controller == seat &&
         card.where == Where::kSpace;
}

bool facility_damaged(const Engine& e, CardId facility) {
  return e.hull(facility) < 100;
}

// An ENGINEER of `seat` who may repair the facility they are aboard.
bool repairer(const Engine& e, Seat seat, CardId personnel) {
  const State& s = e.state();
  if (!s.in_play_at(personnel) || !e.is_personnel(personnel) ||
      s.cards[personnel].controller != seat || s.cards[personnel].where != Where::kAboard)
    return false;
  const CardId facility = s.cards[personnel].host;
  return own_space_facility(e, seat, facility) && facility_damaged(e, facility) &&
         has_skill(e, {personnel}, SkillTable::of(Classification::kEngineer), 2) &&
         e.compatible(seat, e.affiliations(personnel), e.affiliations(facility));
}

void upgrade_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play) {
    if (own_space_facility(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
    if (repairer(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule upgrade_still_legal(const Engine& e, Seat seat, const Action& play) {
  const bool fits =
      e.is_facility(play.b) ? own_space_facility(e, seat, play.b) : repairer(e, seat, play.b);
  return fits ? Rule::kOk : Rule::kNoTarget;
}

void upgrade_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  if (e.is_facility(f.action.b)) {
    const CardId facility = f.action.b;
    const auto& printed = e.state().def(facility).card.facility();
    bool given = !printed.has_weapons();
    if (!e.state().options.upgrade_weapons_by_printed) {
      auto six = e.yes_no(f.actor);
      if (!six) return;
      given = *six;
    }
    place(e, self, f.actor, facility);
    add_attribute_while(e, self, facility, Attribute::kShields, kShieldsAdded);
    add_attribute_while(e, self, facility, Attribute::kWeapons,
                        given ? kWeaponsGiven - printed.weapons() : kWeaponsAdded);
    return;
  }
  const CardId facility = e.state().cards[f.action.b].host;
  e.end_effects(
      [&](const Effect& x) { return x.kind == EffectKind::kDamage && x.card == facility; });
  for (CardId marker : e.markers_on(facility))
    e.to_discard(marker);
}

}  // namespace

extern const Handler kDefenseSystemUpgrade{
    .name = "defense_system_upgrade",
    .test = "tests/scenarios/card-facility-events.scn",
    .plays = upgrade_plays,
    .still_legal = upgrade_still_legal,
    .resolve = upgrade_resolve,
    .question = "WEAPONS 6, or WEAPONS +4?",
    .yes_label = "WEAPONS 6",
    .no_label = "WEAPONS +4",
};

}  // namespace spacedock::stccg::handlers
