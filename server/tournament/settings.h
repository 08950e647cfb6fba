#pragma once

#include <optional>

#include "server/match/match.h"
#include "server/tournament/standings.h"
#include "spacedock/v1/tournament.pb.h"

namespace spacedock::server {

// Why these settings cannot make an event (INVALID_OPTIONS with the rule), if they cannot. The
// game's own match options are checked by the engine afterwards.
std::optional<v1::Response> tournament_settings_problem(const v1::TournamentSettings& settings);

// The settings with every default filled in, so that what is stored is what is played.
v1::TournamentSettings with_defaults(v1::TournamentSettings settings);

// The match points the settings give.
tournament::Scoring scoring_of(const v1::TournamentSettings& settings);

}  // namespace spacedock::server
