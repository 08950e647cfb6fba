#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::cli {

// Prints one line on stdout and flushes it, so that scripts reading the output see it at once.
void say(std::string_view line);

// The whole text of a file; nothing, having said "cannot read WHAT PATH", if it cannot be read.
std::optional<std::string> read_file(const std::string& path, std::string_view what);

// "NOT_FOUND: no such match", plus " [rule OUT_OF_RANGE]" when the server names a rule.
std::string describe_error(const v1::Response& response);

// An exception's message; for a system error just its cause, without Boost's source location.
std::string describe_exception(const std::exception& e);

// "waiting", "active", "finished", "aborted".
std::string status_name(v1::MatchStatus status);

// One line about a match: id, game, status, seats and who holds them.
std::string describe_match(const v1::MatchInfo& info);

// How a game ended, from the names of its winners: "won by alice", "a draw between alice and
// bob" (several winners), or "no winner".
std::string outcome_text(const std::vector<std::string>& winners);

// The prompt's title, then its options numbered from 1.
std::vector<std::string> describe_prompt(const v1::DecisionPrompt& prompt);

// Appends `items` after `label`, separated by ", ", wrapped at the boards' width (100) under the
// first item; nothing when there are none.
void add_list(std::vector<std::string>& lines, const std::string& label,
              const std::vector<std::string>& items);

}  // namespace spacedock::cli
