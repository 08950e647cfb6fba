#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

namespace spacedock::testing {

// A fresh directory under /tmp, removed with everything in it unless SPACEDOCK_KEEP_TEST_DIRS
// is set (to read a failed run's logs).
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "spacedock-test-XXXXXX").string();
    path_ = ::mkdtemp(pattern.data());
  }
  ~TempDir() {
    if (std::getenv("SPACEDOCK_KEEP_TEST_DIRS") == nullptr) std::filesystem::remove_all(path_);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace spacedock::testing
