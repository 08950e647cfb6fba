// The server's answers to bad input, over a real WebSocket: every request gets one typed
// Response, and a refused request changes nothing.
#include <doctest/doctest.h>
#include <google/protobuf/util/message_differencer.h>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/system/system_error.hpp>
#include <chrono>

#include "storage/matches.h"
#include "tests/server/test_client.h"
#include "tests/server/test_server.h"

namespace sd = spacedock;
namespace asio = boost::asio;
using asio::awaitable;
using google::protobuf::util::MessageDifferencer;
using sd::client::Client;
using sd::client::Url;
using sd::testing::call;
using sd::testing::connected;
using sd::testing::kPassword;
using sd::testing::logged_in;
using sd::testing::run_client;
using sd::testing::TempDir;
using sd::testing::TestServer;

namespace {

awaitable<std::uint64_t> create_match(Client& client) {
  auto response = co_await call(
      client, [](auto& m) { m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS); });
  co_return sd::client::expect_ok(response, "CreateMatch").match().match_id();
}

awaitable<sd::v1::Response> join(Client& client, std::uint64_t match) {
  co_return co_await call(client, [&](auto& m) { m.mutable_join_match()->set_match_id(match); });
}

awaitable<sd::v1::DecisionPrompt> next_prompt(Client& client) {
  for (;;) {
    auto event = co_await client.next_event();
    if (event.has_prompt()) co_return event.prompt();
  }
}

awaitable<sd::v1::Response> submit(Client& client, std::uint64_t match, std::uint32_t decision,
                                   std::uint64_t option) {
  co_return co_await call(client, [&](auto& m) {
    auto* s = m.mutable_submit_decision();
    s->set_match_id(match);
    s->set_decision_id(decision);
    s->add_option_ids(option);
  });
}

// A WebSocket without the client library's automatic Hello, for conversations it would refuse.
class RawSocket {
 public:
  awaitable<void> open(std::uint16_t port) {
    auto executor = co_await asio::this_coro::executor;
    ws_ = std::make_unique<boost::beast::websocket::stream<boost::beast::tcp_stream>>(executor);
    asio::ip::tcp::resolver resolver(executor);
    auto endpoints =
        co_await resolver.async_resolve("127.0.0.1", std::to_string(port), asio::use_awaitable);
    co_await boost::beast::get_lowest_layer(*ws_).async_connect(endpoints, asio::use_awaitable);
    co_await ws_->async_handshake("127.0.0.1", "/ws", asio::use_awaitable);
    ws_->binary(true);
  }
  awaitable<void> send(const sd::v1::ClientMessage& message) {
    const std::string frame = message.SerializeAsString();
    co_await ws_->async_write(asio::buffer(frame), asio::use_awaitable);
  }
  awaitable<sd::v1::ServerMessage> receive() {
    boost::beast::flat_buffer buffer;
    co_await ws_->async_read(buffer, asio::use_awaitable);
    sd::v1::ServerMessage answer;
    REQUIRE(answer.ParseFromString(boost::beast::buffers_to_string(buffer.data())));
    co_return answer;
  }
  awaitable<sd::v1::ServerMessage> round_trip(const std::string& frame) {
    co_await ws_->async_write(asio::buffer(frame), asio::use_awaitable);
    boost::beast::flat_buffer buffer;
    co_await ws_->async_read(buffer, asio::use_awaitable);
    sd::v1::ServerMessage answer;
    REQUIRE(answer.ParseFromString(boost::beast::buffers_to_string(buffer.data())));
    co_return answer;
  }

 private:
  std::unique_ptr<boost::beast::websocket::stream<boost::beast::tcp_stream>> ws_;
};

std::size_t inputs_stored(const TempDir& dir, std::uint64_t match) {
  auto db = sd::testing::open_database(dir.path() / "db.sqlite");
  return sd::storage::load_inputs(db, static_cast<std::int64_t>(match)).size();
}

}  // namespace

TEST_CASE("HTTP health check on the game port") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  const std::string command =
      "curl -sf http://127.0.0.1:" + std::to_string(server.port()) + "/healthz";
  CHECK(std::system((command + " > /dev/null").c_str()) == 0);
  CHECK(std::system(
            ("curl -sf http://127.0.0.1:" + std::to_string(server.port()) + "/nope > /dev/null")
                .c_str()) != 0);
}

TEST_CASE("malformed frames, unknown messages and requests before Hello get typed errors") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    RawSocket raw;
    co_await raw.open(server.port());

    sd::v1::ClientMessage list;
    list.set_request_id(3);
    list.mutable_list_matches();
    auto early = co_await raw.round_trip(list.SerializeAsString());
    CHECK(early.response().code() == sd::v1::HELLO_REQUIRED);
    CHECK(early.response().request_id() == 3);

    sd::v1::ClientMessage old;
    old.set_request_id(4);
    old.mutable_hello()->set_protocol_version(99);
    CHECK((co_await raw.round_trip(old.SerializeAsString())).response().code() ==
          sd::v1::VERSION_MISMATCH);
    CHECK((co_await raw.round_trip(list.SerializeAsString())).response().code() ==
          sd::v1::HELLO_REQUIRED);  // a refused Hello does not count

    auto malformed = co_await raw.round_trip(std::string("\xff\xff\xff not protobuf", 17));
    CHECK(malformed.response().code() == sd::v1::MALFORMED);
    CHECK(malformed.response().request_id() == 0);

    sd::v1::ClientMessage empty;
    empty.set_request_id(7);
    auto unknown = co_await raw.round_trip(empty.SerializeAsString());
    CHECK(unknown.response().code() == sd::v1::UNKNOWN_MESSAGE);
    CHECK(unknown.response().request_id() == 7);

    // The connection survives all of it.
    sd::v1::ClientMessage hello;
    hello.set_request_id(8);
    hello.mutable_hello()->set_protocol_version(sd::v1::PROTOCOL_VERSION_CURRENT);
    auto welcome = co_await raw.round_trip(hello.SerializeAsString());
    CHECK(welcome.response().code() == sd::v1::OK);
    CHECK(welcome.response().welcome().max_frame_bytes() == 64 * 1024);
  }());
}

