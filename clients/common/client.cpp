#include "clients/common/client.h"

#include <openssl/ssl.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

namespace spacedock::client {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using asio::use_awaitable;

constexpr std::chrono::seconds kConnectTimeout{10};

// What the server said when it refused the upgrade, for the user.
std::string refusal(const websocket::response_type& response) {
  std::string body = response.body();
  while (!body.empty() && (body.back() == '\n' || body.back() == '\r'))
    body.pop_back();
  std::string out = "the server refused the connection: " + std::to_string(response.result_int()) +
                    " " + std::string(response.reason());
  if (!body.empty()) out += " (" + body + ")";
  if (response.result() == beast::http::status::service_unavailable)
    out += "; it is full, or this address has as many connections open as it allows";
  return out;
}

}  // namespace

Url Url::parse(const std::string& text) {
  Url url;
  std::string rest;
  if (text.rfind("ws://", 0) == 0) {
    rest = text.substr(5);
  } else if (text.rfind("wss://", 0) == 0) {
    rest = text.substr(6);
    url.tls = true;
  } else {
    throw std::invalid_argument("not a ws:// or wss:// URL: " + text);
  }
  const auto slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  const auto colon = authority.rfind(':');
  if (colon == std::string::npos && !url.tls)
    throw std::invalid_argument("the URL needs a port: " + text);
  url.host = authority.substr(0, colon);
  url.port = colon == std::string::npos ? "443" : authority.substr(colon + 1);
  url.path = slash == std::string::npos ? "/ws" : rest.substr(slash);
  return url;
}

std::optional<std::chrono::milliseconds> RateLimitPolicy::next_wait(
    const v1::Response& response, std::chrono::milliseconds waited) const {
  if (!retry || response.code() != v1::RATE_LIMITED) return std::nullopt;
  const auto wait = std::max(kMinRetryWait, std::chrono::milliseconds(response.retry_after_ms()));
  if (waited + wait > give_up_after) return std::nullopt;
  return wait;
}

v1::Response RateLimitPolicy::given_up(v1::Response response, std::chrono::milliseconds waited) {
  if (response.code() == v1::RATE_LIMITED && waited.count() > 0) {
    response.set_message(response.message() + " (gave up after waiting " +
                         std::to_string(waited.count() / 1000) + " s in all)");
  }
  return response;
}

Client::Client(asio::any_io_executor executor) : executor_(std::move(executor)) {}

Client::Client(asio::any_io_executor executor, TlsOptions tls)
    : executor_(std::move(executor)), tls_(std::move(tls)) {}

asio::awaitable<v1::Welcome> Client::connect(const Url& url, const std::string& client_name) {
  asio::ip::tcp::resolver resolver(executor_);
  const auto endpoints = co_await resolver.async_resolve(url.host, url.port, use_awaitable);
  websocket::response_type answer;
  beast::error_code refused;
  if (url.tls) {
    tls_context_ = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_client);
    tls_context_->set_verify_mode(asio::ssl::verify_peer);
    if (tls_.ca_file.empty()) {
      tls_context_->set_default_verify_paths();
    } else {
      tls_context_->load_verify_file(tls_.ca_file);
    }
    auto& ws = ws_.emplace<TlsSocket>(executor_, *tls_context_);
    beast::get_lowest_layer(ws).expires_after(kConnectTimeout);  // the TLS handshake's too
    co_await beast::get_lowest_layer(ws).async_connect(endpoints, use_awaitable);
    // The server's name, for SNI and for checking its certificate (SSL_set_tlsext_host_name,
    // without the macro's C cast).
    if (!SSL_ctrl(ws.next_layer().native_handle(), SSL_CTRL_SET_TLSEXT_HOSTNAME,
                  TLSEXT_NAMETYPE_host_name, const_cast<char*>(url.host.c_str())))
      throw ClientError("cannot set the TLS server name " + url.host);
    ws.next_layer().set_verify_callback(asio::ssl::host_name_verification(url.host));
    co_await ws.next_layer().async_handshake(asio::ssl::stream_base::client, use_awaitable);
    std::tie(refused) = co_await upgrade(ws, url, answer);
  } else {
    auto& ws = ws_.emplace<PlainSocket>(executor_);
    beast::get_lowest_layer(ws).expires_after(kConnectTimeout);
    co_await beast::get_lowest_layer(ws).async_connect(endpoints, use_awaitable);
    std::tie(refused) = co_await upgrade(ws, url, answer);
  }
  if (refused == websocket::error::upgrade_declined) throw ConnectionRefused(refusal(answer));
  if (refused) throw beast::system_error(refused);
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->set_client_name(client_name);
  const auto response = co_await call(std::move(hello));
  co_return expect_ok(response, "Hello").welcome();
}

