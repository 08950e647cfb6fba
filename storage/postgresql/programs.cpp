#include "storage/postgresql/programs.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <utility>

#include "storage/database.h"

extern char** environ;

namespace spacedock::storage::postgresql {
namespace {

bool is_executable(const std::filesystem::path& path) {
  return ::access(path.c_str(), X_OK) == 0 && !std::filesystem::is_directory(path);
}

std::string on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream directories(path ? path : "");
  for (std::string directory; std::getline(directories, directory, ':');) {
    if (directory.empty()) continue;
    if (const auto candidate = std::filesystem::path(directory) / name; is_executable(candidate))
      return candidate.string();
  }
  return {};
}

// Closes the descriptor when it goes out of scope.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string find_program(const std::string& name) {
  if (std::string found = on_path(name); !found.empty()) return found;
  if (!on_path("pg_config").empty()) {
    const ProgramResult bindir = run_program({"pg_config", "--bindir"});
    std::string directory = bindir.output.substr(0, bindir.output.find('\n'));
    if (bindir.status == 0 && is_executable(std::filesystem::path(directory) / name))
      return (std::filesystem::path(directory) / name).string();
  }
  throw StorageError("cannot find " + name +
                     ": it is neither on PATH nor in `pg_config --bindir` (Debian: install "
                     "postgresql-client for pg_dump and pg_restore, postgresql for initdb)");
}

ProgramResult run_program(const std::vector<std::string>& argv) {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) throw StorageError("cannot make a pipe");
  Descriptor read_end{ends[0]};
  Descriptor write_end{ends[1]};

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, write_end.fd, 1);
  posix_spawn_file_actions_adddup2(&actions, write_end.fd, 2);
  std::vector<char*> args;
  for (const std::string& arg : argv)
    args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    throw StorageError("cannot run " + argv[0] + ": " + std::strerror(spawned));
  }
  ::close(std::exchange(write_end.fd, -1));  // so that the read below ends when the child does

  ProgramResult result;
  char buffer[4096];
  for (;;) {
    const ssize_t got = ::read(read_end.fd, buffer, sizeof buffer);
    if (got > 0) {
      result.output.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      break;
    }
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace spacedock::storage::postgresql