TEST_CASE("accounts: bad names, taken names, wrong passwords, play before login") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto client = co_await connected(server.url());
    auto before_login = co_await call(*client, [](auto& m) { m.mutable_list_matches(); });
    CHECK(before_login.code() == sd::v1::UNAUTHENTICATED);
    auto create = co_await call(
        *client, [](auto& m) { m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS); });
    CHECK(create.code() == sd::v1::UNAUTHENTICATED);

    auto bad_name = co_await call(*client, [](auto& m) {
      m.mutable_register_()->set_username("a b");
      m.mutable_register_()->set_password(kPassword);
    });
    CHECK(bad_name.code() == sd::v1::BAD_REQUEST);
    auto short_password = co_await call(*client, [](auto& m) {
      m.mutable_register_()->set_username("alice");
      m.mutable_register_()->set_password("short");
    });
    CHECK(short_password.code() == sd::v1::BAD_REQUEST);
    auto made = co_await call(*client, [](auto& m) {
      m.mutable_register_()->set_username("alice");
      m.mutable_register_()->set_password(kPassword);
    });
    CHECK(made.code() == sd::v1::OK);
    auto taken = co_await call(*client, [](auto& m) {
      m.mutable_register_()->set_username("ALICE");
      m.mutable_register_()->set_password(kPassword);
    });
    CHECK(taken.code() == sd::v1::ALREADY_EXISTS);

    auto wrong = co_await call(*client, [](auto& m) {
      m.mutable_login()->set_username("alice");
      m.mutable_login()->set_password("not the password");
    });
    CHECK(wrong.code() == sd::v1::INVALID_CREDENTIALS);
    auto nobody = co_await call(*client, [](auto& m) {
      m.mutable_login()->set_username("nobody");
      m.mutable_login()->set_password(kPassword);
    });
    CHECK(nobody.code() == sd::v1::INVALID_CREDENTIALS);
    auto still_out = co_await call(*client, [](auto& m) { m.mutable_list_matches(); });
    CHECK(still_out.code() == sd::v1::UNAUTHENTICATED);

    auto login = co_await call(*client, [](auto& m) {
      m.mutable_login()->set_username("alice");
      m.mutable_login()->set_password(kPassword);
    });
    REQUIRE(login.code() == sd::v1::OK);
    CHECK(login.login().username() == "alice");
    const std::string token = login.login().token();

    // The token logs in another connection, until logout revokes it.
    auto other = co_await connected(server.url());
    auto resumed =
        co_await call(*other, [&](auto& m) { m.mutable_authenticate()->set_token(token); });
    CHECK(resumed.code() == sd::v1::OK);
    CHECK((co_await call(*client, [](auto& m) { m.mutable_logout(); })).code() == sd::v1::OK);
    CHECK((co_await call(*client, [](auto& m) { m.mutable_list_matches(); })).code() ==
          sd::v1::UNAUTHENTICATED);
    auto third = co_await connected(server.url());
    auto revoked =
        co_await call(*third, [&](auto& m) { m.mutable_authenticate()->set_token(token); });
    CHECK(revoked.code() == sd::v1::INVALID_CREDENTIALS);
  }());
}

TEST_CASE("a repeated request id is answered again, not run again") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto client = co_await connected(server.url());
    sd::v1::ClientMessage request;
    request.set_request_id(500);
    request.mutable_register_()->set_username("bob");
    request.mutable_register_()->set_password(kPassword);
    co_await client->send_frame(request.SerializeAsString());
    auto first = co_await client->read_message();
    co_await client->send_frame(request.SerializeAsString());
    auto second = co_await client->read_message();
    CHECK(first.response().code() == sd::v1::OK);
    CHECK(second.response().code() == sd::v1::OK);  // not ALREADY_EXISTS: it did not run again
    CHECK(second.response().request_id() == 500);
    request.set_request_id(501);
    co_await client->send_frame(request.SerializeAsString());
    CHECK((co_await client->read_message()).response().code() == sd::v1::ALREADY_EXISTS);
  }());
}

TEST_CASE("invalid match options are refused with the rule broken") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto no_game = co_await call(*alice, [](auto& m) { m.mutable_create_match(); });
    CHECK(no_game.code() == sd::v1::BAD_REQUEST);
    auto nine = co_await call(*alice, [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
      m.mutable_create_match()->mutable_incursions()->set_players(9);
    });
    CHECK(nine.code() == sd::v1::INVALID_OPTIONS);
    CHECK(nine.rule() == "PLAYERS_OUT_OF_RANGE");
    auto pile = co_await call(*alice, [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
      m.mutable_create_match()->mutable_incursions_seat()->add_hexes("hex.p1.open_space");
    });
    CHECK(pile.code() == sd::v1::INVALID_OPTIONS);
    CHECK(pile.rule() == "NO_WORMHOLE");
    auto list = co_await call(*alice, [](auto& m) { m.mutable_list_matches(); });
    CHECK(list.matches().matches_size() == 0);  // nothing was created
  }());
}

