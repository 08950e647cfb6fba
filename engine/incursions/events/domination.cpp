// Eliminated players' turn slots (§4.6, §10.3): an eliminated player may take control of one
// denizen, and keeps its own launched craft (A24). They spend 2 maneuvers a slot moving 1 hex
// or attacking, and no longer act on triggers by themselves. They never win the game.
#include <algorithm>
#include <array>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

bool Game::takes_turns(Seat seat) const {
  if (s_.in_game(seat)) return true;
  if (seat >= s_.players || !s_.events_on() || (s_.domination_off >> seat) & 1u) return false;
  // A slot for a player who controls a denizen or a craft of its own, or who could take a
  // denizen now.
  return std::any_of(s_.denizens.begin(), s_.denizens.end(), [&](const Denizen& d) {
    return d.alive && (d.dominated_by == seat || own_craft(d, seat) ||
                       (d.dominated_by == kNoSeat && !dominates_any(seat) && dominatable(d)));
  });
}

bool Game::dominates_any(Seat seat) const {
  return std::any_of(s_.denizens.begin(), s_.denizens.end(),
                     [&](const Denizen& d) { return d.alive && d.dominated_by == seat; });
}

bool Game::own_craft(const Denizen& d, Seat seat) const {
  return is_craft(d) && d.owner == seat;  // dominated by its eliminated owner besides (A24)
}

bool Game::dominatable(const Denizen& d) const {
  return s_.def(d).dominatable;
}

Rule Game::check_domination(const Action& a) const {
  const Seat seat = s_.active;
  switch (a.kind) {
    case ActionKind::kEndManeuvers:
      return Rule::kOk;
    case ActionKind::kDominate:
    case ActionKind::kDenizenMove:
    case ActionKind::kDenizenAttack:
      break;
    default:
      return Rule::kWrongStep;
  }
  if (a.denizen == 0 || a.denizen > s_.denizens.size() || !s_.denizens[a.denizen - 1u].alive)
    return Rule::kNoDenizen;
  const Denizen& d = s_.denizens[a.denizen - 1u];
  if (a.kind == ActionKind::kDominate) {
    // Chosen at the start of the slot; one denizen at a time (T34).
    if (s_.maneuvers_used > 0) return Rule::kWrongStep;
    if (dominates_any(seat) || d.dominated_by != kNoSeat) return Rule::kDominationLimit;
    return dominatable(d) ? Rule::kOk : Rule::kNotDominatable;
  }
  if (d.dominated_by != seat && !own_craft(d, seat)) return Rule::kNotYours;
  if (s_.maneuvers_used >= s_.maneuvers_allowed) return Rule::kNoManeuversLeft;
  if (a.kind == ActionKind::kDenizenMove) {
    // 1 hex per maneuver, over explored tiles (§4.6).
    return s_.def(d).mobile && next_to(d.tile, a.subject) ? Rule::kOk : Rule::kIllegalPath;
  }
  // Its own craft may attack a denizen too (§11.1); a denizen it dominates only vessels.
  if (const int target = attacked_denizen(a); target != 0)
    return own_craft(d, seat) ? check_attacked_denizen(d, target) : Rule::kInvalidTarget;
  // Its attack reaches its own hex (A50), and spares whom its hex spares; a craft has no hex.
  if (!s_.in_game(a.subject)) return Rule::kInvalidTarget;
  if (s_.vessels[a.subject].tile != d.tile) return Rule::kOutOfRange;
  return d.placed() || affected(s_, a.subject, d.home) ? Rule::kOk : Rule::kInvalidTarget;
}

void Game::enumerate_domination(std::vector<core::OptionId>& out) const {
  for (std::size_t i = 0; i < s_.denizens.size(); ++i) {
    const auto id = static_cast<std::uint8_t>(i + 1);
    auto add_if = [&](ActionKind kind, int subject) {
      const Action a{kind, static_cast<std::uint8_t>(subject), 0, 0, 0, id};
      if (check_domination(a) == Rule::kOk) out.push_back(encode(a));
    };
    add_if(ActionKind::kDominate, 0);
    for (Seat target = 0; target < s_.players; ++target)
      add_if(ActionKind::kDenizenAttack, target);
    for (std::size_t target = 0; target < s_.denizens.size(); ++target) {
      const Action a = denizen_attack_on_denizen(static_cast<int>(i), static_cast<int>(target));
      if (check_domination(a) == Rule::kOk) out.push_back(encode(a));
    }
    // A move goes to a neighbouring tile: those, in tile order (kept by insertion).
    std::array<TileIndex, kDirections> next;
    std::size_t count = 0;
    for (int direction = 0; direction < kDirections; ++direction) {
      const TileIndex tile = s_.board.next_to(s_.denizens[i].tile, direction);
      if (tile == kNoTile) continue;
      std::size_t at = count++;
      for (; at > 0 && next[at - 1] > tile; --at)
        next[at] = next[at - 1];
      next[at] = tile;
    }
    for (std::size_t n = 0; n < count; ++n)
      add_if(ActionKind::kDenizenMove, next[n]);
  }
}

void Game::dominate(const Action& a) {
  const Seat seat = s_.active;
  Denizen& d = s_.denizens[a.denizen - 1u];
  switch (a.kind) {
    case ActionKind::kDominate:
      d.dominated_by = seat;
      emit(ev::DenizenDominated{static_cast<std::uint8_t>(a.denizen - 1u), seat});
      return;
    case ActionKind::kDenizenMove:
      ++s_.maneuvers_used;
      move_denizen(a.denizen - 1, a.subject);
      return;
    default:  // kDenizenAttack
      ++s_.maneuvers_used;
      command_attack(a);
      return;
  }
}

}  // namespace spacedock::incursions
