// Damage and repair (§3.13): rotation damage, and the damage markers of a Battle Bridge side
// deck. The player inflicting damage decides which: markers from their side deck if they have
// one open, else rotation; the two are never mixed on one card (GLO "Damage markers", A-13).
#include <algorithm>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

constexpr int kRotationHull = 50;  // a rotated card has lost half its HULL (GLO)

// Whether a damage marker on `target` has a tactic `off` says yes to. Asked of every vessel at
// every decision, so the markers are looked at where they lie, not listed.
template <class Off>
bool marker_takes_off_line(const State& s, CardId target, Off off) {
  const auto& on_cards = s.in_play_where(Where::kOn);
  return std::any_of(on_cards.begin(), on_cards.end(), [&](CardId c) {
    const CardState& card = s.cards[c];
    return card.where == Where::kOn && card.host == target &&
           s.type(c) == v1::STCCG_CARD_TYPE_TACTIC && off(s.def(c).card.tactic());
  });
}

}  // namespace

std::vector<CardId> Engine::markers_on(CardId target) const {
  std::vector<CardId> out;
  for (CardId c : s_.in_play_where(Where::kOn)) {
    const CardState& card = s_.cards[c];
    if (card.where == Where::kOn && card.host == target && s_.type(c) == v1::STCCG_CARD_TYPE_TACTIC)
      out.push_back(c);
  }
  return out;
}

bool Engine::has_markers(CardId target) const {
  const auto& on_cards = s_.in_play_where(Where::kOn);
  return std::any_of(on_cards.begin(), on_cards.end(), [&](CardId c) {
    return s_.cards[c].where == Where::kOn && s_.cards[c].host == target &&
           s_.type(c) == v1::STCCG_CARD_TYPE_TACTIC;
  });
}

int Engine::hull(CardId target) const {
  int hull = 100;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kDamage && x.card == target) hull -= kRotationHull;
  }
  for (CardId marker : markers_on(target))
    hull -= s_.def(marker).card.tactic().hull_loss();
  return hull;
}

bool Engine::equipment_off_line(CardId ship, v1::StccgShipEquipment equipment) const {
  return marker_takes_off_line(s_, ship, [&](const v1::StccgTactic& tactic) {
    const auto& off = tactic.equipment_off_line();
    return std::find(off.begin(), off.end(), equipment) != off.end();
  });
}

bool Engine::enhancements_off_line(CardId target, Attribute a) const {
  const auto wanted = static_cast<v1::StccgAttribute>(static_cast<int>(a) + 1);
  return marker_takes_off_line(s_, target, [&](const v1::StccgTactic& tactic) {
    const auto& off = tactic.enhancements_off_line();
    return std::find(off.begin(), off.end(), wanted) != off.end();
  });
}

bool Engine::transporters_off_line(CardId vessel) const {
  return marker_takes_off_line(
      s_, vessel, [](const v1::StccgTactic& tactic) { return tactic.transporters_off_line(); });
}

bool Engine::space_attempts_blocked(CardId ship) const {
  return marker_takes_off_line(
      s_, ship, [](const v1::StccgTactic& tactic) { return tactic.no_space_attempts(); });
}

bool Engine::uses_markers(Seat by) const {
  return by != kNoSeat && side_deck_open(by, SideDeckKind::kBattleBridge);
}

void Engine::place_marker(CardId marker, CardId target) {
  s_.cards[marker].face_down = false;
  move_card(marker, Zone::kPlay, Where::kOn, kNoLoc, target, s_.cards[marker].owner);
  // Its immediate results (BoG "Order of damage results"). A download onto the damaged card
  // (Picard Maneuver) is offered to its owner's opponent, the one a damage result's "opponent"
  // names (bog.md); it resolves once the damage is applied, before any card is destroyed.
  const auto& downloads = s_.def(marker).card.downloads();
  for (int i = 0; i < downloads.size(); ++i) {
    if (downloads.Get(i).when() == v1::STCCG_DOWNLOAD_WHEN_DAMAGE_MARKER)
      begin_download(State::other(s_.cards[target].owner), marker, static_cast<LocIndex>(i),
                     target);
  }
  // A casualty among those aboard.
  const auto& casualty = s_.def(marker).card.tactic().casualty();
  if (casualty.select() == v1::STCCG_SELECT_UNSPECIFIED) return;
  const Formula& filter = s_.def(marker).casualty_filter;
  std::vector<CardId> eligible;
  for (CardId c : crew(target)) {
    if (filter.empty() || filter.holds_for_member(facts(c))) eligible.push_back(c);
  }
  // Disabled personnel aboard are not crew and use no skills, but a filter may name them
  // (Attack Wing).
  MemberFacts disabled;
  disabled.disabled = true;
  if (!filter.empty() && filter.holds_for_member(disabled)) {
    for (CardId c : s_.in_play_where(Where::kAboard)) {
      if (s_.cards[c].host == target && s_.cards[c].disabled && is_personnel(c))
        eligible.push_back(c);
    }
  }
  if (!eligible.empty()) picked_at_random(random_member(eligible), WindowKind::kPickedToDie);
}

