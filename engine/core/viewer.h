#pragma once

#include <cstdint>

namespace spacedock::core {

using Seat = std::uint8_t;

// Who a view is for. Every view and event leaves the engine through a projection for one Viewer.
struct Viewer {
  enum class Role : std::uint8_t { kPlayer, kSpectator, kJudge };
  Role role = Role::kSpectator;
  Seat seat = 0;  // meaningful for kPlayer only

  static constexpr Viewer player(Seat seat) { return {Role::kPlayer, seat}; }
  static constexpr Viewer spectator() { return {Role::kSpectator, 0}; }
  static constexpr Viewer judge() { return {Role::kJudge, 0}; }

  bool is_seat(Seat s) const { return role == Role::kPlayer && seat == s; }
};

// Who may know a piece of information.
struct Audience {
  enum class Kind : std::uint8_t { kEveryone, kSeat, kJudge };
  Kind kind = Kind::kEveryone;
  Seat seat = 0;  // meaningful for kSeat only

  static constexpr Audience everyone() { return {Kind::kEveryone, 0}; }
  static constexpr Audience only(Seat seat) { return {Kind::kSeat, seat}; }
  static constexpr Audience judge() { return {Kind::kJudge, 0}; }
};

// The one visibility rule: judges see everything, spectators see what everyone may see, a player
// also sees what is addressed to its seat.
constexpr bool can_see(Viewer viewer, Audience audience) {
  if (viewer.role == Viewer::Role::kJudge) return true;
  switch (audience.kind) {
    case Audience::Kind::kEveryone:
      return true;
    case Audience::Kind::kSeat:
      return viewer.is_seat(audience.seat);
    case Audience::Kind::kJudge:
      return false;
  }
  return false;
}

}  // namespace spacedock::core
