#include "server/server.h"

#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "server/cluster/leases.h"
#include "server/net/listener.h"
#include "server/relay/relay.h"
#include "storage/matches.h"
#include "storage/ownership.h"
#include "storage/quick_match_queue.h"
#include "storage/tournament_host.h"
#include "storage/url.h"
#include "storage/writer.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;

// Raises the soft limit on open files as far as the hard limit allows, and returns the
// connection cap: as configured, or what fits in that limit (some descriptors stay for the
// database, the logs and the listener).
std::size_t connection_cap(std::optional<std::size_t> configured) {
  constexpr rlim_t kReserved = 32;
  constexpr std::size_t kDefault = 10000;
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return configured.value_or(kDefault);
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  const auto room =
      static_cast<std::size_t>(limit.rlim_cur > kReserved + 1 ? limit.rlim_cur - kReserved : 1);
  if (configured && *configured > room) {
    spdlog::warn("--max-connections {} is more than {} file descriptors allow", *configured,
                 limit.rlim_cur);
  }
  const std::size_t cap = configured.value_or(std::min(kDefault, room));
  spdlog::info("{} file descriptors may be open: at most {} connections", limit.rlim_cur, cap);
  return cap;
}

// An SQLite file's directory is made if missing; a PostgreSQL URL is left to libpq.
storage::Database open_database(const std::string& url) {
  const auto parsed = storage::parse_database_url(url);
  if (parsed.backend == storage::Backend::kSqlite) {
    const auto directory = std::filesystem::path(parsed.target).parent_path();
    if (!directory.empty()) std::filesystem::create_directories(directory);
  }
  return storage::Database::open(url);
}

// Waits until `db` is the database's one writer (storage/writer.h): a predecessor killed in the
// middle of a commit is gone, and that commit stored, before this server restores anything.
storage::Database claimed_for_writing(storage::Database db) {
  using namespace std::chrono_literals;
  constexpr auto kPoll = 100ms;
  constexpr int kPollsPerReport = 50;
  for (int polls = 0; !storage::try_claim_writer(db); ++polls) {
    if (polls % kPollsPerReport == 0)
      spdlog::warn("another server still holds this database; waiting for it to stop");
    std::this_thread::sleep_for(kPoll);
  }
  return db;
}

// libprotobuf reports a malformed frame (a string field that is not UTF-8, say) on stderr by
// itself; the request is answered MALFORMED already, so that report goes to the debug log
// instead, where a client sending bad frames cannot flood the log.
void quiet_protobuf(google::protobuf::LogLevel level, const char* file, int line,
                    const std::string& message) {
  if (level >= google::protobuf::LOGLEVEL_FATAL) {
    spdlog::critical("protobuf {}:{}: {}", file, line, message);
  } else {
    spdlog::debug("protobuf {}:{}: {}", file, line, message);
  }
}

// The game port's TLS: the certificate chain (the server's first, then its CA's intermediates)
// and its private key, as PEM files. TLS 1.2 and newer only.
std::unique_ptr<asio::ssl::context> tls_context(const ServerConfig& config) {
  auto context = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_server);
  context->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                       asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                       asio::ssl::context::no_tlsv1_1 | asio::ssl::context::single_dh_use);
  try {
    context->use_certificate_chain_file(config.tls_certificate_file);
    context->use_private_key_file(config.tls_key_file, asio::ssl::context::pem);
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error("TLS: cannot use the certificate " + config.tls_certificate_file +
                             " with the key " + config.tls_key_file + ": " + e.what());
  }
  return context;
}

}  // namespace

