// The judge view over the protocol: organisers only, never a player of the match, every card
// visible, only as the game stood a delay ago, and nothing live.
#include <doctest/doctest.h>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <string>

#include "storage/accounts.h"
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

awaitable<std::uint64_t> stccg_match(Client& alice, Client& bob) {
  auto created = co_await call(alice, [](auto& m) {
    m.mutable_create_match()->set_game(sd::v1::GAME_STCCG);
    m.mutable_create_match()->mutable_stccg_seat()->set_sample_deck("klingon");
  });
  const std::uint64_t match = created.match().match_id();
  auto joined = co_await call(bob, [&](auto& m) {
    m.mutable_join_match()->set_match_id(match);
    m.mutable_join_match()->mutable_stccg_seat()->set_sample_deck("romulan");
  });
  REQUIRE(joined.code() == sd::v1::OK);
  co_return match;
}

awaitable<sd::v1::Response> judge(Client& client, std::uint64_t match) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_spectate()->set_match_id(match);
    m.mutable_spectate()->set_as_judge(true);
  });
}

void make_organiser(const std::filesystem::path& db, const std::string& name) {
  auto database = sd::testing::open_database(db);
  REQUIRE(sd::storage::set_organiser(database, name, true));
}

int named_seed_cards(const sd::v1::GameSnapshot& view, int seat) {
  int named = 0;
  for (const auto& card : view.stccg().players(seat).seed_pile())
    named += !card.card_id().empty();
  return named;
}

}  // namespace

TEST_CASE("an organiser judges with every card visible; nobody else may, players included") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db, [](sd::server::ServerConfig& c) {
    c.judge_delay = std::chrono::milliseconds(0);
    c.judge_interval = std::chrono::milliseconds(50);
  });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    co_await logged_in(server.url(), "carol");
    make_organiser(db, "carol");
    make_organiser(db, "alice");
    auto carol = co_await logged_in(server.url(), "carol");  // the role counts from this login
    auto dave = co_await logged_in(server.url(), "dave");
    const std::uint64_t match = co_await stccg_match(*alice, *bob);

    auto refused = co_await judge(*dave, match);
    CHECK(refused.code() == sd::v1::FORBIDDEN);
    CHECK(refused.message() == "only organisers may judge matches");
    auto alice_again = co_await logged_in(server.url(), "alice");
    auto own = co_await judge(*alice_again, match);
    CHECK(own.code() == sd::v1::FORBIDDEN);  // an organiser, but a player of this match
    CHECK(own.message().find("a player cannot judge") != std::string::npos);

    auto judging = co_await judge(*carol, match);
    REQUIRE(judging.code() == sd::v1::OK);
    // A snapshot with every card in it at once, and another when the game moves on; nothing
    // else: no live event, no prompt.
    auto first = co_await carol->next_event();
    REQUIRE(first.has_snapshot());
    CHECK(first.match_id() == match);
    CHECK(first.as_of_ms() > 0);
    CHECK(named_seed_cards(first.snapshot(), 0) > 0);
    CHECK(named_seed_cards(first.snapshot(), 1) > 0);
    REQUIRE((co_await call(*bob, [&](auto& m) {
              m.mutable_concede()->set_match_id(match);
            })).code() == sd::v1::OK);
    auto last = co_await carol->next_event();
    REQUIRE(last.has_snapshot());
    CHECK(last.as_of_ms() >= first.as_of_ms());
    CHECK(last.snapshot().stccg().phase() == sd::v1::STCCG_PHASE_GAME_OVER);
    // Judging gives no live stream to ask for, nor a voice at the table.
    auto snapshot =
        co_await call(*carol, [&](auto& m) { m.mutable_get_snapshot()->set_match_id(match); });
    CHECK(snapshot.code() == sd::v1::FORBIDDEN);
    auto chat = co_await call(*carol, [&](auto& m) {
      m.mutable_send_chat()->set_match_id(match);
      m.mutable_send_chat()->set_text("play faster");
    });
    CHECK(chat.code() == sd::v1::FORBIDDEN);
  });
}

TEST_CASE("a judge sees nothing of a game younger than the delay") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db);  // the default delay: two minutes
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    co_await logged_in(server.url(), "carol");
    make_organiser(db, "carol");
    auto carol = co_await logged_in(server.url(), "carol");
    const std::uint64_t match = co_await stccg_match(*alice, *bob);
    auto judging = co_await judge(*carol, match);
    REQUIRE(judging.code() == sd::v1::OK);
    CHECK(judging.match().status() == sd::v1::MATCH_STATUS_ACTIVE);
    // A view would have been sent with the answer, before the answer to this ping.
    auto pong = co_await call(*carol, [](auto& m) { m.mutable_ping()->set_nonce(1); });
    CHECK(pong.code() == sd::v1::OK);
    CHECK_FALSE(carol->has_event());
  });
}

TEST_CASE("an organiser who takes a seat is no longer sent the judge view, on any connection") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db, [](sd::server::ServerConfig& c) {
    c.judge_delay = std::chrono::milliseconds(0);
    c.judge_interval = std::chrono::milliseconds(20);
  });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    co_await logged_in(server.url(), "carol");
    make_organiser(db, "carol");
    auto judging = co_await logged_in(server.url(), "carol");
    auto seated = co_await logged_in(server.url(), "carol");
    auto created = co_await call(*alice, [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_STCCG);
      m.mutable_create_match()->mutable_stccg_seat()->set_sample_deck("klingon");
    });
    const std::uint64_t match = created.match().match_id();
    REQUIRE((co_await judge(*judging, match)).code() == sd::v1::OK);  // waiting: nothing to see
    auto joined = co_await call(*seated, [&](auto& m) {
      m.mutable_join_match()->set_match_id(match);
      m.mutable_join_match()->mutable_stccg_seat()->set_sample_deck("romulan");
    });
    REQUIRE(joined.code() == sd::v1::OK);  // the game starts, carol playing
    // Many judge ticks later, the judging connection has been sent nothing.
    asio::steady_timer pause(co_await asio::this_coro::executor, std::chrono::milliseconds(300));
    co_await pause.async_wait(asio::use_awaitable);
    auto pong = co_await call(*judging, [](auto& m) { m.mutable_ping()->set_nonce(1); });
    CHECK(pong.code() == sd::v1::OK);
    CHECK_FALSE(judging->has_event());
  });
}
