#include "server/commands/scenario.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/stccg/scenario/runner.h"

namespace spacedock::server {
namespace {

// A scenario that takes longer than this is stuck (a position where turns end by themselves).
constexpr unsigned kSecondsPerFile = 60;

bool run_file(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  stccg::ScenarioReport report;
  if (in.is_open()) {
    std::ostringstream text;
    text << in.rdbuf();
    report = stccg::run_scenario(stccg::CardDb::standard(), file, text.str());
  } else {
    report.failures.push_back(file + ": cannot be read");
  }
  for (const std::string& failure : report.failures)
    std::printf("%s\n", failure.c_str());
  return report.passed();
}

}  // namespace

int run_scenarios(const std::vector<std::string>& files) {
  if (files.empty()) {
    std::fprintf(stderr, "spacedock scenario: no files given\n");
    return 2;
  }
  int failed = 0;
  for (const std::string& file : files) {
    // Each file runs in a child process, so that an engine crash or hang fails that file only.
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
      alarm(kSecondsPerFile);
      const bool passed = run_file(file);
      std::fflush(stdout);
      _exit(passed ? 0 : 1);
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child) {
      std::printf("%s: could not be run\n", file.c_str());
      status = 1;
    } else if (WIFSIGNALED(status)) {
      std::printf("%s: the run died of signal %d\n", file.c_str(), WTERMSIG(status));
    }
    const bool passed = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    std::printf("%s: %s\n", passed ? "passed" : "FAILED", file.c_str());
    failed += passed ? 0 : 1;
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace spacedock::server
