// spacedock-cli: play, watch and script Spacedock matches from a terminal.
#include <fcntl.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <cstdio>
#include <random>
#include <string>

#include "clients/cli/session.h"
#include "support/flags.h"

namespace {

constexpr const char* kUsage =
    R"(spacedock-cli: a terminal client for a Spacedock server, for people and scripts.

usage: spacedock-cli [options]
  --server URL   ws://host:port/ws or wss://host[:port]/ws (default ws://127.0.0.1:8080/ws;
                 wss trusts the system's CAs, or the file SSL_CERT_FILE names)
  --seed N       seed of the random answers `auto` gives (default: random)

Commands are read from stdin, one per line (type help, or pipe a script in); server events
are shown as they arrive. Exits 0, or 1 if the server could not be reached or reconnecting
failed.
)";

}  // namespace

int main(int argc, char** argv) {
  using spacedock::support::Flags;
  std::string server = "ws://127.0.0.1:8080/ws";
  std::uint64_t seed = std::random_device{}();
  spacedock::client::Url url;
  try {
    if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    Flags flags(argc, argv, 1);
    if (auto value = flags.take("--server")) server = *value;
    flags.take_number("--seed", seed);
    flags.finish();
    url = spacedock::client::Url::parse(server);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "spacedock-cli: %s\n\n%s", e.what(), kUsage);
    return 2;
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
