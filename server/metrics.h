#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace spacedock::server {

// Counters exported at /metrics in the Prometheus text format.
struct Metrics {
  std::atomic<std::int64_t> connections_open{0};
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::uint64_t> requests_total{0};
  std::atomic<std::uint64_t> request_errors_total{0};
  std::atomic<std::uint64_t> decisions_accepted_total{0};
  std::atomic<std::uint64_t> matches_created_total{0};
  std::atomic<std::uint64_t> matches_finished_total{0};
  std::atomic<std::uint64_t> slow_consumers_total{0};
  std::atomic<std::uint64_t> engine_errors_total{0};
  std::atomic<std::uint64_t> accept_failures_total{0};
  std::atomic<std::uint64_t> connections_refused_total{0};
  std::atomic<std::uint64_t> rate_limited_total{0};
  std::atomic<std::uint64_t> logins_throttled_total{0};

  std::string render(std::size_t matches_in_memory, std::size_t db_batches,
                     std::size_t db_jobs) const;
};

}  // namespace spacedock::server
