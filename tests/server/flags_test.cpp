// The programs' command-line flags (support/flags.h).
#include "support/flags.h"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

using spacedock::support::Flags;

// Flags over `args`, as if they followed the program's name.
struct Line {
  explicit Line(std::vector<std::string> args) : words(std::move(args)) {
    pointers.push_back(program.data());
    for (auto& w : words)
      pointers.push_back(w.data());
  }
  Flags flags() { return Flags(static_cast<int>(pointers.size()), pointers.data(), 1); }

  std::string program = "spacedock";
  std::vector<std::string> words;
  std::vector<char*> pointers;
};

}  // namespace

TEST_CASE("flags: values and switches are taken, the rest is an error") {
  Line line({"--listen", "127.0.0.1:9000", "--quiet", "--threads", "4"});
  Flags flags = line.flags();
  CHECK(flags.take("--listen") == "127.0.0.1:9000");
  CHECK_FALSE(flags.take("--db").has_value());
  CHECK(flags.take_switch("--quiet"));
  CHECK_FALSE(flags.take_switch("--quiet"));
  CHECK_THROWS_AS(flags.finish(), std::invalid_argument);  // --threads 4 is left
  int threads = 0;
  flags.take_number("--threads", threads);
  CHECK(threads == 4);
  CHECK_NOTHROW(flags.finish());
}

TEST_CASE("flags: a flag given twice takes its last value, as a wrapper's default is overridden") {
  Line line(
      {"--listen", "127.0.0.1:8080", "--db", "var/spacedock.db", "--listen", "127.0.0.1:9000"});
  Flags flags = line.flags();
  CHECK(flags.take("--listen") == "127.0.0.1:9000");
  CHECK(flags.take("--db") == "var/spacedock.db");
  CHECK_NOTHROW(flags.finish());
}

TEST_CASE("flags: a missing value or a bad number says which flag") {
  Line line({"--threads", "four", "--listen"});
  Flags flags = line.flags();
  int threads = 0;
  CHECK_THROWS_WITH_AS(flags.take_number("--threads", threads), "--threads: 'four' is not a number",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(flags.take("--listen"), "--listen needs a value", std::invalid_argument);
}
