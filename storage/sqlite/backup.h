#pragma once

#include <cstddef>
#include <string>

namespace spacedock::storage::sqlite {

// Copies the SQLite file at `from` to a new file `to` with SQLite's online backup API: a
// consistent snapshot, taken while the server goes on writing (a few pages at a time; a write in
// between restarts the copy from a consistent point). Returns the pages copied. Throws
// StorageError.
std::size_t backup(const std::string& from, const std::string& to);

}  // namespace spacedock::storage::sqlite
