// The server's limits as clients meet them (protocol/README.md, "Limits"): answers that say when
// to try again, clients that wait them out, login throttles for one address and for a venue's,
// clients behind a trusted proxy each under their own limits, TLS on the game port, the idle
// close, and the caps on waiting matches.
#include <doctest/doctest.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "tests/server/test_client.h"
#include "tests/server/test_server.h"

namespace sd = spacedock;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using asio::awaitable;
using sd::client::Client;
using sd::testing::call;
using sd::testing::connected;
using sd::testing::kPassword;
using sd::testing::logged_in;
using sd::testing::run_client;
using sd::testing::TempDir;
using sd::testing::TestServer;

namespace {

// A client whose WebSocket upgrade carries a header of the test's (a proxy's X-Forwarded-For),
// speaking the protocol frame by frame.
class HeaderClient {
 public:
  // Connects and says Hello; throws if the server refuses the upgrade.
  awaitable<void> open(std::uint16_t port, std::string header, std::string value) {
    auto executor = co_await asio::this_coro::executor;
    ws_ = std::make_unique<websocket::stream<beast::tcp_stream>>(executor);
    asio::ip::tcp::resolver resolver(executor);
    const auto endpoints =
        co_await resolver.async_resolve("127.0.0.1", std::to_string(port), asio::use_awaitable);
    co_await beast::get_lowest_layer(*ws_).async_connect(endpoints, asio::use_awaitable);
    ws_->set_option(websocket::stream_base::decorator(
        [header, value](websocket::request_type& request) { request.set(header, value); }));
    co_await ws_->async_handshake("127.0.0.1", "/ws", asio::use_awaitable);
    ws_->binary(true);
    sd::v1::ClientMessage hello;
    hello.mutable_hello()->set_protocol_version(1);
    sd::client::expect_ok(co_await call(std::move(hello)), "Hello");
  }
  awaitable<sd::v1::Response> call(sd::v1::ClientMessage request) {
    request.set_request_id(++next_id_);
    const std::string frame = request.SerializeAsString();
    co_await ws_->async_write(asio::buffer(frame), asio::use_awaitable);
    for (;;) {
      beast::flat_buffer buffer;
      co_await ws_->async_read(buffer, asio::use_awaitable);
      sd::v1::ServerMessage message;
      REQUIRE(message.ParseFromString(beast::buffers_to_string(buffer.data())));
      if (message.has_response() && message.response().request_id() == next_id_)
        co_return message.response();
    }
  }
  awaitable<sd::v1::Response> ping() {
    sd::v1::ClientMessage m;
    m.mutable_ping()->set_nonce(1);
    co_return co_await call(std::move(m));
  }
  awaitable<sd::v1::Response> login(const std::string& name, const std::string& password) {
    sd::v1::ClientMessage m;
    m.mutable_login()->set_username(name);
    m.mutable_login()->set_password(password);
    co_return co_await call(std::move(m));
  }
  websocket::stream<beast::tcp_stream>& socket() { return *ws_; }

 private:
  std::unique_ptr<websocket::stream<beast::tcp_stream>> ws_;
  std::uint64_t next_id_ = 0;
};

awaitable<std::unique_ptr<HeaderClient>> forwarded_for(std::uint16_t port,
                                                       const std::string& client) {
  auto c = std::make_unique<HeaderClient>();
  co_await c->open(port, "X-Forwarded-For", client);
  co_return c;
}

// How many of `count` pings the client's connection gets answered RATE_LIMITED.
awaitable<int> limited_pings(HeaderClient& c, int count) {
  int limited = 0;
  for (int i = 0; i < count; ++i)
    limited += (co_await c.ping()).code() == sd::v1::RATE_LIMITED;
  co_return limited;
}

// Registers accounts with kPassword from the test's own (unproxied) connection.
awaitable<void> register_all(const std::string& url, std::vector<std::string> names) {
  for (const std::string& name : names)
    co_await logged_in(url, name);
}

}  // namespace

