// Cluster mode end to end (server/cluster/, storage/ownership.h): two server nodes share one
// PostgreSQL database. Bots play on node a, with node b as the node to fail over to; a is killed
// with SIGKILL in the middle of the games; b adopts a's matches by replaying their logs, the bots
// resume there, and every game finishes with nothing acknowledged lost. Runs where the suite runs
// on PostgreSQL (integration_tests_postgresql); cluster mode needs it.
#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "clients/bot/support.h"
#include "storage/accounts.h"
#include "storage/matches.h"
#include "storage/ownership.h"
#include "storage/tournament_host.h"
#include "storage/tournaments.h"
#include "tests/integration/driver.h"
#include "tests/integration/process.h"
#include "tests/integration/server_run.h"
#include "tests/server/play.h"
#include "tests/server/test_client.h"
#include "tests/temp_dir.h"
#include "tests/test_database.h"

namespace sd = spacedock;
using sd::testing::Process;
using sd::testing::slurp;
using sd::testing::TempDir;
using sd::testing::wait_for_port;
using namespace std::chrono_literals;

namespace {

constexpr int kHeartbeatMs = 300;
constexpr int kOwnerTimeoutMs = 1500;

bool on_sqlite() {
  return sd::testing::test_backend() == sd::storage::Backend::kSqlite;
}

// Node `id` of the cluster whose database and files are in `dir`.
std::unique_ptr<Process> start_node(const std::filesystem::path& dir, const std::string& id,
                                    int owner_timeout_ms = kOwnerTimeoutMs,
                                    const std::vector<std::string>& more = {}) {
  const auto port_file = dir / (id + ".port");
  std::filesystem::remove(port_file);
  std::vector<std::string> command{SPACEDOCK_BIN,
                                   "serve",
                                   "--listen",
                                   "127.0.0.1:0",
                                   "--db",
                                   sd::testing::database_url(dir / "db"),
                                   "--port-file",
                                   port_file.string(),
                                   "--password-cost",
                                   "minimal",
                                   "--node-id",
                                   id,
                                   "--heartbeat-ms",
                                   std::to_string(kHeartbeatMs),
                                   "--owner-timeout-ms",
                                   std::to_string(owner_timeout_ms)};
  command.insert(command.end(), more.begin(), more.end());
  return std::make_unique<Process>(command, (dir / (id + ".log")).string());
}

// A stand-in for the Agones SDK sidecar: HTTP on loopback, answering every request 200 "{}"
// and recording it as "METHOD PATH". Serves until destroyed, polling so that it stops by itself.
class FakeSidecar {
 public:
  FakeSidecar() {
    listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    auto* generic = reinterpret_cast<sockaddr*>(&address);
    if (::bind(listener_, generic, length) != 0 || ::listen(listener_, 16) != 0 ||
        ::getsockname(listener_, generic, &length) != 0)
      throw std::runtime_error("the fake sidecar cannot listen");
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeSidecar() {
    stop_ = true;
    thread_.join();
    ::close(listener_);
  }
  FakeSidecar(const FakeSidecar&) = delete;
  FakeSidecar& operator=(const FakeSidecar&) = delete;

  std::uint16_t port() const { return port_; }
  std::vector<std::string> requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
  }
  bool saw(const std::string& request) const {
    const auto seen = requests();
    return std::find(seen.begin(), seen.end(), request) != seen.end();
  }

 private:
  void serve() {
    while (!stop_) {
      pollfd waiting{listener_, POLLIN, 0};
      if (::poll(&waiting, 1, 50) <= 0) continue;
      const int client = ::accept(listener_, nullptr, nullptr);
      if (client < 0) continue;
      std::string text;
      char chunk[1024];
      // The head, then as much body as it announces (the SDK's bodies are "{}").
      for (;;) {
        const auto header_end = text.find("\r\n\r\n");
        if (header_end != std::string::npos) {
          const auto length_at = text.find("Content-Length: ");
          const std::size_t body =
              length_at == std::string::npos ? 0 : std::stoul(text.substr(length_at + 16));
          if (text.size() >= header_end + 4 + body) break;
        }
        const auto got = ::recv(client, chunk, sizeof chunk, 0);
        if (got <= 0) break;
        text.append(chunk, static_cast<std::size_t>(got));
      }
      const auto line_end = text.find(" HTTP/");
      if (line_end != std::string::npos) {
        std::lock_guard lock(mutex_);
        requests_.push_back(text.substr(0, line_end));
      }
      const std::string answer =
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
          "Connection: close\r\n\r\n{}";
      ::send(client, answer.data(), answer.size(), MSG_NOSIGNAL);
      ::close(client);
    }
  }

  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stop_ = false;
  mutable std::mutex mutex_;
  std::vector<std::string> requests_;
  std::thread thread_;
};

std::string ws_url(const std::filesystem::path& dir, const std::string& id) {
  return "ws://127.0.0.1:" + std::to_string(wait_for_port(dir / (id + ".port"))) + "/ws";
}

// An active match of node `node` with at least `inputs` stored inputs, if any.
std::optional<std::int64_t> owned_match_in_progress(sd::storage::Database& db,
                                                    const std::string& node, std::size_t inputs) {
  for (const sd::storage::Lease& lease : sd::storage::owned_matches(db, node)) {
    const auto record = sd::storage::load_match(db, lease.match_id);
    if (record && record->status == sd::storage::MatchStatus::kActive &&
        sd::storage::load_inputs(db, lease.match_id).size() >= inputs)
      return lease.match_id;
  }
  return std::nullopt;
}

// Nodes a and b on one database, and bots playing 3 matches on a (a spectator each) that fail
// over to b; `victim` is a's first game to reach 25 stored inputs.
struct TwoNodes {
  explicit TwoNodes(int owner_timeout_ms = kOwnerTimeoutMs)
      : a(start_node(dir.path(), "a", owner_timeout_ms)),
        a_url(ws_url(dir.path(), "a")),
        b(start_node(dir.path(), "b", owner_timeout_ms)),
        b_url(ws_url(dir.path(), "b")),
        bots({SPACEDOCK_BOT_BIN, "--server", a_url, "--failover", b_url, "--matches", "3",
              "--parallel", "3", "--spectators", "1", "--think-ms", "3", "--deadline", "120",
              "--ack-log", (dir.path() / "acks").string()},
             (dir.path() / "bots.log").string()) {
    std::optional<std::int64_t> found;
    for (int i = 0; i < 1500 && !found; ++i) {
      found = owned_match_in_progress(watch, "a", 25);
      if (!found) std::this_thread::sleep_for(20ms);
    }
    REQUIRE_MESSAGE(found.has_value(), "no game on node a reached 25 inputs:\n" << log("bots"));
    victim = *found;
  }

  std::string log(const std::string& name) const { return slurp(dir.path() / (name + ".log")); }

  // Polls, at most `polls` times 10 ms, until `node` owns the victim; says whether it does.
  bool owned_by(const std::string& node, int polls) {
    for (int i = 0; i < polls; ++i) {
      if (sd::storage::owner_of(watch, victim) == node) return true;
      std::this_thread::sleep_for(10ms);
    }
    return false;
  }

