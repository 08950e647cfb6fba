// Borg assimilation of a tabled equipment card (§13.3): 3 Pwr, the same hex, and only the
// target's captain (else its best officer) may block it with espionage evasion (§13.2). Taken,
// the card serves the Borg: tabled on the Borg vessel where the rarity limits allow, otherwise
// in the Borg player's hand (A39). Officers are assimilated in crew/officers.cpp.
#include <algorithm>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

bool Game::assimilable(Seat target, CardId card) const {
  return std::any_of(s_.tabled.begin(), s_.tabled.end(), [&](const Tabled& t) {
    return t.card == card && t.on == target && t.controller == target && s_.def(card).equipment();
  });
}

void Game::assimilate_equipment(Seat target, CardId card) {
  const Seat borg = s_.active;
  pay(borg, 3);
  ev::AttackDeclared declared{borg, target, Weapon::kW1, 3, 0, 0, true};
  declared.card = card;
  emit(declared);
  if (espionage_evasion(target, systems_espionage_score(s_, target))) return;
  const auto at = std::find_if(s_.tabled.begin(), s_.tabled.end(),
                               [&](const Tabled& t) { return t.card == card; });
  Tabled taken = *at;
  s_.tabled.erase(at);
  // One armour shuttle per vessel, as when played (§11.3).
  const bool shuttle = s_.def(card).effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_SHUTTLE;
  const bool room = check_rarity(borg, card) == Rule::kOk && !(shuttle && has_armour(borg));
  if (room) {
    taken.controller = borg;
    taken.on = borg;
    taken.since = s_.maneuvers_declared;  // in effect from the Borg's next maneuver (§5.2)
    s_.tabled.push_back(taken);
  } else {
    s_.cards[card].face_up = true;  // a card in hand is whole again
    to_hand(borg, card);
  }
  emit(ev::EquipmentAssimilated{target, card, borg, !room});
}

}  // namespace spacedock::incursions
