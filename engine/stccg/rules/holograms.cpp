// Holograms and the ship that projects them (CRD IV.10.A items 4, 8; stccg-rules §3.21): a
// "killed" hologram is deactivated, set aside under that ship, and comes back aboard at the start
// of its owner's next turn; one found away from that ship's location is deactivated the same
// way; only the ship's leaving play kills it for good. The ship is the one it is aboard, or the
// last one it left (beamed or walked from); one that was never aboard a ship has none and dies
// as anyone.
#include <vector>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

bool hologram(const State& s, CardId c) {
  return s.traits(c).kind == v1::STCCG_PERSONNEL_KIND_HOLOGRAM;
}

}  // namespace

bool Engine::deactivate_killed_hologram(CardId personnel) {
  if (!hologram(s_, personnel)) return false;
  const Effect* projected = find_effect(EffectKind::kHologramShip, personnel);
  if (!projected || !s_.in_play_at(projected->source) || captivity(personnel)) return false;
  const CardId ship = projected->source;
  // What was played on it goes, as it would with the personnel.
  for (CardId on : std::vector<CardId>(s_.in_play)) {
    if (s_.cards[on].where == Where::kOn && s_.cards[on].host == personnel) to_discard(on);
  }
  move_card(personnel, Zone::kStored, Where::kNone, kNoLoc, ship);
  // Leaving a storage ends what was marked on it, the ship too: marked anew.
  end_effects(
      [&](const Effect& x) { return x.kind == EffectKind::kHologramShip && x.card == personnel; });
  Effect deactivated{.kind = EffectKind::kHologramShip, .until = Until::kRemoved, .flag = true};
  deactivated.card = personnel;
  deactivated.source = ship;
  deactivated.player = s_.cards[personnel].owner;
  add_effect(deactivated);
  return true;
}

void Engine::check_holograms() {
  // Aboard a ship, a hologram is projected from it.
  for (CardId c : s_.holograms_in_play) {
    const CardId ship = s_.cards[c].host;
    if (s_.cards[c].where != Where::kAboard || !is_ship(ship)) continue;
    Effect* projected = find_effect(EffectKind::kHologramShip, c);
    if (projected) {
      projected->source = ship;
      continue;
    }
    Effect tracked{.kind = EffectKind::kHologramShip, .until = Until::kRemoved};
    tracked.card = c;
    tracked.source = ship;
    tracked.player = s_.cards[c].owner;
    add_effect(tracked);
  }
  if (!s_.may_have(EffectKind::kHologramShip)) return;
  std::vector<Effect> projections;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kHologramShip) projections.push_back(x);
  }
  for (const Effect& x : projections) {
    const CardState& card = s_.cards[x.card];
    const Zone ship_zone = s_.cards[x.source].zone;
    // A ship set aside for a while (Temporal Rift) is not gone.
    if (ship_zone != Zone::kPlay && ship_zone != Zone::kStored) {
      // Its ship left play: the hologram is gone for good, deactivated or not.
      if (card.zone == Zone::kPlay) {
        to_discard(x.card, ev::MoveCause::kKilled);
      } else if (card.zone == Zone::kStored) {
        move_card(x.card, Zone::kDiscard, Where::kNone, kNoLoc, kNoCard, kNoSeat,
                  ev::MoveCause::kKilled);
      }
      continue;
    }
    if (x.flag || ship_zone != Zone::kPlay || captivity(x.card)) continue;
    // In play, or stored under a card at a location (Thine Own Self, CRD IV.8).
    LocIndex here = kNoLoc;
    if (card.zone == Zone::kPlay) {
      here = location_of(x.card);
    } else if (card.zone == Zone::kStored && s_.in_play_at(card.host)) {
      here = location_of(card.host);
    }
    if (here == kNoLoc || here == location_of(x.source)) continue;
    deactivate_killed_hologram(x.card);
  }
}

void Engine::reactivate_holograms() {
  if (!s_.may_have(EffectKind::kHologramShip)) return;
  std::vector<CardId> waking;
  for (Effect& x : s_.effects) {
    if (x.kind != EffectKind::kHologramShip || !x.flag || x.player != s_.active) continue;
    const CardState& card = s_.cards[x.card];
    if (card.zone != Zone::kStored || card.host != x.source || !s_.in_play_at(x.source)) continue;
    x.flag = false;
    waking.push_back(x.card);
  }
  for (CardId c : waking) {
    move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, s_.cards[c].host, s_.cards[c].owner);
  }
}

}  // namespace spacedock::stccg
