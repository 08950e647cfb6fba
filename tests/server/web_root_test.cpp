// The browser client's files served by `spacedock serve` at "/": content types, caching by
// name, gzip, revalidation, HEAD, and nothing outside the web root.
#include "server/net/web_root.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

#include "server/net/card_images.h"
#include "tests/server/test_server.h"
#include "tests/temp_dir.h"

namespace sd = spacedock;

namespace {

using spacedock::server::WebRoot;
using spacedock::testing::TempDir;
using spacedock::testing::TestServer;

void write(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// The web root a client build leaves: a page, a hashed bundle with its gzip twin, an asset.
void make_client(const std::filesystem::path& root) {
  write(root / "index.html", "<!doctype html><title>Spacedock</title>");
  write(root / "main-AB12CD34.js", "console.log('spacedock');");
  write(root / "main-AB12CD34.js.gz", "not really gzip, but the server does not care");
  write(root / "assets" / "icon.svg", "<svg/>");
}

// curl's output for `args`: with -i, the status line and headers, then the body.
std::string curl(const std::string& args) {
  FILE* pipe = popen(("curl -s " + args).c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    out.append(buffer, n);
  pclose(pipe);
  return out;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("WebRoot: files by path, caching by whether the name carries a content hash") {
  TempDir dir;
  make_client(dir.path() / "web");
  const WebRoot root = WebRoot::load(dir.path() / "web");
  CHECK(root.files() == 3);  // the .gz twin is part of its file
  const WebRoot::File* page = root.find("/");
  REQUIRE(page != nullptr);
  CHECK(page == root.find("/index.html"));
  CHECK(page->content_type == "text/html; charset=utf-8");
  CHECK(page->cache_control == "no-cache");
  const WebRoot::File* bundle = root.find("/main-AB12CD34.js");
  REQUIRE(bundle != nullptr);
  CHECK(bundle->content_type == "text/javascript; charset=utf-8");
  CHECK(bundle->cache_control == "public, max-age=31536000, immutable");
  CHECK(bundle->gzipped == "not really gzip, but the server does not care");
  REQUIRE(root.find("/assets/icon.svg") != nullptr);
  CHECK(root.find("/assets/icon.svg")->content_type == "image/svg+xml");
  CHECK(root.find("/missing.js") == nullptr);
  CHECK(root.find("/main-AB12CD34.js.gz") == nullptr);
  CHECK(root.find("/../web/index.html") == nullptr);
  CHECK(WebRoot::load(dir.path() / "nowhere").files() == 0);
}

TEST_CASE("spacedock serve: the web client at /, the game at /ws, nothing else from disk") {
  TempDir dir;
  make_client(dir.path() / "web");
  write(dir.path() / "secret.txt", "not for the web");
  TestServer server(dir.path() / "db.sqlite",
                    [&](auto& config) { config.web_root = (dir.path() / "web").string(); });
  const std::string base = "http://127.0.0.1:" + std::to_string(server.port());

  const std::string page = curl("-i " + base + "/");
  CHECK(has(page, "HTTP/1.1 200"));
  CHECK(has(page, "Content-Type: text/html; charset=utf-8"));
  CHECK(has(page, "Cache-Control: no-cache"));
  CHECK(has(page, "Content-Security-Policy: default-src 'self'"));
  CHECK(has(page, "<title>Spacedock</title>"));

  const std::string bundle = curl("-i " + base + "/main-AB12CD34.js");
  CHECK(has(bundle, "Cache-Control: public, max-age=31536000, immutable"));
  CHECK(has(bundle, "console.log('spacedock');"));
  CHECK_FALSE(has(bundle, "Content-Encoding"));
  const std::string gzipped = curl("-i -H 'Accept-Encoding: gzip' " + base + "/main-AB12CD34.js");
  CHECK(has(gzipped, "Content-Encoding: gzip"));
  CHECK(has(gzipped, "not really gzip"));

  // A browser revalidating what it has gets 304 and no body.
  const auto etag_at = page.find("ETag: ");
  REQUIRE(etag_at != std::string::npos);
  const std::string etag = page.substr(etag_at + 6, page.find('\r', etag_at) - etag_at - 6);
  const std::string again = curl("-i -H 'If-None-Match: " + etag + "' " + base + "/");
  CHECK(has(again, "HTTP/1.1 304"));
  CHECK_FALSE(has(again, "<title>"));

  const std::string head = curl("-I " + base + "/index.html");
  CHECK(has(head, "HTTP/1.1 200"));
  CHECK(has(head, "Content-Length: 39"));

  CHECK(has(curl("-i " + base + "/nothing.js"), "HTTP/1.1 404"));
  CHECK(has(curl("-i --path-as-is " + base + "/../secret.txt"), "HTTP/1.1 404"));
  CHECK_FALSE(has(curl("--path-as-is " + base + "/../secret.txt"), "not for the web"));
  CHECK(has(curl("-i " + base + "/healthz"), "ok"));
}

TEST_CASE("card images: only the origin the operator names may serve them") {
  CHECK(sd::server::card_image_origin("https://img.example.org/cards/{set}/{number}.jpg") ==
        "https://img.example.org");
  CHECK(sd::server::card_image_origin("http://127.0.0.1:9000/{id}.png") == "http://127.0.0.1:9000");
  CHECK_FALSE(sd::server::card_image_origin("https://{slug}.example.org/x.png").has_value());
  CHECK_FALSE(sd::server::card_image_origin("ftp://example.org/{id}").has_value());
  CHECK_FALSE(sd::server::card_image_origin("/cards/{id}.png").has_value());

  TempDir dir;
  make_client(dir.path() / "web");
  const auto policy = [&](const std::function<void(sd::server::ServerConfig&)>& tune) {
    TestServer server(dir.path() / "db.sqlite", [&](auto& config) {
      config.web_root = (dir.path() / "web").string();
      tune(config);
    });
    const std::string page = curl("-i http://127.0.0.1:" + std::to_string(server.port()) + "/");
    const auto at = page.find("Content-Security-Policy: ");
    REQUIRE(at != std::string::npos);
    return page.substr(at, page.find('\r', at) - at);
  };
  // Without the flag, images come from the page's own origin only.
  CHECK(has(policy([](auto&) {}), "img-src 'self' data:;"));
  const std::string named = policy([](auto& config) {
    config.card_image_template = "http://127.0.0.1:9000/{id}.png";
    config.card_image_origin = "http://127.0.0.1:9000";
  });
  CHECK(has(named, "img-src 'self' data: http://127.0.0.1:9000;"));
  CHECK(has(named, "connect-src 'self';"));
}

TEST_CASE("spacedock serve without a built client says how to get one") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite",
                    [&](auto& config) { config.web_root = (dir.path() / "none").string(); });
  const std::string page = curl("-i http://127.0.0.1:" + std::to_string(server.port()) + "/");
  CHECK(has(page, "HTTP/1.1 404"));
  CHECK(has(page, "the web client is not built here"));
}
