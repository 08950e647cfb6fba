// The spacedock command: the game server, the engine benchmark, and content listings.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

#include "server/commands/bench.h"
#include "server/commands/bot_bench.h"
#include "server/commands/card_listing.h"
#include "server/commands/content_listing.h"
#include "server/commands/pairing_bench.h"
#include "server/commands/scenario.h"
#include "server/net/card_images.h"
#include "server/server.h"
#include "storage/accounts.h"
#include "storage/backup.h"
#include "support/flags.h"

namespace {

namespace sd = spacedock::server;

constexpr const char* kUsage =
    R"(spacedock: an authoritative server for Star Trek card and tile games.

usage:
  spacedock serve [options]      run the game server
      --listen ADDR:PORT         where to listen (default 127.0.0.1:8080; port 0 picks a free one)
      --db FILE                  SQLite database, created if missing (default var/spacedock.db)
      --threads N                network threads (default 2)
      --max-frame-bytes N        largest accepted WebSocket frame (default 65536)
      --max-connections N        open connections in all (default 10000, fewer if the file
                                 descriptor limit is lower)
      --max-connections-per-address N
                                 open connections from one client address (default 64)
      --address-requests-per-second N
                                 requests one client address may send per second, steady
                                 (default 1000; a burst of twice that); a venue behind one
                                 address needs more
      --login-failures-per-address N
                                 failed logins from one address before each further login
                                 from it must wait (default 20)
      --venue-addresses LIST     a venue's addresses or CIDR ranges, comma-separated, each
                                 shared by many players: they get --venue-login-failures
      --venue-login-failures N   failed logins from one venue address before logins from it
                                 wait (default 200)
      --trusted-proxies LIST     addresses or CIDR ranges of reverse proxies whose Forwarded
                                 or X-Forwarded-For header names the real client, for every
                                 limit, throttle and log line (default: none; nobody else's
                                 headers are read)
      --card-images URL          where the web client loads card images from: a URL template
                                 with {id} (101_215), {set} (101), {number} (215) and {slug}
                                 (the title, lower case, words joined by '-'); off by default.
                                 The page may load images from that origin only; the server
                                 sends, copies and caches none
      --tls-cert FILE            serve https:// and wss:// on the port with this PEM certificate
                                 chain (the server's certificate first) ...
      --tls-key FILE             ... and its PEM private key
      --password-cost COST       argon2id cost: interactive (default), moderate, minimal (tests)
      --commit-window-us N       under load, how long a group commit waits for more decisions
                                 to share its fsync (default 1000; 0: never waits)
      --judge-delay-s N          how far behind the game judges see it (default 120)
      --disconnect-grace-s N     how long a player of a timed match may be away before the
                                 match's disconnect outcome applies (default 60)
      --quick-match-bot-offer-s N
                                 how long a quick-match player waits before a bot is offered
                                 (default 20)
      --bot-think-ms N           how long a server bot waits before it answers (default 400)
      --port-file FILE           write the port listened on to FILE
      --web-root DIR             serve the browser client from DIR (default: this build's)
      --log-level LEVEL          trace, debug, info (default), warn, error
  spacedock bench [options]      engine throughput in random legal playouts, one thread
      --game NAME                incursions (default) or stccg (two sample decks)
      --decks A,B                STCCG: the two sample decks (default federation,klingon)
      --mode MODE                Incursions mode: basic (default), crew, events or full
      --players N                players per game (default 2)
      --seconds S                how long to run (default 5)
      --games N                  play exactly N games instead; the signature line (decisions
                                 and a digest of the final states) then pins the rules
      --seed N                   first game seed (default 1)
  spacedock bot-bench [options]  how often a bot beats another, two-player games on one thread
      --game NAME                stccg (default; the sample decks in turn) or incursions
      --mode MODE                Incursions mode: basic (default), crew, events or full
      --games N                  games to play (default 200); the bot takes each seat in turn
      --strength S               the bot measured: random, easy or strong (default)
      --against S                its opponent (default random)
      --seed N                   seed of the first game and of the bots (default 1)
      --require P                exit 1 if the bot wins less than P percent of the games
  spacedock pairing-bench [options]
                                 Swiss pairing time per round of a whole event of random results
      --players N                players (default 10000)
      --rounds N                 Swiss rounds (default: the server's default for the field)
      --seed N                   the event's seed (default 1)
  spacedock backup --db FILE --to FILE
                                 copy a database, even one a running server is writing, to a new
                                 file (SQLite's online backup: a consistent snapshot)
  spacedock admin role --db FILE --user NAME --organiser | --player
                                 make an account an organiser (who creates and runs
                                 tournaments and may judge any live match) or a player again;
                                 it takes effect at its next login
  spacedock admin organisers --db FILE
                                 list the organisers
  spacedock content              list the Incursions ships, hexes and hexpile presets
  spacedock cards [options]      list the STCCG cards with their figures
      --search TEXT              only cards whose title, id, keywords or summary contain TEXT
      --unsupported              only the cards the engine does not play yet, and why
  spacedock scenario FILE...     run STCCG rules scenarios (tests/scenarios/README.md)
  spacedock --help               this text (also COMMAND --help)

The WebSocket protocol is described in protocol/ (package spacedock.v1); /healthz and /metrics
are served on the same port.
)";

using spacedock::support::Flags;

int serve(Flags& flags) {
  sd::ServerConfig config;
  if (auto listen = flags.take("--listen")) {
    const auto colon = listen->rfind(':');
    if (colon == std::string::npos) throw std::invalid_argument("--listen wants ADDR:PORT");
    config.host = listen->substr(0, colon);
    config.port = Flags::parse_number<std::uint16_t>("--listen", listen->substr(colon + 1));
  }
  if (auto db = flags.take("--db")) config.db_path = *db;
  flags.take_number("--threads", config.threads);
  flags.take_number("--max-frame-bytes", config.max_frame_bytes);
  if (auto cap = flags.take("--max-connections"))
    config.max_connections = Flags::parse_number<std::size_t>("--max-connections", *cap);
  flags.take_number("--max-connections-per-address", config.max_connections_per_address);
  flags.take_number("--address-requests-per-second", config.address_requests_per_second);
  config.address_request_burst = 2 * config.address_requests_per_second;
  flags.take_number("--login-failures-per-address", config.free_login_failures_per_address);
  if (auto venue = flags.take("--venue-addresses"))
    config.venue_addresses = sd::AddressRanges::parse(*venue);
  flags.take_number("--venue-login-failures", config.free_login_failures_per_venue_address);
  if (auto proxies = flags.take("--trusted-proxies"))
    config.trusted_proxies = sd::AddressRanges::parse(*proxies);
  if (auto images = flags.take("--card-images")) {
    const auto origin = sd::card_image_origin(*images);
    if (!origin)
      throw std::invalid_argument(
          "--card-images wants an http:// or https:// URL with a fixed host");
    config.card_image_template = *images;
    config.card_image_origin = *origin;
  }
  if (auto cert = flags.take("--tls-cert")) config.tls_certificate_file = *cert;
  if (auto key = flags.take("--tls-key")) config.tls_key_file = *key;
  if (auto cost = flags.take("--password-cost")) {
    if (*cost == "interactive") {
      config.password_cost = sd::PasswordCost::kInteractive;
    } else if (*cost == "moderate") {
      config.password_cost = sd::PasswordCost::kModerate;
    } else if (*cost == "minimal") {
      config.password_cost = sd::PasswordCost::kMinimal;
    } else {
      throw std::invalid_argument("--password-cost: interactive, moderate or minimal");
    }
  }
  if (auto delay = flags.take("--judge-delay-s")) {
    config.judge_delay =
        std::chrono::seconds(Flags::parse_number<std::uint32_t>("--judge-delay-s", *delay));
  }
  if (auto grace = flags.take("--disconnect-grace-s")) {
    config.disconnect_grace =
        std::chrono::seconds(Flags::parse_number<std::uint32_t>("--disconnect-grace-s", *grace));
  }
  if (auto offer = flags.take("--quick-match-bot-offer-s")) {
    config.quick_match_bot_offer = std::chrono::seconds(
        Flags::parse_number<std::uint32_t>("--quick-match-bot-offer-s", *offer));
  }
  if (auto think = flags.take("--bot-think-ms")) {
    config.bot_think =
        std::chrono::milliseconds(Flags::parse_number<std::uint32_t>("--bot-think-ms", *think));
  }
  if (auto window = flags.take("--commit-window-us")) {
    config.commit_window = std::chrono::microseconds(
        Flags::parse_number<std::uint32_t>("--commit-window-us", *window));
  }
  if (auto file = flags.take("--port-file")) config.port_file = *file;
  if (auto dir = flags.take("--web-root")) config.web_root = *dir;
  if (auto level = flags.take("--log-level")) spdlog::set_level(spdlog::level::from_str(*level));
  flags.finish();
  if (config.threads < 1 || config.threads > 64) throw std::invalid_argument("--threads: 1 to 64");
  if (config.max_frame_bytes < 1024)
    throw std::invalid_argument("--max-frame-bytes: at least 1024");
  if (config.tls_certificate_file.empty() != config.tls_key_file.empty())
    throw std::invalid_argument("--tls-cert and --tls-key go together");
  if (config.free_login_failures_per_address < 1 ||
      config.free_login_failures_per_venue_address < 1)
    throw std::invalid_argument("--login-failures-per-address, --venue-login-failures: at least 1");
  sd::Server server(config);
  return server.run();
}

int bench(Flags& flags) {
  sd::BenchOptions options;
  if (auto game = flags.take("--game")) options.game = *game;
  if (auto mode = flags.take("--mode")) options.mode = *mode;
  if (auto decks = flags.take("--decks")) {
    const auto comma = decks->find(',');
    if (comma == std::string::npos) throw std::invalid_argument("--decks: two names, A,B");
    options.first_deck = decks->substr(0, comma);
    options.second_deck = decks->substr(comma + 1);
  }
  flags.take_number("--players", options.players);
  flags.take_number("--seconds", options.seconds);
  flags.take_number("--games", options.games);
  flags.take_number("--seed", options.seed);
  flags.finish();
  return sd::run_bench(options);
}

int pairing_bench(Flags& flags) {
  sd::PairingBenchOptions options;
  flags.take_number("--players", options.players);
  flags.take_number("--rounds", options.rounds);
  flags.take_number("--seed", options.seed);
  flags.finish();
  if (options.players < 2) throw std::invalid_argument("--players: at least 2");
  return sd::run_pairing_bench(options);
}

int bot_bench(Flags& flags) {
  sd::BotBenchOptions options;
  if (auto game = flags.take("--game")) options.game = *game;
  if (auto mode = flags.take("--mode")) options.mode = *mode;
  flags.take_number("--games", options.games);
  if (auto strength = flags.take("--strength")) options.strength = *strength;
  if (auto against = flags.take("--against")) options.against = *against;
  flags.take_number("--seed", options.seed);
  if (auto require = flags.take("--require"))
    options.require = Flags::parse_number<double>("--require", *require) / 100;
  flags.finish();
  return sd::run_bot_bench(options);
}

}  // namespace

// The administrator's commands, on the database file (the server may be running).
int admin(const std::string& what, Flags& flags) {
  const auto db = flags.take("--db");
  if (what == "role") {
    const auto user = flags.take("--user");
    const bool organiser = flags.take_switch("--organiser");
    const bool player = flags.take_switch("--player");
    flags.finish();
    if (!db || !user || organiser == player)
      throw std::invalid_argument("--db FILE, --user NAME and one of --organiser, --player");
    auto database = spacedock::storage::Database::open(*db);
    if (!spacedock::storage::set_organiser(database, *user, organiser)) {
      std::fprintf(stderr, "spacedock admin: there is no account '%s'\n", user->c_str());
      return 1;
    }
    std::printf("%s is now %s\n", user->c_str(), organiser ? "an organiser" : "a player");
    return 0;
  }
  if (what == "organisers") {
    flags.finish();
    if (!db) throw std::invalid_argument("--db FILE is needed");
    auto database = spacedock::storage::Database::open(*db);
    const auto organisers = spacedock::storage::organisers(database);
    for (const auto& account : organisers)
      std::printf("%s\n", account.username.c_str());
    if (organisers.empty()) std::printf("(no organisers)\n");
    return 0;
  }
  throw std::invalid_argument("say what: admin role or admin organisers");
}

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "--help";
  try {
    // `spacedock admin WHAT` takes its flags after WHAT (`spacedock admin --help` has none).
    const bool admin_what = command == "admin" && argc > 2 && argv[2][0] != '-';
    Flags flags(argc, argv, admin_what ? 3 : 2);
    if (flags.take_switch("--help") || flags.take_switch("-h")) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (command == "serve") return serve(flags);
    if (command == "bench") return bench(flags);
    if (command == "bot-bench") return bot_bench(flags);
    if (command == "pairing-bench") return pairing_bench(flags);
    if (command == "backup") {
      const auto from = flags.take("--db");
      const auto to = flags.take("--to");
      flags.finish();
      if (!from || !to) throw std::invalid_argument("--db FILE and --to FILE are both needed");
      const auto started = std::chrono::steady_clock::now();
      const std::size_t pages = spacedock::storage::backup(*from, *to);
      std::printf("copied %s to %s: %zu pages in %lld ms\n", from->c_str(), to->c_str(), pages,
                  static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                             std::chrono::steady_clock::now() - started)
                                             .count()));
      return 0;
    }
    if (command == "admin") return admin(admin_what ? argv[2] : "", flags);
    if (command == "content") {
      flags.finish();
      return sd::print_content();
    }
    if (command == "cards") {
      auto search = flags.take("--search");
      const bool unsupported = flags.take_switch("--unsupported");
      flags.finish();
      return sd::print_cards(std::move(search), unsupported);
    }
    if (command == "scenario") return sd::run_scenarios({argv + 2, argv + argc});
    if (command == "--help" || command == "-h" || command == "help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    std::fprintf(stderr, "spacedock: unknown command '%s'\n\n%s", command.c_str(), kUsage);
    return 2;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "spacedock %s: %s\n", command.c_str(), e.what());
    return 2;
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
}