template <class Socket>
asio::awaitable<std::tuple<beast::error_code>> Client::upgrade(Socket& ws, const Url& url,
                                                               websocket::response_type& answer) {
  auto& tcp = beast::get_lowest_layer(ws);
  tcp.socket().set_option(asio::ip::tcp::no_delay(true));
  tcp.expires_never();
  ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws.binary(true);
  co_return co_await ws.async_handshake(answer, url.host + ":" + url.port, url.path,
                                        asio::as_tuple(use_awaitable));
}

asio::awaitable<void> Client::send_frame(const std::string& bytes) {
  if (auto* ws = std::get_if<PlainSocket>(&ws_)) {
    co_await ws->async_write(asio::buffer(bytes), use_awaitable);
  } else if (auto* tls = std::get_if<TlsSocket>(&ws_)) {
    co_await tls->async_write(asio::buffer(bytes), use_awaitable);
  } else {
    throw ClientError("not connected");
  }
}

asio::awaitable<v1::ServerMessage> Client::read_message() {
  beast::flat_buffer buffer;
  if (auto* ws = std::get_if<PlainSocket>(&ws_)) {
    co_await ws->async_read(buffer, use_awaitable);
  } else if (auto* tls = std::get_if<TlsSocket>(&ws_)) {
    co_await tls->async_read(buffer, use_awaitable);
  } else {
    throw ClientError("not connected");
  }
  v1::ServerMessage message;
  if (!message.ParseFromString(beast::buffers_to_string(buffer.data()))) {
    throw ClientError("the server sent a frame that is not a ServerMessage");
  }
  co_return message;
}

asio::awaitable<v1::Response> Client::call_once(v1::ClientMessage& request) {
  const std::uint64_t id = next_request_id_++;
  request.set_request_id(id);
  co_await send_frame(request.SerializeAsString());
  for (;;) {
    v1::ServerMessage message = co_await read_message();
    if (message.has_event()) {
      events_.push_back(std::move(*message.mutable_event()));
      continue;
    }
    if (message.response().request_id() != id) {
      throw ClientError("a response to request " + std::to_string(message.response().request_id()) +
                        " arrived while waiting for " + std::to_string(id));
    }
    co_return std::move(*message.mutable_response());
  }
}

asio::awaitable<v1::Response> Client::call(v1::ClientMessage request) {
  std::chrono::milliseconds waited{0};
  for (;;) {
    v1::Response response = co_await call_once(request);
    const auto wait = rate_limits_.next_wait(response, waited);
    if (!wait) co_return RateLimitPolicy::given_up(std::move(response), waited);
    if (rate_limits_.on_wait) rate_limits_.on_wait(response, *wait);
    co_await asio::steady_timer(executor_, *wait).async_wait(use_awaitable);
    waited += *wait;
  }
}

asio::awaitable<v1::Event> Client::next_event() {
  while (events_.empty()) {
    v1::ServerMessage message = co_await read_message();
    if (!message.has_event()) throw ClientError("an unexpected response arrived");
    events_.push_back(std::move(*message.mutable_event()));
  }
  v1::Event event = std::move(events_.front());
  events_.pop_front();
  co_return event;
}

asio::awaitable<void> Client::close() {
  // The server may be gone already: whatever the close handshake meets is ignored.
  if (auto* ws = std::get_if<PlainSocket>(&ws_)) {
    co_await ws->async_close(websocket::close_code::normal, asio::as_tuple(use_awaitable));
  } else if (auto* tls = std::get_if<TlsSocket>(&ws_)) {
    co_await tls->async_close(websocket::close_code::normal, asio::as_tuple(use_awaitable));
  }
}

void Client::abort() {
  if (auto* ws = std::get_if<PlainSocket>(&ws_)) beast::get_lowest_layer(*ws).close();
  if (auto* tls = std::get_if<TlsSocket>(&ws_)) beast::get_lowest_layer(*tls).close();
}

websocket::close_reason Client::close_reason() const {
  if (const auto* ws = std::get_if<PlainSocket>(&ws_)) return ws->reason();
  if (const auto* tls = std::get_if<TlsSocket>(&ws_)) return tls->reason();
  return {};
}

const v1::Response& expect_ok(const v1::Response& response, const std::string& what) {
  if (response.code() != v1::OK) {
    throw ClientError(what + " failed: " + v1::ErrorCode_Name(response.code()) + ": " +
                      response.message());
  }
  return response;
}

}  // namespace spacedock::client