  // The bots end within `wait`, every game finished.
  void bots_finish(std::chrono::seconds wait) {
    const auto exit = bots.wait_for(wait);
    const std::string bot_log = log("bots");
    REQUIRE_MESSAGE(exit.has_value(), "the bots did not finish:\n" << bot_log);
    CHECK_MESSAGE(*exit == 0, bot_log);
    CHECK(bot_log.find("3 of 3 matches finished") != std::string::npos);
  }

  // Every decision a bot saw acknowledged, on either node, is in the log, and each log replays
  // to its recorded result.
  void check_logs() {
    REQUIRE(sd::storage::load_matches(watch, {sd::storage::MatchStatus::kFinished}).size() == 3);
    const auto acks =
        sd::testing::check_acks(watch, dir.path() / "acks", {sd::storage::MatchStatus::kFinished});
    CHECK(acks.missing == 0);
    CHECK(acks.acknowledged > 50);
    CHECK(sd::testing::check_stored_matches_replay(watch) == 3);
  }

  TempDir dir;
  std::unique_ptr<Process> a;
  std::string a_url;
  std::unique_ptr<Process> b;
  std::string b_url;
  Process bots;
  sd::storage::Database watch = sd::testing::open_database(dir.path() / "db");
  std::int64_t victim = 0;
};

}  // namespace

TEST_CASE(
    "cluster: a node killed with SIGKILL loses its matches to the other, which finishes them" *
    doctest::skip(on_sqlite())) {
  TwoNodes c;
  c.a->kill(SIGKILL);
  const auto killed = std::chrono::steady_clock::now();
  REQUIRE(c.a->wait_for(10s).has_value());
  const std::size_t inputs_at_kill = sd::storage::load_inputs(c.watch, c.victim).size();

  // Node b adopts the match once a has been silent past the owner timeout.
  REQUIRE_MESSAGE(c.owned_by("b", 1500), c.log("b"));
  const auto failover = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - killed);
  MESSAGE("failover: match " << c.victim << " owned by b " << failover.count()
                             << " ms after node a was killed (owner timeout " << kOwnerTimeoutMs
                             << " ms, heartbeat " << kHeartbeatMs << " ms)");
  // Liveness, not speed: the timeout, a few heartbeats, and room for a busy machine.
  CHECK(failover < 15s);

  c.bots_finish(120s);
  CHECK(c.log("b").find("cluster: adopted") != std::string::npos);
  c.b->kill(SIGTERM);
  CHECK(c.b->wait_for(10s) == 0);

  // The games went on after the kill, and no owner row outlives its game.
  c.check_logs();
  CHECK(sd::storage::load_inputs(c.watch, c.victim).size() > inputs_at_kill);
  CHECK(sd::storage::owned_matches(c.watch, "a").empty());
  CHECK(sd::storage::owned_matches(c.watch, "b").empty());
}

// A node frozen inside a batch may wake after PostgreSQL ended its session: the batch's pieces
// must then fail with it, not run in transactions of their own outside the fence (they once did,
// and about one run in eight stored an input of a match the other node had adopted).
TEST_CASE("cluster: a node stopped past its lease acknowledges nothing for the matches it lost" *
          doctest::skip(on_sqlite())) {
  TwoNodes c;
  // Frozen, as a paused VM or a debugger would leave it: its sockets stay open, it answers
  // nothing, and its heartbeats stop.
  c.a->kill(SIGSTOP);
  REQUIRE_MESSAGE(c.owned_by("b", 2000), c.log("b"));
  const std::size_t inputs_at_adoption = sd::storage::load_inputs(c.watch, c.victim).size();
  // It wakes up with requests queued on its sockets, as if nothing had happened.
  c.a->kill(SIGCONT);

  c.bots_finish(120s);
  c.a->kill(SIGTERM);
  c.b->kill(SIGTERM);
  CHECK(c.a->wait_for(10s) == 0);
  CHECK(c.b->wait_for(10s) == 0);

  // Had node a acknowledged a decision after losing its match, that decision would be missing
  // from the log: the fence refused it, so every acknowledged decision is there, and each log
  // is one line of inputs that replays to its result.
  c.check_logs();
  CHECK(sd::storage::load_inputs(c.watch, c.victim).size() > inputs_at_adoption);
  const std::string woke = c.log("a").find("another node owns it now") != std::string::npos
                               ? "a write was refused by the fence"
                               : "no write was tried for a lost match";
  MESSAGE("node a after waking: " << woke);
}

TEST_CASE("cluster: a node told to stop hands its matches over, and another adopts them at once" *
          doctest::skip(on_sqlite())) {
  // An owner timeout no test waits out: only the hand-over can move the matches in time.
  constexpr int kLongTimeoutMs = 600'000;
  TwoNodes c(kLongTimeoutMs);
  c.a->kill(SIGTERM);
  CHECK(c.a->wait_for(10s) == 0);
  CHECK(c.log("a").find("handed its matches over") != std::string::npos);

  c.bots_finish(60s);
  c.b->kill(SIGTERM);
  CHECK(c.b->wait_for(10s) == 0);

  c.check_logs();
  const auto nodes = sd::storage::load_nodes(c.watch);
  REQUIRE(nodes.size() == 2);
  CHECK(nodes[0].draining);  // a
}

TEST_CASE("cluster: an Agones node reports ready, healthy and allocated, and shuts down drained" *
          doctest::skip(on_sqlite())) {
  FakeSidecar sidecar;
  ::setenv("AGONES_SDK_HTTP_PORT", std::to_string(sidecar.port()).c_str(), 1);
  TempDir dir;
  auto a = start_node(dir.path(), "a", kOwnerTimeoutMs, {"--agones"});
  ::unsetenv("AGONES_SDK_HTTP_PORT");
  const std::string a_url = ws_url(dir.path(), "a");
  for (int i = 0; i < 500 && !sidecar.saw("POST /health"); ++i)
    std::this_thread::sleep_for(10ms);
  // No match yet: ready and healthy, not allocated.
  CHECK(sidecar.saw("POST /ready"));
  CHECK(sidecar.saw("POST /health"));
  CHECK_FALSE(sidecar.saw("POST /allocate"));

  Process bots({SPACEDOCK_BOT_BIN, "--server", a_url, "--matches", "1", "--think-ms", "3",
                "--deadline", "60"},
               (dir.path() / "bots.log").string());
  const auto exit = bots.wait_for(60s);
  REQUIRE_MESSAGE(exit.has_value(), slurp(dir.path() / "bots.log"));
  CHECK(*exit == 0);
  for (int i = 0; i < 500 && !sidecar.saw("POST /allocate"); ++i)
    std::this_thread::sleep_for(10ms);
  CHECK(sidecar.saw("POST /allocate"));

  a->kill(SIGTERM);
  CHECK(a->wait_for(10s) == 0);
  const auto calls = sidecar.requests();
  REQUIRE_FALSE(calls.empty());
  CHECK(calls.front() == "POST /ready");
  CHECK(calls.back() == "POST /shutdown");
  CHECK(std::count(calls.begin(), calls.end(), "POST /allocate") == 1);
}

