// libFuzzer target: request dispatch. The input is a conversation, frames of a length byte and
// that many bytes, played to one Connection of a real server core (lobby, matches, database in
// a scratch file, password hashing at its minimal cost), each request run to its answer. Every
// frame must get exactly one answer, whatever it holds, and nothing may crash.
#include <google/protobuf/stubs/logging.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "server/chat/chat.h"
#include "server/common/metrics.h"
#include "server/common/services.h"
#include "server/common/sessions.h"
#include "server/common/throttle.h"
#include "server/match/bot_accounts.h"
#include "server/match/lobby.h"
#include "server/net/admission.h"
#include "server/net/web_root.h"
#include "server/persistence/persistence.h"
#include "server/quick_match/queue.h"
#include "server/session/connection.h"
#include "server/tournament/tournaments.h"

namespace sd = spacedock::server;
namespace asio = boost::asio;

namespace {

struct Core {
  sd::ServerConfig config;
  asio::io_context io;
  asio::thread_pool cpu{1};
  std::unique_ptr<sd::Persistence> db;
  sd::Lobby lobby;
  sd::Metrics metrics;
  sd::Admission admission{1000, 1000};
  sd::Throttles throttles{1e9, 1e9, 1000000, 1000000, 1000000};
  sd::SessionRegistry sessions;
  sd::Chat chat;
  sd::BotAccounts bots;
  sd::QuickMatchQueue quick_matches;
  sd::WebRoot web;
  sd::Tournaments tournaments;
  std::unique_ptr<sd::Services> services;

  Core() {
    // Malformed frames are the point here: libprotobuf's report on each would drown the output.
    google::protobuf::SetLogHandler(
        [](google::protobuf::LogLevel, const char*, int, const std::string&) {});
    config.password_cost = sd::PasswordCost::kMinimal;
    config.requests_per_second = 1e9;
    config.request_burst = 1e9;
    const auto path = std::filesystem::temp_directory_path() /
                      ("spacedock-fuzz-" + std::to_string(getpid()) + ".sqlite");
    std::filesystem::remove(path);
    {
      auto setup = spacedock::storage::Database::open(path.string());
      bots.ensure(setup);
    }
    db = std::make_unique<sd::Persistence>(spacedock::storage::Database::open(path.string()));
    services = std::make_unique<sd::Services>(
        sd::Services{config, io, cpu, *db, lobby, metrics, admission, throttles, sessions, chat,
                     bots, quick_matches, web, tournaments, tournaments, nullptr});
    auto reader = spacedock::storage::Database::open(path.string());
    tournaments.restore(*services, reader);
  }
};

Core& core() {
  static Core* instance = new Core();  // lives to the end: its threads must not be joined early
  return *instance;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Core& c = core();
  std::size_t answers = 0;
  auto connection = std::make_shared<sd::Connection>(
      *c.services, asio::make_strand(c.io),
      [&answers](std::shared_ptr<const std::string> bytes) {
        spacedock::v1::ServerMessage message;
        if (message.ParseFromString(*bytes) && message.has_response()) ++answers;
      },
      [](std::string) {}, "fuzz", asio::ip::make_address("127.0.0.1"));
  std::size_t frames = 0;
  for (std::size_t at = 0; at < size;) {
    const std::size_t length = std::min<std::size_t>(data[at], size - at - 1);
    const std::string frame(reinterpret_cast<const char*>(data + at + 1), length);
    at += 1 + length;
    bool done = false;
    connection->handle(frame, [&done] { done = true; });
    ++frames;
    // Run the server's handlers until this request is answered (database and password work
    // happen on their own threads meanwhile).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!done && std::chrono::steady_clock::now() < deadline) {
      c.io.restart();
      c.io.run_for(std::chrono::milliseconds(1));
    }
    if (!done) std::abort();  // a request never answered
  }
  connection->closed();
  c.io.restart();
  c.io.poll();
  if (answers < frames) std::abort();
  return 0;
}
