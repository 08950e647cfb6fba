// Tournaments in a cluster: the tournament host role (storage/tournament_host.h), kept or taken
// at every heartbeat, and the results of tables that other nodes run, read from the database.
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "server/persistence/persistence.h"
#include "server/tournament/tournaments.h"
#include "storage/matches.h"
#include "storage/tournament_host.h"

namespace spacedock::server {

bool Tournaments::hosting() const {
  if (!services_) return false;
  std::lock_guard lock(host_mutex_);
  return !host_.empty() && host_ == services_->config.node_id;
}

std::string Tournaments::host() const {
  std::lock_guard lock(host_mutex_);
  return host_;
}

void Tournaments::schedule_beat() {
  if (!beat_timer_) beat_timer_ = std::make_unique<boost::asio::steady_timer>(*strand_);
  beat_timer_->expires_after(services_->config.heartbeat);
  beat_timer_->async_wait([this](boost::system::error_code ec) {
    if (!ec) beat();
  });
}

std::vector<std::int64_t> Tournaments::pending_matches(
    const std::map<std::int64_t, Event>& events) {
  std::vector<std::int64_t> pending;
  for (const auto& [id, event] : events) {
    if (event.record.status != storage::TournamentStatus::kRunning || event.rules.rounds.empty())
      continue;
    for (const auto& table : event.rules.rounds.back().tables) {
      if (!table.decided() && table.match_id != 0) pending.push_back(table.match_id);
    }
  }
  return pending;
}

std::vector<std::pair<std::int64_t, v1::MatchResult>> Tournaments::ended_matches(
    storage::Database& db, const std::vector<std::int64_t>& match_ids) {
  std::vector<std::pair<std::int64_t, v1::MatchResult>> ended;
  for (std::int64_t match_id : match_ids) {
    auto record = storage::load_match(db, match_id);
    if (record && record->status == storage::MatchStatus::kFinished) {
      v1::MatchResult result;
      result.ParseFromString(record->result);
      ended.emplace_back(match_id, std::move(result));
    }
  }
  return ended;
}

void Tournaments::beat() {
  struct Beat {
    storage::TournamentHost host;
    std::optional<Loaded> loaded;  // the role was taken: the events
    std::vector<std::pair<std::int64_t, v1::MatchResult>> finished;
  };
  auto beat = std::make_shared<Beat>();
  const ServerConfig& config = services_->config;
  auto work = [beat, &config, held = epoch_,
               pending = pending_matches(events_)](storage::Database& db) {
    beat->host = storage::hold_tournament_host(db, config.node_id, config.owner_timeout);
    if (beat->host.node_id != config.node_id) return;
    if (!held || *held != beat->host.epoch) {
      beat->loaded = load(db);
      return;
    }
    // Tables other nodes run end there: their results are in the database.
    beat->finished = ended_matches(db, pending);
  };
  services_->db.submit(std::move(work), [this, beat](std::exception_ptr error) {
    boost::asio::post(*strand_, [this, beat, error] {
      if (!error) {
        {
          std::lock_guard lock(host_mutex_);
          host_ = beat->host.node_id;
        }
        const bool here = beat->host.node_id == services_->config.node_id;
        if (!here && epoch_) let_go();
        if (beat->loaded) {
          epoch_ = beat->host.epoch;
          spdlog::info("cluster: this node hosts the tournaments now (epoch {})", *epoch_);
          install(*std::move(beat->loaded));
        }
        for (auto& [match_id, result] : beat->finished)
          match_over(match_id, std::move(result));
      }
      schedule_beat();
    });
  });
}

void Tournaments::let_go() {
  spdlog::warn("cluster: another node hosts the tournaments now; this one lets them go");
  epoch_.reset();
  for (auto& [id, event] : events_) {
    if (event.round_timer) event.round_timer->cancel();
  }
  events_.clear();
  tables_by_match_.clear();
}

}  // namespace spacedock::server
