#include "server/metrics.h"

namespace spacedock::server {
namespace {

void line(std::string& out, const char* name, const char* type, const char* help, auto value) {
  out += "# HELP spacedock_";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE spacedock_";
  out += name;
  out += ' ';
  out += type;
  out += "\nspacedock_";
  out += name;
  out += ' ';
  out += std::to_string(value);
  out += '\n';
}

}  // namespace

std::string Metrics::render(std::size_t matches_in_memory, std::size_t db_batches,
                            std::size_t db_jobs) const {
  std::string out;
  line(out, "connections_open", "gauge", "WebSocket connections open.", connections_open.load());
  line(out, "connections_total", "counter", "WebSocket connections accepted.",
       connections_total.load());
  line(out, "requests_total", "counter", "Requests answered.", requests_total.load());
  line(out, "request_errors_total", "counter", "Requests answered with an error.",
       request_errors_total.load());
  line(out, "decisions_accepted_total", "counter", "Decisions accepted and committed.",
       decisions_accepted_total.load());
  line(out, "matches_created_total", "counter", "Matches created.", matches_created_total.load());
  line(out, "matches_finished_total", "counter", "Matches finished.",
       matches_finished_total.load());
  line(out, "slow_consumers_total", "counter", "Connections cut off for not reading.",
       slow_consumers_total.load());
  line(out, "engine_errors_total", "counter", "Inputs rolled back after an engine failure.",
       engine_errors_total.load());
  line(out, "accept_failures_total", "counter", "Failed accepts (out of file descriptors).",
       accept_failures_total.load());
  line(out, "connections_refused_total", "counter", "Connections refused at a connection cap.",
       connections_refused_total.load());
  line(out, "rate_limited_total", "counter", "Requests refused RATE_LIMITED.",
       rate_limited_total.load());
  line(out, "logins_throttled_total", "counter", "Logins refused after repeated failures.",
       logins_throttled_total.load());
  line(out, "matches_in_memory", "gauge", "Matches hosted in memory.", matches_in_memory);
  line(out, "db_batches_total", "counter", "Group commits to the database.", db_batches);
  line(out, "db_jobs_total", "counter", "Database jobs run.", db_jobs);
  return out;
}

}  // namespace spacedock::server
