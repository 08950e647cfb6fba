#include "server/net/web_root.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <iterator>

namespace spacedock::server {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string_view content_type_of(const std::filesystem::path& path) {
  const std::string extension = path.extension().string();
  if (extension == ".html") return "text/html; charset=utf-8";
  if (extension == ".js" || extension == ".mjs") return "text/javascript; charset=utf-8";
  if (extension == ".css") return "text/css; charset=utf-8";
  if (extension == ".json" || extension == ".map") return "application/json";
  if (extension == ".svg") return "image/svg+xml";
  if (extension == ".png") return "image/png";
  if (extension == ".ico") return "image/x-icon";
  if (extension == ".woff2") return "font/woff2";
  if (extension == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

// esbuild names a bundle "main-5FQ2KXRW.js": a file whose name carries its content's hash never
// changes, so browsers may keep it for good. Anything else (index.html above all) is checked
// again on every load, so a new build is picked up at once.
bool content_hashed(const std::string& name) {
  const auto dash = name.rfind('-');
  const auto dot = name.find('.', dash == std::string::npos ? 0 : dash);
  if (dash == std::string::npos || dot == std::string::npos || dot - dash - 1 != 8) return false;
  return std::all_of(name.begin() + static_cast<std::ptrdiff_t>(dash) + 1,
                     name.begin() + static_cast<std::ptrdiff_t>(dot),
                     [](unsigned char c) { return std::isupper(c) || std::isdigit(c); });
}

}  // namespace

WebRoot WebRoot::load(const std::filesystem::path& dir) {
  WebRoot root;
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error)) return root;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir, error)) {
    if (!entry.is_regular_file() || entry.path().extension() == ".gz") continue;
    File file;
    file.body = read_file(entry.path());
    auto twin = entry.path();
    twin += ".gz";
    if (std::filesystem::exists(twin)) file.gzipped = read_file(twin);
    file.content_type = content_type_of(entry.path());
    file.cache_control = content_hashed(entry.path().filename().string())
                             ? "public, max-age=31536000, immutable"
                             : "no-cache";
    file.etag = fmt::format("\"{:016x}\"", std::hash<std::string>{}(file.body));
    root.files_.emplace("/" + entry.path().lexically_relative(dir).generic_string(),
                        std::move(file));
  }
  return root;
}

const WebRoot::File* WebRoot::find(std::string_view path) const {
  if (path == "/") path = "/index.html";
  const auto found = files_.find(std::string(path));
  return found == files_.end() ? nullptr : &found->second;
}

std::size_t WebRoot::bytes() const {
  std::size_t total = 0;
  for (const auto& [path, file] : files_)
    total += file.body.size();
  return total;
}

}  // namespace spacedock::server
