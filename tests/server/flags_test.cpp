// `spacedock serve`'s options (server/commands/serve_options.h): defaults, every option, the
// --config file and the command line over it, the errors, and deploy/spacedock.toml.
#include <doctest/doctest.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/commands/serve_options.h"
#include "tests/temp_dir.h"

namespace {

namespace sd = spacedock::server;
using namespace std::chrono_literals;

const std::string kExample = std::string(SPACEDOCK_SOURCE_DIR) + "/deploy/spacedock.toml";

std::string write_file(const spacedock::testing::TempDir& dir, const std::string& text) {
  const auto path = (dir.path() / "spacedock.toml").string();
  std::ofstream(path) << text;
  return path;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The message of the `Error` that parse_serve_args throws for `args`; empty if none.
template <typename Error>
std::string error_of(const std::vector<std::string>& args) {
  try {
    sd::parse_serve_args(args);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Every long option serve --help lists, without its dashes.
std::set<std::string> serve_option_names() {
  std::set<std::string> names;
  const std::string help = sd::serve_help();
  const std::regex option(R"(\n  (?:-h,)?--([a-z-]+))");
  for (std::sregex_iterator it(help.begin(), help.end(), option), end; it != end; ++it)
    names.insert((*it)[1]);
  names.erase("help");
  names.erase("config");
  return names;
}

}  // namespace

TEST_CASE("serve options: with none given, the server's defaults") {
  const sd::ServeSettings settings = sd::parse_serve_args({});
  const sd::ServerConfig defaults;
  const sd::ServerConfig& c = settings.config;
  CHECK(c.host == "127.0.0.1");
  CHECK(c.port == 8080);
  CHECK(c.db_path == "var/spacedock.db");
  CHECK(c.threads == 2);
  CHECK(c.max_frame_bytes == 65536);
  CHECK_FALSE(c.max_connections.has_value());
  CHECK(c.max_connections_per_address == 64);
  CHECK(c.address_requests_per_second == 1000);
  CHECK(c.address_request_burst == 2000);
  CHECK(c.free_login_failures_per_address == 20);
  CHECK(c.venue_addresses.empty());
  CHECK(c.free_login_failures_per_venue_address == 200);
  CHECK(c.trusted_proxies.empty());
  CHECK(c.card_image_template.empty());
  CHECK(c.card_image_origin.empty());
  CHECK(c.tls_certificate_file.empty());
  CHECK(c.tls_key_file.empty());
  CHECK(c.password_cost == sd::PasswordCost::kInteractive);
  CHECK(c.commit_window == 1000us);
  CHECK(c.judge_delay == 120s);
  CHECK(c.disconnect_grace == 60s);
  CHECK(c.quick_match_bot_offer == 20s);
  CHECK(c.bot_think == 400ms);
  CHECK(c.port_file.empty());
  CHECK(c.web_root == defaults.web_root);
  CHECK(settings.log_level == spdlog::level::info);
}

TEST_CASE("serve options: every option is read into the configuration") {
  const sd::ServeSettings settings = sd::parse_serve_args({
      "--listen",
      "0.0.0.0:9443",
      "--db",
      "postgresql://spacedock@db.example.org/spacedock",
      "--threads",
      "4",
      "--max-frame-bytes",
      "2048",
      "--max-connections",
      "500",
      "--max-connections-per-address",
      "400",
      "--address-requests-per-second",
      "5000",
      "--login-failures-per-address",
      "30",
      "--venue-addresses",
      "203.0.113.0/29,198.51.100.7",
      "--venue-login-failures",
      "300",
      "--trusted-proxies",
      "127.0.0.1",
      "--card-images",
      "https://images.example.org/stccg/{set}/{number}.jpg",
      "--tls-cert",
      "fullchain.pem",
      "--tls-key",
      "privkey.pem",
      "--password-cost",
      "minimal",
      "--commit-window-us",
      "0",
      "--node-id",
      "node-b",
      "--heartbeat-ms",
      "500",
      "--owner-timeout-ms",
      "3000",
      "--adopt-batch",
      "20",
      "--redis",
      "redis://10.0.0.5:6380",
      "--relay-timeout-ms",
      "1500",
      "--agones",
      "--judge-delay-s",
      "2",
      "--disconnect-grace-s",
      "90",
      "--quick-match-bot-offer-s",
      "5",
      "--bot-think-ms",
      "50",
      "--port-file",
      "var/port",
      "--web-root",
      "/srv/web",
      "--log-level",
      "warn",
  });
  const sd::ServerConfig& c = settings.config;
  CHECK(c.host == "0.0.0.0");
  CHECK(c.port == 9443);
  CHECK(c.db_path == "postgresql://spacedock@db.example.org/spacedock");
  CHECK(c.threads == 4);
  CHECK(c.max_frame_bytes == 2048);
  CHECK(c.max_connections == 500);
  CHECK(c.max_connections_per_address == 400);
  CHECK(c.address_requests_per_second == 5000);
  CHECK(c.address_request_burst == 10000);
  CHECK(c.free_login_failures_per_address == 30);
  CHECK(c.venue_addresses.contains(boost::asio::ip::make_address("203.0.113.5")));
  CHECK(c.venue_addresses.contains(boost::asio::ip::make_address("198.51.100.7")));
  CHECK_FALSE(c.venue_addresses.contains(boost::asio::ip::make_address("203.0.113.8")));
  CHECK(c.free_login_failures_per_venue_address == 300);
  CHECK(c.trusted_proxies.contains(boost::asio::ip::make_address("127.0.0.1")));
  CHECK(c.card_image_template == "https://images.example.org/stccg/{set}/{number}.jpg");
  CHECK(c.card_image_origin == "https://images.example.org");
  CHECK(c.tls_certificate_file == "fullchain.pem");
  CHECK(c.tls_key_file == "privkey.pem");
  CHECK(c.password_cost == sd::PasswordCost::kMinimal);
  CHECK(c.commit_window == 0us);
  CHECK(c.node_id == "node-b");
  CHECK(c.heartbeat == 500ms);
  CHECK(c.owner_timeout == 3000ms);
  CHECK(c.adopt_batch == 20);
  CHECK(c.redis_url == "redis://10.0.0.5:6380");
  CHECK(c.relay_timeout == std::chrono::milliseconds(1500));
  CHECK(c.agones);
  CHECK(c.judge_delay == 2s);
  CHECK(c.disconnect_grace == 90s);
  CHECK(c.quick_match_bot_offer == 5s);
  CHECK(c.bot_think == 50ms);
  CHECK(c.port_file == "var/port");
  CHECK(c.web_root == "/srv/web");
  CHECK(settings.log_level == spdlog::level::warn);
  CHECK(sd::parse_serve_args({"--password-cost", "moderate"}).config.password_cost ==
        sd::PasswordCost::kModerate);
  CHECK(sd::parse_serve_args({"--db=sqlite:var/x.db"}).config.db_path == "sqlite:var/x.db");
}

TEST_CASE(
    "serve options: an option given twice takes its last value, as tools/run's is overridden") {
  const auto c = sd::parse_serve_args({"--listen", "127.0.0.1:8080", "--db", "var/spacedock.db",
                                       "--listen", "127.0.0.1:9000"})
                     .config;
  CHECK(c.port == 9000);
  CHECK(c.db_path == "var/spacedock.db");
}

TEST_CASE("serve options: --config reads every option from a file") {
  spacedock::testing::TempDir dir;
  const auto path = write_file(dir, R"(# a comment
listen = "0.0.0.0:9000"
db = "/var/lib/spacedock/spacedock.db"   # after a value, too
threads = 3
max-connections = 700
venue-addresses = "203.0.113.0/29,198.51.100.7"
password-cost = "moderate"
judge-delay-s = 30
log-level = "error"
)");
  const auto settings = sd::parse_serve_args({"--config", path});
  const auto& c = settings.config;
  CHECK(c.host == "0.0.0.0");
  CHECK(c.port == 9000);
  CHECK(c.db_path == "/var/lib/spacedock/spacedock.db");
  CHECK(c.threads == 3);
  CHECK(c.max_connections == 700);
  CHECK(c.venue_addresses.contains(boost::asio::ip::make_address("198.51.100.7")));
  CHECK(c.venue_addresses.contains(boost::asio::ip::make_address("203.0.113.1")));
  CHECK(c.password_cost == sd::PasswordCost::kModerate);
  CHECK(c.judge_delay == 30s);
  CHECK(c.max_connections_per_address == 64);  // not in the file: the default
  CHECK(settings.log_level == spdlog::level::err);
}

TEST_CASE("serve options: the command line overrides the file, before or after --config") {
  spacedock::testing::TempDir dir;
  const auto path = write_file(dir, "listen = \"0.0.0.0:9000\"\nthreads = 3\nbot-think-ms = 10\n");
  const auto c =
      sd::parse_serve_args({"--threads", "8", "--config", path, "--bot-think-ms", "0"}).config;
  CHECK(c.threads == 8);
  CHECK(c.bot_think == 0ms);
  CHECK(c.port == 9000);  // only in the file
}

TEST_CASE("serve options: an unknown option or a bad value names the option") {
  CHECK(error_of<CLI::ExtrasError>({"--thread", "4"}).find("--thread") != std::string::npos);
  CHECK(error_of<CLI::ExtrasError>({"stray"}).find("stray") != std::string::npos);
  CHECK(error_of<CLI::ValidationError>({"--threads", "four"}) ==
        "--threads: 'four' is not a whole number");
  CHECK(error_of<CLI::ValidationError>({"--threads", "65"}) ==
        "--threads: 65 is out of range: from 1 to 64");
  CHECK(error_of<CLI::ValidationError>({"--max-frame-bytes", "100"}) ==
        "--max-frame-bytes: 100 is out of range: at least 1024");
  CHECK(error_of<CLI::ValidationError>({"--login-failures-per-address", "0"})
            .find("--login-failures-per-address") == 0);
  CHECK(error_of<CLI::ValidationError>({"--listen", "8080"}).find("--listen") == 0);
  CHECK(error_of<CLI::ValidationError>({"--listen", "127.0.0.1:70000"}).find("--listen") == 0);
  CHECK(error_of<CLI::ValidationError>({"--password-cost", "cheap"}) ==
        "--password-cost: 'cheap' is not one of interactive, moderate, minimal");
  CHECK(error_of<CLI::ValidationError>({"--log-level", "loud"}).find("--log-level") == 0);
  CHECK(error_of<CLI::ValidationError>({"--venue-addresses", "10.0.0.0/33"})
            .find("--venue-addresses") == 0);
  CHECK(error_of<CLI::ValidationError>({"--card-images", "ftp://x/{id}"}).find("--card-images") ==
        0);
  CHECK(error_of<CLI::ArgumentMismatch>({"--listen"}).find("--listen") != std::string::npos);
  CHECK(error_of<std::invalid_argument>({"--tls-cert", "a.pem"}) ==
        "--tls-cert and --tls-key go together");
  CHECK(error_of<std::invalid_argument>({"--node-id", "a", "--db", "var/x.db"}) ==
        "--node-id (cluster mode) needs a postgresql:// --db");
  CHECK(error_of<std::invalid_argument>({"--node-id", "a", "--db", "postgresql:///x",
                                         "--heartbeat-ms", "3000", "--owner-timeout-ms", "3000"}) ==
        "--owner-timeout-ms must be more than --heartbeat-ms");
  CHECK(error_of<std::invalid_argument>({"--redis", "unix:/run/redis.sock"}) ==
        "--redis needs --node-id: Redis links the nodes of a cluster");
  CHECK(error_of<std::invalid_argument>(
            {"--node-id", "a", "--db", "postgresql:///x", "--redis", "localhost:6379"}) ==
        "--redis: a Redis address is redis://HOST[:PORT] or unix:PATH, not \"localhost:6379\"");
  CHECK(error_of<std::invalid_argument>({"--agones"}) ==
        "--agones needs --node-id: an Agones GameServer is a cluster node");
  CHECK_THROWS_AS(sd::parse_serve_args({"--help"}), CLI::CallForHelp);
}

TEST_CASE("serve options: a missing file, an unknown key or a bad value in it is an error") {
  spacedock::testing::TempDir dir;
  const auto missing = (dir.path() / "nowhere.toml").string();
  const std::string no_file = error_of<CLI::FileError>({"--config", missing});
  CHECK(no_file.find(missing) == 0);
  CHECK(no_file.find("cannot be read") != std::string::npos);

  auto config_error = [&](const std::string& text) {
    return error_of<CLI::ConfigError>({"--config", write_file(dir, text)});
  };
  CHECK(config_error("threads = 2\nmax-conections = 5\n")
            .find("'max-conections' is not a serve option") != std::string::npos);
  CHECK(config_error("[serve]\nthreads = 2\n").find("'serve.threads' is not a serve option") !=
        std::string::npos);
  CHECK(config_error("config = \"other.toml\"\n").find("'config' is not a serve option") !=
        std::string::npos);
  CHECK(config_error("threads = 2\nthreads = 3\n").find("'threads' is set twice") !=
        std::string::npos);
  const std::string bad = config_error("threads = 99\n");
  CHECK(bad.find("spacedock.toml: --threads: 99 is out of range") != std::string::npos);
  // The file is checked whole: a key it gets wrong is an error even beside the command line's.
  CHECK(error_of<CLI::ConfigError>({"--config", write_file(dir, "thread = 2\n"), "--threads", "2"})
            .find("'thread'") != std::string::npos);
}

TEST_CASE("serve --help groups the options and shows their defaults") {
  const std::string help = sd::serve_help();
  // The descriptions as one line each, whatever their wrapping.
  const std::string flat = std::regex_replace(std::regex_replace(help, std::regex("\n {20,}"), " "),
                                              std::regex(" +"), " ");
  CHECK(help.rfind("usage: spacedock serve [options]\n", 0) == 0);
  for (const char* group : {"\nNetwork:\n", "\nTLS:\n", "\nDatabase:\n", "\nLimits:\n",
                            "\nLogins:\n", "\nMatches:\n", "\nWeb client:\n", "\nLogging:\n"})
    CHECK(help.find(group) != std::string::npos);
  CHECK(help.find("--listen ADDR:PORT") != std::string::npos);
  CHECK(help.find("(default: 127.0.0.1:8080)") != std::string::npos);  // never broken
  CHECK(flat.find("--threads N network threads, 1 to 64 (default: 2)\n") != std::string::npos);
  CHECK(flat.find("--max-frame-bytes N the largest message a client may send, in bytes (at least "
                  "1024); a larger one closes its connection (default: 65536)\n") !=
        std::string::npos);
  CHECK(flat.find("sqlite:PATH (or a bare path) or postgresql://") != std::string::npos);
  CHECK(serve_option_names().size() == 32);
}

TEST_CASE("deploy/spacedock.toml: every option, each default as the server's, and it loads") {
  const std::string text = slurp(kExample);
  REQUIRE_FALSE(text.empty());
  for (const auto& name : serve_option_names()) {
    CAPTURE(name);
    CHECK(std::regex_search(text, std::regex("\n#?" + name + " = ")));
  }
  const auto settings = sd::parse_serve_args({"--config", kExample});
  CHECK(settings.config.host == "127.0.0.1");
  CHECK(settings.config.port == 8080);
  CHECK(settings.config.db_path == "/var/lib/spacedock/spacedock.db");

  // The commented-out lines, switched on, load too, and those that state a default state the
  // server's own.
  spacedock::testing::TempDir dir;
  const auto all = write_file(dir, std::regex_replace(text, std::regex("\n#([a-z-]+ = )"), "\n$1"));
  const auto on = sd::parse_serve_args({"--config", all}).config;
  const sd::ServerConfig defaults;
  CHECK(on.threads == defaults.threads);
  CHECK(on.commit_window == defaults.commit_window);
  CHECK(on.node_id.empty());
  CHECK(on.heartbeat == defaults.heartbeat);
  CHECK(on.owner_timeout == defaults.owner_timeout);
  CHECK(on.adopt_batch == defaults.adopt_batch);
  CHECK(on.redis_url.empty());
  CHECK(on.relay_timeout == defaults.relay_timeout);
  CHECK(on.agones == defaults.agones);
  CHECK(on.max_connections == 10000);
  CHECK(on.max_connections_per_address == defaults.max_connections_per_address);
  CHECK(on.address_requests_per_second == defaults.address_requests_per_second);
  CHECK(on.max_frame_bytes == defaults.max_frame_bytes);
  CHECK(on.password_cost == defaults.password_cost);
  CHECK(on.free_login_failures_per_address == defaults.free_login_failures_per_address);
  CHECK(on.free_login_failures_per_venue_address == defaults.free_login_failures_per_venue_address);
  CHECK(on.judge_delay == defaults.judge_delay);
  CHECK(on.disconnect_grace == defaults.disconnect_grace);
  CHECK(on.quick_match_bot_offer == defaults.quick_match_bot_offer);
  CHECK(on.bot_think == defaults.bot_think);
  CHECK_FALSE(on.tls_certificate_file.empty());
  CHECK_FALSE(on.card_image_template.empty());
}