namespace {

// A Redis server of the test's own, on a Unix socket in `dir`, keeping nothing on disk.
class Redis {
 public:
  explicit Redis(std::filesystem::path dir) : dir_(std::move(dir)) { start(); }

  std::string url() const { return "unix:" + socket().string(); }
  void start() {
    std::filesystem::remove(socket());
    process_ = std::make_unique<Process>(
        std::vector<std::string>{"/usr/bin/redis-server", "--port", "0", "--unixsocket",
                                 socket().string(), "--save", "", "--appendonly", "no", "--dir",
                                 dir_.string()},
        (dir_ / "redis.log").string());
    for (int i = 0; i < 500 && !std::filesystem::exists(socket()); ++i)
      std::this_thread::sleep_for(10ms);
    REQUIRE_MESSAGE(std::filesystem::exists(socket()), slurp(dir_ / "redis.log"));
  }
  // Gone at once, as a crashed Redis would be.
  void kill() {
    process_->kill(SIGKILL);
    process_->wait_for(10s);
    process_.reset();
  }

 private:
  std::filesystem::path socket() const { return dir_ / "redis.sock"; }
  std::filesystem::path dir_;
  std::unique_ptr<Process> process_;
};

// Nodes a, b and c on one database and one Redis, each with `options` too, started one after
// another: the server's bot accounts are made by the first, so that every run numbers the
// accounts alike (a tournament's pairings draw on the account ids).
struct ThreeNodeCluster {
  explicit ThreeNodeCluster(std::vector<std::string> options = {})
      : redis(dir.path()),
        a(listening(start_node(dir.path(), "a", kOwnerTimeoutMs, with_redis(options)), "a")),
        b(listening(start_node(dir.path(), "b", kOwnerTimeoutMs, with_redis(options)), "b")),
        c(listening(start_node(dir.path(), "c", kOwnerTimeoutMs, with_redis(options)), "c")) {}

  std::unique_ptr<Process> listening(std::unique_ptr<Process> node, const std::string& id) const {
    wait_for_port(dir.path() / (id + ".port"));
    return node;
  }

  std::vector<std::string> with_redis(std::vector<std::string> options) const {
    options.insert(options.end(), {"--redis", redis.url()});
    return options;
  }

  std::string url(const std::string& node) const { return ws_url(dir.path(), node); }
  std::string log(const std::string& name) const { return slurp(dir.path() / (name + ".log")); }

  TempDir dir;
  Redis redis;
  std::unique_ptr<Process> a;
  std::unique_ptr<Process> b;
  std::unique_ptr<Process> c;
  sd::storage::Database watch = sd::testing::open_database(dir.path() / "db");
};

// Bots play 3 matches on the cluster, each created on a, its second player on b and its
// spectator on c: those two play and watch through the relay.
struct ThreeNodes : ThreeNodeCluster {
  ThreeNodes()
      : bots({SPACEDOCK_BOT_BIN, "--server",   url("a"),     "--failover",
              url("b"),          "--failover", url("c"),     "--spread",
              "--matches",       "3",          "--parallel", "3",
              "--spectators",    "1",          "--think-ms", "3",
              "--deadline",      "120",        "--ack-log",  (dir.path() / "acks").string()},
             (dir.path() / "bots.log").string()) {}

  // Each of the run's matches has at least `inputs` stored inputs.
  bool under_way(std::size_t inputs) {
    const auto matches = sd::storage::load_matches(
        watch, {sd::storage::MatchStatus::kActive, sd::storage::MatchStatus::kFinished});
    if (matches.size() < 3) return false;
    return std::all_of(matches.begin(), matches.end(), [&](const auto& m) {
      return sd::storage::load_inputs(watch, m.id).size() >= inputs;
    });
  }

  // The bots finish every game within `wait`; the nodes still running stop cleanly; every
  // acknowledged decision is stored and every log replays.
  std::string finish(std::chrono::seconds wait) {
    const auto exit = bots.wait_for(wait);
    const std::string bot_log = log("bots");
    REQUIRE_MESSAGE(exit.has_value(), "the bots did not finish:\n" << bot_log);
    CHECK_MESSAGE(*exit == 0, bot_log);
    CHECK(bot_log.find("3 of 3 matches finished") != std::string::npos);
    for (Process* node : {a.get(), b.get(), c.get()}) {
      if (!node->exited()) node->kill(SIGTERM);
    }
    for (Process* node : {a.get(), b.get(), c.get()})
      CHECK(node->wait_for(10s).has_value());
    const auto acks =
        sd::testing::check_acks(watch, dir.path() / "acks", {sd::storage::MatchStatus::kFinished});
    CHECK(acks.missing == 0);
    CHECK(acks.acknowledged > 50);
    CHECK(sd::testing::check_stored_matches_replay(watch) == 3);
    return bot_log;
  }

  Process bots;
};

}  // namespace

TEST_CASE("cluster: players and spectators on other nodes play and watch through Redis" *
          doctest::skip(on_sqlite())) {
  ThreeNodes n;
  const std::string bot_log = n.finish(120s);
  // Nobody had to move: every second player played through b and every spectator watched
  // through c, each stream gapless (the bots check), while a ran every match.
  CHECK_MESSAGE(bot_log.find(", 0 reconnects") != std::string::npos, bot_log);
  CHECK(n.log("b").find("receiving on Redis channels spacedock:node:b") != std::string::npos);
}

TEST_CASE("cluster: Redis lost mid-game stalls relayed play, which recovers when it is back" *
          doctest::skip(on_sqlite())) {
  ThreeNodes n;
  for (int i = 0; i < 1500 && !n.under_way(10); ++i)
    std::this_thread::sleep_for(20ms);
  REQUIRE_MESSAGE(n.under_way(10), n.log("bots"));
  n.redis.kill();
  std::this_thread::sleep_for(1s);
  n.redis.start();
  n.finish(120s);
  CHECK(n.log("b").find("lost the Redis subscription") != std::string::npos);
  CHECK(n.log("b").find("Redis is back") != std::string::npos);
}

namespace {

// Scripted matches, the same wherever they run: every game seed follows from the match id, the
// bots play one match at a time (so that the ids fall alike), and each seat's bot chooses by
// its own seed.
const std::vector<std::string> kRepeatableSeeds{"--repeatable-seeds", "1701"};

// The command of one server on SQLite (dir/one.sqlite, its port in dir/one.port), with the
// scripted matches' seeds: what the cluster's runs are compared with.
std::vector<std::string> one_sqlite_node(const std::filesystem::path& dir) {
  std::vector<std::string> command{SPACEDOCK_BIN,
                                   "serve",
                                   "--listen",
                                   "127.0.0.1:0",
                                   "--db",
                                   (dir / "one.sqlite").string(),
                                   "--port-file",
                                   (dir / "one.port").string(),
                                   "--password-cost",
                                   "minimal"};
  command.insert(command.end(), kRepeatableSeeds.begin(), kRepeatableSeeds.end());
  return command;
}

// The bots play 3 three-player Incursions matches, then 3 STCCG matches, the players of each
// spread over `urls` (one node's, or three); returns how many matches the bots finished.
int play_scripted_matches(const std::vector<std::string>& urls, const std::filesystem::path& dir) {
  int finished = 0;
  for (const char* game : {"incursions", "stccg"}) {
    std::vector<std::string> command{SPACEDOCK_BOT_BIN, "--server", urls.front()};
    for (std::size_t i = 1; i < urls.size(); ++i)
      command.insert(command.end(), {"--failover", urls[i]});
    if (urls.size() > 1) command.push_back("--spread");
    const bool incursions = std::string_view(game) == "incursions";
    command.insert(command.end(),
                   {"--game", game, "--players", incursions ? "3" : "2", "--matches", "3",
                    "--parallel", "1", "--seed", "47", "--think-ms", "0", "--deadline", "120"});
    const auto log_file = dir / (std::string(game) + "-bots.log");
    Process bots(command, log_file.string());
    const auto exit = bots.wait_for(150s);
    const std::string log = slurp(log_file);
    REQUIRE_MESSAGE(exit.has_value(), "the bots did not finish:\n" << log);
    CHECK_MESSAGE(*exit == 0, log);
    finished += log.find("3 of 3 matches finished") != std::string::npos ? 3 : 0;
  }
  return finished;
}

}  // namespace

