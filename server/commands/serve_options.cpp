// `spacedock serve`'s options: the command line and the --config file, read into a
// ServerConfig. Options that need a conversion (an address and port, a list of ranges, a
// duration) are checked while parsing, so that a mistake names its option, and converted in
// settings().
#include "server/commands/serve_options.h"

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "server/cluster/bus.h"
#include "server/net/card_images.h"
#include "storage/url.h"
#include "support/cli.h"

namespace spacedock::server {
namespace {

using support::at_least;
using support::between;

// "ADDR:PORT" as a host and a port; nothing if it is not that.
std::optional<std::pair<std::string, std::uint16_t>> host_and_port(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  std::uint16_t port = 0;
  const char* first = text.data() + colon + 1;
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(first, last, port);
  if (ec != std::errc() || end != last || first == last) return std::nullopt;
  return std::pair{text.substr(0, colon), port};
}

CLI::Validator address_and_port() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return host_and_port(text) ? "" : "'" + text + "' is not ADDR:PORT (a port up to 65535)";
      },
      "");
}

CLI::Validator address_ranges() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          AddressRanges::parse(text);
          return {};
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
      },
      "");
}

CLI::Validator card_image_template() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return card_image_origin(text) ? "" : "wants an http:// or https:// URL with a fixed host";
      },
      "");
}

template <typename Duration>
std::uint32_t count_of(Duration duration) {
  return static_cast<std::uint32_t>(duration.count());
}

}  // namespace

