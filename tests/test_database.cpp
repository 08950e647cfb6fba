#include "tests/test_database.h"

#include <libpq-fe.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "storage/postgresql/programs.h"

namespace spacedock::testing {
namespace {

// This process's PostgreSQL: started by the first test that needs it, stopped at exit
// (immediately: the test databases are thrown away).
class Cluster {
 public:
  Cluster() {
    const auto started = storage::postgresql::run_program({"bash", script(), "start"});
    if (started.status != 0) {
      throw std::runtime_error(
          "SPACEDOCK_TEST_DB=postgresql, but tools/postgres could not start PostgreSQL: " +
          started.output);
    }
    // The URL is the last line: postgresql:///postgres?host=DIR&user=postgres.
    std::string output = started.output;
    while (!output.empty() && output.back() == '\n')
      output.pop_back();
    url_ = output.substr(output.rfind('\n') + 1);
  }
  ~Cluster() {
    try {
      storage::postgresql::run_program({"bash", script(), "stop", url_});
    } catch (...) {
      // Nothing to do at exit: the directory stays in /tmp.
    }
  }
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  // The URL of database `name` in this cluster.
  std::string url(const std::string& name) const {
    return "postgresql:///" + name + url_.substr(url_.find('?'));
  }

 private:
  static std::string script() { return std::string(SPACEDOCK_SOURCE_DIR) + "/tools/postgres"; }

  std::string url_;
};

// Fails fast after a first failure, rather than trying to start a server for every test.
const Cluster& cluster() {
  static std::string failure;
  if (!failure.empty()) throw std::runtime_error(failure);
  try {
    static const Cluster started;
    return started;
  } catch (const std::exception& error) {
    failure = error.what();
    throw;
  }
}

std::string new_postgresql_database() {
  static std::mutex mutex;
  static int databases = 0;
  const std::lock_guard lock(mutex);
  const std::string name = "t" + std::to_string(++databases);
  const std::string maintenance = cluster().url("postgres");
  const std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(maintenance.c_str()),
                                                          PQfinish);
  const std::unique_ptr<PGresult, decltype(&PQclear)> created(
      PQexec(conn.get(), ("CREATE DATABASE " + name).c_str()), PQclear);
  if (PQresultStatus(created.get()) != PGRES_COMMAND_OK) {
    throw std::runtime_error("cannot create a test database: " +
                             std::string(PQerrorMessage(conn.get())));
  }
  return cluster().url(name);
}

}  // namespace

storage::Backend test_backend() {
  const char* chosen = std::getenv("SPACEDOCK_TEST_DB");
  const std::string name = chosen ? chosen : "sqlite";
  if (name == "sqlite") return storage::Backend::kSqlite;
  if (name == "postgresql") return storage::Backend::kPostgresql;
  throw std::invalid_argument("SPACEDOCK_TEST_DB is \"" + name +
                              "\": use sqlite (the default) or postgresql");
}

TestDatabase::TestDatabase()
    : backend_(test_backend()),
      url_(backend_ == storage::Backend::kSqlite ? (dir_.path() / "spacedock.db").string()
                                                 : new_postgresql_database()) {}

std::string database_url(const std::filesystem::path& path) {
  if (test_backend() == storage::Backend::kSqlite) return path.string();
  static std::mutex mutex;
  static std::map<std::string, std::string> named;
  const std::lock_guard lock(mutex);
  auto [at, added] = named.try_emplace(path.string());
  if (added) {
    try {
      at->second = new_postgresql_database();
    } catch (...) {
      named.erase(at);
      throw;
    }
  }
  return at->second;
}

}  // namespace spacedock::testing
