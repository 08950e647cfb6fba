#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "storage/database.h"

namespace spacedock::storage {

// Throws ConstraintError for SQLITE_CONSTRAINT codes and StorageError otherwise, with
// sqlite3_errmsg in the message.
[[noreturn]] void throw_error(sqlite3* db, int rc, std::string_view what);

// One prepared statement. Parameters are 1-based and columns 0-based, as in SQLite. Bound text
// and blobs are not copied: they must outlive the statement's steps.
class Statement {
 public:
  // Borrows the database's cached statement for `sql` (preparing it the first time), and resets
  // it for the next user on destruction: statements run on every input are prepared once.
  Statement(Database& db, std::string_view sql);
  // Prepares the first statement of `sql`, finalized on destruction; `rest`, if given,
  // receives what follows it.
  Statement(sqlite3* db, std::string_view sql, std::string_view* rest = nullptr);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // False when `sql` held only whitespace or comments.
  bool empty() const { return stmt_ == nullptr; }

  Statement& bind_int(int index, std::int64_t value);
  Statement& bind_text(int index, std::string_view text);
  Statement& bind_blob(int index, std::string_view bytes);
  Statement& bind_null(int index);

  // True while there is a row to read.
  bool step();
  // Steps to the end, ignoring any rows.
  void run();
  // Makes the statement ready to run again, with its bindings cleared.
  void reset();

  bool is_null(int column) const;
  std::int64_t column_int(int column) const;
  std::optional<std::int64_t> column_optional_int(int column) const;
  std::string column_text(int column) const;
  std::string column_blob(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  bool* borrowed_ = nullptr;  // the cache entry's in-use flag, for a borrowed statement
};

}  // namespace spacedock::storage
