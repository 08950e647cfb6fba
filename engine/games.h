#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "engine/core/bot.h"
#include "engine/core/match_engine.h"
#include "engine/core/setup_error.h"
#include "spacedock/v1/match_setup.pb.h"

namespace spacedock::engine {

// The games this build hosts, behind one entry point for hosts (server, tools, tests).

// Every game this build hosts, in protocol order.
std::vector<v1::Game> hosted_games();

// Bumped whenever a rules change would make old input logs replay differently.
std::uint32_t rules_version(v1::Game game);

// Checks the match-wide options of a new match; on success, how many seats it has.
std::variant<int, core::SetupError> check_match(const v1::MatchSetup& setup);

// The options of a new match, or of one of its seats, if they are another game's than the
// match's (CreateMatch for GAME_STCCG with IncursionsMatchOptions, say): refused, never
// silently dropped. A check of new requests only: check_match() takes stored matches as they
// were made.
std::optional<core::SetupError> other_game_options(const v1::MatchSetup& setup);

// Checks one seat's own options against the match's; options of another game are refused.
std::optional<core::SetupError> check_seat(const v1::MatchSetup& setup, const v1::SeatSetup& seat);

// Starts the engine of a complete, checked setup. Throws std::invalid_argument otherwise.
std::unique_ptr<core::MatchEngine> start_match(const v1::MatchSetup& setup, std::uint64_t seed);

// The seat options a server bot brings: for STCCG, one of the sample decks, chosen by `pick`.
v1::SeatSetup bot_seat_setup(v1::Game game, std::uint64_t pick);

// The game's bot policy (engine/core/bot.h); null for a game this build does not host.
std::unique_ptr<core::BotPolicy> make_bot_policy(v1::Game game);

}  // namespace spacedock::engine
