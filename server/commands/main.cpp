// The spacedock command: the game server, the engine benchmarks, content listings and the
// administrator's commands. Each command adds its options to its own CLI11 subcommand and runs
// once the line has parsed; `spacedock COMMAND --help` lists them.
#include <spdlog/spdlog.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "engine/stccg/cards/random_deck.h"
#include "server/commands/bench.h"
#include "server/commands/bot_bench.h"
#include "server/commands/card_listing.h"
#include "server/commands/content_listing.h"
#include "server/commands/pairing_bench.h"
#include "server/commands/scenario.h"
#include "server/commands/serve_options.h"
#include "server/server.h"
#include "storage/accounts.h"
#include "storage/backup.h"
#include "storage/url.h"
#include "support/cli.h"

namespace {

namespace sd = spacedock::server;
using spacedock::support::at_least;
using spacedock::support::between;

// A command and what it does once chosen. Its options live in what `run` holds.
struct Command {
  CLI::App* app;
  std::function<int()> run;
};

CLI::App* add_command(CLI::App& parent, const std::string& name, const std::string& description) {
  return parent.add_subcommand(name, description)->group("Commands");
}

Command add_serve(CLI::App& parent) {
  auto* app = add_command(parent, "serve", "run the game server");
  app->footer(
      "The WebSocket protocol is described in protocol/ (package spacedock.v1); /healthz and "
      "/metrics are served on the same port. protocol/README.md lists every limit.");
  auto options = std::make_shared<sd::ServeOptions>(*app);
  return {app, [options] {
            const sd::ServeSettings settings = options->settings();
            spdlog::set_level(settings.log_level);
            // A peer gone mid-write (Redis, PostgreSQL, an Agones sidecar) is an error to
            // handle where it happens, not a signal that ends the server.
            std::signal(SIGPIPE, SIG_IGN);
            sd::Server server(settings.config);
            return server.run();
          }};
}

Command add_bench(CLI::App& parent) {
  auto* app =
      add_command(parent, "bench", "engine throughput in random legal playouts, one thread");
  auto options = std::make_shared<sd::BenchOptions>();
  auto decks = std::make_shared<std::string>(options->first_deck + "," + options->second_deck);
  app->add_option("--game", options->game, "incursions or stccg (two sample decks)")
      ->type_name("NAME");
  app->add_option("--decks", *decks,
                  "STCCG: the two sample decks that meet; random: a random legal deck for each "
                  "player, new every game")
      ->type_name("A,B");
  app->add_option("--mode", options->mode, "Incursions mode: basic, crew, events or full")
      ->type_name("MODE");
  app->add_option("--players", options->players, "players per game")->type_name("N");
  app->add_option("--seconds", options->seconds, "how long to run")
      ->type_name("S")
      ->check(between(0.0, 1e9));
  app->add_option("--games", options->games,
                  "play exactly N games instead; the signature line (decisions and a digest of "
                  "the final states) then pins the rules")
      ->type_name("N");
  app->add_option("--seed", options->seed, "the first game's seed")->type_name("N");
  return {app, [options, decks] {
            if (*decks == spacedock::stccg::kRandomDeckName) *decks += "," + *decks;
            const auto comma = decks->find(',');
            if (comma == std::string::npos)
              throw std::invalid_argument("--decks: two names, A,B, or random");
            options->first_deck = decks->substr(0, comma);
            options->second_deck = decks->substr(comma + 1);
            return sd::run_bench(*options);
          }};
}

Command add_bot_bench(CLI::App& parent) {
  auto* app = add_command(parent, "bot-bench",
                          "how often a bot beats another, two-player games on one thread");
  auto options = std::make_shared<sd::BotBenchOptions>();
  auto require = std::make_shared<double>(0);
  app->add_option("--game", options->game, "stccg (the sample decks in turn) or incursions")
      ->type_name("NAME");
  app->add_option("--mode", options->mode, "Incursions mode: basic, crew, events or full")
      ->type_name("MODE");
  app->add_option("--games", options->games, "games to play; the bot takes each seat in turn")
      ->type_name("N")
      ->check(at_least(1));
  app->add_option("--strength", options->strength, "the bot measured: random, easy or strong")
      ->type_name("S");
  app->add_option("--against", options->against, "its opponent: random, easy or strong")
      ->type_name("S");
  app->add_option("--seed", options->seed, "the seed of the first game and of the bots")
      ->type_name("N");
  app->add_option("--require", *require,
                  "exit 1 if the bot wins less than P percent of the games (0: never)")
      ->type_name("P")
      ->check(between(0.0, 100.0));
  return {app, [options, require] {
            options->require = *require / 100;
            return sd::run_bot_bench(*options);
          }};
}

Command add_pairing_bench(CLI::App& parent) {
  auto* app = add_command(parent, "pairing-bench",
                          "Swiss pairing time per round of a whole event of random results");
  auto options = std::make_shared<sd::PairingBenchOptions>();
  app->add_option("--players", options->players, "players")->type_name("N")->check(at_least(2));
  app->add_option("--rounds", options->rounds,
                  "Swiss rounds (0: the server's default for the field)")
      ->type_name("N")
      ->check(at_least(0));
  app->add_option("--seed", options->seed, "the event's seed")->type_name("N");
  return {app, [options] { return sd::run_pairing_bench(*options); }};
}

Command add_backup(CLI::App& parent) {
  auto* app = add_command(parent, "backup",
                          "copy a database, even one a running server is writing, to a new file: "
                          "SQLite's online backup, or a pg_dump archive of a PostgreSQL database "
                          "(a consistent snapshot either way)");
  auto from = std::make_shared<std::string>();
  auto to = std::make_shared<std::string>();
  app->add_option("--db", *from,
                  "the database to copy: sqlite:PATH (or a bare path) or postgresql://...")
      ->type_name("URL")
      ->required();
  app->add_option("--to", *to, "the new file (never overwritten)")->type_name("FILE")->required();
  return {app, [from, to] {
            const auto started = std::chrono::steady_clock::now();
            const std::size_t pages = spacedock::storage::backup(*from, *to);
            const auto ms =
                static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                           std::chrono::steady_clock::now() - started)
                                           .count());
            if (spacedock::storage::parse_database_url(*from).backend ==
                spacedock::storage::Backend::kSqlite) {
              std::printf("copied %s to %s: %zu pages in %lld ms\n", from->c_str(), to->c_str(),
                          pages, ms);
            } else {
              std::error_code error;
              const auto bytes = std::filesystem::file_size(*to, error);
              std::printf(
                  "dumped %s to %s with pg_dump (custom format, %llu bytes) in %lld ms; restore "
                  "it into a new, empty database with pg_restore (see storage/backup.h)\n",
                  from->c_str(), to->c_str(), static_cast<unsigned long long>(error ? 0 : bytes),
                  ms);
            }
            return 0;
          }};
}

