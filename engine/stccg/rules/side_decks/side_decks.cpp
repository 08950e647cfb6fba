// Side decks (§3.19): dealt face down beside the game deck, opened by the doorway seeded on each,
// drawn one card at a time, and refilled from the used cards face up beneath them.
#include <algorithm>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

bool Engine::side_deck_open(Seat seat, SideDeckKind kind) const {
  if (s_.players[seat].side_deck(kind).door == kNoCard) return false;
  return std::none_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kSideDeckInactive && x.player == seat &&
           x.value == static_cast<std::int16_t>(kind);
  });
}

bool Engine::doorway_admits(Seat seat, const CardDef& def) const {
  constexpr std::uint32_t kGated = 1u << v1::STCCG_ICON_AU;  // icons a doorway must admit
  const std::uint32_t needed = def.icons & kGated;
  if (needed == 0) return true;
  // A doorway that admits stands on its player's table.
  const auto& on_table = s_.in_play_where(Where::kTable);
  return std::any_of(on_table.begin(), on_table.end(), [&](CardId door) {
    const CardDef& d = s_.def(door);
    if (d.type() != v1::STCCG_CARD_TYPE_DOORWAY || s_.cards[door].controller != seat ||
        d.card.doorway().admits() == v1::STCCG_ICON_UNSPECIFIED)
      return false;
    if ((needed & ~(1u << d.card.doorway().admits())) != 0) return false;
    return !s_.may_have(EffectKind::kDoorwayClosed) ||
           std::none_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
             return x.kind == EffectKind::kDoorwayClosed && x.card == door;
           });
  });
}

CardId Engine::top_of_side_deck(Seat seat, SideDeckKind kind) {
  SideDeck& deck = s_.players[seat].side_deck(kind);
  if (deck.cards.empty() && !deck.used.empty()) {
    // Shuffle the used cards and put them back face down (BoG; for the Q-Continuum only under
    // the BoG reading, A-06).
    if (kind == SideDeckKind::kQContinuum && !s_.options.q_continuum_reshuffles) return kNoCard;
    for (CardId c : std::vector<CardId>(deck.used))
      move_card(c, Zone::kSideDeck);
    s_.rng.shuffle(std::span(deck.cards));
    emit(ev::Shuffled{seat, static_cast<std::uint8_t>(deck.cards.size())});
  }
  return deck.cards.empty() ? kNoCard : deck.cards.back();
}

std::vector<Action> Engine::doorway_seeds(Seat seat) const {
  std::vector<Action> out;
  const PlayerState& player = s_.players[seat];
  for (CardId c : player.seed_pile) {
    const CardDef& def = s_.def(c);
    if (def.type() != v1::STCCG_CARD_TYPE_DOORWAY) continue;
    const auto opens = def.card.doorway().opens();
    if (opens == v1::STCCG_SIDE_DECK_UNSPECIFIED) {
      // A doorway that admits an icon goes on the table; one of a title is enough.
      if (def.card.doorway().admits() == v1::STCCG_ICON_UNSPECIFIED) continue;
      const bool placed = std::any_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId d) {
        return s_.cards[d].controller == seat && s_.traits(d).title == s_.traits(c).title;
      });
      const Action seed{ActionKind::kSeedDoorway, c};
      if (!placed && std::find(out.begin(), out.end(), seed) == out.end()) out.push_back(seed);
      continue;
    }
    const auto kind = static_cast<SideDeckKind>(static_cast<int>(opens) - 1);
    const SideDeck& deck = player.side_deck(kind);
    if (deck.door != kNoCard || deck.cards.empty()) continue;  // one door, on a deck you have
    const Action seed{ActionKind::kSeedDoorway, c};
    if (std::find(out.begin(), out.end(), seed) == out.end()) out.push_back(seed);
  }
  return out;
}

void Engine::seed_doorway(Seat seat, CardId door) {
  if (s_.def(door).card.doorway().opens() == v1::STCCG_SIDE_DECK_UNSPECIFIED) {
    move_card(door, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, seat);  // open from the start
    return;
  }
  const auto kind =
      static_cast<SideDeckKind>(static_cast<int>(s_.def(door).card.doorway().opens()) - 1);
  move_card(door, Zone::kPlay, Where::kSideDeck);
  s_.players[seat].side_deck(kind).door = door;
}

}  // namespace spacedock::stccg
