// spacedock-cli: play, watch and script Spacedock matches from a terminal.
#include <fcntl.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <cstdio>
#include <random>
#include <string>

#include "clients/cli/session.h"
#include "support/cli.h"

int main(int argc, char** argv) {
  namespace support = spacedock::support;
  std::string server = "ws://127.0.0.1:8080/ws";
  std::uint64_t seed = std::random_device{}();
  CLI::App app("a terminal client for a Spacedock server, for people and scripts.",
               "spacedock-cli");
  support::configure(app);
  app.footer(
      "Commands are read from stdin, one per line (type help, or pipe a script in); server "
      "events are shown as they arrive. Exits 0, or 1 if the server could not be reached or "
      "reconnecting failed.");
  app.add_option("--server", server,
                 "ws://host:port/ws or wss://host[:port]/ws (wss trusts the system's CAs, or the "
                 "file SSL_CERT_FILE names)")
      ->type_name("URL");
  app.add_option("--seed", seed, "seed of the random answers `auto` gives")
      ->type_name("N")
      ->default_str("random");
  if (auto status = support::parse(app, argc, argv)) return *status;
  spacedock::client::Url url;
  try {
    url = spacedock::client::Url::parse(server);
  } catch (const std::invalid_argument& e) {
    return support::usage_error(&app, std::string("--server: ") + e.what());
  }
  // Reading stdin asynchronously makes it non-blocking, which the shell shares: restore it.
  const int stdin_flags = ::fcntl(STDIN_FILENO, F_GETFL);
  boost::asio::io_context io;
  spacedock::cli::Session session(io.get_executor(), url, seed);
  int status = 1;
  boost::asio::co_spawn(io, session.run(), [&](std::exception_ptr error, int result) {
    if (error) {
      try {
        std::rethrow_exception(error);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "spacedock-cli: %s\n", e.what());
      }
    } else {
      status = result;
    }
    io.stop();  // the stdin reader may still be waiting for input
  });
  io.run();
  if (stdin_flags != -1) ::fcntl(STDIN_FILENO, F_SETFL, stdin_flags);
  return status;
}
