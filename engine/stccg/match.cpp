#include "engine/stccg/match.h"

#include <algorithm>

#include "engine/core/single_decision.h"

namespace spacedock::stccg {
namespace {

// Who drew the last card: the owner of the last card moved before the game ended.
Seat last_drawer(const Game& game) {
  const auto events = game.events();
  for (auto it = events.rbegin(); it != events.rend(); ++it) {
    if (const auto* moved = std::get_if<ev::CardMoved>(&*it)) return moved->owner;
  }
  return 0;
}

}  // namespace

std::unique_ptr<core::MatchEngine> StccgMatch::clone() const {
  return std::make_unique<StccgMatch>(*this);
}

std::span<const core::Decision> StccgMatch::open_decisions() const {
  return core::open_span(game_.decision());
}

core::SubmitResult StccgMatch::submit(core::Seat seat, core::DecisionId decision,
                                      std::span<const core::OptionId> choice) {
  return core::submit_one(game_, seat, decision, choice);
}

v1::MatchResult StccgMatch::result() const {
  v1::MatchResult out;
  const State& s = game_.state();
  if (!s.over) return out;
  std::string winners;
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    if (!(s.winners & (1u << seat))) continue;
    out.add_winners(seat);
    winners += (winners.empty() ? "" : " and ") + names_(seat);
  }
  out.set_reason(s.reason);
  switch (s.reason) {
    case v1::RESULT_REASON_POINTS:
      out.set_summary(winners + " reached " + std::to_string(kWinningScore) + " points");
      break;
    case v1::RESULT_REASON_DECK_EXHAUSTED: {
      const Seat drawer = last_drawer(game_);
      const int a = s.players[0].score;
      const int b = s.players[1].score;
      out.set_summary(names_(drawer) + " drew the last card; " +
                      (a == b ? "a tie at " + std::to_string(a)
                              : winners + " leads " + std::to_string(std::max(a, b)) + " to " +
                                    std::to_string(std::min(a, b))));
      break;
    }
    case v1::RESULT_REASON_CONCESSION:
      out.set_summary(names_(State::other(static_cast<Seat>(out.winners(0)))) + " conceded");
      break;
    default:
      out.set_summary("the game was stopped by the engine's work cap");
      break;
  }
  return out;
}

bool StccgMatch::project_event(std::size_t index, core::Viewer viewer, v1::GameEvent* out) const {
  stccg::project_event(game_, index, viewer, names_, out);
  return true;
}

void StccgMatch::project_snapshot(core::Viewer viewer, v1::GameSnapshot* out) const {
  out->set_role(viewer.role == core::Viewer::Role::kPlayer      ? v1::VIEWER_ROLE_PLAYER
                : viewer.role == core::Viewer::Role::kSpectator ? v1::VIEWER_ROLE_SPECTATOR
                                                                : v1::VIEWER_ROLE_JUDGE);
  out->set_seat(viewer.seat);
  project_view(game_, viewer, out->mutable_stccg());
}

void StccgMatch::project_prompt(const core::Decision&, v1::DecisionPrompt* out) const {
  stccg::project_prompt(game_, names_, out);
}

}  // namespace spacedock::stccg
