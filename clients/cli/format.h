#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::cli {

// Prints one line on stdout and flushes it, so that scripts reading the output see it at once.
void say(std::string_view line);

// "NOT_FOUND: no such match", plus " [rule OUT_OF_RANGE]" when the server names a rule.
std::string describe_error(const v1::Response& response);

// An exception's message; for a system error just its cause, without Boost's source location.
std::string describe_exception(const std::exception& e);

// "waiting", "active", "finished", "aborted".
std::string status_name(v1::MatchStatus status);

// One line about a match: id, game, status, seats and who holds them.
std::string describe_match(const v1::MatchInfo& info);

// The prompt's title, then its options numbered from 1.
std::vector<std::string> describe_prompt(const v1::DecisionPrompt& prompt);

}  // namespace spacedock::cli
