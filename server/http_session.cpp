#include "server/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>

#include "server/lobby.h"
#include "server/web_root.h"
#include "server/ws_session.h"

namespace spacedock::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

constexpr std::size_t kMaxRequestBody = 16 * 1024;
// A request's head (request line and headers) above this is answered 431; a URL above
// kMaxTarget, 414.
constexpr std::uint32_t kMaxHead = 16 * 1024;
constexpr std::size_t kMaxTarget = 4 * 1024;

// The path of a request target, without its query string.
std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

}  // namespace

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, Services& services, Admission::Slot slot)
    : stream_(std::move(socket)), services_(services), slot_(std::move(slot)) {}

void HttpSession::run() {
  asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
}

void HttpSession::read() {
  parser_.emplace();
  parser_->body_limit(kMaxRequestBody);
  parser_->header_limit(kMaxHead);
  stream_.expires_after(std::chrono::seconds(30));
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) {
    stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  if (ec == http::error::header_limit) return refuse(http::status::request_header_fields_too_large);
  if (ec) return;
  if (parser_->get().target().size() > kMaxTarget) return refuse(http::status::uri_too_long);
  if (beast::websocket::is_upgrade(parser_->get()) && path_of(parser_->get().target()) == "/ws") {
    stream_.expires_never();
    std::make_shared<WsSession>(stream_.release_socket(), services_, std::move(*slot_))
        ->run(parser_->release());
    return;
  }
  respond(parser_->get());
}

void HttpSession::respond(const http::request<http::string_body>& request) {
  response_ = {};
  response_.version(request.version());
  response_.set(http::field::server, "spacedock");
  response_.set(http::field::content_type, "text/plain; charset=utf-8");
  response_.keep_alive(request.keep_alive());
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    response_.result(http::status::method_not_allowed);
    response_.body() = "only GET is served here\n";
  } else if (path_of(request.target()) == "/healthz") {
    response_.result(http::status::ok);
    response_.body() = "ok\n";
  } else if (path_of(request.target()) == "/metrics") {
    response_.result(http::status::ok);
    response_.set(http::field::content_type, "text/plain; version=0.0.4");
    response_.body() =
        services_.metrics.render({.matches_in_memory = services_.lobby.size(),
                                  .db_batches = services_.db.batches(),
                                  .db_jobs = services_.db.jobs(),
                                  .db_queue = services_.db.queued(),
                                  .password_jobs = services_.throttles.password_jobs.load()});
  } else if (const WebRoot::File* file = services_.web.find(path_of(request.target()))) {
    serve(request, *file);
  } else if (path_of(request.target()) == "/") {
    response_.result(http::status::not_found);
    response_.body() =
        "the web client is not built here (tools/build builds it; serve --web-root names "
        "another); the game protocol is a WebSocket at /ws\n";
  } else {
    response_.result(http::status::not_found);
    response_.body() = "not found; the game protocol is a WebSocket at /ws\n";
  }
  response_.prepare_payload();
  if (request.method() == http::verb::head) response_.body().clear();  // Content-Length stays
  http::async_write(stream_, response_,
                    beast::bind_front_handler(&HttpSession::on_write, shared_from_this(),
                                              response_.keep_alive()));
}

void HttpSession::serve(const http::request<http::string_body>& request,
                        const WebRoot::File& file) {
  response_.set(http::field::content_type, file.content_type);
  response_.set(http::field::cache_control, file.cache_control);
  response_.set(http::field::etag, file.etag);
  response_.set(http::field::vary, "Accept-Encoding");
  response_.set("X-Content-Type-Options", "nosniff");
  // The page talks to its own origin only: no CDN, no fonts or scripts from elsewhere.
  response_.set("Content-Security-Policy",
                "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
  if (request[http::field::if_none_match] == file.etag) {
    response_.result(http::status::not_modified);
    return;
  }
  response_.result(http::status::ok);
  if (!file.gzipped.empty() &&
      request[http::field::accept_encoding].find("gzip") != std::string_view::npos) {
    response_.set(http::field::content_encoding, "gzip");
    response_.body() = file.gzipped;
  } else {
    response_.body() = file.body;
  }
}

void HttpSession::refuse(http::status status) {
  // The request was not read whole: answer and close.
  response_ = {};
  response_.version(11);
  response_.result(status);
  response_.set(http::field::server, "spacedock");
  response_.set(http::field::content_type, "text/plain; charset=utf-8");
  response_.keep_alive(false);
  response_.body() =
      status == http::status::uri_too_long
          ? "the URL is longer than " + std::to_string(kMaxTarget) + " bytes\n"
          : "the request head is larger than " + std::to_string(kMaxHead) + " bytes\n";
  response_.prepare_payload();
  http::async_write(stream_, response_,
                    beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), false));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return;
  if (!keep_alive) {
    stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
    return;
  }
  read();
}

}  // namespace spacedock::server
