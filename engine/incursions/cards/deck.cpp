// The FULL mode's piles (§14.3): decks, hands and discard piles, crew tabled as they are drawn
// (§15, A30), tabled cards and the rarity limits in play (§14.1, A58).
#include <algorithm>

#include "engine/incursions/cards/deck_rules.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

void Game::shuffle_deck(Seat seat) {
  auto& deck = s_.zones[seat].deck;
  s_.rng.shuffle(std::span(deck));
  emit(ev::DeckShuffled{seat, static_cast<std::uint8_t>(deck.size())});
}

void Game::draw(Seat seat, int count) {
  // An empty deck skips the draw: no reshuffle, no penalty (§4.2, §14.3).
  auto& deck = s_.zones[seat].deck;
  std::vector<CardId> crew;
  do {
    ev::CardsDrawn drawn{seat, 0, {}, deck.empty()};
    for (; count > 0 && drawn.count < ev::kMaxDrawn && !deck.empty(); --count) {
      const CardId card = deck.back();
      deck.pop_back();
      drawn.cards[drawn.count++] = card;
      s_.zones[seat].hand.push_back(card);
      if (s_.def(card).crew()) crew.push_back(card);
    }
    emit(drawn);
  } while (count > 0 && !deck.empty());
  // Crew are tabled as drawn if their position is free and the rarity limits allow (A30, A31).
  for (CardId card : crew)
    table_crew(seat, card, /*when_drawn=*/true);
}

bool Game::table_crew(Seat seat, CardId card, bool when_drawn) {
  const int position = s_.def(card).position;
  if (s_.officer(seat, position) != kNoCard || check_rarity(seat, card) != Rule::kOk) {
    return false;
  }
  remove_from_hand(seat, card);
  seat_officer(seat, card, position);
  emit(ev::CardTabled{seat, card, static_cast<std::int8_t>(position), kNoSeat, when_drawn});
  return true;
}

void Game::to_hand(Seat seat, CardId card) {
  s_.zones[seat].hand.push_back(card);
}

void Game::remove_from_hand(Seat seat, CardId card) {
  std::erase(s_.zones[seat].hand, card);
}

bool Game::in_hand(Seat seat, CardId card) const {
  const auto& hand = s_.zones[seat].hand;
  return std::find(hand.begin(), hand.end(), card) != hand.end();
}

void Game::to_discard(Seat seat, CardId card, v1::CardDiscardReason reason) {
  s_.cards[card].gathered = false;
  s_.zones[seat].discard.push_back(card);
  emit(ev::CardDiscarded{seat, card, reason});
}

void Game::remove_tabled(std::size_t index, v1::CardDiscardReason reason) {
  const Tabled t = s_.tabled[index];
  s_.tabled.erase(s_.tabled.begin() + static_cast<long>(index));
  if (s_.def(t.card).effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_CLAIM_POWER) {
    // The claimed Pwr card comes back spent (§18 Pardus Claw).
    Power& p = s_.vessels[t.on].power;
    if (p.claimed > 0) {
      --p.claimed;
      ++p.spent;
    }
  }
  // A removed card goes to its owner's discard pile (A32).
  to_discard(s_.cards[t.card].owner, t.card, reason);
}

void Game::expire_for_round(Seat seat) {
  for (std::size_t i = s_.tabled.size(); i-- > 0;) {
    const Tabled& t = s_.tabled[i];
    if (t.controller == seat &&
        s_.def(t.card).playable_by(v1::INCURSIONS_PLAY_METHOD_TABLE_FOR_THE_ROUND)) {
      remove_tabled(i, v1::CARD_DISCARD_REASON_REMOVED);
    }
  }
}

void Game::discard_tabled(Seat seat) {
  for (std::size_t i = s_.tabled.size(); i-- > 0;) {
    if (s_.tabled[i].on == seat || s_.tabled[i].controller == seat) {
      remove_tabled(i, v1::CARD_DISCARD_REASON_REMOVED);
    }
  }
}

Rule Game::check_rarity(Seat seat, CardId card) const {
  // In play: officers on the player's vessel and every card it tabled anywhere (A58). Crew
  // count as rare (§15).
  const v1::IncursionsRarity rarity = s_.def(card).rarity;
  int in_play = 1;
  for (CardId officer : s_.vessels[seat].officers) {
    if (officer != kNoCard && s_.def(officer).rarity == rarity) ++in_play;
  }
  for (const Tabled& t : s_.tabled) {
    if (t.controller == seat && s_.def(t.card).rarity == rarity) ++in_play;
  }
  if (const CardId craft = s_.vessels[seat].craft; craft != kNoCard) {
    if (s_.def(craft).rarity == rarity) ++in_play;  // the card the vessel now is
  }
  for (const Mine& m : s_.mines) {  // Large Mines, tabled in a hex
    if (m.card != kNoCard && m.owner == seat && s_.def(m.card).rarity == rarity) ++in_play;
  }
  for (const Denizen& d : s_.denizens) {  // objects placed in a hex
    if (d.alive && d.placed() && d.owner == seat && s_.def(d.card).rarity == rarity) ++in_play;
  }
  return in_play <= rarity_limit(rarity) ? Rule::kOk : Rule::kRarityLimit;
}

}  // namespace spacedock::incursions