TEST_CASE("decisions: stale, not offered, not yours, from a spectator or a stranger") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto carol = co_await logged_in(server.url(), "carol");
    const auto match = co_await create_match(*alice);

    auto early = co_await submit(*alice, match, 1, 1);
    CHECK(early.code() == sd::v1::NOT_STARTED);
    REQUIRE((co_await join(*bob, match)).code() == sd::v1::OK);
    auto full = co_await join(*carol, match);
    CHECK(full.code() == sd::v1::MATCH_FULL);

    // The first decision: bob (seat 1) cuts alice's hexpile.
    const auto prompt = co_await next_prompt(*bob);
    REQUIRE(prompt.seat() == 1);
    const auto stored = inputs_stored(dir, match);

    CHECK((co_await submit(*bob, match, prompt.decision_id() + 5, prompt.options(0).id())).code() ==
          sd::v1::STALE_DECISION);
    auto not_offered = co_await submit(*bob, match, prompt.decision_id(), 0x0000ff15);
    CHECK(not_offered.code() == sd::v1::INVALID_CHOICE);
    CHECK(not_offered.rule() == "INVALID_CUT");
    CHECK((co_await submit(*alice, match, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::NOT_YOUR_DECISION);
    CHECK((co_await submit(*carol, match, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::NOT_A_PLAYER);
    REQUIRE((co_await call(*carol, [&](auto& m) {
              m.mutable_spectate()->set_match_id(match);
            })).code() == sd::v1::OK);
    CHECK((co_await submit(*carol, match, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::NOT_A_PLAYER);
    CHECK((co_await call(*carol, [&](auto& m) {
            m.mutable_concede()->set_match_id(match);
          })).code() == sd::v1::NOT_A_PLAYER);
    CHECK((co_await submit(*bob, 9999, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::NOT_FOUND);
    CHECK(inputs_stored(dir, match) == stored);  // none of that changed anything

    // The right answer is taken, stored before it is acknowledged, and not taken twice.
    CHECK((co_await submit(*bob, match, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::OK);
    CHECK(inputs_stored(dir, match) == stored + 1);
    CHECK((co_await submit(*bob, match, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::STALE_DECISION);

    // Conceding ends a two-player game for the other player.
    CHECK((co_await call(*alice, [&](auto& m) {
            m.mutable_concede()->set_match_id(match);
          })).code() == sd::v1::OK);
    auto over = co_await call(*carol, [&](auto& m) {
      m.mutable_list_matches()->add_statuses(sd::v1::MATCH_STATUS_FINISHED);
    });
    REQUIRE(over.matches().matches_size() == 1);
    REQUIRE(over.matches().matches(0).result().winners_size() == 1);
    CHECK(over.matches().matches(0).result().winners(0) == 1);
    CHECK(over.matches().matches(0).seed() != 0);  // revealed once over
    CHECK((co_await submit(*bob, match, prompt.decision_id() + 1, prompt.options(0).id())).code() ==
          sd::v1::GAME_OVER);
  }());
}

TEST_CASE("a frame above the size limit closes that connection only") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", 4096);
  run_client([&]() -> awaitable<void> {
    auto victim = co_await connected(server.url());
    auto bystander = co_await connected(server.url());
    // Just over the limit: small enough to be written whole before the server hangs up.
    co_await victim->send_frame(std::string(5000, 'x'));
    bool closed = false;
    try {
      co_await victim->read_message();
    } catch (const boost::system::system_error&) {
      closed = true;
    }
    CHECK(closed);
    CHECK(victim->close_reason().code == boost::beast::websocket::close_code::too_big);
    auto ping = co_await call(*bystander, [](auto& m) { m.mutable_ping()->set_nonce(1); });
    CHECK(ping.code() == sd::v1::OK);
  }());
}

TEST_CASE("a restart restores matches; a log that no longer replays is set aside") {
  TempDir dir;
  const auto db_path = dir.path() / "db.sqlite";
  std::uint64_t intact = 0;
  std::uint64_t tampered = 0;
  std::string alice_token;
  std::uint64_t alice_seq = 0;
  {
    TestServer server(db_path);
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await logged_in(server.url(), "bob");
      for (auto* id : {&intact, &tampered}) {
        *id = co_await create_match(*alice);
        REQUIRE((co_await join(*bob, *id)).code() == sd::v1::OK);
        const auto cut = co_await next_prompt(*bob);  // bob cuts alice's pile first
        REQUIRE((co_await submit(*bob, *id, cut.decision_id(), cut.options(0).id())).code() ==
                sd::v1::OK);
      }
      auto login = co_await call(*alice, [](auto& m) {
        m.mutable_login()->set_username("alice");
        m.mutable_login()->set_password(kPassword);
      });
      alice_token = login.login().token();
      // How far alice's stream of the intact match went.
      for (;;) {
        auto event = co_await alice->next_event();
        if (event.match_id() == intact && event.has_prompt()) break;
        if (event.match_id() == intact && event.has_game_event()) alice_seq = event.seq();
      }
    }());
  }
  {
    // Corrupt the second match's log: its one input now names an option never offered.
    auto db = sd::testing::open_database(db_path);
    const std::string bytes =
        db.backend() == sd::storage::Backend::kSqlite ? "x'ffffff00'" : "'\\xffffff00'::bytea";
    db.execute("UPDATE match_inputs SET options = " + bytes +
               " WHERE match_id = " + std::to_string(tampered));
  }
  TestServer server(db_path);
  run_client([&]() -> awaitable<void> {
    auto alice = co_await connected(server.url());
    REQUIRE((co_await call(*alice, [&](auto& m) {
              m.mutable_authenticate()->set_token(alice_token);
            })).code() == sd::v1::OK);
    auto listed = co_await call(*alice, [](auto& m) {
      m.mutable_list_matches()->add_statuses(sd::v1::MATCH_STATUS_ACTIVE);
      m.mutable_list_matches()->add_statuses(sd::v1::MATCH_STATUS_ABORTED);
    });
    // The tampered match is not hosted: it is listed as aborted, saying why.
    REQUIRE(listed.matches().matches_size() == 2);
    for (const auto& info : listed.matches().matches()) {
      if (info.match_id() == intact) {
        CHECK(info.status() == sd::v1::MATCH_STATUS_ACTIVE);
      } else {
        CHECK(info.match_id() == tampered);
        CHECK(info.status() == sd::v1::MATCH_STATUS_ABORTED);
        CHECK(info.result().summary().find("could not be restored") != std::string::npos);
      }
    }

    // Resuming the intact match replays exactly the events after the one given, rebuilt from
    // the log by the new process.
    REQUIRE(alice_seq > 3);
    auto resumed = co_await call(*alice, [&](auto& m) {
      m.mutable_resume()->set_match_id(intact);
      m.mutable_resume()->set_last_seq(2);
    });
    REQUIRE(resumed.code() == sd::v1::OK);
    std::uint64_t expected = 3;
    for (;;) {
      auto event = co_await alice->next_event();
      if (event.has_snapshot()) FAIL("a snapshot instead of the missed events");
      if (event.has_game_event()) CHECK(event.seq() == expected++);
      if (event.has_prompt()) break;
    }
    CHECK(expected == alice_seq + 1);
  }());
  auto db = sd::testing::open_database(db_path);
  const auto record = sd::storage::load_match(db, static_cast<std::int64_t>(tampered));
  REQUIRE(record.has_value());
  CHECK(record->status == sd::storage::MatchStatus::kAborted);
  sd::v1::MatchResult result;
  REQUIRE(result.ParseFromString(record->result));
  CHECK(result.summary().find("could not be restored") != std::string::npos);
}

TEST_CASE("a save that fails answers INTERNAL, changes nothing, and lets the next input through") {
  TempDir dir;
  const auto db_path = dir.path() / "db.sqlite";
  std::uint64_t match = 0;
  {
    TestServer server(db_path);
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await logged_in(server.url(), "bob");
      match = co_await create_match(*alice);
      REQUIRE((co_await join(*bob, match)).code() == sd::v1::OK);
      const auto cut = co_await next_prompt(*bob);  // bob cuts alice's pile first
      // The game as bob sees it, from a fresh snapshot.
      auto view = [&]() -> awaitable<sd::v1::GameSnapshot> {
        REQUIRE((co_await call(*bob, [&](auto& m) {
                  m.mutable_get_snapshot()->set_match_id(match);
                })).code() == sd::v1::OK);
        for (int i = 0; i < 1000; ++i) {
          auto event = co_await bob->next_event();
          if (event.has_snapshot()) co_return event.snapshot();
        }
        FAIL("no snapshot");
        co_return sd::v1::GameSnapshot();
      };
      const auto before = co_await view();
      const auto stored = inputs_stored(dir, match);
      {
        // Another connection holds the lock the server's write needs: SQLite's write lock, or
        // on PostgreSQL the input log's table, exclusively. The server's write waits out its
        // busy timeout (SQLite) or lock_timeout (PostgreSQL, 5 s), then fails.
        auto holder = sd::testing::open_database(db_path);
        if (holder.backend() == sd::storage::Backend::kSqlite) {
          holder.execute("BEGIN IMMEDIATE");
        } else {
          holder.execute("BEGIN; LOCK TABLE match_inputs IN ACCESS EXCLUSIVE MODE");
        }
        const auto failed = co_await submit(*bob, match, cut.decision_id(), cut.options(0).id());
        CHECK(failed.code() == sd::v1::INTERNAL);
        holder.execute("ROLLBACK");
      }
      CHECK(inputs_stored(dir, match) == stored);
      CHECK(MessageDifferencer::Equals(co_await view(), before));
      // Nothing moved: the same decision is still open, and takes the same answer now.
      CHECK((co_await submit(*bob, match, cut.decision_id(), cut.options(0).id())).code() ==
            sd::v1::OK);
      CHECK(inputs_stored(dir, match) == stored + 1);
      const auto next = co_await next_prompt(*alice);
      CHECK(next.decision_id() > cut.decision_id());
    }());
  }
  // A restart replays the stored log: the match is hosted again, not set aside as a log that no
  // longer replays.
  TestServer server(db_path);
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto listed = co_await call(*alice, [](auto& m) {
      m.mutable_list_matches()->add_statuses(sd::v1::MATCH_STATUS_ACTIVE);
      m.mutable_list_matches()->add_statuses(sd::v1::MATCH_STATUS_ABORTED);
    });
    REQUIRE(listed.matches().matches_size() == 1);
    CHECK(listed.matches().matches(0).match_id() == match);
    CHECK(listed.matches().matches(0).status() == sd::v1::MATCH_STATUS_ACTIVE);
  }());
}

TEST_CASE("Welcome lists every game the server hosts") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  const auto welcome = run_client([&]() -> awaitable<sd::v1::Welcome> {
    Client client(co_await asio::this_coro::executor);
    co_return co_await client.connect(Url::parse(server.url()), "protocol-test");
  });
  const std::vector<int> games(welcome.games().begin(), welcome.games().end());
  CHECK(games == std::vector<int>{sd::v1::GAME_INCURSIONS, sd::v1::GAME_STCCG});
}

TEST_CASE("ListMatches: an empty list when nothing matches, then pages that chain") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto list = [&](std::uint32_t page_size, std::uint64_t after) -> awaitable<sd::v1::Response> {
      co_return co_await call(*alice, [&](auto& m) {
        m.mutable_list_matches()->set_page_size(page_size);
        m.mutable_list_matches()->set_after_match_id(after);
      });
    };
    auto empty = co_await list(0, 0);
    CHECK(empty.code() == sd::v1::OK);
    CHECK(empty.has_matches());  // set, with nothing in it
    CHECK(empty.matches().matches_size() == 0);
    std::vector<std::uint64_t> created;
    for (int i = 0; i < 3; ++i)
      created.push_back(co_await create_match(*alice));
    auto first = co_await list(2, 0);
    REQUIRE(first.matches().matches_size() == 2);
    CHECK(first.matches().matches(0).match_id() == created[0]);
    CHECK(first.matches().matches(1).match_id() == created[1]);
    CHECK(first.matches().next_after_match_id() == created[1]);
    auto second = co_await list(2, first.matches().next_after_match_id());
    REQUIRE(second.matches().matches_size() == 1);
    CHECK(second.matches().matches(0).match_id() == created[2]);
    CHECK(second.matches().next_after_match_id() == 0);  // the last page
  });
}

