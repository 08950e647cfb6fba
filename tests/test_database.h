#pragma once

#include <filesystem>
#include <string>

#include "storage/database.h"
#include "tests/temp_dir.h"

namespace spacedock::testing {

// The backend that the environment variable SPACEDOCK_TEST_DB names: "sqlite" (the default)
// or "postgresql". Throws std::invalid_argument for any other value.
storage::Backend test_backend();

// A new, empty database for one test, on test_backend(). SQLite: a file in a new directory,
// removed with it. PostgreSQL: a new database (CREATE DATABASE) in a cluster that this test
// process starts on first use with tools/postgres (on a Unix socket in a temporary directory;
// as the postgres user when run as root) and stops at exit. If PostgreSQL cannot be started the
// constructor throws, with the reason, and the test fails.
class TestDatabase {
 public:
  TestDatabase();

  // For Database::open: the SQLite file's path, or postgresql:///tN?host=DIR&user=postgres.
  const std::string& url() const { return url_; }
  storage::Backend backend() const { return backend_; }
  storage::Database open() const { return storage::Database::open(url_); }

 private:
  TempDir dir_;  // SQLite's
  storage::Backend backend_;
  std::string url_;
};

// The database a test names by a path, on test_backend(), for a server's --db (or
// ServerConfig::db_path) and for the test's own connections. SQLite: the path itself.
// PostgreSQL: a new database the first time the path is named in this process, and the same
// one's URL every time after, so that a restarted server, a server in another process and the
// test that opens the database directly all find the same data. Thread-safe.
std::string database_url(const std::filesystem::path& path);

// Database::open(database_url(path)).
inline storage::Database open_database(const std::filesystem::path& path) {
  return storage::Database::open(database_url(path));
}

}  // namespace spacedock::testing
