#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage/postgresql/connection.h"

namespace spacedock::storage::postgresql {

// One statement on a PostgreSQL connection: the PostgreSQL half of storage::Statement, which
// documents the contract. Integers go as int8, text as text and blobs as bytea, all in binary
// form; results come in binary form too. The whole result is fetched by the first step().
class Statement {
 public:
  Statement(Connection& connection, std::string_view sql);
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind_int(int index, std::int64_t value);
  void bind_text(int index, std::string_view text);
  void bind_blob(int index, std::string_view bytes);
  void bind_null(int index);

  bool step();
  void run();
  void reset();
  // Rows changed by this INSERT, UPDATE or DELETE.
  std::int64_t changes() const;

  bool is_null(int column) const;
  // For int2, int4, int8, bool and numeric columns (a numeric's fraction is dropped).
  std::int64_t column_int(int column) const;
  // For text columns.
  std::string column_text(int column) const;
  // The column's raw bytes (a bytea's, or a text's).
  std::string column_blob(int column) const;

 private:
  struct Parameter {
    unsigned type = 0;  // a type OID; 0 for NULL
    std::string_view bytes;
    char word[8] = {};  // an integer's big-endian bytes
  };

  Parameter& parameter(int index);
  void bind_bytes(int index, unsigned type, std::string_view bytes);
  void execute();
  // The value at the current row, after checking that there is one and that `column` exists.
  const char* value(int column) const;

  Connection& connection_;
  Prepared* prepared_;  // the connection's cache entry, or &own_
  Prepared own_;        // when the cache is full
  std::vector<Parameter> parameters_;
  Result result_;
  int row_ = -1;
};

}  // namespace spacedock::storage::postgresql
