#include "engine/incursions/events/conditions.h"

#include <algorithm>

#include "engine/incursions/figures.h"

namespace spacedock::incursions {

const HexEventDef* event_at(const State& s, TileIndex tile) {
  if (!s.events_on()) return nullptr;
  const HexIndex hex = s.board.tile(tile).hex;
  return hex == kStartHex ? nullptr : &s.content->hex(hex).event;
}

bool meets(const State& s, Seat seat, const HexCondition& condition) {
  v1::Race race;
  switch (condition.key) {
    case v1::HexCondition::SHIP_RACE:
      race = s.race(seat);
      break;
    case v1::HexCondition::CAPTAIN_RACE:
      race = captain_race(s, seat);
      break;
    default:
      return true;
  }
  return (race == condition.race) != condition.others;
}

bool affected(const State& s, Seat seat, TileIndex tile) {
  const HexEventDef* event = event_at(s, tile);
  if (event == nullptr || !s.in_game(seat)) return false;
  if (event->spares_owner && s.board.tile(tile).owner == seat) return false;
  if (s.vessels[seat].cloaked && !event->unique) return false;
  return meets(s, seat, event->applies_to);
}

const HexModifiers& standing(const State& s, Seat seat) {
  static const HexModifiers kNone;
  const TileIndex tile = s.vessels[seat].tile;
  return affected(s, seat, tile) ? event_at(s, tile)->modifiers : kNone;
}

int escape_threshold(const State& s, Seat seat) {
  const TileIndex tile = s.vessels[seat].tile;
  if (!affected(s, seat, tile)) return 0;
  const HexEventDef& event = *event_at(s, tile);
  if (event.escape_while_denizen && living_denizen(s, tile) < 0) return 0;
  return event.escape;
}

int living_denizen(const State& s, TileIndex home) {
  for (std::size_t i = 0; i < s.denizens.size(); ++i) {
    const Denizen& d = s.denizens[i];
    if (d.alive && d.home == home && !d.placed()) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace spacedock::incursions
