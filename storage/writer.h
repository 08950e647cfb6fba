#pragma once

#include "storage/database.h"

namespace spacedock::storage {

// Makes `db`'s connection the database's one writer for as long as it stays open, if no other
// connection is; returns false while another is.
//
// PostgreSQL: a session advisory lock. A server killed in the middle of a commit leaves its
// backend to finish that commit; the lock goes only when that backend has seen its client gone,
// so a successor that waits for it restores every input its predecessor stored, not one fewer.
// SQLite: always true; the file's own locks order the writers.
bool try_claim_writer(Database& db);

}  // namespace spacedock::storage