TEST_CASE("RATE_LIMITED says when to retry, and the project's client waits it out") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", [](sd::server::ServerConfig& c) {
    c.requests_per_second = 10;
    c.request_burst = 5;
  });
  run_client([&]() -> awaitable<void> {
    auto raw = co_await connected(server.url());  // retries off: every answer as it comes
    sd::v1::Response limited;
    for (int i = 0; i < 20 && limited.code() != sd::v1::RATE_LIMITED; ++i)
      limited = co_await call(*raw, [](auto& m) { m.mutable_ping()->set_nonce(1); });
    REQUIRE(limited.code() == sd::v1::RATE_LIMITED);
    CHECK(limited.retry_after_ms() > 0);
    CHECK(limited.retry_after_ms() <= 100);  // 10 a second: a token every 100 ms

    // The client as the bots and the CLI use it: every request succeeds, after waits.
    Client patient(co_await asio::this_coro::executor);
    int waits = 0;
    patient.rate_limits().on_wait = [&](const sd::v1::Response&, std::chrono::milliseconds) {
      ++waits;
    };
    co_await patient.connect(sd::client::Url::parse(server.url()), "limits-test");
    for (int i = 0; i < 20; ++i) {
      auto pong = co_await call(patient, [](auto& m) { m.mutable_ping()->set_nonce(2); });
      CHECK(pong.code() == sd::v1::OK);
    }
    CHECK(waits > 0);
    // One that may wait only a little gives up, and its answer says so.
    patient.rate_limits().give_up_after = std::chrono::milliseconds(1);
    sd::v1::Response given_up;
    for (int i = 0; i < 20 && given_up.code() != sd::v1::RATE_LIMITED; ++i)
      given_up = co_await call(patient, [](auto& m) { m.mutable_ping()->set_nonce(3); });
    CHECK(given_up.code() == sd::v1::RATE_LIMITED);
  });
}

TEST_CASE("failed logins: the limit per address is a flag, and a venue's addresses get more") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", [](sd::server::ServerConfig& c) {
    c.trusted_proxies = sd::server::AddressRanges::parse("127.0.0.1");
    c.free_login_failures_per_address = 2;
    c.venue_addresses = sd::server::AddressRanges::parse("198.51.100.0/28");
    c.free_login_failures_per_venue_address = 4;
  });
  run_client([&]() -> awaitable<void> {
    // (Named, not braced in the co_await: GCC 12 cannot keep an initializer list's array there.)
    const std::vector<std::string> names{"amy", "bea", "cal", "dee", "fay", "gil", "hal", "ivy"};
    co_await register_all(server.url(), names);
    // From an ordinary address: two failures (on different accounts), then it waits, even
    // with the right password, before any password work.
    auto home = co_await forwarded_for(server.port(), "203.0.113.5");
    CHECK((co_await home->login("amy", "wrong password 1")).code() == sd::v1::INVALID_CREDENTIALS);
    CHECK((co_await home->login("bea", "wrong password 2")).code() == sd::v1::INVALID_CREDENTIALS);
    const auto throttled = co_await home->login("cal", kPassword);
    CHECK(throttled.code() == sd::v1::RATE_LIMITED);
    CHECK(throttled.message().find("from your address") != std::string::npos);
    CHECK(throttled.retry_after_ms() > 0);
    // Another client of the same proxy is not slowed.
    auto neighbour = co_await forwarded_for(server.port(), "203.0.113.6");
    CHECK((co_await neighbour->login("cal", kPassword)).code() == sd::v1::OK);
    // A venue's address: four failures before anyone there waits.
    auto venue = co_await forwarded_for(server.port(), "198.51.100.9");
    for (int i = 3; i < 6; ++i)  // dee, fay, gil
      CHECK((co_await venue->login(names[i], "mistyped")).code() == sd::v1::INVALID_CREDENTIALS);
    CHECK((co_await venue->login("hal", kPassword)).code() == sd::v1::OK);
    CHECK((co_await venue->login("hal", "mistyped")).code() == sd::v1::INVALID_CREDENTIALS);
    CHECK((co_await venue->login("ivy", kPassword)).code() == sd::v1::RATE_LIMITED);
  });
}

