// Tactics in a ship battle (BoG "Using Tactic cards"): each player with an open Battle Bridge
// draws up to two tactics, one at a time, looking at each before drawing the next; plays one
// face down as the current tactic; puts the others under the side deck. Then both current
// tactics are revealed together.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

bool Engine::choose_tactic(ShipBattleFrame& b, int side) {
  const Seat seat = b.seat[side];
  if (seat == kNoSeat || !uses_markers(seat)) return true;  // a self-controlling card has none
  // With every tactic in play as a marker there is nothing to draw, and nothing to ask (S-15).
  const SideDeck& bridge = s_.players[seat].side_deck(SideDeckKind::kBattleBridge);
  if (bridge.cards.empty() && bridge.used.empty()) b.draws[side] = 0;
  if (b.draws[side] > 0) {
    auto draw = yes_no(seat);
    if (!draw) return false;
    if (*draw) {
      const CardId tactic = top_of_side_deck(seat, SideDeckKind::kBattleBridge);
      if (tactic == kNoCard) {
        b.draws[side] = 0;  // the side deck is out of tactics
        return false;
      }
      s_.cards[tactic].face_down = true;  // only its owner looks at it
      move_card(tactic, Zone::kResolving);
      b.drawn[side].push_back(tactic);
      --b.draws[side];
      return false;
    }
    b.draws[side] = 0;
  }
  if (b.drawn[side].empty()) return true;
  const std::vector<CardId> usable = usable_tactics(b, side, b.drawn[side]);
  auto chosen = usable.empty() ? std::optional<CardId>{kNoCard} : pick_or_done(seat, usable);
  if (!chosen) return false;
  b.tactic[side] = *chosen;
  // The others go under the side deck, still face down; with a current tactic picked, they are
  // what its player may pick from should it be nullified (repick_tactic).
  SideDeck& deck = s_.players[seat].side_deck(SideDeckKind::kBattleBridge);
  for (CardId c : b.drawn[side]) {
    if (c == *chosen) continue;
    if (*chosen != kNoCard) b.passed_over[side].push_back(c);
    s_.cards[c].face_down = false;
    move_card(c, Zone::kSideDeck);
    std::rotate(deck.cards.begin(), deck.cards.end() - 1, deck.cards.end());  // to the bottom
  }
  b.drawn[side].clear();
  return true;
}

std::vector<CardId> Engine::usable_tactics(const ShipBattleFrame& b, int side,
                                           const std::vector<CardId>& tactics) const {
  // A Borg-use-only tactic is the current tactic only of a side whose every battling ship or
  // facility is Borg (bog.md [BO]; the reading that a side's tactic serves all its cards).
  std::vector<CardId> cards = b.firing[side];
  cards.insert(cards.end(), b.targets[1 - side].begin(), b.targets[1 - side].end());
  const bool borg = !cards.empty() && std::all_of(cards.begin(), cards.end(), [&](CardId c) {
    return (affiliations(c) & bit(Affiliation::kBorg)) != 0;
  });
  std::vector<CardId> out;
  for (CardId c : tactics) {
    if (borg || (s_.def(c).icons & (1u << v1::STCCG_ICON_BORG_USE_ONLY)) == 0) out.push_back(c);
  }
  return out;
}

void Engine::reveal(CardId c) {
  CardState& card = s_.cards[c];
  card.face_down = false;
  card.handle = new_handle();
  card.shown = !all_see(c);  // still hidden where it is: hidden again when it moves
  emit(ev::Revealed{c, card.def, card.handle});
}

std::vector<CardId> Engine::battle_personnel(const ShipBattleFrame& b, int side) const {
  // A side's personnel in the battle: the crews of its cards firing and of its card fired at.
  std::vector<CardId> out;
  std::vector<CardId> cards = b.firing[side];
  cards.insert(cards.end(), b.targets[1 - side].begin(), b.targets[1 - side].end());
  for (CardId card : cards) {
    if (!s_.in_play_at(card)) continue;
    for (CardId c : crew(card)) {
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
  }
  return out;
}

void Engine::reveal_tactics(ShipBattleFrame& b) {
  for (CardId tactic : b.tactic) {
    if (tactic != kNoCard) reveal(tactic);
  }
  // A tactic may nullify the opponent's unless they have what it names (Crimson Forcefield).
  for (int side = 0; side < 2; ++side) {
    const CardId mine = b.tactic[side];
    const CardId theirs = b.tactic[1 - side];
    if (mine == kNoCard || theirs == kNoCard) continue;
    const Formula& unless = s_.def(mine).nullify_unless;
    if (unless.empty() ||
        unless.holds_for_group(group_facts(battle_personnel(b, 1 - side), kNoCard)))
      continue;
    emit(ev::Nullified{theirs, s_.cards[theirs].def});
    to_discard(theirs);
    b.tactic[1 - side] = kNoCard;
  }
  // The attacker's maneuver: one random draw for the whole battle (Picard Maneuver).
  if (b.tactic[0] != kNoCard && b.seat[0] != kNoSeat) {
    const auto percent = s_.def(b.tactic[0]).card.tactic().commander_evades_percent();
    if (percent > 0) b.commanders_evade = s_.rng.below(100) < percent;
  }
}

bool Engine::matching_commander_aboard(CardId ship) const {
  if (!is_ship(ship)) return false;
  for (const std::string& names : s_.def(ship).card.ship().matching_commanders()) {
    for (CardId c : crew(ship)) {
      if (!is_personnel(c)) continue;
      const std::string& title = s_.def(c).title();
      // The figures list several commanders as "Gowron;Martok;".
      for (std::size_t at = names.find(title); at != std::string::npos;
           at = names.find(title, at + 1)) {
        const std::size_t end = at + title.size();
        if ((at == 0 || names[at - 1] == ';') && (end == names.size() || names[end] == ';'))
          return true;
      }
    }
  }
  return false;
}

bool Engine::repick_tactic(ShipBattleFrame& b, int side) {
  // A side left without its current tactic by a nullifier fights with none (bog.md AMBIGUOUS),
  // or, under `nullified_tactic_leaves_none` off, may pick another of the tactics it drew, still
  // under its side deck. The new one is not met by a nullifier: the reveal is over.
  const Seat seat = b.seat[side];
  if (s_.options.nullified_tactic_leaves_none || seat == kNoSeat || b.tactic[side] != kNoCard)
    return true;
  std::vector<CardId> candidates;
  for (CardId c : b.passed_over[side]) {
    if (s_.cards[c].zone == Zone::kSideDeck) candidates.push_back(c);
  }
  candidates = usable_tactics(b, side, candidates);
  if (candidates.empty()) return true;
  auto chosen = pick_or_done(seat, candidates);
  if (!chosen) return false;
  b.passed_over[side].clear();
  if (*chosen == kNoCard) return true;
  move_card(*chosen, Zone::kResolving);
  reveal(*chosen);
  b.tactic[side] = *chosen;
  return true;
}

}  // namespace spacedock::stccg
