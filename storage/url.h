#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace spacedock::storage {

enum class Backend : std::uint8_t { kSqlite, kPostgresql };

// Where a database lives, as Database::open and backup take it:
//   sqlite:PATH, or a bare PATH (":memory:" too)   an SQLite file; `target` is the path
//   postgresql://... or postgres://...            a PostgreSQL database; `target` is the whole
//                                                 URL, which libpq reads
// Any other SCHEME://..., and postgresql: without //, is refused, so that a mistyped URL is not
// taken for a file name.
struct DatabaseUrl {
  Backend backend = Backend::kSqlite;
  std::string target;
};

// Throws StorageError for an unknown scheme.
DatabaseUrl parse_database_url(std::string_view url);

}  // namespace spacedock::storage
