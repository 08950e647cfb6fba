#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace spacedock::storage::sqlite {

class Connection;

// Throws ConstraintError for SQLITE_CONSTRAINT codes and StorageError otherwise, with
// sqlite3_errmsg in the message.
[[noreturn]] void throw_error(sqlite3* db, int rc, std::string_view what);

// One prepared SQLite statement: the SQLite half of storage::Statement, which documents the
// contract. Bound text and blobs are not copied.
class Statement {
 public:
  // Borrows the connection's cached statement for `sql` (preparing it the first time), and
  // resets it for the next user on destruction: statements run on every input are prepared once.
  Statement(Connection& connection, std::string_view sql);
  // Prepares the first statement of `sql`, finalized on destruction; `rest`, if given,
  // receives what follows it.
  Statement(sqlite3* db, std::string_view sql, std::string_view* rest = nullptr);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // False when `sql` held only whitespace or comments.
  bool empty() const { return stmt_ == nullptr; }

  void bind_int(int index, std::int64_t value);
  void bind_text(int index, std::string_view text);
  void bind_blob(int index, std::string_view bytes);
  void bind_null(int index);

  bool step();
  void run();
  void reset();
  // Rows changed by the INSERT, UPDATE or DELETE that last ran on the connection.
  std::int64_t changes() const;

  bool is_null(int column) const;
  std::int64_t column_int(int column) const;
  std::string column_text(int column) const;
  std::string column_blob(int column) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  bool* borrowed_ = nullptr;  // the cache entry's in-use flag, for a borrowed statement
};

}  // namespace spacedock::storage::sqlite
