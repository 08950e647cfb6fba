// Captains and crew on the table (§15, §13.3, §13.4): tabling, a weapon hit on an officer,
// returning one to service, assimilation, and where they go when their vessel is destroyed.
#include <algorithm>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

ev::OfficerChanged changed(Seat seat, CardId card, int position, v1::OfficerChange change,
                           Seat to_seat = kNoSeat, int to_position = -1) {
  return {seat,   card,    static_cast<std::int8_t>(position),
          change, to_seat, static_cast<std::int8_t>(to_position)};
}

}  // namespace

void Game::seat_officer(Seat seat, CardId card, int position) {
  // A shield bonus raises the maximum and the current shields alike (A61).
  s_.vessels[seat].officers[static_cast<std::size_t>(position)] = card;
  if (s_.cards[card].face_up) add_shields(seat, s_.def(card).bonuses.shields);
}

CardId Game::unseat_officer(Seat seat, int position) {
  const CardId card = s_.officer(seat, position);
  s_.vessels[seat].officers[static_cast<std::size_t>(position)] = kNoCard;
  cap_shields(seat);
  return card;
}

void Game::add_shields(Seat seat, int amount) {
  Vessel& v = s_.vessels[seat];
  v.shields = static_cast<std::int16_t>(std::min(v.shields + amount, shields_max(s_, seat)));
}

void Game::cap_shields(Seat seat) {
  Vessel& v = s_.vessels[seat];
  v.shields = static_cast<std::int16_t>(std::min<int>(v.shields, shields_max(s_, seat)));
}

void Game::hit_officer(Seat seat, int position) {
  // The officer rolls its espionage evasion; failing, a plain weapon hit turns it face down
  // (§13.4, A42).
  const CardId card = s_.officer(seat, position);
  if (espionage_evasion(seat, espionage_score(s_, seat, position))) {
    emit(changed(seat, card, position, v1::OFFICER_CHANGE_RESISTED));
    return;
  }
  s_.cards[card].face_up = false;
  cap_shields(seat);
  emit(changed(seat, card, position, v1::OFFICER_CHANGE_DISABLED));
}

void Game::restore_officer(Seat seat, int position) {
  const CardId card = s_.officer(seat, position);
  s_.cards[card].face_up = true;
  add_shields(seat, s_.def(card).bonuses.shields);
  emit(changed(seat, card, position, v1::OFFICER_CHANGE_RESTORED));
}

bool Game::espionage_evasion(Seat seat, int score) {
  const auto [a, b] = roll_2d6(seat, v1::DICE_ROLL_PURPOSE_ESPIONAGE);
  return a + b <= score;
}

void Game::assimilate(Seat target, int position) {
  // 3 Pwr, shields bypassed; only the officer's espionage evasion stops it (§13.3).
  const Seat borg = s_.active;
  pay(borg, 3);
  const CardId card = s_.officer(target, position);
  emit(ev::AttackDeclared{borg, target, Weapon::kW1, 3, 0, static_cast<std::uint8_t>(position + 1),
                          true});
  if (espionage_evasion(target, espionage_score(s_, target, position))) {
    emit(changed(target, card, position, v1::OFFICER_CHANGE_RESISTED));
    return;
  }
  take_officer(target, position, borg);
}

void Game::take_officer(Seat target, int position, Seat borg) {
  const CardId card = unseat_officer(target, position);
  s_.cards[card].assimilated = true;
  // A captain commands the Borg ship if it has none, else stays beside its captain without
  // bonuses; crew take their own position if it is free and the rarity limits allow. A card
  // that finds no place goes to the Borg player's hand, or with no hands (outside FULL) to its
  // discard pile (A39).
  int to = position == kCaptain ? kCaptain : s_.def(card).position;
  if (s_.officer(borg, to) == kNoCard && check_rarity(borg, card) == Rule::kOk) {
    seat_officer(borg, card, to);
    emit(changed(target, card, position, v1::OFFICER_CHANGE_ASSIMILATED, borg, to));
  } else if (position == kCaptain) {
    s_.zones[borg].extra_captains.push_back(card);
    emit(changed(target, card, position, v1::OFFICER_CHANGE_ASSIMILATED, borg, -1));
  } else if (s_.full()) {
    to_hand(borg, card);
    emit(changed(target, card, position, v1::OFFICER_CHANGE_ASSIMILATED_TO_HAND, borg, -1));
  } else {
    s_.zones[borg].discard.push_back(card);
    emit(changed(target, card, position, v1::OFFICER_CHANGE_ASSIMILATED_TO_DISCARD, borg, -1));
  }
}

void Game::discard_officer(Seat seat, int position) {
  const CardId card = unseat_officer(seat, position);
  s_.zones[s_.cards[card].owner].discard.push_back(card);
  emit(changed(seat, card, position, v1::OFFICER_CHANGE_DISCARDED));
}

void Game::discard_officers(Seat seat) {
  // A destroyed vessel's tabled cards go to their owners' discard piles (A32).
  for (int position = 0; position < kPositions; ++position) {
    if (s_.officer(seat, position) != kNoCard) discard_officer(seat, position);
  }
  for (CardId card : std::exchange(s_.zones[seat].extra_captains, {})) {
    s_.zones[s_.cards[card].owner].discard.push_back(card);
    emit(changed(seat, card, -1, v1::OFFICER_CHANGE_DISCARDED));
  }
}

}  // namespace spacedock::incursions