TEST_CASE("an account may sit in only so many waiting matches; others are not affected") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite",
                    [](sd::server::ServerConfig& c) { c.max_waiting_matches = 2; });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    co_await create_match(*alice);
    co_await create_match(*alice);
    auto third = co_await call(
        *alice, [](auto& m) { m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS); });
    CHECK(third.code() == sd::v1::LIMIT_REACHED);
    CHECK(third.message().find("wait for players in 2 matches") != std::string::npos);
    auto listed = co_await call(*alice, [](auto& m) { m.mutable_list_matches(); });
    CHECK(listed.matches().matches_size() == 2);  // the refused one was never made
    auto bob = co_await logged_in(server.url(), "bob");
    co_await create_match(*bob);
  });
}

TEST_CASE("HTTP: query strings are ignored, oversized URLs get 414 and headers 431") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  const std::string base = "http://127.0.0.1:" + std::to_string(server.port());
  auto status = [&](const std::string& args) {
    const std::string command = "curl -s -o /dev/null -w '%{http_code}' " + args;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    char out[16] = {};
    const std::size_t n = fread(out, 1, sizeof out - 1, pipe);
    pclose(pipe);
    return std::string(out, n);
  };
  CHECK(status(base + "/healthz?probe=1") == "200");
  CHECK(status(base + "/metrics?x=y") == "200");
  CHECK(status(base + "/healthz?" + std::string(5000, 'a')) == "414");
  CHECK(status("-H 'X-Big: " + std::string(20000, 'b') + "' " + base + "/healthz") == "431");
  CHECK(status(base + "/healthz") == "200");  // and the server goes on
}