Server::Server(ServerConfig config)
    : config_(std::move(config)),
      admission_(connection_cap(config_.max_connections), config_.max_connections_per_address),
      throttles_(config_.address_requests_per_second, config_.address_request_burst,
                 config_.free_login_failures, config_.free_login_failures_per_address,
                 config_.free_login_failures_per_venue_address),
      io_(config_.threads),
      cpu_(1),
      signals_(io_, SIGINT, SIGTERM),
      reaper_(io_) {
  init_crypto();
  web_ = WebRoot::load(config_.web_root);
  if (web_.files() == 0) {
    spdlog::warn("web: no client in {} (tools/build builds it); / answers 404", config_.web_root);
  } else {
    spdlog::info("web: serving {} files ({} KiB) from {}", web_.files(), web_.bytes() / 1024,
                 config_.web_root);
  }
  google::protobuf::SetLogHandler(quiet_protobuf);
  // A cluster's nodes write the same database together; each match's writes are fenced by its
  // lease instead (server/cluster/leases.h).
  storage::Database db = open_database(config_.db_path);
  db_ = std::make_unique<Persistence>(
      config_.node_id.empty() ? claimed_for_writing(std::move(db)) : std::move(db),
      &metrics_.commit_latency, config_.commit_window, config_.node_id);
  if (!config_.tls_certificate_file.empty()) tls_ = tls_context(config_);
  services_ = std::make_unique<Services>(
      Services{config_, io_, cpu_, *db_, lobby_, metrics_, admission_, throttles_, sessions_, chat_,
               bots_, quick_matches_, web_, tournaments_, news_, tls_.get()});
  restore_matches();
  if (!config_.node_id.empty()) {
    node_ = std::make_unique<cluster::Node>(
        config_, io_, *db_, [this] { return lobby_.held_leases(); },
        [this](const std::vector<std::int64_t>& lost) {
          for (std::int64_t id : lost) {
            if (auto match = lobby_.find(id)) match->let_go();
          }
        },
        [this](const std::vector<storage::Lease>& leases) { adopt(leases); },
        [this](const std::vector<std::string>& silent, bool was_silent) {
          if (relay_) relay_->heard_of_nodes(silent, was_silent);
          if (!agones_) return;
          agones_->health();
          // Any match in the lobby, over ones too: a game that began and ended between two
          // heartbeats still makes this node one that has served.
          if (lobby_.size() > 0) agones_->allocate();
        });
    if (config_.agones)
      agones_ =
          std::make_unique<cluster::AgonesSdk>(io_, cluster::AgonesSdk::port_from_environment());
    if (!config_.redis_url.empty()) {
      relay_ = std::make_unique<Relay>(*services_, config_.redis_url, config_.relay_timeout);
      services_->relay = relay_.get();
      news_.relay = relay_.get();
    }
  }
  listener_ = std::make_shared<Listener>(
      *services_, asio::ip::tcp::endpoint(asio::ip::make_address(config_.host), config_.port));
}

Server::~Server() {
  cpu_.join();
  db_->stop();
  tournaments_.stop();  // its strand and timers go before the io_context they run on
}

void Server::restore_matches() {
  // A second connection reads while nothing else runs yet; the persistence thread is idle.
  const auto started = std::chrono::steady_clock::now();
  storage::Database db = storage::Database::open(config_.db_path);
  bots_.ensure(db);
  std::size_t restored = 0;
  std::size_t inputs_replayed = 0;
  const auto restore = [&](const storage::MatchRecord& record, std::int64_t epoch) {
    if (auto inputs = restore_match(db, record, epoch)) {
      ++restored;
      inputs_replayed += *inputs;
    }
  };
  if (config_.node_id.empty()) {
    for (const auto& record :
         storage::load_matches(db, {storage::MatchStatus::kWaiting, storage::MatchStatus::kActive}))
      restore(record, 0);
  } else {
    // A node restarted under its id takes back what it still owns; the rest is adopted.
    for (const storage::Lease& lease : storage::owned_matches(db, config_.node_id)) {
      if (auto record = storage::load_match(db, lease.match_id)) restore(*record, lease.epoch);
    }
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  spdlog::info("restored {} unfinished matches ({} inputs replayed) in {} ms", restored,
               inputs_replayed, ms);
  tournaments_.restore(*services_, db);
}

std::optional<std::size_t> Server::restore_match(storage::Database& db,
                                                 const storage::MatchRecord& record,
                                                 std::int64_t epoch) {
  try {
    const auto inputs = storage::load_inputs(db, record.id);
    lobby_.add(
        Match::restore(*services_, record, inputs, storage::load_snapshots(db, record.id), epoch));
    return inputs.size();
  } catch (const std::exception& e) {
    spdlog::error("match={} cannot be restored ({}); marking it aborted", record.id, e.what());
    v1::MatchResult result;
    result.set_summary(std::string("could not be restored: ") + e.what());
    db.transaction([&](storage::Database& tx) {
      cluster::fence(config_, tx, record.id, epoch);
      storage::finish_match(tx, record.id, storage::MatchStatus::kAborted,
                            result.SerializeAsString(), now_ms());
      cluster::release(config_, tx, record.id, epoch);
    });
    return std::nullopt;
  }
}

void Server::adopt(const std::vector<storage::Lease>& leases) {
  // The adoption is committed: from here these matches are this node's. Their logs are read and
  // replayed on the CPU pool (password checks wait meanwhile), on a connection of this job's, so
  // that the network threads go on; until a match is back, requests for it answer UNAVAILABLE.
  asio::post(cpu_, [this, leases] {
    try {
      const auto started = std::chrono::steady_clock::now();
      storage::Database db = storage::Database::open(config_.db_path);
      std::size_t adopted = 0;
      std::size_t inputs = 0;
      for (const storage::Lease& lease : leases) {
        const auto record = storage::load_match(db, lease.match_id);
        if (!record) continue;
        if (auto replayed = restore_match(db, *record, lease.epoch)) {
          ++adopted;
          inputs += *replayed;
        }
      }
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - started)
                          .count();
      // Orphans of silent or draining nodes, and tournament tables offered to this one.
      spdlog::info("cluster: adopted {} matches ({} inputs replayed) in {} ms", adopted, inputs,
                   ms);
    } catch (const std::exception& e) {
      // Owned here but not in memory, they would wait for this node's restart: it drains
      // instead, handing them over with its others.
      spdlog::error(
          "cluster: adopting {} matches failed ({}); draining, so that the other nodes "
          "take them",
          leases.size(), e.what());
      return asio::post(io_, [this] { drain(); });
    }
    if (relay_) {
      std::vector<std::int64_t> ids;
      for (const storage::Lease& lease : leases)
        ids.push_back(lease.match_id);
      relay_->adopted(ids);
    }
  });
}

