#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/stccg/state/state.h"

namespace spacedock::stccg {

// Builds a game position by hand (rules scenarios, tests). Cards are created where they are
// placed, and build() returns a State that keeps every invariant the engine relies on: each
// card listed once in the list its zone names, controller = owner, unique non-zero 24-bit
// handles, mission cards at their own index. Every method throws std::invalid_argument when
// asked for something that could not be (an unknown title, a ship aboard a ship, ...).
class Position {
 public:
  // Where Game::from_position picks up.
  enum class Start : std::uint8_t {
    kNewTurn,  // the active player's turn begins: stopped cards unstop
    kOrders,   // inside the active player's turn, before the card play: nothing unstops
    kSeeding,  // a seeding step, the first seeder to seed
  };

  explicit Position(const CardDb& db);

  void set_seed(std::uint64_t seed) { seed_ = seed; }
  Options& options() { return s_.options; }
  void set_active(Seat seat);
  // The number of the turn being played (from 1); with kNewTurn it is the turn about to begin.
  void set_turn(std::uint16_t turn);
  void set_first_seeder(Seat seat);
  void set_start(Start start, SeedFrame::Step step = SeedFrame::Step::kMissions);
  void set_score(Seat seat, int score);

  // Missions go left to right: the first added is location 0.
  LocIndex add_mission(Seat seeder, std::string_view title);
  void set_completed(LocIndex loc, Seat by);

  // A pile of a player: kSeedPile, kDrawDeck, kHand, kDiscard (each on top of those already
  // there), kOutOfPlay or kBonus; or kSideDeck (on top) or kSideUsed, of the side deck the card
  // belongs in (side_deck_of), or of side deck `side` when given (Q's Planet in Q's Tent).
  CardId add_to_pile(Seat owner, Zone zone, std::string_view title,
                     std::optional<SideDeckKind> side = std::nullopt);
  // The doorway seeded on one of the owner's side decks (the one it opens), which opens it.
  CardId add_door(Seat owner, std::string_view title);
  // Face down under a mission, met after those already there.
  CardId add_under(LocIndex loc, Seat owner, std::string_view title);
  // A facility or a ship at a location.
  CardId add_in_space(LocIndex loc, Seat owner, std::string_view title);
  // Personnel or equipment on the planet at a location.
  CardId add_on_planet(LocIndex loc, Seat owner, std::string_view title);
  // Personnel or equipment aboard a ship or facility, owned by the vessel's owner, or by
  // `owner` when given (an infiltrator in another player's crew).
  CardId add_aboard(CardId host, std::string_view title, Seat owner = kNoSeat);
  // An event (or an earned artifact) on its owner's side of the table.
  CardId add_on_table(Seat owner, std::string_view title);
  // A card played on another: an event on a ship, a dilemma on a ship or on a mission.
  CardId add_on(CardId host, Seat owner, std::string_view title);
  // A card stored face down under a card in play (Zalkonian Storage Capsule), owned by the
  // host's owner.
  CardId add_stored(CardId host, std::string_view title);

  void set_stopped(CardId card);
  void set_damaged(CardId card);
  // A ship with a Cloaking Device, in space, cloaked (§3.15).
  void set_cloaked(CardId card);
  // A ship at the location of its owner's facility, declared undocked (§3.5).
  void set_undocked(CardId card);
  // A personnel in play, disabled (CardState::disabled), with no card keeping it so.
  void set_disabled(CardId card);

  // The position so far (no handles, no random generator yet).
  const State& state() const { return s_; }
  // Throws std::logic_error if a card list is inconsistent (State::check).
  State build() const;

 private:
  CardId add(Seat owner, std::string_view title);
  CardId add_in_play(Seat owner, std::string_view title, Where where, LocIndex loc, CardId host);
  void check_loc(LocIndex loc) const;
  void check_in_play(CardId card) const;
  void check_ship_in_space(CardId card) const;
  v1::StccgCardType type(CardId card) const { return s_.def(card).type(); }

  State s_;
  std::uint64_t seed_ = 1;
  std::uint16_t turn_ = 1;
  Start start_ = Start::kNewTurn;
  SeedFrame::Step seed_step_ = SeedFrame::Step::kMissions;
};

}  // namespace spacedock::stccg