TEST_CASE(
    "cluster: the same scripted matches on three nodes and on one SQLite node end in the same "
    "state hashes" *
    doctest::skip(on_sqlite())) {
  std::map<std::int64_t, std::uint64_t> on_three;
  {
    ThreeNodeCluster n(kRepeatableSeeds);
    CHECK(play_scripted_matches({n.url("a"), n.url("b"), n.url("c")}, n.dir.path()) == 6);
    on_three = sd::testing::replay_stored_matches(n.watch);
  }
  TempDir one;
  const auto db = one.path() / "one.sqlite";
  std::map<std::int64_t, std::uint64_t> on_one;
  {
    Process node(one_sqlite_node(one.path()), (one.path() / "one.log").string());
    const std::string url = ws_url(one.path(), "one");
    CHECK(play_scripted_matches({url}, one.path()) == 6);
    node.kill(SIGTERM);
    CHECK(node.wait_for(10s).has_value());
  }
  sd::storage::Database stored = sd::storage::Database::open(db.string());
  on_one = sd::testing::replay_stored_matches(stored);
  REQUIRE(on_three.size() == 6);
  CHECK(on_three == on_one);
  // Different games, not empty ones.
  CHECK(on_three.at(1) != on_three.at(2));
  CHECK(on_three.at(4) != on_three.at(5));
}

namespace {

using sd::testing::Driver;
using sd::testing::message;

// Sends `request` as `driver` again while it is UNAVAILABLE (the events moving between nodes),
// for at most a minute.
sd::v1::Response call_through(Driver& driver, const sd::v1::ClientMessage& request) {
  for (int i = 0; i < 600; ++i) {
    auto response = driver.call(request);
    if (response.code() != sd::v1::UNAVAILABLE) return response;
    std::this_thread::sleep_for(100ms);
  }
  FAIL("the tournaments stayed unavailable for a minute");
  return {};
}

// Where a Swiss event is run: the organiser's node, the nodes the bots start on in turn, the
// database, and what happens once round `r` is under way.
struct SwissVenue {
  std::string organiser_url;
  std::vector<std::string> urls;
  sd::storage::Database& db;
  std::filesystem::path dir;
  std::function<void(std::int64_t tournament, int round)> during_round = [](std::int64_t, int) {};
};

// A 3-round Swiss event of 32 bots (spacedock-bot --tournament), organised by olga; returns its
// final standings, a line each: "rank name points wins-draws-losses omw gw ogw".
std::string swiss_of_32(const SwissVenue& venue) {
  // Every account in a fixed order, so that their ids, from which the pairings draw, are the same
  // on every run.
  Driver olga(venue.organiser_url, "olga", "olga-password");
  olga.call(message([](auto& m) { m.mutable_ping(); }));
  REQUIRE(sd::storage::set_organiser(venue.db, "olga", true));
  olga.drop_connection();  // the role is read at the next login
  for (int i = 0; i < 32; ++i) {
    Driver player(venue.organiser_url, "player" + std::to_string(i), sd::bot::kPassword);
    player.call(message([](auto& m) { m.mutable_ping(); }));
  }
  const auto made = call_through(olga, message([](auto& m) {
                                   auto* s = m.mutable_create_tournament()->mutable_settings();
                                   s->set_name("Thirty-two");
                                   s->set_game(sd::v1::GAME_INCURSIONS);
                                   s->set_swiss_rounds(3);
                                 }));
  REQUIRE_MESSAGE(made.code() == sd::v1::OK, made.message());
  const std::uint64_t id = made.tournament().tournament_id();

  std::vector<std::string> command{SPACEDOCK_BOT_BIN, "--server", venue.urls.front()};
  for (std::size_t i = 1; i < venue.urls.size(); ++i)
    command.insert(command.end(), {"--failover", venue.urls[i]});
  if (venue.urls.size() > 1) command.push_back("--spread");
  command.insert(command.end(), {"--tournament", std::to_string(id), "--entrants", "32", "--prefix",
                                 "player", "--seed", "47", "--deadline", "300"});
  const auto bot_log = venue.dir / "swiss-bots.log";
  Process bots(command, bot_log.string());
  auto event = [&] {
    return call_through(
               olga, message([&](auto& m) { m.mutable_get_tournament()->set_tournament_id(id); }))
        .tournament();
  };
  for (int i = 0; i < 600 && event().entrants_size() < 32; ++i)
    std::this_thread::sleep_for(50ms);
  REQUIRE_MESSAGE(event().entrants_size() == 32, slurp(bot_log));

  int rounds = 0;
  for (;;) {
    const auto started =
        call_through(olga, message([&](auto& m) {
                       m.mutable_start_round()->set_tournament_id(id);
                       m.mutable_start_round()->set_round(static_cast<std::uint32_t>(rounds + 1));
                     }));
    if (started.code() == sd::v1::WRONG_STATE && rounds > 0) break;  // the event is over
    REQUIRE_MESSAGE(started.code() == sd::v1::OK, started.message());
    ++rounds;
    venue.during_round(static_cast<std::int64_t>(id), rounds);
    for (int i = 0; i < 1200 && !event().round_done(); ++i)
      std::this_thread::sleep_for(100ms);
    REQUIRE_MESSAGE(event().round_done(), "round " << rounds << " did not finish:\n"
                                                   << slurp(bot_log));
  }
  CHECK(rounds == 3);
  const auto exit = bots.wait_for(120s);
  REQUIRE_MESSAGE(exit.has_value(), slurp(bot_log));
  CHECK_MESSAGE(*exit == 0, slurp(bot_log));
  CHECK(slurp(bot_log).find("32 of 32 entrants saw the event end") != std::string::npos);

  const auto standings = call_through(
      olga, message([&](auto& m) { m.mutable_get_standings()->set_tournament_id(id); }));
  REQUIRE(standings.code() == sd::v1::OK);
  CHECK(standings.standings().final());
  std::ostringstream rows;
  for (const auto& r : standings.standings().rows()) {
    rows << r.rank() << ' ' << r.player().username() << ' ' << r.points() << ' ' << r.wins() << '-'
         << r.draws() << '-' << r.losses() << ' ' << r.opponents_match_win() << ' ' << r.game_win()
         << ' ' << r.opponents_game_win() << '\n';
  }
  return rows.str();
}

// The matches of round `round` of event `tournament`, as stored.
std::vector<std::int64_t> round_matches(sd::storage::Database& db, std::int64_t tournament,
                                        int round) {
  std::vector<std::int64_t> ids;
  const auto data = sd::storage::load_tournament(db, tournament);
  for (const auto& t : data->rounds.at(static_cast<std::size_t>(round - 1)).tables) {
    if (t.match_id != 0) ids.push_back(t.match_id);
  }
  return ids;
}

}  // namespace

