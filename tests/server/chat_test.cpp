// Chat over the protocol: the lobby room, a match's players' and spectators' channels kept
// apart, muting, and the limits on what and how fast one may say.
#include <doctest/doctest.h>

#include <string>

#include "tests/server/test_client.h"
#include "tests/server/test_server.h"

namespace sd = spacedock;
namespace asio = boost::asio;
using asio::awaitable;
using sd::client::Client;
using sd::testing::call;
using sd::testing::logged_in;
using sd::testing::run_client;
using sd::testing::TempDir;
using sd::testing::TestServer;

namespace {

awaitable<sd::v1::Response> say(Client& client, const std::string& text, std::uint64_t match = 0) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_send_chat()->set_match_id(match);
    m.mutable_send_chat()->set_text(text);
  });
}

awaitable<void> follow_lobby(Client& client) {
  auto followed = co_await call(client, [](auto& m) { m.mutable_follow_lobby_chat(); });
  REQUIRE(followed.code() == sd::v1::OK);
}

// The next chat message this client receives, skipping the game's events.
awaitable<sd::v1::Event> next_chat(Client& client) {
  for (;;) {
    auto event = co_await client.next_event();
    if (event.has_chat()) co_return event;
  }
}

awaitable<sd::v1::Response> mute(Client& client, const std::string& name, bool unmute = false) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_mute_user()->set_username(name);
    m.mutable_mute_user()->set_unmute(unmute);
  });
}

}  // namespace

TEST_CASE("lobby chat reaches those who follow it, minus those who muted the speaker") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto carol = co_await logged_in(server.url(), "carol");
    co_await follow_lobby(*alice);
    co_await follow_lobby(*bob);
    CHECK((co_await say(*alice, "anyone for a game?")).code() == sd::v1::OK);
    auto heard = co_await next_chat(*bob);
    CHECK(heard.match_id() == 0);
    CHECK(heard.chat().channel() == sd::v1::CHAT_CHANNEL_LOBBY);
    CHECK(heard.chat().username() == "alice");
    CHECK(heard.chat().text() == "anyone for a game?");
    CHECK((co_await next_chat(*alice)).chat().text() == "anyone for a game?");

    // Carol, who did not follow, heard nothing: once she follows, the next line is her first.
    co_await follow_lobby(*carol);
    CHECK((co_await say(*bob, "me")).code() == sd::v1::OK);
    CHECK((co_await next_chat(*carol)).chat().text() == "me");

    // Alice mutes bob: she hears carol, not him; unmuted, she hears him again.
    CHECK((co_await mute(*alice, "BOB")).code() == sd::v1::OK);
    CHECK((co_await next_chat(*alice)).chat().text() == "me");  // said before the mute
    co_await say(*bob, "hello?");
    co_await say(*carol, "hi all");
    CHECK((co_await next_chat(*alice)).chat().text() == "hi all");
    CHECK((co_await mute(*alice, "bob", true)).code() == sd::v1::OK);
    co_await say(*bob, "back");
    CHECK((co_await next_chat(*alice)).chat().text() == "back");
    CHECK((co_await mute(*alice, "nobody-here")).code() == sd::v1::NOT_FOUND);
    CHECK((co_await mute(*alice, "alice")).code() == sd::v1::BAD_REQUEST);

    // Stopping: carol hears nothing more.
    auto stopped =
        co_await call(*carol, [](auto& m) { m.mutable_follow_lobby_chat()->set_stop(true); });
    CHECK(stopped.code() == sd::v1::OK);
  });
}

TEST_CASE("in a match, players talk to everyone, spectators only to spectators") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto carol = co_await logged_in(server.url(), "carol");
    auto dave = co_await logged_in(server.url(), "dave");
    auto created = co_await call(
        *alice, [](auto& m) { m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS); });
    const std::uint64_t match = created.match().match_id();
    CHECK((co_await say(*bob, "let me in", match)).code() == sd::v1::FORBIDDEN);
    auto joined =
        co_await call(*bob, [&](auto& m) { m.mutable_join_match()->set_match_id(match); });
    REQUIRE(joined.code() == sd::v1::OK);
    for (auto* spectator : {carol.get(), dave.get()}) {
      auto watching =
          co_await call(*spectator, [&](auto& m) { m.mutable_spectate()->set_match_id(match); });
      REQUIRE(watching.code() == sd::v1::OK);
    }
    CHECK((co_await say(*carol, "alice should run", match)).code() == sd::v1::OK);
    auto aside = co_await next_chat(*dave);
    CHECK(aside.match_id() == match);
    CHECK(aside.chat().channel() == sd::v1::CHAT_CHANNEL_SPECTATORS);
    CHECK(aside.chat().text() == "alice should run");
    CHECK((co_await next_chat(*carol)).chat().text() == "alice should run");  // her own

    // Alice watching her own match as a spectator, from a second connection, is still a player:
    // the spectators' channel does not reach her there either.
    auto alice_watching = co_await logged_in(server.url(), "alice");
    auto resumed = co_await call(*alice_watching, [&](auto& m) {
      m.mutable_resume()->set_match_id(match);
      m.mutable_resume()->set_as_spectator(true);
    });
    REQUIRE(resumed.code() == sd::v1::OK);
    CHECK((co_await say(*dave, "she is bluffing", match)).code() == sd::v1::OK);
    CHECK((co_await next_chat(*carol)).chat().text() == "she is bluffing");

    CHECK((co_await say(*bob, "good luck", match)).code() == sd::v1::OK);
    CHECK((co_await next_chat(*alice_watching)).chat().text() == "good luck");
    CHECK((co_await next_chat(*dave)).chat().text() == "she is bluffing");  // his own
    for (auto* listener : {alice.get(), carol.get(), dave.get()}) {
      // For alice, the first chat she hears: carol's aside never reached her.
      auto event = co_await next_chat(*listener);
      CHECK(event.chat().channel() == sd::v1::CHAT_CHANNEL_PLAYERS);
      CHECK(event.chat().text() == "good luck");
    }
  });
}

TEST_CASE("chat limits: text length and characters, and speed") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    CHECK((co_await say(*alice, "")).code() == sd::v1::BAD_REQUEST);
    CHECK((co_await say(*alice, "   ")).code() == sd::v1::BAD_REQUEST);
    CHECK((co_await say(*alice, "bell\a")).code() == sd::v1::BAD_REQUEST);
    CHECK((co_await say(*alice, std::string(501, 'x'))).code() == sd::v1::BAD_REQUEST);
    // 500 characters of two bytes each is within the limit.
    std::string accents;
    for (int i = 0; i < 500; ++i)
      accents += "\xC3\xA9";
    CHECK((co_await say(*alice, accents)).code() == sd::v1::OK);
    int limited = 0;
    for (int i = 0; i < 8; ++i)
      limited += (co_await say(*alice, "spam")).code() == sd::v1::RATE_LIMITED;
    CHECK(limited >= 3);  // a burst of 5 in all, the first one above among them
  });
}