ServeOptions::ServeOptions(CLI::App& app) : app_(app) {
  listen_ = config_.host + ":" + std::to_string(config_.port);
  commit_window_us_ = count_of(config_.commit_window);
  heartbeat_ms_ = count_of(config_.heartbeat);
  owner_timeout_ms_ = count_of(config_.owner_timeout);
  relay_timeout_ms_ = count_of(config_.relay_timeout);
  judge_delay_s_ = count_of(std::chrono::duration_cast<std::chrono::seconds>(config_.judge_delay));
  disconnect_grace_s_ =
      count_of(std::chrono::duration_cast<std::chrono::seconds>(config_.disconnect_grace));
  quick_match_bot_offer_s_ =
      count_of(std::chrono::duration_cast<std::chrono::seconds>(config_.quick_match_bot_offer));
  bot_think_ms_ = count_of(config_.bot_think);
  tournament_minute_ms_ = count_of(config_.tournament_minute);
  constexpr auto kMost = std::numeric_limits<std::uint32_t>::max();

  config_option_ =
      app.add_option("--config", config_file_,
                     "read the options from this file first: lines of `name = value`, each name "
                     "a long option without its dashes (threads = 4, listen = "
                     "\"0.0.0.0:8080\"); an option on the command line overrides the file. "
                     "deploy/spacedock.toml lists every option")
          ->type_name("FILE");

  app.add_option("--listen", listen_,
                 "the address and port players connect to; port 0 picks a free one (see "
                 "--port-file). 0.0.0.0 listens on every interface")
      ->type_name("ADDR:PORT")
      ->check(address_and_port())
      ->group("Network");
  app.add_option("--threads", config_.threads, "network threads, 1 to 64")
      ->type_name("N")
      ->check(between(1, 64))
      ->group("Network");
  app.add_option("--trusted-proxies", trusted_proxies_,
                 "reverse proxies (addresses or CIDR ranges, comma-separated) whose Forwarded or "
                 "X-Forwarded-For header names the real player, for every limit, throttle and "
                 "log line; nobody else's headers are read")
      ->type_name("LIST")
      ->check(address_ranges())
      ->default_str("none")
      ->group("Network");
  app.add_option("--port-file", config_.port_file,
                 "once listening, write the port to this file (how a script finds the port that "
                 "--listen ...:0 picked)")
      ->type_name("FILE")
      ->group("Network");

  app.add_option("--tls-cert", config_.tls_certificate_file,
                 "serve https:// and wss:// on the port, with this PEM certificate chain (the "
                 "server's certificate first); goes with --tls-key. Without them: plain http:// "
                 "and ws://")
      ->type_name("FILE")
      ->default_str("none")
      ->group("TLS");
  app.add_option("--tls-key", config_.tls_key_file, "the certificate's PEM private key")
      ->type_name("FILE")
      ->group("TLS");

  app.add_option("--db", config_.db_path,
                 "where accounts, decks, matches and events are kept: sqlite:PATH (or a bare "
                 "path) or postgresql://...; a SQLite file is created if missing")
      ->type_name("DATABASE")
      ->group("Database");
  app.add_option("--commit-window-us", commit_window_us_,
                 "under load, how long (microseconds) a commit waits for more decisions to "
                 "share its write to disk; 0 never waits")
      ->type_name("N")
      ->check(between(0U, kMost))
      ->group("Database");

  app.add_option("--node-id", config_.node_id,
                 "run as one node of a cluster: this node's name, unique among the servers that "
                 "share the --db PostgreSQL database, each owning some of the live matches; "
                 "empty (the default) runs one server alone")
      ->type_name("NAME")
      ->group("Cluster");
  app.add_option("--heartbeat-ms", heartbeat_ms_,
                 "in a cluster, how often (milliseconds) this node reports itself alive and "
                 "looks for matches whose node has gone silent")
      ->type_name("N")
      ->check(between(100U, 60'000U))
      ->group("Cluster");
  app.add_option("--owner-timeout-ms", owner_timeout_ms_,
                 "in a cluster, how long (milliseconds) a node may stay silent before the "
                 "others adopt its matches; more than --heartbeat-ms")
      ->type_name("N")
      ->check(between(200U, 600'000U))
      ->group("Cluster");
  app.add_option("--adopt-batch", config_.adopt_batch,
                 "in a cluster, the most matches a node adopts from silent nodes at one look")
      ->type_name("N")
      ->check(between(1, 10'000))
      ->group("Cluster");

  app.add_option("--redis", config_.redis_url,
                 "in a cluster, the Redis server the nodes talk through, redis://HOST[:PORT] or "
                 "unix:PATH: a client connected to any node may then play, watch or judge a "
                 "match another node runs; without it, only on the node that runs it")
      ->type_name("URL")
      ->group("Cluster");
  app.add_option("--relay-timeout-ms", relay_timeout_ms_,
                 "in a cluster with Redis, how long (milliseconds) a request relayed to another "
                 "node waits for its answer before it is answered UNAVAILABLE")
      ->type_name("N")
      ->check(between(100U, 60'000U))
      ->group("Cluster");

  app.add_flag("--agones", config_.agones,
               "in a cluster, run as a GameServer of an Agones fleet: report ready, healthy and "
               "allocated to the SDK sidecar (AGONES_SDK_HTTP_PORT), and shut down through it "
               "once drained")
      ->group("Cluster");

  app.add_option("--max-connections", max_connections_,
                 "open connections in all (players, spectators, web pages)")
      ->type_name("N")
      ->check(at_least<std::size_t>(1))
      ->default_str("10000, fewer if the file descriptor limit is lower")
      ->group("Limits");
  app.add_option("--max-connections-per-address", config_.max_connections_per_address,
                 "open connections from one address; a venue whose players share one address "
                 "needs more")
      ->type_name("N")
      ->check(at_least<std::size_t>(1))
      ->group("Limits");
  app.add_option("--address-requests-per-second", config_.address_requests_per_second,
                 "requests one address may send per second, steady, with bursts of twice that; "
                 "a venue behind one address needs more")
      ->type_name("N")
      ->check(at_least(1.0))
      ->group("Limits");
  app.add_option("--max-frame-bytes", config_.max_frame_bytes,
                 "the largest message a client may send, in bytes (at least 1024); a larger "
                 "one closes its connection")
      ->type_name("N")
      ->check(between(1024U, kMost))
      ->group("Limits");

  app.add_option("--password-cost", password_cost_,
                 "how costly each password hash is (argon2id): interactive, moderate (harder to "
                 "crack, slower logins) or minimal (for tests only)")
      ->type_name("COST")
      ->check(support::one_of({"interactive", "moderate", "minimal"}))
      ->group("Logins");
  app.add_option("--login-failures-per-address", config_.free_login_failures_per_address,
                 "failed logins from one address before each further login from it must wait")
      ->type_name("N")
      ->check(at_least(1))
      ->group("Logins");
  app.add_option("--venue-addresses", venue_addresses_,
                 "a venue's addresses or CIDR ranges, comma-separated, each shared by many "
                 "players: each gets --venue-login-failures instead")
      ->type_name("LIST")
      ->check(address_ranges())
      ->default_str("none")
      ->group("Logins");
  app.add_option("--venue-login-failures", config_.free_login_failures_per_venue_address,
                 "failed logins from one venue address before logins from it must wait")
      ->type_name("N")
      ->check(at_least(1))
      ->group("Logins");

  app.add_option("--judge-delay-s", judge_delay_s_,
                 "how many seconds behind the live game judges see a match")
      ->type_name("N")
      ->check(between(0U, kMost))
      ->group("Matches");
  app.add_option("--disconnect-grace-s", disconnect_grace_s_,
                 "how many seconds a player of a timed match may be away before the match's "
                 "disconnect rule applies")
      ->type_name("N")
      ->check(between(0U, kMost))
      ->group("Matches");
  app.add_option("--quick-match-bot-offer-s", quick_match_bot_offer_s_,
                 "how many seconds a player waits in the quick-match queue before a bot is "
                 "offered")
      ->type_name("N")
      ->check(between(0U, kMost))
      ->group("Matches");
  app.add_option("--tournament-minute-ms", tournament_minute_ms_,
                 "how many milliseconds a minute of an event's settings (round time, no-show "
                 "time) lasts: shorten it to rehearse an event, or in tests")
      ->type_name("N")
      ->check(between(10U, 3'600'000U))
      ->group("Matches");
  app.add_option("--repeatable-seeds", config_.repeatable_seeds,
                 "testing only: derive every match's game seed from N and the match's id, so "
                 "that the same matches played the same way end the same on any server. "
                 "Shuffles become predictable: never on a server people play on")
      ->type_name("N")
      ->group("Matches");
  app.add_option("--bot-think-ms", bot_think_ms_,
                 "how many milliseconds a server bot pauses before it answers, so that people "
                 "can follow its moves")
      ->type_name("N")
      ->check(between(0U, kMost))
      ->group("Matches");

  app.add_option("--web-root", config_.web_root, "serve the browser client from this folder")
      ->type_name("DIR")
      ->group("Web client");
  app.add_option("--card-images", card_images_,
                 "where the web client loads card pictures from: a URL template with {id} "
                 "(101_215), {set} (101), {number} (215) and {slug} (the title in lower case, "
                 "words joined by '-'). Pages may load images from that site only; the server "
                 "sends, copies and caches none")
      ->type_name("URL")
      ->check(card_image_template())
      ->default_str("none")
      ->group("Web client");

  app.add_option("--log-level", log_level_,
                 "how much the server logs, to stderr: trace, debug, info, warn, error, "
                 "critical or off")
      ->type_name("LEVEL")
      ->check(support::one_of({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->group("Logging");
}

// CLI11 joins the values of a key set on consecutive lines into one list, which a text option
// would take whole (`db = "a"` then `db = "b"` would be "a,b"): a key set twice is an error.
void ServeOptions::check_keys_once(const std::string& text) const {
  std::set<std::string> seen;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto start = line.find_first_not_of(" \t");
    const auto equals = line.find('=');
    if (start == std::string::npos || line[start] == '#' || line[start] == '[' ||
        equals == std::string::npos)
      continue;
    std::string key = line.substr(start, equals - start);
    key.erase(key.find_last_not_of(" \t") + 1);
    if (!seen.insert(key).second)
      throw CLI::ConfigError(config_file_ + ": '" + key + "' is set twice");
  }
}

// CLI11 reads a configuration file only for a program's top command, and serve is a command
// below it; so the file is read here, with CLI11's TOML reader, into the options the line left
// unset. Each value goes through its option's checks, so a mistake names the option.
void ServeOptions::read_config_file() {
  std::error_code error;
  if (!std::filesystem::is_regular_file(config_file_, error)) {
    throw CLI::FileError(config_file_ + ": cannot be read (" +
                         (error ? error.message() : "not a file") + ")");
  }
  std::ifstream file(config_file_);
  if (!file) throw CLI::FileError(config_file_ + ": cannot be read (" + std::strerror(errno) + ")");
  std::ostringstream text;
  text << file.rdbuf();
  check_keys_once(text.str());
  std::istringstream in(text.str());
  for (const CLI::ConfigItem& item : CLI::ConfigTOML().from_config(in)) {
    if (item.name == "++" || item.name == "--") continue;  // where a [section] opens and closes
    const std::string key = item.fullname();
    CLI::Option* option = item.parents.empty() ? app_.get_option_no_throw("--" + key) : nullptr;
    if (option == nullptr || option == config_option_ || option == app_.get_help_ptr()) {
      throw CLI::ConfigError(config_file_ + ": '" + key +
                             "' is not a serve option (keys are long options without their "
                             "dashes, outside any [section])");
    }
    if (option->count() > 0) continue;  // the command line overrides the file
    // A comma-separated list is read as an array; the option takes it as the text it was.
    std::string value;
    for (const auto& input : item.inputs)
      value += (value.empty() ? "" : ",") + input;
    try {
      option->add_result(value);
      option->run_callback();
    } catch (const CLI::ParseError& e) {
      throw CLI::ConfigError(config_file_ + ": " + e.what());
    }
  }
}

ServeSettings ServeOptions::settings() {
  if (!config_file_.empty()) read_config_file();
  ServeSettings settings;
  ServerConfig& config = settings.config;
  config = config_;
  auto [host, port] = *host_and_port(listen_);
  config.host = host;
  config.port = port;
  if (app_.get_option("--max-connections")->count() > 0) config.max_connections = max_connections_;
  config.address_request_burst = 2 * config.address_requests_per_second;
  config.venue_addresses = AddressRanges::parse(venue_addresses_);
  config.trusted_proxies = AddressRanges::parse(trusted_proxies_);
  if (!card_images_.empty()) {
    config.card_image_template = card_images_;
    config.card_image_origin = *card_image_origin(card_images_);
  }
  if (password_cost_ == "moderate") {
    config.password_cost = PasswordCost::kModerate;
  } else if (password_cost_ == "minimal") {
    config.password_cost = PasswordCost::kMinimal;
  } else {
    config.password_cost = PasswordCost::kInteractive;
  }
  config.commit_window = std::chrono::microseconds(commit_window_us_);
  config.heartbeat = std::chrono::milliseconds(heartbeat_ms_);
  config.owner_timeout = std::chrono::milliseconds(owner_timeout_ms_);
  config.relay_timeout = std::chrono::milliseconds(relay_timeout_ms_);
  if (!config.redis_url.empty()) {
    if (config.node_id.empty())
      throw std::invalid_argument("--redis needs --node-id: Redis links the nodes of a cluster");
    if (auto problem = cluster::Bus::url_problem(config.redis_url))
      throw std::invalid_argument("--redis: " + *problem);
  }
  if (!config.node_id.empty()) {
    if (storage::parse_database_url(config.db_path).backend != storage::Backend::kPostgresql)
      throw std::invalid_argument("--node-id (cluster mode) needs a postgresql:// --db");
    if (config.owner_timeout <= config.heartbeat)
      throw std::invalid_argument("--owner-timeout-ms must be more than --heartbeat-ms");
  } else if (config.agones) {
    throw std::invalid_argument("--agones needs --node-id: an Agones GameServer is a cluster node");
  }
  config.judge_delay = std::chrono::seconds(judge_delay_s_);
  config.disconnect_grace = std::chrono::seconds(disconnect_grace_s_);
  config.quick_match_bot_offer = std::chrono::seconds(quick_match_bot_offer_s_);
  config.bot_think = std::chrono::milliseconds(bot_think_ms_);
  config.tournament_minute = std::chrono::milliseconds(tournament_minute_ms_);
  if (config.tls_certificate_file.empty() != config.tls_key_file.empty())
    throw std::invalid_argument("--tls-cert and --tls-key go together");
  settings.log_level = spdlog::level::from_str(log_level_);
  return settings;
}

namespace {

// The serve command as a program of its own, for parse_serve_args and serve_help.
struct ServeCommand {
  ServeCommand() : app("run the game server", "spacedock serve") {
    support::configure(app);
    options = std::make_unique<ServeOptions>(app);
  }
  CLI::App app;
  std::unique_ptr<ServeOptions> options;
};

}  // namespace

ServeSettings parse_serve_args(const std::vector<std::string>& args) {
  ServeCommand serve;
  std::vector<const char*> argv{"spacedock serve"};
  for (const auto& arg : args)
    argv.push_back(arg.c_str());
  serve.app.parse(static_cast<int>(argv.size()), argv.data());
  return serve.options->settings();
}

std::string serve_help() {
  return ServeCommand().app.help();
}

}  // namespace spacedock::server
