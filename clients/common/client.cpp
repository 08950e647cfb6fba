#include "clients/common/client.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>

namespace spacedock::client {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using asio::use_awaitable;

}  // namespace

Url Url::parse(const std::string& text) {
  const std::string scheme = "ws://";
  if (text.rfind(scheme, 0) != 0) throw std::invalid_argument("not a ws:// URL: " + text);
  const std::string rest = text.substr(scheme.size());
  const auto slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  const auto colon = authority.rfind(':');
  if (colon == std::string::npos) throw std::invalid_argument("the URL needs a port: " + text);
  return {authority.substr(0, colon), authority.substr(colon + 1),
          slash == std::string::npos ? "/ws" : rest.substr(slash)};
}

Client::Client(asio::any_io_executor executor) : ws_(executor) {}

asio::awaitable<v1::Welcome> Client::connect(const Url& url, const std::string& client_name) {
  asio::ip::tcp::resolver resolver(co_await asio::this_coro::executor);
  const auto endpoints = co_await resolver.async_resolve(url.host, url.port, use_awaitable);
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
  co_await beast::get_lowest_layer(ws_).async_connect(endpoints, use_awaitable);
  beast::get_lowest_layer(ws_).socket().set_option(asio::ip::tcp::no_delay(true));
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(beast::websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.binary(true);
  co_await ws_.async_handshake(url.host + ":" + url.port, url.path, use_awaitable);
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(v1::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->set_client_name(client_name);
  const auto response = co_await call(std::move(hello));
  co_return expect_ok(response, "Hello").welcome();
}

asio::awaitable<void> Client::send_frame(const std::string& bytes) {
  co_await ws_.async_write(asio::buffer(bytes), use_awaitable);
}

asio::awaitable<v1::ServerMessage> Client::read_message() {
  beast::flat_buffer buffer;
  co_await ws_.async_read(buffer, use_awaitable);
  v1::ServerMessage message;
  if (!message.ParseFromString(beast::buffers_to_string(buffer.data()))) {
    throw ClientError("the server sent a frame that is not a ServerMessage");
  }
  co_return message;
}

asio::awaitable<v1::Response> Client::call(v1::ClientMessage request) {
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
  auto [ec] =
      co_await ws_.async_close(beast::websocket::close_code::normal, asio::as_tuple(use_awaitable));
  (void)ec;  // the server may be gone already
}

const v1::Response& expect_ok(const v1::Response& response, const std::string& what) {
  if (response.code() != v1::OK) {
    throw ClientError(what + " failed: " + v1::ErrorCode_Name(response.code()) + ": " +
                      response.message());
  }
  return response;
}

}  // namespace spacedock::client
