#pragma once

#include <spdlog/common.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "server/common/config.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace spacedock::server {

// What `spacedock serve` runs with: the server's configuration, and how much it logs.
struct ServeSettings {
  ServerConfig config;
  spdlog::level::level_enum log_level = spdlog::level::info;
};

// The options of `spacedock serve`, in groups for --help. Each may also be set in the file that
// --config names: TOML-style `name = value` lines, the name being the long option without its
// dashes (`threads = 4`, `listen = "0.0.0.0:8080"`; deploy/spacedock.toml lists them all). An
// option given on the command line overrides the file.
class ServeOptions {
 public:
  // Adds the options to `app` (the serve command); `app` and this must outlive its parse.
  explicit ServeOptions(CLI::App& app);
  ServeOptions(const ServeOptions&) = delete;
  ServeOptions& operator=(const ServeOptions&) = delete;

  // Once `app` has parsed a line: the settings, the --config file read first for every option
  // the line did not give. Throws CLI::ParseError for a file that is missing or unreadable, a key
  // it does not know or a bad value in it, and std::invalid_argument for options that do not go
  // together.
  ServeSettings settings();

 private:
  void read_config_file();
  void check_keys_once(const std::string& text) const;

  CLI::App& app_;
  CLI::Option* config_option_ = nullptr;
  std::string config_file_;
  // Options bound straight to a field of config_, or kept here until settings() converts them.
  ServerConfig config_;
  std::string listen_;
  std::size_t max_connections_ = 0;  // not set: from the file descriptor limit
  std::string venue_addresses_;
  std::string trusted_proxies_;
  std::string card_images_;
  std::string password_cost_ = "interactive";
  std::uint32_t heartbeat_ms_ = 0;
  std::uint32_t owner_timeout_ms_ = 0;
  std::uint32_t relay_timeout_ms_ = 0;
  std::uint32_t commit_window_us_ = 0;
  std::uint32_t judge_delay_s_ = 0;
  std::uint32_t disconnect_grace_s_ = 0;
  std::uint32_t quick_match_bot_offer_s_ = 0;
  std::uint32_t bot_think_ms_ = 0;
  std::uint32_t tournament_minute_ms_ = 0;
  std::string log_level_ = "info";
};

// `spacedock serve ARGS...`, parsed as the command parses it (the tests use it). Throws as
// settings() does, and CLI::CallForHelp for --help.
ServeSettings parse_serve_args(const std::vector<std::string>& args);

// What `spacedock serve --help` prints.
std::string serve_help();

}  // namespace spacedock::server