TEST_CASE(
    "cluster: a Swiss event of 32 bots spreads its tables over the nodes, survives the loss of "
    "the node running it, and ends as on one node" *
    doctest::skip(on_sqlite())) {
  std::string on_three;
  {
    ThreeNodeCluster n(kRepeatableSeeds);
    // The node that takes the events first; the organiser works from another.
    std::string host;
    for (int i = 0; i < 100 && host.empty(); ++i) {
      host = sd::storage::tournament_host(n.watch).node_id;
      if (host.empty()) std::this_thread::sleep_for(50ms);
    }
    REQUIRE_FALSE(host.empty());
    const std::string organiser_node = host == "a" ? "b" : "a";
    SwissVenue venue{
        n.url(organiser_node), {n.url("a"), n.url("b"), n.url("c")}, n.watch, n.dir.path()};
    std::set<std::string> table_nodes;
    venue.during_round = [&](std::int64_t tournament, int round) {
      for (std::int64_t match : round_matches(n.watch, tournament, round)) {
        if (auto owner = sd::storage::owner_of(n.watch, match)) table_nodes.insert(*owner);
      }
      if (round != 2) return;
      // Once round 2's games are under way, the host dies.
      const auto matches = round_matches(n.watch, tournament, 2);
      auto inputs = [&] {
        std::size_t stored = 0;
        for (std::int64_t match : matches)
          stored += sd::storage::load_inputs(n.watch, match).size();
        return stored;
      };
      for (int i = 0; i < 1500 && inputs() < 200; ++i)
        std::this_thread::sleep_for(10ms);
      CHECK(inputs() >= 200);
      Process& victim = host == "a" ? *n.a : host == "b" ? *n.b : *n.c;
      victim.kill(SIGKILL);
      CHECK(victim.wait_for(10s).has_value());
      const auto killed_at = std::chrono::steady_clock::now();
      std::string next;
      for (int i = 0; i < 300 && (next.empty() || next == host); ++i) {
        next = sd::storage::tournament_host(n.watch).node_id;
        if (next.empty() || next == host) std::this_thread::sleep_for(20ms);
      }
      CHECK(next != host);
      MESSAGE("the events moved from node "
              << host << " to node " << next << " in "
              << std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - killed_at)
                     .count()
              << " ms");
    };
    on_three = swiss_of_32(venue);
    CHECK(table_nodes.size() == 3);  // every round's tables spread over the three
  }
  TempDir one;
  const auto path = one.path() / "one.sqlite";
  std::string on_one;
  {
    Process node(one_sqlite_node(one.path()), (one.path() / "one.log").string());
    const std::string url = ws_url(one.path(), "one");
    sd::storage::Database db = sd::storage::Database::open(path.string());
    on_one = swiss_of_32({url, {url}, db, one.path()});
    node.kill(SIGTERM);
    CHECK(node.wait_for(10s).has_value());
  }
  CHECK(std::count(on_three.begin(), on_three.end(), '\n') == 32);
  CHECK(on_three == on_one);
}