// The administrator's commands, on the database (the server may be running).
std::vector<Command> add_admin(CLI::App& parent) {
  auto* admin = add_command(parent, "admin", "the administrator's commands on a database");
  admin->require_subcommand(1);
  constexpr const char* kDb =
      "the server's database: sqlite:PATH (or a bare path) or "
      "postgresql://...";

  auto* role = add_command(*admin, "role",
                           "make an account an organiser (who creates and runs tournaments and "
                           "may judge any live match) or a player again; it takes effect at its "
                           "next login");
  auto db = std::make_shared<std::string>();
  auto user = std::make_shared<std::string>();
  auto organiser = std::make_shared<bool>(false);
  auto player = std::make_shared<bool>(false);
  role->add_option("--db", *db, kDb)->type_name("DATABASE")->required();
  role->add_option("--user", *user, "the account's name")->type_name("NAME")->required();
  auto* as_organiser = role->add_flag("--organiser", *organiser, "make it an organiser");
  role->add_flag("--player", *player, "make it a player again")->excludes(as_organiser);
  Command set_role{
      role, [db, user, organiser, player] {
        if (*organiser == *player)
          throw std::invalid_argument("say which: --organiser or --player");
        auto database = spacedock::storage::Database::open(*db);
        if (!spacedock::storage::set_organiser(database, *user, *organiser)) {
          std::fprintf(stderr, "spacedock admin: there is no account '%s'\n", user->c_str());
          return 1;
        }
        std::printf("%s is now %s\n", user->c_str(), *organiser ? "an organiser" : "a player");
        return 0;
      }};

  auto* list = add_command(*admin, "organisers", "list the organisers");
  auto list_db = std::make_shared<std::string>();
  list->add_option("--db", *list_db, kDb)->type_name("DATABASE")->required();
  Command organisers{list, [list_db] {
                       auto database = spacedock::storage::Database::open(*list_db);
                       const auto found = spacedock::storage::organisers(database);
                       for (const auto& account : found)
                         std::printf("%s\n", account.username.c_str());
                       if (found.empty()) std::printf("(no organisers)\n");
                       return 0;
                     }};
  return {set_role, organisers};
}