TEST_CASE("behind a trusted proxy each client has its own limits; others' headers change nothing") {
  TempDir dir;
  auto tune = [](bool trust) {
    return [trust](sd::server::ServerConfig& c) {
      if (trust) c.trusted_proxies = sd::server::AddressRanges::parse("10.0.0.0/8, 127.0.0.1");
      c.max_connections_per_address = 2;
      c.address_requests_per_second = 1;
      c.address_request_burst = 8;
    };
  };
  SUBCASE("trusted: the forwarded client's address counts") {
    TestServer server(dir.path() / "db.sqlite", tune(true));
    run_client([&]() -> awaitable<void> {
      // Two connections per client address, but many clients through the one proxy.
      auto a1 = co_await forwarded_for(server.port(), "198.51.100.1");
      auto a2 = co_await forwarded_for(server.port(), "198.51.100.1");
      bool refused = false;
      try {
        co_await forwarded_for(server.port(), "198.51.100.1");
      } catch (const boost::system::system_error& e) {
        refused = e.code() == websocket::error::upgrade_declined;
      }
      CHECK(refused);
      auto b = co_await forwarded_for(server.port(), "198.51.100.2");
      // The proxy's own hops are skipped: the client is the last address not a proxy's.
      auto c = co_await forwarded_for(server.port(), "198.51.100.3, 10.1.2.3");
      // One client's flood leaves the others their own rate.
      CHECK((co_await limited_pings(*a1, 12)) > 0);
      CHECK((co_await limited_pings(*b, 6)) == 0);
      CHECK((co_await limited_pings(*c, 6)) == 0);
    });
  }
  SUBCASE("untrusted: the header is ignored, and everyone shares the connection's address") {
    TestServer server(dir.path() / "db.sqlite", tune(false));
    run_client([&]() -> awaitable<void> {
      auto a = co_await forwarded_for(server.port(), "198.51.100.1");
      auto b = co_await forwarded_for(server.port(), "198.51.100.2");
      bool refused = false;
      try {
        co_await forwarded_for(server.port(), "198.51.100.3");
      } catch (const boost::system::system_error& e) {
        refused = true;
      }
      CHECK(refused);  // 127.0.0.1 has its two connections
      CHECK((co_await limited_pings(*a, 12)) > 0);
      CHECK((co_await limited_pings(*b, 2)) == 2);  // the same address, the same bucket
    });
  }
}

TEST_CASE("TLS: https:// and wss:// on the game port with the server's certificate") {
  TempDir dir;
  const auto cert = dir.path() / "cert.pem";
  const auto key = dir.path() / "key.pem";
  const std::string make_cert =
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost "
      "-addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout " +
      key.string() + " -out " + cert.string() + " 2>/dev/null";
  REQUIRE(std::system(make_cert.c_str()) == 0);
  TestServer server(dir.path() / "db.sqlite", [&](sd::server::ServerConfig& c) {
    c.tls_certificate_file = cert.string();
    c.tls_key_file = key.string();
  });
  const std::string wss = "wss://localhost:" + std::to_string(server.port()) + "/ws";
  run_client([&]() -> awaitable<void> {
    // Built apart from the co_await: GCC 12 mishandles a temporary of class type beside one.
    const auto executor = co_await asio::this_coro::executor;
    const sd::client::TlsOptions trust{cert.string()};
    Client secure(executor, trust);
    const auto welcome = co_await secure.connect(sd::client::Url::parse(wss), "limits-test");
    CHECK(welcome.protocol_version() == 1);
    auto registered = co_await call(secure, [](auto& m) {
      m.mutable_register_()->set_username("tess");
      m.mutable_register_()->set_password(kPassword);
    });
    CHECK(registered.code() == sd::v1::OK);
    auto login = co_await call(secure, [](auto& m) {
      m.mutable_login()->set_username("tess");
      m.mutable_login()->set_password(kPassword);
    });
    CHECK(login.code() == sd::v1::OK);
    co_await secure.close();
    // A client that does not trust the certificate refuses the server.
    Client wary(executor);
    bool refused = false;
    try {
      co_await wary.connect(sd::client::Url::parse(wss), "limits-test");
    } catch (const boost::system::system_error&) {
      refused = true;
    }
    CHECK(refused);
  });
  // The same port answers https, and plain http does not get through.
  const std::string https = "curl -s --cacert " + cert.string() +
                            " https://localhost:" + std::to_string(server.port()) + "/healthz";
  FILE* pipe = popen(https.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char out[16] = {};
  const std::size_t n = std::fread(out, 1, sizeof out - 1, pipe);
  pclose(pipe);
  CHECK(std::string(out, n) == "ok\n");
}

TEST_CASE("an idle connection gets a close frame saying why") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite",
                    [](sd::server::ServerConfig& c) { c.idle_timeout = std::chrono::seconds(1); });
  run_client([&]() -> awaitable<void> {
    auto quiet = co_await forwarded_for(server.port(), "ignored");
    // Not a frame for 1.5 s, pongs included: the server's ping waits unanswered in the buffer.
    co_await asio::steady_timer(co_await asio::this_coro::executor, std::chrono::milliseconds(1500))
        .async_wait(asio::use_awaitable);
    beast::flat_buffer buffer;
    auto [error, bytes] =
        co_await quiet->socket().async_read(buffer, asio::as_tuple(asio::use_awaitable));
    CHECK(error == websocket::error::closed);
    CHECK(quiet->socket().reason().code == websocket::close_code::going_away);
    CHECK(std::string(quiet->socket().reason().reason.c_str()) == "idle: no frame for 1 s");
  });
}