bool Engine::draw_markers(Seat by, CardId target, int count) {
  for (int i = 0; i < count; ++i) {
    const CardId marker = top_of_side_deck(by, SideDeckKind::kBattleBridge);
    if (marker == kNoCard) return i > 0;  // the side deck is exhausted: no more damage (S-15)
    place_marker(marker, target);
  }
  return count > 0;
}

int Engine::inflict(CardId target, Seat by, int level, CardId tactic, int extra_markers) {
  // `level`: 1 a hit, 2 a direct hit. Returns the damage units (§3.12 step 7): 1 for an
  // undamaged card damaged, 1 for a damaged card destroyed, 2 for an undamaged card destroyed.
  const bool was_damaged = damaged(target) || has_markers(target);
  if (uses_markers(by)) {
    int drawn = level == 2 ? 4 : 2;  // default damage (BoG)
    bool placed = false;
    if (tactic != kNoCard) {
      const auto& t = s_.def(tactic).card.tactic();
      drawn = level == 2 ? static_cast<int>(t.direct_hit_markers())
                         : static_cast<int>(t.hit_markers()) + extra_markers;
      if (t.self_marker()) {
        place_marker(tactic, target);
        placed = true;
      }
    }
    placed = draw_markers(by, target, drawn) || placed;
    if (!placed) return 0;
    emit(ev::Damaged{target, static_cast<std::int8_t>(hull(target))});
  } else {
    // Rotation: a hit rotates an undamaged card and destroys a damaged one; a direct hit
    // destroys either.
    add_effect({.kind = EffectKind::kDamage, .until = Until::kRemoved, .card = target});
    if (level == 2 && !was_damaged)
      add_effect({.kind = EffectKind::kDamage, .until = Until::kRemoved, .card = target});
    emit(ev::Damaged{target, static_cast<std::int8_t>(hull(target))});
  }
  if (hull(target) > 0) return was_damaged ? 0 : 1;
  return was_damaged ? 1 : 2;
}

void Engine::damage(CardId target, Seat by, Seat destroyer) {
  // Default damage markers, or rotation whatever the side decks under A-13's other reading.
  inflict(target, s_.options.dilemma_damage_markers ? by : kNoSeat, 1, kNoCard);
  if (s_.in_play_at(target) && hull(target) <= 0) destroy_vessel(target, destroyer);
}

bool Engine::damage_sparing(CardId target, Seat by) {
  if (uses_markers(by)) {
    // Default damage, the markers drawn one at a time: each is placed unless it would destroy
    // the card, and then goes face up under the side deck instead (BoG "Clarifications:
    // Calamarain"; S-16).
    bool placed = false;
    for (int i = 0; i < 2 && s_.in_play_at(target); ++i) {
      const CardId marker = top_of_side_deck(by, SideDeckKind::kBattleBridge);
      if (marker == kNoCard) break;  // the side deck is exhausted (S-15)
      if (hull(target) - s_.def(marker).card.tactic().hull_loss() <= 0) {
        move_card(marker, Zone::kSideUsed);
        continue;
      }
      place_marker(marker, target);
      placed = true;
    }
    if (placed && s_.in_play_at(target))
      emit(ev::Damaged{target, static_cast<std::int8_t>(hull(target))});
    return placed;
  }
  // Rotation damage destroys a card already damaged: such a card is spared altogether.
  if (damaged(target) || has_markers(target)) return false;
  add_effect({.kind = EffectKind::kDamage, .until = Until::kRemoved, .card = target});
  emit(ev::Damaged{target, static_cast<std::int8_t>(hull(target))});
  return true;
}

void Engine::repair(CardId target) {
  end_effects([&](const Effect& x) { return x.kind == EffectKind::kDamage && x.card == target; });
  for (CardId marker : markers_on(target))
    to_discard(marker);  // back face up under their side deck
}

void Engine::repair_at_end_of_turn() {
  // Rotation damage: repaired after two full turns docked where it can be (§3.13). Markers:
  // one removed at random for each full turn docked at an outpost (BoG "Repair").
  for (Effect& x : s_.effects) {
    if (x.kind != EffectKind::kDamage || s_.cards[x.card].controller != s_.active) continue;
    const CardState& ship = s_.cards[x.card];
    x.value = ship.docked_all_turn && docked_for_repair(x.card)
                  ? static_cast<std::int16_t>(x.value + 1)
                  : std::int16_t{0};
  }
  end_effects([](const Effect& x) { return x.kind == EffectKind::kDamage && x.value >= 2; });
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    const CardState& ship = s_.cards[c];
    if (ship.controller != s_.active || !ship.docked_all_turn || !is_ship(c) || !docked(c))
      continue;
    const std::vector<CardId> markers = markers_on(c);
    if (!markers.empty()) to_discard(random_member(markers));
  }
}

}  // namespace spacedock::stccg
