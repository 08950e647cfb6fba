// spacedock-bot: random-playing bots over the real protocol, for testing and load.
#include <cstdio>
#include <string>

#include "clients/bot/bot.h"
#include "clients/bot/tournament.h"
#include "support/flags.h"

namespace {

constexpr const char* kUsage =
    R"(spacedock-bot: plays complete matches of random bots against a Spacedock server.

usage: spacedock-bot [options]
  --server URL         ws://host:port/ws or wss://host[:port]/ws (default
                       ws://127.0.0.1:8080/ws; wss trusts the system's CAs, or SSL_CERT_FILE)
  --game NAME          incursions (default) or stccg (two players, random sample decks)
  --matches N          matches to play (default 1)
  --players N          players per match (default 2)
  --spectators K       spectators following each match (default 0)
  --parallel P         matches played at once (default 8)
  --seed N             seed of the bots' choices (default 1)
  --think-ms N         pause before answering each prompt (default 0)
  --ack-log FILE       append every acknowledged decision as "match decision option"
  --deadline SECONDS   give up after this long, saying what was left (default 600)

  --tournament ID      instead, bot players in event ID: each registers (a STCCG event:
                       with a sample deck), plays its table of every round, and stops when
                       the event is over or it has dropped
    --entrants N         how many (default 8)
    --prefix NAME        their names: NAME0, NAME1, ... (default bot)
    --stccg              the event is a Star Trek CCG event

Exits 0 only if every match finished and every player and spectator saw a gapless event
stream; bots reconnect and resume if the server restarts, wait out RATE_LIMITED answers as
the server asks (saying so once, and the total at the end), and retry refused connections.
)";

}  // namespace

int main(int argc, char** argv) {
  using spacedock::support::Flags;
  spacedock::bot::BotOptions options;
  try {
    if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    Flags flags(argc, argv, 1);
    if (auto tournament = flags.take("--tournament")) {
      spacedock::bot::TournamentBotOptions event;
      event.tournament = Flags::parse_number<std::uint64_t>("--tournament", *tournament);
      if (auto server = flags.take("--server")) event.server = *server;
      flags.take_number("--entrants", event.entrants);
      if (auto prefix = flags.take("--prefix")) event.prefix = *prefix;
      event.stccg = flags.take_switch("--stccg");
      flags.take_number("--seed", event.seed);
      long think = 0;
      flags.take_number("--think-ms", think);
      event.think = std::chrono::milliseconds(think);
      long deadline = event.deadline.count();
      flags.take_number("--deadline", deadline);
      event.deadline = std::chrono::seconds(deadline);
      flags.finish();
      if (event.entrants < 1) throw std::invalid_argument("need --entrants >= 1");
      return spacedock::bot::run_tournament_bots(event);
    }
    if (auto server = flags.take("--server")) options.server = *server;
    if (auto game = flags.take("--game")) options.game = *game;
    flags.take_number("--matches", options.matches);
    flags.take_number("--players", options.players);
    flags.take_number("--spectators", options.spectators);
    flags.take_number("--parallel", options.parallel);
    flags.take_number("--seed", options.seed);
    long think = 0;
    flags.take_number("--think-ms", think);
    options.think = std::chrono::milliseconds(think);
    if (auto log = flags.take("--ack-log")) options.ack_log = *log;
    long deadline = options.deadline.count();
    flags.take_number("--deadline", deadline);
    options.deadline = std::chrono::seconds(deadline);
    flags.finish();
    if (options.matches < 1 || options.players < 2 || options.players > 6 ||
        options.spectators < 0) {
      throw std::invalid_argument("need --matches >= 1, --players 2 to 6, --spectators >= 0");
    }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "spacedock-bot: %s\n\n%s", e.what(), kUsage);
    return 2;
  }
  return spacedock::bot::run_bots(options);
}
