// Infiltration (BoG; cards/ABILITIES.md §17): an infiltrator is a personnel with infiltration
// icons. Its owner may report it for duty aboard the other player's facility, or beam or walk it
// aboard the other player's ship or facility, when that vessel's affiliation matches one of its
// icons; compatibility with the crew does not matter. There it is in the crew (it staffs, it
// attempts missions and meets dilemmas with the crew, its skills and attributes count for the
// crew), but its owner still controls it: only its owner moves it off, and only its owner's
// cards use it as theirs (Dial Martok for Murder, Counterintelligence, Commandeer Ship, ...).
// A card in a crew is seen by the crew's player as well as by its controller (zones.cpp).
// The same on a planet: beamed or walked down into the other player's Away Team there, one of
// whose own members has an affiliation of its icons, it is in that team (EffectKind::kInTeam)
// until it moves, is exposed, or that player has none of their own personnel left there.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

AffiliationSet Engine::infiltration_icons(CardId personnel) const {
  if (!is_personnel(personnel)) return 0;
  AffiliationSet icons = s_.traits(personnel).infiltrates;
  for (CardId c : s_.infiltration_granting_in_play)
    icons |= s_.handler(c)->adds_infiltration_icons(*this, c, personnel);
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
  if (s_.cards[personnel].where == Where::kSurface) {
    const Seat team = team_player(personnel);
    return team != s_.cards[personnel].controller ? team : kNoSeat;
  }
  const CardId vessel = foreign_vessel_of(*this, personnel);
  if (vessel == kNoCard || has_effect(EffectKind::kExposed, personnel)) return kNoSeat;
  return s_.cards[vessel].controller;
}

Seat Engine::team_player(CardId personnel) const {
  const CardState& p = s_.cards[personnel];
  if (!s_.may_have(EffectKind::kInTeam) || p.where != Where::kSurface) return p.controller;
  const auto joined = std::find_if(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kInTeam && x.card == personnel;
  });
  // Exposed, it is known for what it is: it stands with its owner's personnel (a planet is
  // nobody's, so it is no intruder there).
  if (joined == s_.effects.end() || joined->player == p.controller ||
      has_effect(EffectKind::kExposed, personnel))
    return p.controller;
  // A team of the other player's is made of their own personnel: with none left there, it
  // stands with its owner's.
  for (CardId c : s_.in_play_where(Where::kSurface)) {
    const CardState& other = s_.cards[c];
    if (other.controller == joined->player && other.loc == p.loc && is_personnel(c) &&
        !other.disabled && !in_stasis(c))
      return joined->player;
  }
  return p.controller;
}

bool Engine::may_infiltrate_team(CardId personnel, std::span<const CardId> team) const {
  // Reading: one of the team's own members (not the infiltrator's fellows) has an affiliation
  // of its icons; compatibility with the others is not asked, as aboard.
  const AffiliationSet icons = infiltration_icons(personnel);
  const Seat owner = s_.cards[personnel].controller;
  return icons && std::any_of(team.begin(), team.end(), [&](CardId c) {
           return s_.cards[c].controller != owner && (affiliations(c) & icons) != 0;
         });
}

Rule Engine::may_join_team(CardId card, CardId member, LocIndex here) const {
  if (!is_personnel(card) || s_.cards[card].disabled) return Rule::kWrongCardType;
  if (!s_.in_play_at(member) || !is_personnel(member) || s_.cards[member].where != Where::kSurface)
    return Rule::kNoTarget;
  if (s_.cards[member].loc != here) return Rule::kNotSameLocation;
  const Seat holder = team_player(member);
  if (holder == s_.cards[card].controller) return Rule::kNoTarget;  // its own: a beam down
  for (const std::vector<CardId>& team : away_teams(holder, here)) {
    if (team.front() != member) continue;  // a team is named by its first member
    if (!may_infiltrate_team(card, team)) return Rule::kIncompatible;
    return may_beam_down(card, here);
  }
  return Rule::kNoTarget;
}

void Engine::join_team(CardId personnel, Seat holder) {
  Effect joined{.kind = EffectKind::kInTeam, .until = Until::kRemoved};
  joined.card = personnel;
  joined.player = holder;
  joined.loc = s_.cards[personnel].loc;
  add_effect(joined);
}

void Engine::expose_infiltrator(CardId personnel) {
  // Exposed, it is known for what it is: once is enough (Reading: our documents do not say how an
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
