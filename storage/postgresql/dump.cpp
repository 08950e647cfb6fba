#include "storage/postgresql/dump.h"

#include <filesystem>

#include "storage/database.h"
#include "storage/postgresql/programs.h"

namespace spacedock::storage::postgresql {

void dump(const std::string& url, const std::string& to) {
  const ProgramResult dumped =
      run_program({find_program("pg_dump"), "--format=custom", "--file=" + to, "--dbname=" + url});
  if (dumped.status != 0) {
    std::error_code ignored;
    std::filesystem::remove(to, ignored);
    throw StorageError("pg_dump failed (exit status " + std::to_string(dumped.status) +
                       "): " + dumped.output);
  }
}

}  // namespace spacedock::storage::postgresql
