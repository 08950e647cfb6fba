#pragma once

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include "spacedock/v1/envelope.pb.h"

namespace spacedock::server {

// The server's counters, gauges and histograms, kept by prometheus-cpp and served at /metrics
// in the Prometheus text format. Every metric is safe to update from any thread.
class Metrics {
 public:
  Metrics();
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

 private:
  std::shared_ptr<prometheus::Registry> registry_;  // first: the metrics below live in it

 public:
  prometheus::Gauge& connections_open;
  prometheus::Counter& connections_total;
  prometheus::Counter& connections_refused_total;
  prometheus::Counter& accept_failures_total;
  prometheus::Counter& requests_total;
  prometheus::Counter& request_errors_total;
  prometheus::Counter& rate_limited_total;
  prometheus::Counter& logins_throttled_total;
  prometheus::Counter& decisions_accepted_total;
  prometheus::Counter& engine_errors_total;
  prometheus::Counter& matches_created_total;
  prometheus::Counter& matches_finished_total;
  prometheus::Counter& slow_consumers_total;
  // From a decision's arrival to its acknowledgement, commit included; one database batch's
  // commit.
  prometheus::Histogram& decision_latency;
  prometheus::Histogram& commit_latency;

  // A request answered with this error code.
  void error(v1::ErrorCode code);
  static void observe(prometheus::Histogram& histogram,
                      std::chrono::steady_clock::duration elapsed);

  // What the server holds at the moment of a scrape.
  struct Gauges {
    std::size_t matches_in_memory = 0;
    std::size_t db_batches = 0;
    std::size_t db_jobs = 0;
    std::size_t db_queue = 0;
    int password_jobs = 0;
  };
  std::string render(const Gauges& gauges);

 private:
  prometheus::Family<prometheus::Counter>& errors_;
  prometheus::Gauge& matches_in_memory_;
  prometheus::Gauge& db_batches_;
  prometheus::Gauge& db_jobs_;
  prometheus::Gauge& db_queue_;
  prometheus::Gauge& password_jobs_;
};

}  // namespace spacedock::server