TEST_CASE("small defects found from outside") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite",
                    [](sd::server::ServerConfig& c) { c.max_waiting_matches = 1; });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto three_seats = [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
      m.mutable_create_match()->mutable_incursions()->set_players(3);
    };
    const auto made = co_await call(*alice, three_seats);
    REQUIRE(made.code() == sd::v1::OK);
    const std::uint64_t alices = made.match().match_id();

    SUBCASE("ListMatches after the largest id lists nothing") {
      for (std::uint64_t after :
           {std::uint64_t{1} << 63, ~std::uint64_t{0}, (std::uint64_t{1} << 63) - 1}) {
        for (bool mine : {false, true}) {
          auto page = co_await call(*alice, [&](auto& m) {
            m.mutable_list_matches()->set_after_match_id(after);
            m.mutable_list_matches()->set_mine(mine);
          });
          CHECK(page.code() == sd::v1::OK);
          CHECK(page.matches().matches_size() == 0);
        }
      }
    }
    SUBCASE("another game's options are refused, not dropped") {
      auto wrong_options = co_await call(*bob, [](auto& m) {
        m.mutable_create_match()->set_game(sd::v1::GAME_STCCG);
        m.mutable_create_match()->mutable_incursions()->set_players(2);
        m.mutable_create_match()->mutable_stccg_seat()->set_sample_deck("klingon");
      });
      CHECK(wrong_options.code() == sd::v1::INVALID_OPTIONS);
      CHECK(wrong_options.rule() == "OPTIONS_FOR_ANOTHER_GAME");
      auto wrong_seat = co_await call(*bob, [&](auto& m) {
        m.mutable_join_match()->set_match_id(alices);
        m.mutable_join_match()->mutable_stccg_seat()->set_sample_deck("klingon");
      });
      CHECK(wrong_seat.code() == sd::v1::INVALID_OPTIONS);
      CHECK(wrong_seat.rule() == "OPTIONS_FOR_ANOTHER_GAME");
    }
    SUBCASE("the cap on waiting matches holds for joining and quick match too") {
      REQUIRE((co_await call(*bob, three_seats)).code() == sd::v1::OK);  // bob's one
      auto join =
          co_await call(*bob, [&](auto& m) { m.mutable_join_match()->set_match_id(alices); });
      CHECK(join.code() == sd::v1::LIMIT_REACHED);
      auto quick = co_await call(
          *bob, [](auto& m) { m.mutable_quick_match()->set_game(sd::v1::GAME_INCURSIONS); });
      CHECK(quick.code() == sd::v1::LIMIT_REACHED);
      auto another = co_await call(*bob, three_seats);
      CHECK(another.code() == sd::v1::LIMIT_REACHED);
    }
    SUBCASE("the sample decks' lists can be read, and are legal decks") {
      auto cards = co_await call(
          *alice, [](auto& m) { m.mutable_list_cards()->set_game(sd::v1::GAME_STCCG); });
      REQUIRE(cards.card_list().stccg_sample_decks_size() == 10);
      for (const auto& sample : cards.card_list().stccg_sample_decks()) {
        CAPTURE(sample.name());
        auto checked = co_await call(
            *alice, [&](auto& m) { m.mutable_validate_deck()->set_deck_list(sample.list()); });
        CHECK(checked.deck_validation().legal());
      }
      CHECK(cards.card_list().stccg_sample_decks(0).name() == "federation");
      CHECK(cards.card_list().stccg_sample_decks(5).name() == "romulan-bog");
      CHECK(cards.card_list().stccg_sample_decks(6).name() == "non-aligned");
    }
  });
}