Command add_content(CLI::App& parent) {
  auto* app =
      add_command(parent, "content", "list the Incursions ships, hexes and hexpile presets");
  return {app, [] { return sd::print_content(); }};
}

Command add_cards(CLI::App& parent) {
  auto* app = add_command(parent, "cards", "list the STCCG cards with their figures");
  auto search = std::make_shared<std::string>();
  auto unsupported = std::make_shared<bool>(false);
  app->add_option("--search", *search,
                  "only the cards whose title, id, keywords or summary contain TEXT")
      ->type_name("TEXT");
  app->add_flag("--unsupported", *unsupported,
                "only the cards the engine does not play yet, and why");
  return {app, [app, search, unsupported] {
            std::optional<std::string> text;
            if (app->get_option("--search")->count() > 0) text = *search;
            return sd::print_cards(std::move(text), *unsupported);
          }};
}

Command add_scenario(CLI::App& parent) {
  auto* app =
      add_command(parent, "scenario", "run STCCG rules scenarios (tests/scenarios/README.md)");
  auto files = std::make_shared<std::vector<std::string>>();
  app->add_option("FILE", *files, "the scenario files")->type_name("FILE")->required();
  return {app, [files] { return sd::run_scenarios(*files); }};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("an authoritative server for Star Trek card and tile games.", "spacedock");
  spacedock::support::configure(app);
  std::vector<Command> commands{add_serve(app), add_bench(app), add_bot_bench(app),
                                add_pairing_bench(app), add_backup(app)};
  for (Command& command : add_admin(app))
    commands.push_back(std::move(command));
  commands.push_back(add_content(app));
  commands.push_back(add_cards(app));
  commands.push_back(add_scenario(app));
  // `spacedock help`, as `spacedock --help`; left out of the list.
  app.add_subcommand("help", "")->group("");
  app.require_subcommand(0, 1);  // `spacedock serve bench` is a mistake, not two commands
  // After the commands, which would inherit it.
  app.footer("spacedock COMMAND --help lists a command's options.");

  if (auto status = spacedock::support::parse(app, argc, argv)) return *status;
  const CLI::App* chosen = spacedock::support::chosen_command(app);
  try {
    for (const Command& command : commands)
      if (command.app == chosen) return command.run();
  } catch (const CLI::ParseError& e) {  // serve's --config file
    return spacedock::support::usage_error(chosen, e.what());
  } catch (const std::invalid_argument& e) {
    return spacedock::support::usage_error(chosen, e.what());
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    return 1;
  }
  // No command, or `help`: the program's own help (app.help() would give the chosen command's).
  std::fputs(app.get_formatter()->make_help(&app, "", CLI::AppFormatMode::Normal).c_str(), stdout);
  return 0;
}
