#pragma once

#include <string>

namespace spacedock::storage::postgresql {

// Writes the database at `url` to a new file `to` with `pg_dump --format=custom`: a consistent
// snapshot (one REPEATABLE READ transaction), taken while the server goes on writing. The URL,
// password included if it has one, is on pg_dump's command line: prefer ~/.pgpass or
// PGPASSWORD. Throws StorageError with pg_dump's message if it fails, and removes `to`.
// Restoring: see storage/backup.h.
void dump(const std::string& url, const std::string& to);

}  // namespace spacedock::storage::postgresql
