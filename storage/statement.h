#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "storage/database.h"
#include "storage/postgresql/statement.h"
#include "storage/sqlite/statement.h"

namespace spacedock::storage {

// A statement written once per dialect, where SQLite's and PostgreSQL's differ (names compared
// ignoring case, say).
struct PerDialect {
  std::string_view sqlite;
  std::string_view postgresql;

  std::string_view in(Backend backend) const {
    return backend == Backend::kSqlite ? sqlite : postgresql;
  }
};

// One statement on a Database, SQLite's or PostgreSQL's. SQL is written with ? parameters,
// 1-based; columns are 0-based, as in SQLite. Bound text and blobs are not copied: they must
// outlive the statement's steps. Statements are prepared once per connection and SQL text, and
// kept (SQLite's prepared statements; PostgreSQL's, named on the server).
class Statement {
 public:
  Statement(Database& db, std::string_view sql);
  Statement(Database& db, PerDialect sql);
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind_int(int index, std::int64_t value);
  Statement& bind_text(int index, std::string_view text);
  Statement& bind_blob(int index, std::string_view bytes);
  Statement& bind_null(int index);

  // True while there is a row to read.
  bool step();
  // Steps to the end, ignoring any rows.
  void run();
  // Runs an INSERT ... RETURNING id to its end and returns the id.
  std::int64_t returning_id();
  // Makes the statement ready to run again, with its bindings cleared.
  void reset();
  // After run(): the rows this INSERT, UPDATE or DELETE changed.
  std::int64_t changes() const;

  bool is_null(int column) const;
  std::int64_t column_int(int column) const;
  std::optional<std::int64_t> column_optional_int(int column) const;
  std::string column_text(int column) const;
  std::string column_blob(int column) const;

 private:
  using BackendStatement = std::variant<sqlite::Statement, postgresql::Statement>;

  static BackendStatement prepare(Database& db, std::string_view sql);
  // Calls `f` on the backend's statement.
  template <typename F>
  decltype(auto) on_backend(F&& f) {
    if (auto* lite = std::get_if<sqlite::Statement>(&statement_)) return f(*lite);
    return f(*std::get_if<postgresql::Statement>(&statement_));
  }
  template <typename F>
  decltype(auto) on_backend(F&& f) const {
    if (const auto* lite = std::get_if<sqlite::Statement>(&statement_)) return f(*lite);
    return f(*std::get_if<postgresql::Statement>(&statement_));
  }

  BackendStatement statement_;
};

// Defined here, so that each is a branch and a direct call to the backend, as cheap as the
// SQLite-only Statement was: the persistence thread runs these for every input.

inline Statement& Statement::bind_int(int index, std::int64_t value) {
  on_backend([&](auto& s) { s.bind_int(index, value); });
  return *this;
}

inline Statement& Statement::bind_text(int index, std::string_view text) {
  on_backend([&](auto& s) { s.bind_text(index, text); });
  return *this;
}

inline Statement& Statement::bind_blob(int index, std::string_view bytes) {
  on_backend([&](auto& s) { s.bind_blob(index, bytes); });
  return *this;
}

inline Statement& Statement::bind_null(int index) {
  on_backend([&](auto& s) { s.bind_null(index); });
  return *this;
}

inline bool Statement::step() {
  return on_backend([](auto& s) { return s.step(); });
}

inline void Statement::run() {
  on_backend([](auto& s) { s.run(); });
}

inline void Statement::reset() {
  on_backend([](auto& s) { s.reset(); });
}

inline std::int64_t Statement::changes() const {
  return on_backend([](const auto& s) { return s.changes(); });
}

inline bool Statement::is_null(int column) const {
  return on_backend([&](const auto& s) { return s.is_null(column); });
}

inline std::int64_t Statement::column_int(int column) const {
  return on_backend([&](const auto& s) { return s.column_int(column); });
}

inline std::string Statement::column_text(int column) const {
  return on_backend([&](const auto& s) { return s.column_text(column); });
}

inline std::string Statement::column_blob(int column) const {
  return on_backend([&](const auto& s) { return s.column_blob(column); });
}

}  // namespace spacedock::storage
