#pragma once

#include <string>
#include <variant>

#include "engine/core/setup_error.h"
#include "engine/incursions/content.h"
#include "engine/incursions/game.h"
#include "spacedock/v1/match_setup.pb.h"

namespace spacedock::incursions {

using core::SetupError;

inline constexpr int kMaxContribution = 40;  // hexes in one contribution
inline constexpr int kMaxCrew = 3;           // crew chosen besides the captain (§2, PROPOSED)
inline constexpr int kMaxDeck = 120;         // a server limit: the rules set no maximum (§3.1)

// Match options with defaults applied, or why they are invalid.
std::variant<Options, SetupError> normalize_options(const Content& content,
                                                    const v1::IncursionsMatchOptions& options);

// A seat's hex contribution, checked against the budget (§3.1; scenario T04).
std::variant<SeatSetup, SetupError> make_seat(const Content& content, const Options& options,
                                              const v1::IncursionsSeatOptions& seat);

// Everything needed to start the game; the setup must name exactly `players` seats.
std::variant<Setup, SetupError> make_setup(const Content& content, const v1::MatchSetup& match);

}  // namespace spacedock::incursions
