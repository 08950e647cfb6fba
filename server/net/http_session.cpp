#include "server/net/http_session.h"

#include <spdlog/spdlog.h>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>

#include "server/common/metrics.h"
#include "server/common/throttle.h"
#include "server/match/lobby.h"
#include "server/net/forwarded.h"
#include "server/net/web_root.h"
#include "server/net/ws_session.h"
#include "server/persistence/persistence.h"

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
// How long a client has to send a request's head (and, over TLS, to finish the handshake).
constexpr std::chrono::seconds kHeadTimeout{30};

// The path of a request target, without its query string.
std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

}  // namespace

template <class Stream>
HttpSession<Stream>::HttpSession(Stream&& stream, Services& services, Admission::Slot slot,
                                 asio::ip::address peer)
    : stream_(std::move(stream)), services_(services), slot_(std::move(slot)), peer_(peer) {}

template <class Stream>
void HttpSession<Stream>::run() {
  asio::dispatch(stream_.get_executor(), [self = this->shared_from_this()] {
    if constexpr (kIsTls<Stream>) {
      beast::get_lowest_layer(self->stream_).expires_after(kHeadTimeout);
      self->stream_.async_handshake(asio::ssl::stream_base::server, [self](beast::error_code ec) {
        if (ec) {
          spdlog::debug("{}: TLS handshake failed: {}", self->peer_.to_string(), ec.message());
          return;
        }
        self->read();
      });
    } else {
      self->read();
    }
  });
}

template <class Stream>
void HttpSession<Stream>::read() {
  parser_.emplace();
  parser_->body_limit(kMaxRequestBody);
  parser_->header_limit(kMaxHead);
  beast::get_lowest_layer(stream_).expires_after(kHeadTimeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, this->shared_from_this()));
}

template <class Stream>
void HttpSession<Stream>::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return finish();
  if (ec == http::error::header_limit)
    return refuse(http::status::request_header_fields_too_large,
                  "the request head is larger than " + std::to_string(kMaxHead) + " bytes\n");
  if (ec) return;
  const auto& request = parser_->get();
  if (request.target().size() > kMaxTarget)
    return refuse(http::status::uri_too_long,
                  "the URL is longer than " + std::to_string(kMaxTarget) + " bytes\n");
  if (beast::websocket::is_upgrade(request) && path_of(request.target()) == "/ws") {
    return upgrade(client_address(peer_, request[http::field::forwarded],
                                  request["X-Forwarded-For"], services_.config.trusted_proxies));
  }
  respond(request);
}

template <class Stream>
void HttpSession<Stream>::upgrade(const asio::ip::address& client) {
  std::string described = client.to_string();
  if (client != peer_) {
    described += " via " + peer_.to_string();
    // A proxied client counts toward its own connection cap, as if it had come directly.
    if (!slot_->claim(client)) {
      services_.metrics.connections_refused_total.Increment();
      spdlog::warn("refusing a connection from {}: at most {} connections per address", described,
                   services_.admission.max_per_address());
      return refuse(http::status::service_unavailable, "the server is full; try again shortly\n");
    }
  }
  beast::get_lowest_layer(stream_).expires_never();
  std::make_shared<WsSession<Stream>>(std::move(stream_), services_, std::move(*slot_), client,
                                      std::move(described))
      ->run(parser_->release());
}

template <class Stream>
void HttpSession<Stream>::respond(const http::request<http::string_body>& request) {
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
                    beast::bind_front_handler(&HttpSession::on_write, this->shared_from_this(),
                                              response_.keep_alive()));
}

template <class Stream>
void HttpSession<Stream>::serve(const http::request<http::string_body>& request,
                                const WebRoot::File& file) {
  response_.set(http::field::content_type, file.content_type);
  response_.set(http::field::cache_control, file.cache_control);
  response_.set(http::field::etag, file.etag);
  response_.set(http::field::vary, "Accept-Encoding");
  response_.set("X-Content-Type-Options", "nosniff");
  // The page talks to its own origin only: no CDN, no fonts or scripts from elsewhere; card
  // images come from the origin the operator named, if any (serve --card-images).
  const std::string& images = services_.config.card_image_origin;
  response_.set("Content-Security-Policy",
                "default-src 'self'; connect-src 'self'; img-src 'self' data:" +
                    (images.empty() ? std::string() : " " + images) +
                    "; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
  if constexpr (kIsTls<Stream>) {
    // Served over TLS: browsers keep to https for this host from now on.
    response_.set(http::field::strict_transport_security, "max-age=31536000");
  }
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

template <class Stream>
void HttpSession<Stream>::refuse(http::status status, std::string why) {
  // The request was not read whole, or is not served: answer and close.
  response_ = {};
  response_.version(11);
  response_.result(status);
  response_.set(http::field::server, "spacedock");
  response_.set(http::field::content_type, "text/plain; charset=utf-8");
  if (status == http::status::service_unavailable) response_.set(http::field::retry_after, "5");
  response_.keep_alive(false);
  response_.body() = std::move(why);
  response_.prepare_payload();
  http::async_write(
      stream_, response_,
      beast::bind_front_handler(&HttpSession::on_write, this->shared_from_this(), false));
}

template <class Stream>
void HttpSession<Stream>::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return;
  if (!keep_alive) return finish();
  read();
}

template <class Stream>
void HttpSession<Stream>::finish() {
  if constexpr (kIsTls<Stream>) {
    beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(5));
    stream_.async_shutdown([self = this->shared_from_this()](beast::error_code) {});
  } else {
    beast::error_code ignored;
    stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
  }
}

template class HttpSession<PlainStream>;
template class HttpSession<TlsStream>;

}  // namespace spacedock::server
