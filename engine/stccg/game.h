#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/core/decision.h"
#include "engine/stccg/cards/deck.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

struct Setup {
  Options options;
  std::array<Deck, kPlayers> decks;
};

// A game of the Star Trek CCG, first edition, between two players (stccg-rules.md). The engine
// runs until a player owes a decision; players act only by answering it with one of its
// options, and a refused answer changes nothing. Copying a Game copies the whole game.
class Game {
 public:
  // Deals the decks and side decks, picks the first seeder at random and starts the seeding
  // phase.
  static Game create(const CardDb& db, const Setup& setup, std::uint64_t seed);
  // Continues from a hand-built position (rules scenarios): the frames on its stack say what
  // happens next; an empty stack starts the active player's turn.
  static Game from_position(State position);

  const State& state() const { return e_.state(); }
  std::span<const Event> events() const { return e_.state().events; }
  bool over() const { return e_.state().over; }
  // The rules, for the projections and the scenario runner, which read facts the state does
  // not hold (who may see a card, RANGE left, ...).
  const Engine& rules() const { return e_; }

  const core::Decision* decision() const;
  core::SubmitResult submit(Seat seat, core::DecisionId id, core::OptionId option);
  core::SubmitResult concede(Seat seat);
  // Out of time on the host's clock: a concession reported as RESULT_REASON_TIME.
  core::SubmitResult time_out(Seat seat);
  // Away past the host's disconnect grace: a concession reported as RESULT_REASON_FORFEIT.
  core::SubmitResult forfeit(Seat seat);
  // An organiser's ruling: the game ends at once with these winners (RESULT_REASON_RULING).
  core::SubmitResult rule(std::uint8_t winners);
  // A tournament round's time is up: the higher score wins at once, equal scores draw.
  core::SubmitResult call_time();
  // Why the open decision would refuse this option (Rule::kOk if it is offered).
  Rule check(core::OptionId option) const;

  // Option ids name cards by their handles; these translate between ids and actions.
  core::OptionId option_id(const Action& action) const;
  std::optional<Action> action_of(core::OptionId id) const;

  void script_dice(std::span<const int> values) { e_.state().rng.script_d6(values); }

 private:
  explicit Game(State s) : e_(std::move(s)) {}
  // The seat leaves the game, which the other wins: `how` is RESULT_REASON_CONCESSION, _TIME or
  // _FORFEIT.
  core::SubmitResult withdraw(Seat seat, v1::ResultReason how);

  Engine e_;
};

}  // namespace spacedock::stccg