namespace {

namespace asio = boost::asio;
using sd::testing::call;
using sd::testing::logged_in;

// Creates an Incursions match of `players` seats as `c`, seated in the first; returns its id.
asio::awaitable<std::uint64_t> incursions_match(sd::client::Client& c, std::uint32_t players) {
  const auto created = co_await call(c, [&](auto& m) {
    m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
    m.mutable_create_match()->mutable_incursions()->set_players(players);
  });
  co_return sd::client::expect_ok(created, "CreateMatch").match().match_id();
}

// The next chat line `c` receives, as "username: text".
asio::awaitable<std::string> next_line(sd::client::Client& c) {
  for (;;) {
    const sd::v1::Event event = co_await c.next_event();
    if (event.has_chat()) co_return event.chat().username() + ": " + event.chat().text();
  }
}

asio::awaitable<void> say(sd::client::Client& c, const std::string& text) {
  sd::client::expect_ok(co_await call(c, [&](auto& m) { m.mutable_send_chat()->set_text(text); }),
                        "SendChat");
}

asio::awaitable<void> follow_lobby_chat(sd::client::Client& c) {
  sd::client::expect_ok(co_await call(c, [](auto& m) { m.mutable_follow_lobby_chat(); }),
                        "FollowLobbyChat");
}

// The ids of the matches waiting for players, as `c`'s node lists them.
asio::awaitable<std::vector<std::uint64_t>> waiting(sd::client::Client& c) {
  const auto list = co_await call(
      c, [](auto& m) { m.mutable_list_matches()->add_statuses(sd::v1::MATCH_STATUS_WAITING); });
  std::vector<std::uint64_t> ids;
  for (const auto& info : sd::client::expect_ok(list, "ListMatches").matches().matches())
    ids.push_back(info.match_id());
  co_return ids;
}

// Alice on a, bob on b, carol on c and on a: a waiting match, a lobby line, a mute and a logout
// everywhere, each the same from every node.
asio::awaitable<void> lobby_from_every_node(const ThreeNodeCluster& n) {
  auto alice = co_await logged_in(n.url("a"), "alice");
  auto bob = co_await logged_in(n.url("b"), "bob");
  auto carol = co_await logged_in(n.url("c"), "carol");
  auto carol_on_a = co_await logged_in(n.url("a"), "carol");

  // A match waiting on a, listed by b and c.
  const std::uint64_t created = co_await incursions_match(*alice, 2);
  const std::vector<std::uint64_t> match{created};
  const auto listed_on_b = co_await waiting(*bob);
  const auto listed_on_c = co_await waiting(*carol);
  CHECK(listed_on_b == match);
  CHECK(listed_on_c == match);

  // A line said on b reaches the lobby's followers on a and c, once each.
  for (auto* follower : {alice.get(), carol.get(), carol_on_a.get()})
    co_await follow_lobby_chat(*follower);
  co_await say(*bob, "hello from b");
  for (auto* follower : {alice.get(), carol.get(), carol_on_a.get()}) {
    const std::string line = co_await next_line(*follower);
    CHECK(line == "bob: hello from b");
  }

  // Carol mutes bob on c, and it holds on a too. Bob's line has reached a (alice heard it)
  // before alice speaks on a, so alice's line is the next carol hears there.
  sd::client::expect_ok(
      co_await call(*carol, [](auto& m) { m.mutable_mute_user()->set_username("bob"); }),
      "MuteUser");
  asio::steady_timer settle(co_await asio::this_coro::executor, 300ms);
  co_await settle.async_wait(asio::use_awaitable);
  co_await say(*bob, "muted on every node");
  const std::string alice_hears = co_await next_line(*alice);
  CHECK(alice_hears == "bob: muted on every node");
  co_await say(*alice, "hello from a");
  const std::string carol_on_a_hears = co_await next_line(*carol_on_a);
  const std::string carol_hears = co_await next_line(*carol);
  CHECK(carol_on_a_hears == "alice: hello from a");
  CHECK(carol_hears == "alice: hello from a");

  // Alice logs out everywhere on a: her connection on b is logged out and closed too.
  auto alice_on_b = co_await logged_in(n.url("b"), "alice");
  sd::client::expect_ok(co_await call(*alice, [](auto& m) { m.mutable_logout_everywhere(); }),
                        "LogoutEverywhere");
  bool closed = false;
  try {
    co_await alice_on_b->next_event();
  } catch (const std::exception&) {
    closed = true;
  }
  CHECK(closed);
  CHECK(alice_on_b->close_reason().reason == "logged out");
}

asio::awaitable<sd::v1::Response> log_in(const std::string& url, const std::string& name,
                                         const std::string& password) {
  auto c = co_await sd::testing::connected(url);
  co_return co_await call(*c, [&](auto& m) {
    m.mutable_login()->set_username(name);
    m.mutable_login()->set_password(password);
  });
}

// Someone guesses erin's password, three times on a and twice on c: that spends the account's
// free failures (5 by default) on every node, so that her next attempt, on b and right, waits.
asio::awaitable<void> guesses_spread_over_nodes(const ThreeNodeCluster& n) {
  co_await logged_in(n.url("a"), "erin");
  for (const char* node : {"a", "a", "a", "c", "c"}) {
    const auto guessed = co_await log_in(n.url(node), "erin", "not her password");
    CHECK(guessed.code() == sd::v1::INVALID_CREDENTIALS);
  }
  asio::steady_timer settle(co_await asio::this_coro::executor, 100ms);
  co_await settle.async_wait(asio::use_awaitable);
  const auto throttled = co_await log_in(n.url("b"), "erin", sd::testing::kPassword);
  CHECK_MESSAGE(throttled.code() == sd::v1::RATE_LIMITED, throttled.message());
  CHECK(throttled.message().find("too many failed logins for this account") != std::string::npos);
}

// Match `id` as `c`'s node lists it, once `wanted` holds of it (for at most 5 s).
asio::awaitable<sd::v1::MatchInfo> listed_once(
    sd::client::Client& c, std::uint64_t id, std::function<bool(const sd::v1::MatchInfo&)> wanted) {
  sd::v1::MatchInfo seen;
  for (int tries = 0; tries < 50; ++tries) {
    const auto list = co_await call(c, [](auto& m) { m.mutable_list_matches(); });
    for (const auto& info : sd::client::expect_ok(list, "ListMatches").matches().matches()) {
      if (info.match_id() == id) seen = info;
    }
    if (wanted(seen)) break;
    asio::steady_timer pause(co_await asio::this_coro::executor, 100ms);
    co_await pause.async_wait(asio::use_awaitable);
  }
  co_return seen;
}

// Frank waits in a match on a; gina, on c, sees him there, then henry watching it from b, then
// frank gone: the presence a's lobby shows, c's shows too.
asio::awaitable<void> presence_from_every_node(const ThreeNodeCluster& n) {
  auto frank = co_await logged_in(n.url("a"), "frank");
  const std::uint64_t id = co_await incursions_match(*frank, 3);
  auto gina = co_await logged_in(n.url("c"), "gina");
  const auto frank_there = co_await listed_once(
      *gina, id, [](const auto& m) { return m.seats_size() == 1 && m.seats(0).connected(); });
  CHECK(frank_there.seats_size() == 1);
  CHECK(frank_there.seats(0).connected());

  auto henry = co_await logged_in(n.url("b"), "henry");
  sd::client::expect_ok(
      co_await call(*henry, [&](auto& m) { m.mutable_spectate()->set_match_id(id); }), "Spectate");
  const auto watched =
      co_await listed_once(*gina, id, [](const auto& m) { return m.spectators() == 1; });
  CHECK(watched.spectators() == 1);

  co_await frank->close();
  const auto frank_gone = co_await listed_once(
      *gina, id, [](const auto& m) { return m.seats_size() == 1 && !m.seats(0).connected(); });
  CHECK(frank_gone.seats_size() == 1);
  CHECK_FALSE(frank_gone.seats(0).connected());

  // Ivan takes a seat through b, which then dies for good: once b is silent past its lease, a
  // lets go of ivan's stand-in, and his seat shows as away (a timed match's grace would run).
  auto ivan = co_await logged_in(n.url("b"), "ivan");
  sd::client::expect_ok(
      co_await call(*ivan, [&](auto& m) { m.mutable_join_match()->set_match_id(id); }), "Join");
  const auto ivan_there = co_await listed_once(
      *gina, id, [](const auto& m) { return m.seats_size() == 2 && m.seats(1).connected(); });
  REQUIRE(ivan_there.seats_size() == 2);
  CHECK(ivan_there.seats(1).connected());
  n.b->kill(SIGKILL);
  n.b->wait_for(10s);
  ivan->abort();
  const auto ivan_gone = co_await listed_once(
      *gina, id, [](const auto& m) { return m.seats_size() == 2 && !m.seats(1).connected(); });
  REQUIRE(ivan_gone.seats_size() == 2);
  CHECK_FALSE(ivan_gone.seats(1).connected());
  CHECK(n.log("a").find("stand-ins of connections on silent nodes (b)") != std::string::npos);
}

asio::awaitable<sd::v1::Response> quick_match(sd::client::Client& c) {
  co_return co_await call(
      c, [](auto& m) { m.mutable_quick_match()->set_game(sd::v1::GAME_INCURSIONS); });
}

// The quick-match queue spans the nodes: nia's place, given up on b, and quin's, closed on a,
// pair nobody; kim, waiting on a, is paired with leo, who asks on b, and both play the match
// that a runs; otto and pam, both on c, are paired there.
asio::awaitable<void> quick_match_across_nodes(ThreeNodeCluster& n) {
  using Update = sd::v1::QuickMatchUpdate;
  auto nia = co_await logged_in(n.url("b"), "nia");
  CHECK((co_await quick_match(*nia)).quick_match().state() == Update::QUEUED);
  CHECK((co_await call(*nia, [](auto& m) { m.mutable_leave_queue(); })).code() == sd::v1::OK);
  auto quin = co_await logged_in(n.url("a"), "quin");
  CHECK((co_await quick_match(*quin)).quick_match().state() == Update::QUEUED);
  co_await quin->close();

  auto kim = co_await logged_in(n.url("a"), "kim");
  const auto queued = co_await quick_match(*kim);
  REQUIRE(queued.code() == sd::v1::OK);
  CHECK(queued.quick_match().state() == Update::QUEUED);

  auto leo = co_await logged_in(n.url("b"), "leo");
  const auto matched = co_await quick_match(*leo);
  REQUIRE_MESSAGE(matched.code() == sd::v1::OK, matched.message());
  REQUIRE(matched.quick_match().state() == Update::MATCHED);
  const std::uint64_t id = matched.quick_match().match_id();
  CHECK(n.log("b").find("quick match: leo paired with a player waiting on a#") !=
        std::string::npos);

  // Kim hears MATCHED; both follow the match from its snapshot, leo's through b; a runs it. (Kim
  // took the first seat, and the game's first snapshot may come just before the news.)
  bool told = false;
  bool shown = false;
  while (!told || !shown) {
    const auto event = co_await kim->next_event();
    if (event.has_quick_match()) {
      CHECK(event.quick_match().state() == Update::MATCHED);
      CHECK(event.quick_match().match_id() == id);
      told = true;
    }
    shown = shown || (event.match_id() == id && event.has_snapshot());
  }
  const auto shown_to_leo = co_await sd::testing::next_event_where(
      *leo, [&](const sd::v1::Event& e) { return e.match_id() == id && e.has_snapshot(); });
  CHECK(shown_to_leo.snapshot().has_incursions());
  CHECK(sd::storage::owner_of(n.watch, static_cast<std::int64_t>(id)) == "a");
  const auto listed = co_await listed_once(*kim, id, [](const auto& m) {
    return m.seats_size() == 2 && m.seats(0).connected() && m.seats(1).connected();
  });
  REQUIRE(listed.seats_size() == 2);
  CHECK(listed.status() == sd::v1::MATCH_STATUS_ACTIVE);
  CHECK(listed.seats(0).username() == "kim");
  CHECK(listed.seats(1).username() == "leo");

  // Leo's concession, relayed to a, ends the match for both.
  sd::client::expect_ok(
      co_await call(*leo, [&](auto& m) { m.mutable_concede()->set_match_id(id); }), "Concede");
  for (sd::client::Client* player : {kim.get(), leo.get()}) {
    const auto ended = co_await sd::testing::next_event_where(*player, [&](const sd::v1::Event& e) {
      return e.match_id() == id && e.has_match_update() &&
             e.match_update().status() == sd::v1::MATCH_STATUS_FINISHED;
    });
    CHECK(ended.match_update().status() == sd::v1::MATCH_STATUS_FINISHED);
  }

  auto otto = co_await logged_in(n.url("c"), "otto");
  auto pam = co_await logged_in(n.url("c"), "pam");
  CHECK((co_await quick_match(*otto)).quick_match().state() == Update::QUEUED);
  const auto paired_on_c = co_await quick_match(*pam);
  CHECK(paired_on_c.quick_match().state() == Update::MATCHED);
  CHECK(sd::storage::owner_of(
            n.watch, static_cast<std::int64_t>(paired_on_c.quick_match().match_id())) == "c");
}

}  // namespace

