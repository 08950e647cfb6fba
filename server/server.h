#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <memory>
#include <optional>
#include <vector>

#include "server/chat/chat.h"
#include "server/cluster/agones.h"
#include "server/cluster/node.h"
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
#include "server/relay/relay.h"
#include "server/tournament/tournaments.h"

namespace spacedock::server {

class Listener;

// The whole server: opens the database, restores every unfinished match (in a cluster, those
// this node owns), then serves HTTP and WebSocket clients until SIGINT or SIGTERM.
class Server {
 public:
  explicit Server(ServerConfig config);
  ~Server();

  // Serves until stopped; returns the process exit code.
  int run();
  // Stops serving; safe from any thread and from signal handlers' strands.
  void stop();
  // The port listened on (useful with port 0).
  std::uint16_t port() const;

 private:
  void restore_matches();
  // Rebuilds a stored match held under `epoch` (0 on one box) into the lobby from its log;
  // returns how many inputs it replayed. A match that does not replay is aborted, saying why.
  std::optional<std::size_t> restore_match(storage::Database& db,
                                           const storage::MatchRecord& record, std::int64_t epoch);
  // Matches adopted from a node gone silent (cluster mode), rebuilt from their logs.
  void adopt(const std::vector<storage::Lease>& leases);
  void schedule_reaping();
  // Cluster mode, on SIGINT or SIGTERM: hands this node's matches over, then stops.
  void drain();

  // What the matches tell the services above them: results to the tournaments, headers to the
  // other nodes.
  class MatchNews : public MatchObserver {
   public:
    explicit MatchNews(Tournaments& tournaments) : tournaments_(tournaments) {}
    void match_over(std::int64_t match_id, v1::MatchResult result) override {
      tournaments_.match_over(match_id, std::move(result));
    }
    void header_changed(const v1::MatchInfo& info) override {
      if (relay) relay->header_changed(info);
    }
    Relay* relay = nullptr;

   private:
    Tournaments& tournaments_;
  };

  // Declared before io_ so that handlers still queued when io_ is destroyed can reach them.
  ServerConfig config_;
  Metrics metrics_;
  Admission admission_;
  Throttles throttles_;
  SessionRegistry sessions_;
  Chat chat_;
  BotAccounts bots_;
  QuickMatchQueue quick_matches_;
  WebRoot web_;
  Tournaments tournaments_;
  MatchNews news_{tournaments_};
  std::unique_ptr<boost::asio::ssl::context> tls_;  // when serving TLS
  std::unique_ptr<Services> services_;
  boost::asio::io_context io_;
  boost::asio::thread_pool cpu_;
  Lobby lobby_;
  std::unique_ptr<Persistence> db_;
  std::unique_ptr<cluster::Node> node_;         // in cluster mode
  std::unique_ptr<cluster::AgonesSdk> agones_;  // in an Agones fleet (--agones)
  std::unique_ptr<Relay> relay_;                // in a cluster with Redis (--redis)
  std::shared_ptr<Listener> listener_;
  boost::asio::signal_set signals_;
  boost::asio::steady_timer reaper_;
};

}  // namespace spacedock::server