TEST_CASE("a flood of requests is answered RATE_LIMITED; other connections are not slowed") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", [](sd::server::ServerConfig& c) {
    c.requests_per_second = 5;
    c.request_burst = 10;
  });
  run_client([&]() -> awaitable<void> {
    auto flooder = co_await connected(server.url());
    int limited = 0;
    for (int i = 0; i < 40; ++i) {
      auto pong = co_await call(*flooder, [&](auto& m) { m.mutable_ping()->set_nonce(i); });
      if (pong.code() == sd::v1::RATE_LIMITED) {
        ++limited;
        CHECK(pong.message().find("at most 5 a second per connection") != std::string::npos);
      } else {
        CHECK(pong.code() == sd::v1::OK);
      }
    }
    CHECK(limited >= 25);  // the burst of 10 and what refilled meanwhile went through
    // Another connection (here from the same address, under its own higher limit) goes on.
    auto other = co_await connected(server.url());
    for (int i = 0; i < 5; ++i) {
      auto pong = co_await call(*other, [&](auto& m) { m.mutable_ping()->set_nonce(i); });
      CHECK(pong.code() == sd::v1::OK);
    }
  });
}

TEST_CASE("a client that stops reading is cut off past its queue limit, and may come back") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", [](sd::server::ServerConfig& c) {
    c.max_queued_bytes = 64 * 1024;
    c.requests_per_second = c.request_burst = 1e6;  // only the queue limit is tested here
    c.address_requests_per_second = c.address_request_burst = 1e6;
  });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    const auto match = co_await create_match(*alice);
    sd::client::expect_ok(co_await join(*bob, match), "JoinMatch");
    // Bob's second connection watches the match and asks for snapshot after snapshot, reading
    // none of them. The server reads on (each answer is queued at once) until what it could not
    // send passes the limit, beyond what the kernel's socket buffers hold, and closes the
    // connection; a send then fails. The requests are small and may all fit in those buffers
    // long before the server has answered them, so the client sends until it is cut off rather
    // than a fixed number, and never reads (reading would drain the queue it is filling).
    RawSocket slow;
    co_await slow.open(server.port());
    sd::v1::ClientMessage hello;
    hello.mutable_hello()->set_protocol_version(1);
    co_await slow.send(hello);
    sd::v1::ClientMessage login;
    login.mutable_login()->set_username("bob");
    login.mutable_login()->set_password(kPassword);
    co_await slow.send(login);
    sd::v1::ClientMessage follow;
    follow.mutable_spectate()->set_match_id(match);
    co_await slow.send(follow);
    sd::v1::ClientMessage snapshot;
    snapshot.mutable_get_snapshot()->set_match_id(match);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    int sent = 0;
    bool cut_off = false;
    while (!cut_off && std::chrono::steady_clock::now() < give_up) {
      try {
        co_await slow.send(snapshot);
        ++sent;
      } catch (const boost::system::system_error&) {
        cut_off = true;
      }
    }
    CHECK(cut_off);
    CHECK(sent > 10);
    // Everyone else goes on, and bob's seat is his again from a new connection.
    auto pong = co_await call(*alice, [](auto& m) { m.mutable_ping()->set_nonce(7); });
    CHECK(pong.code() == sd::v1::OK);
    auto back = co_await logged_in(server.url(), "bob");
    auto resumed = co_await call(*back, [&](auto& m) {
      m.mutable_resume()->set_match_id(match);
      m.mutable_resume()->set_last_seq(0);
    });
    CHECK(resumed.code() == sd::v1::OK);
    const auto caught_up = co_await back->next_event();  // what it missed, or a snapshot
    CHECK(caught_up.match_id() == match);
    CHECK((caught_up.has_snapshot() || caught_up.has_game_event()));
  });
}

