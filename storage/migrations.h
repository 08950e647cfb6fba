#pragma once

#include "storage/database.h"

namespace spacedock::storage {

// Applies every schema migration that `db` lacks, in order, each in its own transaction, in
// the backend's dialect (migrations/sqlite/, migrations/postgresql/: the same numbers, the same
// schema). Servers opening one database together apply each migration once. Throws
// StorageError if the database is newer than this program.
void migrate(Database& db);

}  // namespace spacedock::storage
