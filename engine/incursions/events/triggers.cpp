// Hex events (§9.4-§9.6): where vessels stand, the arrival and remain triggers, automatic event
// damage, rewards and escape rolls. What a hex does is data (HexEventDef); the few things data
// cannot say are handlers (handlers.cpp).
#include <algorithm>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

void Game::place(Seat seat, TileIndex tile) {
  Vessel& v = s_.vessels[seat];
  if (v.tile == tile) return;
  v.tile = tile;
  v.stayed = false;
  v.layer = 0;  // a hex's shield layer stays behind (§9.5)
  if (v.power.out > 0) {
    // Pwr a hex took out of play comes back spent (§17.3, Nebula: Class IV).
    v.power.spent = static_cast<std::uint8_t>(v.power.spent + v.power.out);
    emit(ev::PowerOutOfPlay{seat, v.power.out, true});
    v.power.out = 0;
  }
}

void Game::finish_maneuvers() {
  if (!s_.events_on() || s_.remain_resolved) {
    end_turn();
    return;
  }
  // The remain trigger is the last thing of the turn (§4.4); the next turn starts after it.
  s_.remain_resolved = true;
  s_.tasks.push_back({Task::Kind::kEndTurn, s_.active, 0, kNoSeat});
  const Vessel& v = s_.vessels[s_.active];
  if (s_.in_game(s_.active) && v.stayed) {
    s_.tasks.push_back({Task::Kind::kRemain, s_.active, v.tile, kNoSeat});
  }
}

bool Game::fire_unique(HexIndex hex) {
  auto& fired = s_.uniques_fired;
  if (std::find(fired.begin(), fired.end(), hex) != fired.end()) return false;
  fired.push_back(hex);
  return true;
}

void Game::trigger(Seat seat, TileIndex tile, bool arrival) {
  if (!s_.in_game(seat) || s_.vessels[seat].tile != tile) return;
  const HexEventDef* event = event_at(s_, tile);
  if (event == nullptr) return;
  if (arrival ? !event->arrival : !event->remain) return;
  const HexIndex hex = s_.board.tile(tile).hex;
  // A denizen spawns on an arrival, even of a vessel it spares, but not of a cloaked one, which
  // feels no ordinary event; a unique one spawns only once (§10.2, §12.1, A22).
  const bool cloaked = s_.vessels[seat].cloaked && !event->unique;
  if (arrival && event->denizen && !cloaked && living_denizen(s_, tile) < 0) {
    const bool again = std::any_of(s_.denizens.begin(), s_.denizens.end(),
                                   [&](const Denizen& d) { return d.home == tile && !d.placed(); });
    if (!event->unique || !again) spawn_denizen(tile);
  }
  if (!affected(s_, seat, tile)) return;
  if (event->unique && !event->denizen && !fire_unique(hex)) return;
  emit(ev::HexEventFired{seat, tile, arrival});

  Vessel& v = s_.vessels[seat];
  if (event->modifiers.shield_layer > 0) {
    v.layer = static_cast<std::uint8_t>(event->modifiers.shield_layer);  // refilled (§9.5)
    emit(ev::ShieldLayer{seat, v.layer});
  }
  if (arrival && event->modifiers.power_out_of_play > v.power.out) {
    // Spent cards go first: the choice a player would make.
    int owed = event->modifiers.power_out_of_play - v.power.out;
    const int from_spent = std::min<int>(owed, v.power.spent);
    const int from_up = std::min<int>(owed - from_spent, v.power.up);
    v.power.spent = static_cast<std::uint8_t>(v.power.spent - from_spent);
    v.power.up = static_cast<std::uint8_t>(v.power.up - from_up);
    v.power.out = static_cast<std::uint8_t>(v.power.out + from_spent + from_up);
    emit(ev::PowerOutOfPlay{seat, v.power.out, false});
  }
  if (arrival && (event->draw > 0 || event->flip > 0)) reward(seat, event->draw, event->flip);
  if (HexHandler handler = handler_for(s_.content->hex(hex).id))
    (this->*handler)(seat, tile, arrival);

  // What may stop for decisions is queued: the hex's damage first, then its denizen (§10.2).
  const int denizen = living_denizen(s_, tile);
  if (denizen >= 0 && s_.denizens[static_cast<std::size_t>(denizen)].dominated_by == kNoSeat &&
      s_.denizens[static_cast<std::size_t>(denizen)].tile == tile) {
    s_.tasks.push_back(
        {Task::Kind::kDenizenAttack, seat, tile, kNoSeat, static_cast<std::uint8_t>(denizen)});
  }
  if (event->damage.dice > 0) s_.tasks.push_back({Task::Kind::kEventDamage, seat, tile, kNoSeat});
}

void Game::event_damage(Seat seat, TileIndex tile) {
  if (!s_.in_game(seat) || s_.vessels[seat].tile != tile) return;
  // Event Block answers before the roll (T48).
  if (holds_cards(seat)) {
    open(Step::kBlockEvent, seat);
    return;
  }
  strike(seat);
}

void Game::answer_event(Seat seat, const Action& a) {
  if (a.kind != ActionKind::kPlayCard) {
    strike(seat);
    return;
  }
  // The others may answer it before the blow is called off.
  declare_card(seat, a, Declared::kEventBlock);
}

void Game::strike(Seat seat) {
  const TileIndex tile = s_.vessels[seat].tile;
  const Dice& d = event_at(s_, tile)->damage;
  const int damage = roll_dice(seat, d.dice, d.flat, v1::DICE_ROLL_PURPOSE_EVENT);
  open_hit(kNoSeat, seat, Weapon::kW1, damage, /*automatic=*/true);
}

void Game::reward(Seat seat, int cards, int flip) {
  // With a deck a reward's cards are drawn; without one they become face-up Pwr (§2, A23).
  if (cards > 0 && s_.full() && !s_.zones[seat].deck.empty()) {
    const auto drawn =
        static_cast<std::uint8_t>(std::min<std::size_t>(cards, s_.zones[seat].deck.size()));
    draw(seat, cards);
    emit(ev::RewardTaken{seat, 0, drawn});
    return;
  }
  Power& p = s_.vessels[seat].power;
  const auto flipped = static_cast<std::uint8_t>(std::min<int>(flip, p.spent));
  p.spent = static_cast<std::uint8_t>(p.spent - flipped);
  p.up = static_cast<std::uint8_t>(p.up + flipped);
  emit(ev::RewardTaken{seat, flipped, 0});
}

bool Game::escape(Seat seat) {
  const int threshold = escape_threshold(s_, seat);
  if (threshold == 0) return true;
  const auto [a, b] = roll_2d6(seat, v1::DICE_ROLL_PURPOSE_ESCAPE);
  const bool success = a + b <= threshold;
  emit(ev::EscapeAttempted{seat, static_cast<std::uint8_t>(threshold), success});
  return success;
}

void Game::wormhole_roll(Seat seat, TileIndex tile) {
  if (!s_.in_game(seat) || s_.vessels[seat].tile != tile || s_.over) return;
  // Doubles on 2D6 win; anything else sends the vessel back to the start tile (§16.1).
  const auto [a, b] = roll_2d6(seat, v1::DICE_ROLL_PURPOSE_WORMHOLE);
  if (a == b) {
    finish(static_cast<std::uint8_t>(1u << seat), v1::RESULT_REASON_WORMHOLE);
    return;
  }
  place(seat, 0);
  emit(ev::Teleported{seat, 0});
  check_beams();
}

}  // namespace spacedock::incursions
