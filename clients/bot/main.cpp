// spacedock-bot: random-playing bots over the real protocol, for testing and load.
#include <chrono>

#include "clients/bot/bot.h"
#include "clients/bot/tournament.h"
#include "support/cli.h"

int main(int argc, char** argv) {
  namespace support = spacedock::support;
  using support::at_least;
  using support::between;
  spacedock::bot::BotOptions options;
  spacedock::bot::TournamentBotOptions event;
  long think_ms = 0;
  long deadline_s = options.deadline.count();

  CLI::App app("plays complete matches of random bots against a Spacedock server.",
               "spacedock-bot");
  support::configure(app);
  app.footer(
      "Exits 0 only if every match finished and every player and spectator saw a gapless event "
      "stream; bots reconnect and resume if the server restarts, wait out RATE_LIMITED answers "
      "as the server asks (saying so once, and the total at the end), and retry refused "
      "connections.");
  app.add_option("--server", options.server,
                 "ws://host:port/ws or wss://host[:port]/ws (wss trusts the system's CAs, or "
                 "SSL_CERT_FILE)")
      ->type_name("URL");
  app.add_option("--seed", options.seed, "seed of the bots' choices")->type_name("N");
  app.add_option("--think-ms", think_ms, "pause before answering each prompt, in milliseconds")
      ->type_name("N")
      ->check(at_least(0L));
  app.add_option("--deadline", deadline_s, "give up after this many seconds, saying what was left")
      ->type_name("SECONDS")
      ->check(at_least(1L));

  auto* tournament =
      app.add_option("--tournament", event.tournament,
                     "instead of matches, bot players in event ID: each registers (in a STCCG "
                     "event with a sample deck), plays its table of every round, and stops when "
                     "the event is over or it has dropped")
          ->type_name("ID")
          ->default_str("")
          ->group("Tournament");
  app.add_option("--entrants", event.entrants, "how many bot players enter")
      ->type_name("N")
      ->check(at_least(1))
      ->needs(tournament)
      ->group("Tournament");
  app.add_option("--prefix", event.prefix, "their names: NAME0, NAME1, ...")
      ->type_name("NAME")
      ->needs(tournament)
      ->group("Tournament");
  app.add_flag("--stccg", event.stccg, "the event is a Star Trek CCG event")
      ->needs(tournament)
      ->group("Tournament");

  app.add_option("--game", options.game, "incursions, or stccg (two players, random sample decks)")
      ->type_name("NAME")
      ->excludes(tournament)
      ->group("Matches");
  app.add_option("--decks", options.decks,
                 "STCCG: samples (each bot brings one of the sample decks) or random (the server "
                 "draws a random legal deck for each bot)")
      ->type_name("KIND")
      ->check(CLI::IsMember({"samples", "random"}))
      ->excludes(tournament)
      ->group("Matches");
  app.add_option("--matches", options.matches, "matches to play")
      ->type_name("N")
      ->check(at_least(1))
      ->excludes(tournament)
      ->group("Matches");
  app.add_option("--players", options.players, "players per match, 2 to 6")
      ->type_name("N")
      ->check(between(2, 6))
      ->excludes(tournament)
      ->group("Matches");
  app.add_option("--spectators", options.spectators, "spectators following each match")
      ->type_name("K")
      ->check(at_least(0))
      ->excludes(tournament)
      ->group("Matches");
  app.add_option("--parallel", options.parallel, "matches played at once")
      ->type_name("P")
      ->check(at_least(1))
      ->excludes(tournament)
      ->group("Matches");
  app.add_option("--failover", options.failover,
                 "another node of a cluster (a URL as --server), repeatable: a bot whose "
                 "connection drops, or whose node no longer runs its match, tries the next node")
      ->type_name("URL")
      ->group("Matches");
  app.add_flag("--spread", options.spread,
               "the players and spectators of each match (the entrants of an event) start on "
               "different nodes (--server, then the --failover nodes in turn): a cluster relays "
               "between them")
      ->needs("--failover")
      ->group("Matches");
  app.add_option("--ack-log", options.ack_log,
                 "append every acknowledged decision to FILE as \"match decision option\"")
      ->type_name("FILE")
      ->excludes(tournament)
      ->group("Matches");

  if (auto status = support::parse(app, argc, argv)) return *status;
  if (tournament->count() > 0) {
    event.server = options.server;
    event.failover = options.failover;
    event.spread = options.spread;
    event.seed = options.seed;
    event.think = std::chrono::milliseconds(think_ms);
    event.deadline = std::chrono::seconds(deadline_s);
    return spacedock::bot::run_tournament_bots(event);
  }
  options.think = std::chrono::milliseconds(think_ms);
  options.deadline = std::chrono::seconds(deadline_s);
  return spacedock::bot::run_bots(options);
}
