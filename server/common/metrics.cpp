#include "server/common/metrics.h"

#include <prometheus/text_serializer.h>

namespace spacedock::server {
namespace {

namespace prom = prometheus;

prom::Counter& counter(prom::Registry& registry, const std::string& name, const std::string& help) {
  return prom::BuildCounter().Name("spacedock_" + name).Help(help).Register(registry).Add({});
}

prom::Gauge& gauge(prom::Registry& registry, const std::string& name, const std::string& help) {
  return prom::BuildGauge().Name("spacedock_" + name).Help(help).Register(registry).Add({});
}

prom::Histogram& histogram(prom::Registry& registry, const std::string& name,
                           const std::string& help) {
  // 100 µs to 2.5 s.
  static const prom::Histogram::BucketBoundaries kBounds = {
      0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5};
  return prom::BuildHistogram()
      .Name("spacedock_" + name)
      .Help(help)
      .Register(registry)
      .Add({}, kBounds);
}

}  // namespace

Metrics::Metrics()
    : registry_(std::make_shared<prom::Registry>()),
      connections_open(gauge(*registry_, "connections_open", "WebSocket connections open.")),
      connections_total(
          counter(*registry_, "connections_total", "WebSocket connections accepted.")),
      connections_refused_total(counter(*registry_, "connections_refused_total",
                                        "Connections refused at a connection cap.")),
      accept_failures_total(counter(*registry_, "accept_failures_total",
                                    "Failed accepts (out of file descriptors).")),
      requests_total(counter(*registry_, "requests_total", "Requests answered.")),
      request_errors_total(
          counter(*registry_, "request_errors_total", "Requests answered with an error.")),
      rate_limited_total(
          counter(*registry_, "rate_limited_total", "Requests refused RATE_LIMITED.")),
      logins_throttled_total(
          counter(*registry_, "logins_throttled_total", "Logins refused after repeated failures.")),
      decisions_accepted_total(
          counter(*registry_, "decisions_accepted_total", "Decisions accepted and committed.")),
      engine_errors_total(counter(*registry_, "engine_errors_total",
                                  "Inputs rolled back after an engine failure.")),
      matches_created_total(counter(*registry_, "matches_created_total", "Matches created.")),
      matches_finished_total(counter(*registry_, "matches_finished_total", "Matches finished.")),
      slow_consumers_total(
          counter(*registry_, "slow_consumers_total", "Connections cut off for not reading.")),
      decision_latency(
          histogram(*registry_, "decision_latency_seconds",
                    "From a decision's arrival to its acknowledgement, commit included.")),
      commit_latency(
          histogram(*registry_, "commit_latency_seconds", "One database batch's commit.")),
      errors_(prom::BuildCounter()
                  .Name("spacedock_errors_total")
                  .Help("Requests answered with an error, by error code.")
                  .Register(*registry_)),
      matches_in_memory_(gauge(*registry_, "matches_in_memory", "Matches hosted in memory.")),
      db_batches_(gauge(*registry_, "db_batches", "Group commits to the database so far.")),
      db_jobs_(gauge(*registry_, "db_jobs", "Database jobs run so far.")),
      db_queue_(gauge(*registry_, "db_queue", "Database jobs waiting for the persistence thread.")),
      password_jobs_(gauge(*registry_, "password_jobs", "Password checks queued or running.")) {}

void Metrics::error(v1::ErrorCode code) {
  request_errors_total.Increment();
  errors_.Add({{"code", v1::ErrorCode_Name(code)}}).Increment();
}

void Metrics::observe(prom::Histogram& histogram, std::chrono::steady_clock::duration elapsed) {
  histogram.Observe(std::chrono::duration<double>(elapsed).count());
}

std::string Metrics::render(const Gauges& gauges) {
  matches_in_memory_.Set(static_cast<double>(gauges.matches_in_memory));
  db_batches_.Set(static_cast<double>(gauges.db_batches));
  db_jobs_.Set(static_cast<double>(gauges.db_jobs));
  db_queue_.Set(static_cast<double>(gauges.db_queue));
  password_jobs_.Set(gauges.password_jobs);
  return prom::TextSerializer().Serialize(registry_->Collect());
}

}  // namespace spacedock::server
