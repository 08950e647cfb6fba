// A tournament's settings: checked, and completed with the defaults (tournament.proto).
#include "server/tournament/settings.h"

#include <algorithm>

#include "engine/games.h"

namespace spacedock::server {
namespace {

constexpr std::size_t kMaxName = 80;
constexpr std::uint32_t kMaxSwissRounds = 20;
constexpr std::uint32_t kMaxRoundMinutes = 600;
constexpr std::uint32_t kMaxNoShowMinutes = 60;
constexpr std::uint32_t kMaxPoints = 100;

}  // namespace

std::optional<v1::Response> tournament_settings_problem(const v1::TournamentSettings& s) {
  auto bad = [](std::string message, std::string rule) {
    return error_response(v1::INVALID_OPTIONS, std::move(message), std::move(rule));
  };
  if (s.name().empty() || s.name().size() > kMaxName)
    return bad("name the event in 1 to 80 characters", "NAME_LENGTH");
  const auto hosted = engine::hosted_games();
  if (std::find(hosted.begin(), hosted.end(), s.game()) == hosted.end())
    return bad("this server hosts no such game", "UNKNOWN_GAME");
  if (s.has_incursions() && s.incursions().players() != 0 && s.incursions().players() != 2)
    return bad("tournament tables seat two players", "TWO_PLAYER_TABLES");
  if (!v1::ClockPreset_IsValid(s.clock()) || !v1::TimeCall_IsValid(s.time_call()))
    return bad("unknown clock preset or time call", "UNKNOWN_OPTION");
  if (s.swiss_rounds() > kMaxSwissRounds)
    return bad("at most 20 Swiss rounds", "SWISS_ROUNDS_OUT_OF_RANGE");
  if (s.top_cut() != 0 && s.top_cut() != 2 && s.top_cut() != 4 && s.top_cut() != 8)
    return bad("the cut takes 0, 2, 4 or 8 players", "TOP_CUT_SIZE");
  if (s.round_minutes() > kMaxRoundMinutes)
    return bad("a round lasts at most 600 minutes", "ROUND_MINUTES_OUT_OF_RANGE");
  if (s.no_show_minutes() > kMaxNoShowMinutes)
    return bad("the no-show time is at most 60 minutes", "NO_SHOW_MINUTES_OUT_OF_RANGE");
  if (s.late_registration_rounds() > kMaxSwissRounds)
    return bad("late registration closes by round 20", "LATE_REGISTRATION_OUT_OF_RANGE");
  const auto& p = s.scoring();
  for (std::uint32_t points : {p.win(), p.time_win(), p.draw(), p.bye()}) {
    if (points > kMaxPoints) return bad("match points are at most 100", "POINTS_OUT_OF_RANGE");
  }
  return std::nullopt;
}

v1::TournamentSettings with_defaults(v1::TournamentSettings s) {
  if (s.game() == v1::GAME_INCURSIONS) s.mutable_incursions()->set_players(2);
  if (s.game() == v1::GAME_STCCG) s.mutable_stccg();
  if (s.round_minutes() == 0) s.set_round_minutes(s.game() == v1::GAME_STCCG ? 75 : 45);
  if (s.no_show_minutes() == 0) s.set_no_show_minutes(10);
  auto* p = s.mutable_scoring();
  if (!p->has_win()) p->set_win(3);
  if (!p->has_time_win()) p->set_time_win(s.game() == v1::GAME_STCCG ? 2 : p->win());
  if (!p->has_draw()) p->set_draw(1);
  if (!p->has_bye()) p->set_bye(p->win());
  return s;
}

tournament::Scoring scoring_of(const v1::TournamentSettings& s) {
  tournament::Scoring out;
  out.win = static_cast<int>(s.scoring().win());
  out.time_win = static_cast<int>(s.scoring().time_win());
  out.draw = static_cast<int>(s.scoring().draw());
  out.bye = static_cast<int>(s.scoring().bye());
  return out;
}

}  // namespace spacedock::server
