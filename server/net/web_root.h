#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>

namespace spacedock::server {

// The browser client's files (clients/web, built into build/web), read into memory at startup:
// serving one is a map lookup, with no disk reads on the network threads and no request path
// ever reaching the file system.
class WebRoot {
 public:
  struct File {
    std::string body;
    std::string gzipped;  // empty when the build made no .gz twin
    std::string_view content_type;
    std::string_view cache_control;
    std::string etag;
  };

  // The files under `dir`, each at "/" + its relative path. A missing directory gives an empty
  // root (the server still plays; "/" then says how to build the client).
  static WebRoot load(const std::filesystem::path& dir);

  // The file a request path names ("/" is "/index.html"); null if there is none.
  const File* find(std::string_view path) const;

  std::size_t files() const { return files_.size(); }
  std::size_t bytes() const;

 private:
  std::unordered_map<std::string, File> files_;
};

}  // namespace spacedock::server
