// Helpers for Incursions rules scenarios: build a position, load the dice, drive the engine
// through Game::submit only, and read the outcome.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/incursions/game.h"

namespace spacedock::incursions {

inline std::ostream& operator<<(std::ostream& os, Coord c) {
  return os << "(" << c.q << ", " << c.r << ")";
}

namespace scenario {

using core::Verdict;
using enum ActionKind;

inline constexpr std::string_view kOpen = "hex.p1.open_space";
inline constexpr std::string_view kWormhole = "hex.001.wormhole_i";
inline constexpr std::string_view kWormhole2 = "hex.002.wormhole_ii";
inline constexpr std::string_view kStarbase = "hex.019.allied_starbase";
inline constexpr std::string_view kIonStorm3 = "hex.021.ion_storm_force_iii";
inline constexpr std::string_view kNebula3 = "hex.017.nebula_class_iii";

inline const Content& content() {
  return Content::standard();
}

inline HexIndex hex_id(std::string_view id) {
  const auto hex = content().find_hex(id);
  REQUIRE(hex.has_value());
  return *hex;
}

inline Action act(ActionKind kind, int subject = 0, int power = 0, int range_power = 0,
                  int officer = 0) {
  return {kind, static_cast<std::uint8_t>(subject), static_cast<std::uint8_t>(power),
          static_cast<std::uint8_t>(range_power), static_cast<std::uint8_t>(officer)};
}

// A vessel's Warp Power by state: UP, SPENT, ALLOCATED(cloak), ALLOCATED(tractor), virtual.
struct Pwr {
  int up = 0;
  int spent = 0;
  int cloak = 0;
  int tractor = 0;
  int diverted = 0;

  friend bool operator==(const Pwr&, const Pwr&) = default;
  friend std::ostream& operator<<(std::ostream& os, const Pwr& p) {
    return os << "{up " << p.up << ", spent " << p.spent << ", cloak " << p.cloak << ", tractor "
              << p.tractor << ", diverted " << p.diverted << "}";
  }
};

inline Pwr pwr(const Game& g, Seat seat) {
  const Power& p = g.state().vessels[seat].power;
  return {p.up, p.spent, p.cloak, p.tractor, p.diverted};
}

inline void set_power(State& s, Seat seat, Pwr p) {
  Power& power = s.vessels[seat].power;
  power.up = static_cast<std::uint8_t>(p.up);
  power.spent = static_cast<std::uint8_t>(p.spent);
  power.cloak = static_cast<std::uint8_t>(p.cloak);
  power.tractor = static_cast<std::uint8_t>(p.tractor);
  power.diverted = static_cast<std::uint8_t>(p.diverted);
}

inline int shields(const Game& g, Seat seat) {
  return g.state().vessels[seat].shields;
}
inline int hull(const Game& g, Seat seat) {
  return g.state().vessels[seat].hull;
}
inline int tile_of(const Game& g, Seat seat) {
  return g.state().vessels[seat].tile;
}
inline int holding(const Game& g, Seat seat) {
  return g.state().vessels[seat].holding;
}
inline int decider(const Game& g) {
  REQUIRE(g.decision() != nullptr);
  return g.decision()->seat;
}
inline int active(const Game& g) {
  return g.state().active;
}
inline int used(const Game& g) {
  return g.state().maneuvers_used;
}
inline int winners(const Game& g) {
  return g.state().winners;
}
inline std::size_t dice_left(const Game& g) {
  return g.state().rng.scripted_d6_left();
}

// Answers the open decision, which must belong to `seat`, and requires the answer to be taken.
inline void play(Game& g, Seat seat, Action a) {
  const core::Decision* d = g.decision();
  REQUIRE(d != nullptr);
  REQUIRE(int{d->seat} == int{seat});
  const auto result = g.submit(seat, d->id, encode(a));
  INFO("refused with rule ", std::string(result.rule));
  REQUIRE(result.accepted());
}

// Submits an answer that must be refused; checks that nothing changed and returns the rule code.
inline std::string refused(Game& g, Seat seat, Action a) {
  const core::Decision* d = g.decision();
  REQUIRE(d != nullptr);
  REQUIRE(int{d->seat} == int{seat});
  const auto before = g.state().hash();
  const auto result = g.submit(seat, d->id, encode(a));
  CHECK(result.verdict == Verdict::kNotOffered);
  CHECK(g.state().hash() == before);
  CHECK(rule_name(g.check(encode(a))) == result.rule);
  return std::string(result.rule);
}

inline bool offered(const Game& g, Action a) {
  const auto& options = g.decision()->options;
  return std::find(options.begin(), options.end(), encode(a)) != options.end();
}

template <typename E>
inline std::vector<E> events_of(const Game& g, std::size_t from = 0) {
  std::vector<E> out;
  for (std::size_t i = from; i < g.events().size(); ++i) {
    if (const E* e = std::get_if<E>(&g.events()[i])) out.push_back(*e);
  }
  return out;
}

// Index of the first event of type E at or after `from`, or -1.
template <typename E>
inline long first_index(const Game& g, std::size_t from = 0) {
  for (std::size_t i = from; i < g.events().size(); ++i) {
    if (std::holds_alternative<E>(g.events()[i])) return static_cast<long>(i);
  }
  return -1;
}

inline std::vector<ev::DiceRolled> rolls(const Game& g, std::size_t from,
                                         v1::DiceRollPurpose purpose) {
  std::vector<ev::DiceRolled> out;
  for (const auto& roll : events_of<ev::DiceRolled>(g, from)) {
    if (roll.purpose == purpose) out.push_back(roll);
  }
  return out;
}

// A hand-built position: `ships` on the start tile, seat 0 to move.
inline State position(std::initializer_list<std::string_view> ships) {
  return make_position(content(), ships);
}

// FULL mode: cards in hand, response windows.
using Cards = std::vector<CardId>;

inline State full_position(std::initializer_list<std::string_view> ships) {
  State s = position(ships);
  s.options.mode = v1::INCURSIONS_MODE_FULL;
  return s;
}

inline Action play_card(CardId card, int subject = 0, int power = 0) {
  return card_action(ActionKind::kPlayCard, card, subject, power);
}

// Tables `card` of `seat`'s hand on its own vessel, as if played an earlier turn.
inline void table_on_own_vessel(State& s, Seat seat, CardId card) {
  std::erase(s.zones[seat].hand, card);
  s.tabled.push_back(Tabled{card, seat, seat, 0});
}

// The open decision is `seat`'s, at `step`.
inline void at(const Game& g, Seat seat, Step step) {
  REQUIRE(decider(g) == seat);
  REQUIRE(g.state().step == step);
}

// Every other player with cards gets a window on a declaration (§5.5); these pass them all.
inline void pass_windows(Game& g) {
  while (g.decision() != nullptr && g.state().step == Step::kRespond)
    play(g, static_cast<Seat>(decider(g)), act(ActionKind::kAccept));
}

// Declares a maneuver and lets it resolve unanswered.
inline void maneuver(Game& g, Seat seat, Action a) {
  play(g, seat, a);
  pass_windows(g);
}

// Ends turns, starting with the active player's, until `seat` is to move again.
inline void end_turns_until(Game& g, Seat seat) {
  do {
    play(g, static_cast<Seat>(active(g)), act(ActionKind::kEndManeuvers));
  } while (active(g) != seat);
}

inline const Zones& zones(const Game& g, Seat seat) {
  return g.state().zones[seat];
}

inline bool holds(const std::vector<CardId>& cards, CardId card) {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

}  // namespace scenario
}  // namespace spacedock::incursions
