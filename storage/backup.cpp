#include "storage/backup.h"

#include <filesystem>

#include "storage/database.h"
#include "storage/postgresql/dump.h"
#include "storage/sqlite/backup.h"

namespace spacedock::storage {

std::size_t backup(const std::string& from, const std::string& to) {
  if (std::filesystem::exists(to)) throw StorageError(to + " exists already; not overwriting it");
  const DatabaseUrl source = parse_database_url(from);
  switch (source.backend) {
    case Backend::kSqlite:
      return sqlite::backup(source.target, to);
    case Backend::kPostgresql:
      postgresql::dump(source.target, to);
      return 0;
  }
  throw StorageError("unknown backend");
}

}  // namespace spacedock::storage