void Server::schedule_reaping() {
  reaper_.expires_after(std::chrono::seconds(60));
  reaper_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    const auto ttl =
        std::chrono::duration_cast<std::chrono::milliseconds>(config_.finished_match_ttl);
    if (auto n = lobby_.reap(now_ms(), ttl.count()))
      spdlog::info("released {} finished matches", n);
    schedule_reaping();
  });
}

void Server::stop() {
  asio::post(io_, [this] {
    listener_->stop();
    reaper_.cancel();
    if (node_) node_->stop();
    if (relay_) relay_->stop();
    signals_.cancel();
    io_.stop();
  });
}

void Server::drain() {
  // The hand-over queues behind every write already waiting, so those commit under this node's
  // leases and are acknowledged; any write after it fails its fence and is not. The other nodes
  // adopt the matches at their next heartbeat instead of waiting out the owner timeout.
  node_->stop();
  db_->submit(
      [node = config_.node_id](storage::Database& db) {
        storage::hand_over(db, node);
        storage::release_tournament_host(db, node);  // if it hosts the events
      },
      [this](std::exception_ptr error) {
        if (error) {
          spdlog::error(
              "cluster: could not hand the matches over ({}); the other nodes "
              "adopt them once this node has been silent {} ms",
              describe(error), config_.owner_timeout.count());
        } else {
          spdlog::info("cluster: node {} handed its matches over to the other nodes",
                       config_.node_id);
        }
        if (!agones_) return stop();
        agones_->shutdown([this] { stop(); });
      });
}

std::uint16_t Server::port() const {
  return listener_->local_endpoint().port();
}

int Server::run() {
  const auto endpoint = listener_->local_endpoint();
  listener_->run();
  spdlog::info("spacedock listening on {}://{}:{} (WebSocket at /ws, database {})",
               tls_ ? "https" : "http", endpoint.address().to_string(), endpoint.port(),
               config_.db_path);
  if (config_.repeatable_seeds) {
    spdlog::warn("--repeatable-seeds: every game's shuffles can be foreseen; for tests only");
  }
  if (!config_.trusted_proxies.empty()) {
    spdlog::info(
        "trusted proxies: {} (their clients' addresses are taken from Forwarded or "
        "X-Forwarded-For)",
        config_.trusted_proxies.describe());
  }
  if (!config_.venue_addresses.empty()) {
    spdlog::info("venue addresses: {} ({} failed logins each before logins wait)",
                 config_.venue_addresses.describe(), config_.free_login_failures_per_venue_address);
  }
  if (!config_.port_file.empty()) std::ofstream(config_.port_file) << endpoint.port() << '\n';
  signals_.async_wait([this](boost::system::error_code ec, int signal) {
    if (ec) return;
    spdlog::info("signal {}: shutting down", signal);
    if (node_) return drain();
    stop();
  });
  schedule_reaping();
  if (node_) {
    // Registered before the first request can claim a match for it; a restart under the same id
    // ends a drain. The address is the one bound (with --listen's port 0, the port picked).
    {
      storage::Database db = storage::Database::open(config_.db_path);
      storage::register_node(
          db, config_.node_id,
          endpoint.address().to_string() + ":" + std::to_string(endpoint.port()));
      // Its earlier run's quick-match places went with that run's connections.
      storage::clear_queue_of_node(db, config_.node_id);
    }
    spdlog::info("cluster: node {} (heartbeat every {} ms; a node silent {} ms loses its matches)",
                 config_.node_id, config_.heartbeat.count(), config_.owner_timeout.count());
    node_->start();
    if (relay_) relay_->start();
    if (agones_) agones_->ready();
  }
  std::vector<std::thread> threads;
  for (int i = 1; i < config_.threads; ++i)
    threads.emplace_back([this] { io_.run(); });
  io_.run();
  for (auto& t : threads)
    t.join();
  db_->stop();
  spdlog::info("stopped");
  return 0;
}

}  // namespace spacedock::server