namespace {

// Event news for `player` of `kind`, skipping the rest.
asio::awaitable<sd::v1::TournamentUpdate> tournament_news(sd::client::Client& player,
                                                          sd::v1::TournamentUpdate::Kind kind) {
  const auto event = co_await sd::testing::next_event_where(player, [&](const sd::v1::Event& e) {
    return e.has_tournament() && e.tournament().kind() == kind;
  });
  co_return event.tournament();
}

// Olga organises a one-round event of four, with rounds of 2 (short) minutes, from a node that
// does not host the events; its players, one per node and one more, hear their tables wherever
// they are connected. Nobody plays: the host calls time on every table, on whichever node runs
// it, and the round is done.
asio::awaitable<void> event_news_and_time_from_every_node(ThreeNodeCluster& n) {
  std::string host;
  for (int i = 0; i < 100 && host.empty(); ++i) {
    host = sd::storage::tournament_host(n.watch).node_id;
    if (host.empty()) {
      asio::steady_timer pause(co_await asio::this_coro::executor, 50ms);
      co_await pause.async_wait(asio::use_awaitable);
    }
  }
  REQUIRE_FALSE(host.empty());
  const std::string away = host == "a" ? "b" : "a";
  co_await logged_in(n.url(away), "olga");
  REQUIRE(sd::storage::set_organiser(n.watch, "olga", true));
  auto olga = co_await logged_in(n.url(away), "olga");  // the role is read at login
  sd::v1::Response made;
  // Until its first heartbeat, a node may not know yet which node hosts the events.
  for (int i = 0; i < 50; ++i) {
    made = co_await call(*olga, [](auto& m) {
      auto* settings = m.mutable_create_tournament()->mutable_settings();
      settings->set_name("Short rounds");
      settings->set_game(sd::v1::GAME_INCURSIONS);
      settings->set_swiss_rounds(1);
      settings->set_round_minutes(2);
    });
    if (made.code() != sd::v1::UNAVAILABLE) break;
    asio::steady_timer pause(co_await asio::this_coro::executor, 100ms);
    co_await pause.async_wait(asio::use_awaitable);
  }
  REQUIRE_MESSAGE(made.code() == sd::v1::OK, made.message());
  const std::uint64_t id = made.tournament().tournament_id();

  std::vector<std::unique_ptr<sd::client::Client>> players;
  for (const char* node : {"a", "b", "c", "a"}) {
    players.push_back(
        co_await logged_in(n.url(node), std::string("wren-") + std::to_string(players.size())));
    const auto enrolled = co_await call(*players.back(), [&](auto& m) {
      m.mutable_register_for_tournament()->set_tournament_id(id);
      m.mutable_register_for_tournament()->mutable_incursions_seat();
    });
    REQUIRE_MESSAGE(enrolled.code() == sd::v1::OK, enrolled.message());
  }
  const auto started = co_await call(*olga, [&](auto& m) {
    m.mutable_start_round()->set_tournament_id(id);
    m.mutable_start_round()->set_round(1);
  });
  REQUIRE_MESSAGE(started.code() == sd::v1::OK, started.message());
  REQUIRE(started.round().tables_size() == 2);
  for (auto& player : players) {
    const auto news = co_await tournament_news(*player, sd::v1::TournamentUpdate::ROUND_STARTED);
    CHECK(news.your_table().round() == 1);
    CHECK(news.your_table().match_id() != 0);
    CHECK_FALSE(news.your_table().opponent().empty());
  }
  // Two tables on a and b: whichever node hosts, it calls time on one another node runs.
  for (auto& player : players) {
    const auto done = co_await tournament_news(*player, sd::v1::TournamentUpdate::ROUND_DONE);
    CHECK(done.round() == 1);
  }
  const auto round = co_await call(*olga, [&](auto& m) {
    m.mutable_get_round()->set_tournament_id(id);
    m.mutable_get_round()->set_round(1);
  });
  REQUIRE(round.code() == sd::v1::OK);
  for (const auto& table : round.round().tables()) {
    CHECK(table.at_time());
    CHECK(table.outcome() != sd::v1::TABLE_OUTCOME_PENDING);
  }
}

}  // namespace

TEST_CASE(
    "cluster: an event's news reaches its players on every node, and its host calls time on "
    "tables other nodes run" *
    doctest::skip(on_sqlite())) {
  ThreeNodeCluster n({"--tournament-minute-ms", "1000"});
  sd::testing::run_client(event_news_and_time_from_every_node(n));
}

