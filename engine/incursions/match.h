#pragma once

#include "engine/core/match_engine.h"
#include "engine/incursions/game.h"
#include "engine/incursions/view.h"

namespace spacedock::incursions {

// An Incursions game behind the game-neutral MatchEngine interface the server hosts.
class IncursionsMatch final : public core::MatchEngine {
 public:
  IncursionsMatch(Game game, SeatNames names) : game_(std::move(game)), names_(std::move(names)) {}

  std::unique_ptr<core::MatchEngine> clone() const override;
  std::span<const core::Decision> open_decisions() const override;
  core::SubmitResult submit(core::Seat seat, core::DecisionId decision,
                            std::span<const core::OptionId> choice) override;
  core::SubmitResult concede(core::Seat seat) override { return game_.concede(seat); }
  core::SubmitResult time_out(core::Seat seat) override { return game_.time_out(seat); }
  core::SubmitResult forfeit(core::Seat seat) override { return game_.forfeit(seat); }
  core::SubmitResult rule(std::uint8_t winners) override { return game_.rule(winners); }
  core::SubmitResult call_time() override { return game_.call_time(); }
  bool playing(core::Seat seat) const override { return !game_.over() && game_.takes_turns(seat); }
  bool over() const override { return game_.over(); }
  v1::MatchResult result() const override;
  std::uint64_t state_hash() const override { return game_.state().hash(); }
  std::size_t event_count() const override { return game_.events().size(); }
  bool event_visible(std::size_t index, core::Viewer viewer) const override {
    return core::can_see(viewer, audience(game_.events()[index]));
  }
  bool project_event(std::size_t index, core::Viewer viewer, v1::GameEvent* out) const override;
  void project_snapshot(core::Viewer viewer, v1::GameSnapshot* out) const override;
  void project_prompt(const core::Decision& decision, v1::DecisionPrompt* out) const override;

  const Game& game() const { return game_; }

 private:
  Game game_;
  SeatNames names_;
};

}  // namespace spacedock::incursions