TEST_CASE("failed logins slow further guesses at that account, not other accounts' logins") {
  TempDir dir;
  // A limit of 3: three failures are answered, and the fourth attempt waits (the Limits table).
  TestServer server(dir.path() / "db.sqlite",
                    [](sd::server::ServerConfig& c) { c.free_login_failures = 3; });
  run_client([&]() -> awaitable<void> {
    co_await logged_in(server.url(), "alice");
    co_await logged_in(server.url(), "bob");
    auto guesser = co_await connected(server.url());
    auto login = [&](const std::string& name, const std::string& password) {
      return call(*guesser, [&](auto& m) {
        m.mutable_login()->set_username(name);
        m.mutable_login()->set_password(password);
      });
    };
    for (int i = 0; i < 3; ++i) {
      auto wrong = co_await login("alice", "not the password " + std::to_string(i));
      CHECK(wrong.code() == sd::v1::INVALID_CREDENTIALS);
    }
    // The third failure made the account wait: even the right password is refused now,
    // before any password work, and the answer says for how long.
    auto throttled = co_await login("ALICE", kPassword);
    CHECK(throttled.code() == sd::v1::RATE_LIMITED);
    CHECK(throttled.message().find("too many failed logins for this account") != std::string::npos);
    CHECK(throttled.retry_after_ms() > 0);
    CHECK(throttled.retry_after_ms() <= 1000);
    auto other = co_await login("bob", kPassword);
    CHECK(other.code() == sd::v1::OK);
    co_await asio::steady_timer(co_await asio::this_coro::executor, std::chrono::seconds(1))
        .async_wait(asio::use_awaitable);
    auto later = co_await login("alice", kPassword);
    CHECK(later.code() == sd::v1::OK);
  });
}

namespace {

// Logs `client` in as `name` (registered already) and returns the LoginResult.
awaitable<sd::v1::LoginResult> login_as(Client& client, const std::string& name) {
  auto response = co_await call(client, [&](auto& m) {
    m.mutable_login()->set_username(name);
    m.mutable_login()->set_password(kPassword);
  });
  co_return sd::client::expect_ok(response, "Login").login();
}

awaitable<sd::v1::Response> authenticate(Client& client, const std::string& token) {
  co_return co_await call(client, [&](auto& m) { m.mutable_authenticate()->set_token(token); });
}

awaitable<sd::v1::Response> ping(Client& client) {
  co_return co_await call(client, [](auto& m) { m.mutable_ping()->set_nonce(1); });
}

// Whether the server has closed `client`'s connection: a request then fails to get an answer.
awaitable<bool> closed_by_server(Client& client) {
  try {
    co_await ping(client);
  } catch (const std::exception&) {
    co_return true;
  }
  co_return false;
}

}  // namespace

TEST_CASE("sessions: listed, expiring, and ended everywhere they are used") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite",
                    [](sd::server::ServerConfig& c) { c.session_ttl = std::chrono::seconds(3); });
  run_client([&]() -> awaitable<void> {
    auto laptop = co_await logged_in(server.url(), "alice");
    auto phone = co_await connected(server.url());
    const auto phone_login = co_await login_as(*phone, "alice");
    CHECK(phone_login.expires_at_ms() > sd::server::now_ms());
    CHECK(phone_login.expires_at_ms() <= sd::server::now_ms() + 3'000);
    // The phone's token used on a tablet too.
    auto tablet = co_await connected(server.url());
    CHECK((co_await authenticate(*tablet, phone_login.token())).code() == sd::v1::OK);

    auto listed = co_await call(*phone, [](auto& m) { m.mutable_list_sessions(); });
    REQUIRE(listed.sessions().sessions_size() == 2);  // the laptop's and the phone's
    CHECK(listed.sessions().sessions(0).current() != listed.sessions().sessions(1).current());
    CHECK(listed.sessions().sessions(0).session_id().size() == 16);

    // Logging out on the phone ends the tablet (same token), not the laptop.
    CHECK((co_await call(*phone, [](auto& m) { m.mutable_logout(); })).code() == sd::v1::OK);
    CHECK(co_await closed_by_server(*tablet));
    CHECK((co_await ping(*phone)).code() == sd::v1::OK);  // open, logged out
    CHECK((co_await call(*phone, [](auto& m) { m.mutable_list_sessions(); })).code() ==
          sd::v1::UNAUTHENTICATED);
    auto again = co_await connected(server.url());
    CHECK((co_await authenticate(*again, phone_login.token())).code() ==
          sd::v1::INVALID_CREDENTIALS);

    // Logging out everywhere ends every other connection of the account.
    auto desk = co_await connected(server.url());
    const auto desk_login = co_await login_as(*desk, "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    CHECK((co_await call(*laptop, [](auto& m) { m.mutable_logout_everywhere(); })).code() ==
          sd::v1::OK);
    CHECK(co_await closed_by_server(*desk));
    CHECK((co_await ping(*bob)).code() == sd::v1::OK);
    auto late = co_await connected(server.url());
    CHECK((co_await authenticate(*late, desk_login.token())).code() == sd::v1::INVALID_CREDENTIALS);

    // A token stops working when it expires.
    auto fresh = co_await connected(server.url());
    const auto fresh_login = co_await login_as(*fresh, "alice");
    co_await asio::steady_timer(co_await asio::this_coro::executor, std::chrono::seconds(4))
        .async_wait(asio::use_awaitable);
    auto expired = co_await connected(server.url());
    auto refused = co_await authenticate(*expired, fresh_login.token());
    CHECK(refused.code() == sd::v1::INVALID_CREDENTIALS);
    CHECK(refused.message().find("expired") != std::string::npos);
  });
}

