#include "server/cluster/agones.h"

#include <spdlog/spdlog.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <charconv>
#include <cstdlib>
#include <memory>
#include <string_view>

namespace spacedock::server::cluster {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

constexpr std::uint16_t kDefaultPort = 9358;
constexpr auto kCallTimeout = std::chrono::seconds(5);

// One REST call's connection, request and response, alive until its handler has run.
struct Call : std::enable_shared_from_this<Call> {
  Call(asio::io_context& io, std::string path, std::function<void(bool)> done)
      : stream(io), then(std::move(done)) {
    request.method(http::verb::post);
    request.target(path);
    request.set(http::field::host, "127.0.0.1");
    request.set(http::field::content_type, "application/json");
    request.body() = "{}";
    request.prepare_payload();
  }

  void start(std::uint16_t port) {
    stream.expires_after(kCallTimeout);
    stream.async_connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
                         [self = shared_from_this()](beast::error_code ec) {
                           if (ec) return self->finish(ec);
                           self->write();
                         });
  }
  void write() {
    http::async_write(stream, request,
                      [self = shared_from_this()](beast::error_code ec, std::size_t) {
                        if (ec) return self->finish(ec);
                        self->read();
                      });
  }
  void read() {
    http::async_read(
        stream, buffer, response,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->finish(ec); });
  }
  void finish(beast::error_code ec) {
    const std::string path(request.target());
    if (ec) {
      spdlog::warn("agones: {} failed: {}", path, ec.message());
    } else if (response.result() != http::status::ok) {
      spdlog::warn("agones: {} answered {}", path, response.result_int());
    }
    beast::error_code ignored;
    stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    then(!ec && response.result() == http::status::ok);
  }

  beast::tcp_stream stream;
  beast::flat_buffer buffer;
  http::request<http::string_body> request;
  http::response<http::string_body> response;
  std::function<void(bool)> then;
};

}  // namespace

AgonesSdk::AgonesSdk(asio::io_context& io, std::uint16_t port) : io_(io), port_(port) {}

std::uint16_t AgonesSdk::port_from_environment() {
  const char* text = std::getenv("AGONES_SDK_HTTP_PORT");
  if (!text) return kDefaultPort;
  const std::string_view value(text);
  std::uint16_t port = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), port);
  if (ec != std::errc() || end != value.data() + value.size() || port == 0) {
    spdlog::warn("agones: AGONES_SDK_HTTP_PORT '{}' is not a port; using {}", value, kDefaultPort);
    return kDefaultPort;
  }
  return port;
}

void AgonesSdk::ready() {
  post("/ready", [port = port_](bool ok) {
    if (ok) spdlog::info("agones: ready (SDK sidecar on port {})", port);
  });
}

void AgonesSdk::health() {
  post("/health", [](bool) {});
}

void AgonesSdk::allocate() {
  if (allocated_) return;
  allocated_ = true;
  post("/allocate", [](bool ok) {
    if (ok) spdlog::info("agones: allocated (this node runs matches)");
  });
}

void AgonesSdk::shutdown(std::function<void()> then) {
  post("/shutdown", [then = std::move(then)](bool) { then(); });
}

void AgonesSdk::post(std::string path, std::function<void(bool)> then) {
  std::make_shared<Call>(io_, std::move(path), std::move(then))->start(port_);
}

}  // namespace spacedock::server::cluster
