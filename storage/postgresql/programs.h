#pragma once

#include <string>
#include <vector>

namespace spacedock::storage::postgresql {

// The path of a PostgreSQL program (pg_dump, pg_restore, initdb...): found on PATH, else in
// `pg_config --bindir`, where Debian keeps the server's programs. Throws StorageError, saying
// which package to install, if it is in neither.
std::string find_program(const std::string& name);

struct ProgramResult {
  int status = 0;      // the exit status, or 128 + the signal that ended it
  std::string output;  // its stdout and stderr, interleaved
};

// Runs `argv` (argv[0] searched on PATH unless it holds a '/') without a shell, with stdin
// from /dev/null, and waits for it. Throws StorageError if it cannot be started.
ProgramResult run_program(const std::vector<std::string>& argv);

}  // namespace spacedock::storage::postgresql