TEST_CASE("a seat resumed elsewhere fences the old connection; a keyed retry applies once") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob_old = co_await connected(server.url());
    co_await call(*bob_old, [](auto& m) {
      m.mutable_register_()->set_username("bob");
      m.mutable_register_()->set_password(kPassword);
    });
    const auto bob_login = co_await login_as(*bob_old, "bob");
    const auto match = co_await create_match(*alice);
    REQUIRE((co_await join(*bob_old, match)).code() == sd::v1::OK);
    const auto prompt = co_await next_prompt(*bob_old);
    REQUIRE(prompt.seat() == 1);

    // Bob's second connection resumes his seat: the first may no longer act.
    auto bob_new = co_await connected(server.url());
    REQUIRE((co_await authenticate(*bob_new, bob_login.token())).code() == sd::v1::OK);
    REQUIRE((co_await call(*bob_new, [&](auto& m) {
              m.mutable_resume()->set_match_id(match);
            })).code() == sd::v1::OK);
    // The old connection is told its seat moved, so a second tab can say so.
    bool told = false;
    for (int i = 0; i < 100 && !told; ++i) {
      const auto event = co_await bob_old->next_event();
      told = event.has_seat_moved();
      if (told) CHECK(event.seat_moved().seat() == 1);
    }
    CHECK(told);
    const auto stored = inputs_stored(dir, match);
    auto fenced = co_await submit(*bob_old, match, prompt.decision_id(), prompt.options(0).id());
    CHECK(fenced.code() == sd::v1::SUPERSEDED);
    CHECK(inputs_stored(dir, match) == stored);

    // A fresh snapshot on request, then the open prompt again.
    REQUIRE((co_await call(*bob_new, [&](auto& m) {
              m.mutable_get_snapshot()->set_match_id(match);
            })).code() == sd::v1::OK);
    // What Resume sent comes first (the events so far, the prompt), then the snapshot asked
    // for and the prompt after it.
    bool snapshot = false;
    bool prompted_after = false;
    for (int i = 0; i < 1000 && !prompted_after; ++i) {
      auto event = co_await bob_new->next_event();
      if (event.has_snapshot()) snapshot = true;
      prompted_after = snapshot && event.has_prompt();
    }
    CHECK(snapshot);
    CHECK(prompted_after);
    auto stranger = co_await logged_in(server.url(), "carol");
    CHECK((co_await call(*stranger, [&](auto& m) {
            m.mutable_get_snapshot()->set_match_id(match);
          })).code() == sd::v1::FORBIDDEN);

    // The same keyed answer twice: applied once, answered OK both times.
    auto keyed = [&]() -> awaitable<sd::v1::Response> {
      co_return co_await call(*bob_new, [&](auto& m) {
        auto* s = m.mutable_submit_decision();
        s->set_match_id(match);
        s->set_decision_id(prompt.decision_id());
        s->add_option_ids(prompt.options(0).id());
        s->set_idempotency_key("bob-cut-1");
      });
    };
    CHECK((co_await keyed()).code() == sd::v1::OK);
    CHECK((co_await keyed()).code() == sd::v1::OK);
    CHECK(inputs_stored(dir, match) == stored + 1);
  });
}

TEST_CASE("a finished match stays reachable after a restart: listed, spectated, replayed") {
  TempDir dir;
  std::uint64_t match = 0;
  {
    TestServer server(dir.path() / "db.sqlite");
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await logged_in(server.url(), "bob");
      match = co_await create_match(*alice);
      REQUIRE((co_await join(*bob, match)).code() == sd::v1::OK);
      co_await next_prompt(*bob);
      REQUIRE((co_await call(*alice, [&](auto& m) {
                m.mutable_concede()->set_match_id(match);
              })).code() == sd::v1::OK);
    });
  }
  TestServer server(dir.path() / "db.sqlite");  // a new process would start the same way
  run_client([&]() -> awaitable<void> {
    auto carol = co_await logged_in(server.url(), "carol");
    auto listed = co_await call(*carol, [](auto& m) {
      m.mutable_list_matches()->add_statuses(sd::v1::MATCH_STATUS_FINISHED);
    });
    REQUIRE(listed.matches().matches_size() == 1);
    const auto& info = listed.matches().matches(0);
    CHECK(info.match_id() == match);
    CHECK(info.seed() != 0);  // revealed
    REQUIRE(info.result().winners_size() == 1);
    CHECK(info.result().winners(0) == 1);
    CHECK(info.seats_size() == 2);
    CHECK(info.seats(1).username() == "bob");

    // Spectating shows the final position.
    auto watched =
        co_await call(*carol, [&](auto& m) { m.mutable_spectate()->set_match_id(match); });
    REQUIRE(watched.code() == sd::v1::OK);
    CHECK(watched.match().status() == sd::v1::MATCH_STATUS_FINISHED);
    auto snapshot = co_await carol->next_event();
    CHECK(snapshot.has_snapshot());

    // A player replays the whole stream from its first event.
    auto bob = co_await logged_in(server.url(), "bob");
    auto resumed = co_await call(*bob, [&](auto& m) { m.mutable_resume()->set_match_id(match); });
    REQUIRE(resumed.code() == sd::v1::OK);
    auto first = co_await bob->next_event();
    CHECK(first.has_game_event());
    CHECK(first.seq() == 1);
    auto missing = co_await call(*carol, [](auto& m) { m.mutable_spectate()->set_match_id(999); });
    CHECK(missing.code() == sd::v1::NOT_FOUND);
  });
}

