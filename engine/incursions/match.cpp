#include "engine/incursions/match.h"

#include "engine/core/result_words.h"
#include "engine/core/single_decision.h"

namespace spacedock::incursions {

std::unique_ptr<core::MatchEngine> IncursionsMatch::clone() const {
  return std::make_unique<IncursionsMatch>(*this);
}

std::span<const core::Decision> IncursionsMatch::open_decisions() const {
  return core::open_span(game_.decision());
}

core::SubmitResult IncursionsMatch::submit(core::Seat seat, core::DecisionId decision,
                                           std::span<const core::OptionId> choice) {
  return core::submit_one(game_, seat, decision, choice);
}

v1::MatchResult IncursionsMatch::result() const {
  v1::MatchResult out;
  const State& s = game_.state();
  if (!s.over) return out;
  std::string winners;
  for (Seat seat = 0; seat < s.players; ++seat) {
    if (!(s.winners & (1u << seat))) continue;
    out.add_winners(seat);
    winners += (winners.empty() ? "" : " and ") + names_(seat);
  }
  out.set_reason(s.reason);
  switch (s.reason) {
    case v1::RESULT_REASON_WORMHOLE:
      out.set_summary(winners + " rolled doubles at a wormhole");
      break;
    case v1::RESULT_REASON_LAST_SHIP_STANDING:
      out.set_summary(winners.empty() ? "no ship is left" : winners + " is the last ship standing");
      break;
    case v1::RESULT_REASON_CONCESSION:
      out.set_summary(winners + " won: the other players conceded");
      break;
    case v1::RESULT_REASON_TIME:
      out.set_summary(winners + " won: the other players ran out of time");
      break;
    case v1::RESULT_REASON_FORFEIT:
      out.set_summary(winners + " won: the other players forfeited, away longer than the grace");
      break;
    case v1::RESULT_REASON_RULING:
      out.set_summary(core::ruling_summary(winners, out.winners_size()));
      break;
    case v1::RESULT_REASON_TURN_CAP:
      out.set_summary("the turn cap was reached; " + (out.winners_size() == 1
                                                          ? winners + " scored best"
                                                          : "a draw between " + winners));
      break;
    case v1::RESULT_REASON_TIME_LIMIT:
      out.set_summary("time was called; " + (out.winners_size() == 1
                                                 ? winners + " scored best"
                                                 : "a draw between " + winners));
      break;
    default:
      out.set_summary("the game was stopped by the engine's work cap");
      break;
  }
  return out;
}

bool IncursionsMatch::project_event(std::size_t index, core::Viewer viewer,
                                    v1::GameEvent* out) const {
  return incursions::project_event(game_, index, viewer, names_, out);
}

void IncursionsMatch::project_snapshot(core::Viewer viewer, v1::GameSnapshot* out) const {
  out->set_role(viewer.role == core::Viewer::Role::kPlayer      ? v1::VIEWER_ROLE_PLAYER
                : viewer.role == core::Viewer::Role::kSpectator ? v1::VIEWER_ROLE_SPECTATOR
                                                                : v1::VIEWER_ROLE_JUDGE);
  out->set_seat(viewer.seat);
  project_view(game_, viewer, out->mutable_incursions());
}

void IncursionsMatch::project_prompt(const core::Decision&, v1::DecisionPrompt* out) const {
  incursions::project_prompt(game_, names_, out);
}

}  // namespace spacedock::incursions