TEST_CASE(
    "cluster: the lobby, quick match, presence, chat, mutes, sessions and login throttles are the "
    "same from every node" *
    doctest::skip(on_sqlite())) {
  ThreeNodeCluster n;
  sd::testing::run_client(lobby_from_every_node(n));
  sd::testing::run_client(guesses_spread_over_nodes(n));
  sd::testing::run_client(quick_match_across_nodes(n));
  sd::testing::run_client(presence_from_every_node(n));  // b dies at its end
}

namespace {

// The next event `c` receives of match `id`'s stream, past prompts, headers and clocks.
asio::awaitable<sd::v1::Event> next_of_stream(sd::client::Client& c, std::uint64_t id) {
  co_return co_await sd::testing::next_event_where(c, [&](const sd::v1::Event& e) {
    return e.match_id() == id && (e.has_snapshot() || e.has_game_event());
  });
}

// Carol watches through b a match a runs, and dave sits, through b, in another that waits for
// players. Redis goes; meanwhile the first match ends (alice concedes on a), so that its last
// events never reach b, and dave leaves, so that b's word of it is lost. When Redis is back, b
// finds the match over: carol's stream goes on from the stored log, gapless, to the end; and b
// says again that dave went: a shows his seat away.
asio::awaitable<void> ended_while_redis_was_away(ThreeNodeCluster& n) {
  auto alice = co_await logged_in(n.url("a"), "alice");
  const std::uint64_t id = co_await incursions_match(*alice, 2);
  auto bob = co_await logged_in(n.url("a"), "bob");
  sd::client::expect_ok(
      co_await call(*bob, [&](auto& m) { m.mutable_join_match()->set_match_id(id); }), "Join");
  auto carol = co_await logged_in(n.url("b"), "carol");
  sd::client::expect_ok(
      co_await call(*carol, [&](auto& m) { m.mutable_spectate()->set_match_id(id); }), "Spectate");
  const sd::v1::Event first = co_await next_of_stream(*carol, id);
  REQUIRE(first.has_snapshot());
  const std::uint64_t waiting = co_await incursions_match(*alice, 3);
  auto dave = co_await logged_in(n.url("b"), "dave");
  sd::client::expect_ok(
      co_await call(*dave, [&](auto& m) { m.mutable_join_match()->set_match_id(waiting); }),
      "Join");
  const auto dave_there = co_await listed_once(
      *alice, waiting, [](const auto& m) { return m.seats_size() == 2 && m.seats(1).connected(); });
  REQUIRE(dave_there.seats_size() == 2);
  REQUIRE(dave_there.seats(1).connected());

  n.redis.kill();
  sd::client::expect_ok(
      co_await call(*alice, [&](auto& m) { m.mutable_concede()->set_match_id(id); }), "Concede");
  co_await dave->close();
  asio::steady_timer away(co_await asio::this_coro::executor, 500ms);
  co_await away.async_wait(asio::use_awaitable);
  n.redis.start();

  std::uint64_t last = first.seq();
  for (;;) {
    const sd::v1::Event event = co_await next_of_stream(*carol, id);
    if (event.has_snapshot()) {
      last = event.seq();
      continue;
    }
    REQUIRE(event.seq() == last + 1);
    last = event.seq();
    if (event.game_event().incursions().has_game_ended()) break;
  }
  CHECK(n.log("b").find("is over, and cannot be replayed") == std::string::npos);

  const auto dave_gone = co_await listed_once(*alice, waiting, [](const auto& m) {
    return m.seats_size() == 2 && !m.seats(1).connected();
  });
  REQUIRE(dave_gone.seats_size() == 2);
  CHECK_FALSE(dave_gone.seats(1).connected());
}

}  // namespace

TEST_CASE(
    "cluster: what was lost with Redis reaches the relayed viewers and the owners once it is back" *
    doctest::skip(on_sqlite())) {
  ThreeNodeCluster n;
  sd::testing::run_client(ended_while_redis_was_away(n));
}

TEST_CASE(
    "cluster: relayed players and spectators follow a killed node's matches to their adopter" *
    doctest::skip(on_sqlite())) {
  ThreeNodes n;
  for (int i = 0; i < 1500 && !n.under_way(10); ++i)
    std::this_thread::sleep_for(20ms);
  REQUIRE_MESSAGE(n.under_way(10), n.log("bots"));
  // a runs every match; its players move to b, and the viewers relayed through b and c are
  // resumed at whichever node adopts each match.
  n.a->kill(SIGKILL);
  REQUIRE(n.a->wait_for(10s).has_value());
  n.finish(120s);
  const std::string adopters = n.log("b") + n.log("c");
  CHECK(adopters.find("cluster: adopted") != std::string::npos);
  CHECK(sd::storage::owned_matches(n.watch, "a").empty());
}

namespace {

// Bob joins alice's match (run by a) through b; b dies and restarts under the same id, and dave,
// on the new b, is the first connection it relays for. What the match still sends to bob's old
// connection must not reach dave.
asio::awaitable<void> restarted_relay_scenario(ThreeNodeCluster& n) {
  auto alice = co_await logged_in(n.url("a"), "alice");
  const std::uint64_t match = co_await incursions_match(*alice, 3);  // stays open: no game yet
  auto bob = co_await logged_in(n.url("b"), "bob");
  sd::client::expect_ok(
      co_await call(*bob, [&](auto& m) { m.mutable_join_match()->set_match_id(match); }),
      "JoinMatch");

  // b dies with bob's stand-in still following the match on a, and restarts.
  n.b->kill(SIGKILL);
  n.b->wait_for(10s);
  bob->abort();
  n.b = start_node(n.dir.path(), "b", kOwnerTimeoutMs, {"--redis", n.redis.url()});
  auto dave = co_await logged_in(n.url("b"), "dave");
  // Dave's connection is the first the new b relays for (numbered as bob's was).
  co_await call(*dave, [&](auto& m) { m.mutable_get_snapshot()->set_match_id(match); });

  // Alice says something in the match: it goes to bob's old stand-in too.
  sd::client::expect_ok(co_await call(*alice,
                                      [&](auto& m) {
                                        m.mutable_send_chat()->set_match_id(match);
                                        m.mutable_send_chat()->set_text("for the table");
                                      }),
                        "SendChat");
  const std::string heard = co_await next_line(*alice);  // the owner has sent it on
  CHECK(heard == "alice: for the table");
  asio::steady_timer settle(co_await asio::this_coro::executor, 500ms);
  co_await settle.async_wait(asio::use_awaitable);
  co_await call(*dave, [](auto& m) { m.mutable_ping(); });
  CHECK_FALSE(dave->has_event());

  // The new b said it started, and a let bob's old stand-in go: it follows nothing any more.
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    gone = n.log("a").find("restarted; let go of 1 of its connections' stand-ins") !=
           std::string::npos;
    asio::steady_timer poll(co_await asio::this_coro::executor, 20ms);
    co_await poll.async_wait(asio::use_awaitable);
  }
  CHECK(gone);
}

}  // namespace

TEST_CASE(
    "cluster: a node restarted under its id never gets what its earlier run's connections "
    "followed, and their stand-ins go" *
    doctest::skip(on_sqlite())) {
  ThreeNodeCluster n;
  sd::testing::run_client(restarted_relay_scenario(n));
}