TEST_CASE("/metrics: decision and commit latency histograms, errors by code, queue gauges") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    const auto match = co_await create_match(*alice);
    REQUIRE((co_await join(*bob, match)).code() == sd::v1::OK);
    const auto prompt = co_await next_prompt(*bob);
    CHECK((co_await submit(*bob, match, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::OK);
    CHECK((co_await submit(*bob, match, prompt.decision_id(), prompt.options(0).id())).code() ==
          sd::v1::STALE_DECISION);
  });
  const std::string command =
      "curl -s http://127.0.0.1:" + std::to_string(server.port()) + "/metrics";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string text;
  char buffer[4096];
  while (const std::size_t n = fread(buffer, 1, sizeof buffer, pipe))
    text.append(buffer, n);
  pclose(pipe);
  auto value = [&](const std::string& series) {
    const auto at = text.find("\n" + series + " ");
    REQUIRE_MESSAGE(at != std::string::npos, series << " not in\n" << text);
    return std::stod(text.substr(at + series.size() + 2));
  };
  CHECK(value("spacedock_decision_latency_seconds_count") == 1);
  CHECK(value("spacedock_decision_latency_seconds_bucket{le=\"+Inf\"}") == 1);
  CHECK(value("spacedock_commit_latency_seconds_count") >= 1);
  CHECK(value("spacedock_errors_total{code=\"STALE_DECISION\"}") == 1);
  CHECK(value("spacedock_decisions_accepted_total") == 1);
  CHECK(value("spacedock_db_queue") == 0);
  CHECK(value("spacedock_connections_total") >= 2);
}

TEST_CASE("a decision's answer reaches its sender before the events it caused") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await connected(server.url());
    co_await call(*bob, [](auto& m) {
      m.mutable_register_()->set_username("bob");
      m.mutable_register_()->set_password(kPassword);
    });
    const auto token = (co_await login_as(*bob, "bob")).token();
    const auto match = co_await create_match(*alice);
    REQUIRE((co_await join(*bob, match)).code() == sd::v1::OK);

    // Bob's raw connection takes his seat over, then answers his first decision.
    RawSocket raw;
    co_await raw.open(server.port());
    sd::v1::ClientMessage m;
    m.set_request_id(1);
    m.mutable_hello()->set_protocol_version(sd::v1::PROTOCOL_VERSION_CURRENT);
    co_await raw.send(m);
    CHECK((co_await raw.receive()).response().code() == sd::v1::OK);
    m.Clear();
    m.set_request_id(2);
    m.mutable_authenticate()->set_token(token);
    co_await raw.send(m);
    CHECK((co_await raw.receive()).response().code() == sd::v1::OK);
    m.Clear();
    m.set_request_id(3);
    m.mutable_resume()->set_match_id(match);
    co_await raw.send(m);
    sd::v1::DecisionPrompt prompt;
    for (;;) {
      auto message = co_await raw.receive();
      if (message.has_event() && message.event().has_prompt()) {
        prompt = message.event().prompt();
        break;
      }
    }
    m.Clear();
    m.set_request_id(4);
    auto* s = m.mutable_submit_decision();
    s->set_match_id(match);
    s->set_decision_id(prompt.decision_id());
    s->add_option_ids(prompt.options(0).id());
    co_await raw.send(m);
    auto first = co_await raw.receive();
    REQUIRE(first.has_response());
    CHECK(first.response().request_id() == 4);
    CHECK(first.response().code() == sd::v1::OK);
    auto then = co_await raw.receive();
    CHECK(then.has_event());  // the decision's own events come after
  });
}

TEST_CASE("a silent connection is closed after the idle timeout; one that answers pings stays") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite",
                    [](sd::server::ServerConfig& c) { c.idle_timeout = std::chrono::seconds(2); });
  run_client([&]() -> awaitable<void> {
    // One connection keeps talking (a request a second); another, a raw socket, says nothing
    // and reads nothing, so it answers no ping either.
    auto lively = co_await connected(server.url());
    RawSocket silent;
    co_await silent.open(server.port());
    for (int i = 0; i < 25; ++i) {
      co_await asio::steady_timer(co_await asio::this_coro::executor,
                                  std::chrono::milliseconds(200))
          .async_wait(asio::use_awaitable);
      CHECK((co_await ping(*lively)).code() == sd::v1::OK);
    }
    bool closed = false;
    try {
      co_await silent.receive();
    } catch (const boost::system::system_error&) {
      closed = true;
    }
    CHECK(closed);
    CHECK((co_await ping(*lively)).code() == sd::v1::OK);
  });
}

TEST_CASE("a keyed decision retried after a server restart is answered, not applied again") {
  TempDir dir;
  std::uint64_t match = 0;
  std::string token;
  sd::v1::ClientMessage retry;
  {
    TestServer server(dir.path() / "db.sqlite");
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await connected(server.url());
      co_await call(*bob, [](auto& m) {
        m.mutable_register_()->set_username("bob");
        m.mutable_register_()->set_password(kPassword);
      });
      token = (co_await login_as(*bob, "bob")).token();
      match = co_await create_match(*alice);
      REQUIRE((co_await join(*bob, match)).code() == sd::v1::OK);
      const auto prompt = co_await next_prompt(*bob);
      auto* s = retry.mutable_submit_decision();
      s->set_match_id(match);
      s->set_decision_id(prompt.decision_id());
      s->add_option_ids(prompt.options(0).id());
      s->set_idempotency_key("bob-first");
      CHECK((co_await bob->call(retry)).code() == sd::v1::OK);
    });
  }
  const auto stored = inputs_stored(dir, match);
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto bob = co_await connected(server.url());
    REQUIRE((co_await authenticate(*bob, token)).code() == sd::v1::OK);
    REQUIRE((co_await call(*bob, [&](auto& m) {
              m.mutable_resume()->set_match_id(match);
            })).code() == sd::v1::OK);
    // The answer was lost with the old process, say: the client sends it again.
    CHECK((co_await bob->call(retry)).code() == sd::v1::OK);
  });
  CHECK(inputs_stored(dir, match) == stored);
}
