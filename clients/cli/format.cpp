#include "clients/cli/format.h"

#include <algorithm>
#include <boost/system/system_error.hpp>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace spacedock::cli {

void say(std::string_view line) {
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

std::optional<std::string> read_file(const std::string& path, std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    say("error: cannot read " + std::string(what) + " " + path);
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string outcome_text(const std::vector<std::string>& winners) {
  if (winners.empty()) return "no winner";
  if (winners.size() == 1) return "won by " + winners.front();
  std::string names;
  for (std::size_t i = 0; i < winners.size(); ++i)
    names += (i == 0 ? "" : i + 1 == winners.size() ? " and " : ", ") + winners[i];
  return "a draw between " + names;
}

std::string describe_error(const v1::Response& response) {
  std::string text = v1::ErrorCode_Name(response.code()) + ": " + response.message();
  if (!response.rule().empty()) text += " [rule " + response.rule() + "]";
  return text;
}

std::string describe_exception(const std::exception& e) {
  if (const auto* system = dynamic_cast<const boost::system::system_error*>(&e))
    return system->code().message();
  return e.what();
}

std::string status_name(v1::MatchStatus status) {
  switch (status) {
    case v1::MATCH_STATUS_WAITING:
      return "waiting";
    case v1::MATCH_STATUS_ACTIVE:
      return "active";
    case v1::MATCH_STATUS_FINISHED:
      return "finished";
    case v1::MATCH_STATUS_ABORTED:
      return "aborted";
    default:
      return "unknown";
  }
}

std::string describe_match(const v1::MatchInfo& info) {
  std::string text = "match " + std::to_string(info.match_id()) + " " +
                     (info.game() == v1::GAME_INCURSIONS ? "Incursions" : "STCCG") + " " +
                     status_name(info.status()) + ", " + std::to_string(info.seats_size()) + "/" +
                     std::to_string(info.seat_count()) + " seats:";
  for (const auto& seat : info.seats()) {
    text += " " + std::to_string(seat.seat()) + "=" + seat.username();
    if (!seat.connected() && info.status() == v1::MATCH_STATUS_ACTIVE) text += "(away)";
  }
  if (info.spectators()) text += ", " + std::to_string(info.spectators()) + " watching";
  if (!info.spectators_allowed()) text += ", no spectators";
  if (info.has_clock()) {
    std::string preset = v1::ClockPreset_Name(info.clock().preset());
    std::transform(preset.begin(), preset.end(), preset.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    text += ", " + preset.substr(std::string("clock_preset_").size()) + " clock";
  }
  if (info.private_match()) {
    text += ", private";
    if (!info.invite_code().empty()) text += " (invite code " + info.invite_code() + ")";
  }
  if (info.has_result() && !info.result().summary().empty()) text += "; " + info.result().summary();
  return text;
}

std::vector<std::string> describe_prompt(const v1::DecisionPrompt& prompt) {
  std::vector<std::string> lines{"? " + prompt.title()};
  if (prompt.kind() == v1::DECISION_KIND_CHOOSE_SOME) {
    lines.front() += " (choose " + std::to_string(prompt.min_choices()) + " to " +
                     std::to_string(prompt.max_choices()) + ")";
  }
  for (int i = 0; i < prompt.options_size(); ++i)
    lines.push_back("  " + std::to_string(i + 1) + ") " + prompt.options(i).label());
  return lines;
}

void add_list(std::vector<std::string>& lines, const std::string& label,
              const std::vector<std::string>& items) {
  constexpr std::size_t kWidth = 100;
  if (items.empty()) return;
  std::string line = label;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
    if (line.size() + 1 + item.size() > kWidth && line.size() > label.size()) {
      lines.push_back(line);
      line = std::string(label.size(), ' ');
    }
    line += " " + item;
  }
  lines.push_back(line);
}

}  // namespace spacedock::cli
