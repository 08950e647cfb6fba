#pragma once

#include <cstddef>
#include <string>

namespace spacedock::storage {

// Copies the database at `from` (a URL, as Database::open takes it) to a new file `to`, which
// must not exist yet, while the server goes on writing. Throws StorageError.
//
// SQLite: an SQLite file, copied with the online backup API (sqlite/backup.h); returns the
// pages copied.
// PostgreSQL: a pg_dump archive in its custom format (postgresql/dump.h); returns 0. Restore it
// into a new, empty database:
//   createdb spacedock_restored
//   pg_restore --dbname=postgresql:///spacedock_restored --single-transaction --exit-on-error TO
std::size_t backup(const std::string& from, const std::string& to);

}  // namespace spacedock::storage
