// Shuttle craft (§11.3-11.4, §19.4): a shuttle tabled as armour takes a vessel's hits before
// its shields, and a shuttle played from hand as the vessel is destroyed becomes the player's
// vessel. Its figures are a craft of the content (IncursionsContent.crafts).
#include <algorithm>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

// A shuttle tabled as armour beside `seat`'s ship. It goes along when the ship moves [R], so
// it is always in the ship's hex.
bool Game::is_armour(const Tabled& t, Seat seat) const {
  return t.on == seat && s_.def(t.card).effect.mechanism == v1::INCURSIONS_CARD_MECHANISM_SHUTTLE;
}

bool Game::has_armour(Seat seat) const {
  return std::any_of(s_.tabled.begin(), s_.tabled.end(),
                     [&](const Tabled& t) { return is_armour(t, seat); });
}

int Game::armour_takes(Seat seat, int damage) {
  // The shuttle takes what it can; the rest goes on to the ship (A34).
  for (Tabled& t : s_.tabled) {
    if (!is_armour(t, seat) || !s_.in_effect(t)) continue;
    const int taken = std::clamp<int>(damage, 0, t.life);
    t.life = static_cast<std::int16_t>(t.life - taken);
    return taken;
  }
  return 0;
}

void Game::discard_spent_armour(Seat seat) {
  for (std::size_t i = 0; i < s_.tabled.size(); ++i) {
    if (is_armour(s_.tabled[i], seat) && s_.tabled[i].life == 0) {
      remove_tabled(i, v1::CARD_DISCARD_REASON_DESTROYED);  // no reward: it is no ship [R]
      return;
    }
  }
}

void Game::destroyed(Seat seat) {
  if (holds_cards(seat)) {
    open(Step::kEscape, seat);
    return;
  }
  sink(seat);
}

void Game::answer_escape(Seat seat, const Action& a) {
  if (a.kind != ActionKind::kPlayCard) {
    sink(seat);
    return;
  }
  // The others may answer it before the craft is launched; countermanded, the player goes
  // down with the ship.
  declare_card(seat, a, Declared::kEscape);
}

void Game::sink(Seat seat) {
  eliminate(seat, v1::ELIMINATION_REASON_DESTROYED);
  check_victory();
}

void Game::launch_escape(Seat seat, const Action& a) {
  const CardId card = a.card - 1u;
  const int spent = escape_power(s_, seat).kept - a.power;

  // The ship card and the other Pwr leave the game; what was tabled on it is discarded, and
  // the crew go over to the craft (A33).
  Vessel& v = s_.vessels[seat];
  for (std::size_t i = s_.tabled.size(); i-- > 0;) {
    if (s_.tabled[i].on == seat) remove_tabled(i, v1::CARD_DISCARD_REASON_REMOVED);
  }
  if (v.craft != kNoCard) to_discard(seat, v.craft, v1::CARD_DISCARD_REASON_DESTROYED);
  discard_attached(seat);
  if (v.holding != kNoSeat) release_beam(seat, v1::TRACTOR_REASON_SEPARATED);
  for (Seat holder = 0; holder < s_.players; ++holder) {
    if (s_.vessels[holder].holding == seat) release_beam(holder, v1::TRACTOR_REASON_SEPARATED);
  }
  // A vessel destroyed on its way stops where it was lost.
  if (s_.travel.mover == seat) {
    std::erase_if(s_.tasks, [](const Task& t) { return t.kind == Task::Kind::kTravelStep; });
  }
  if (s_.travel.towed == seat) s_.travel.towed = kNoSeat;

  v.ship = s_.def(card).effect.craft;
  v.craft = card;
  v.cloaked = false;
  v.sweep = false;
  v.impulse = 0;
  v.power = Power{static_cast<std::uint8_t>(a.power), static_cast<std::uint8_t>(spent)};
  v.hull = static_cast<std::int16_t>(s_.ship(seat).hull);
  v.shields = static_cast<std::int16_t>(shields_max(s_, seat));
  emit(ev::EscapeCraftLaunched{seat, card, v.ship, static_cast<std::uint8_t>(a.power),
                               static_cast<std::uint8_t>(spent)});
}

}  // namespace spacedock::incursions
