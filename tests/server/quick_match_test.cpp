// The quick-match queue and practice matches against server bots, over the protocol.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "storage/matches.h"
#include "tests/server/play.h"
#include "tests/server/test_client.h"
#include "tests/server/test_server.h"

namespace sd = spacedock;
using boost::asio::awaitable;
using sd::client::Client;
using sd::testing::answer_next_prompt;
using sd::testing::call;
using sd::testing::logged_in;
using sd::testing::next_event_where;
using sd::testing::run_client;
using sd::testing::TempDir;
using sd::testing::TestServer;
using Update = sd::v1::QuickMatchUpdate;

namespace {

awaitable<sd::v1::Response> quick(Client& c, sd::v1::Game game,
                                  sd::v1::BotStrength bot = sd::v1::BOT_STRENGTH_NONE) {
  co_return co_await call(c, [&](auto& m) {
    m.mutable_quick_match()->set_game(game);
    m.mutable_quick_match()->set_bot(bot);
    if (game == sd::v1::GAME_STCCG)
      m.mutable_quick_match()->mutable_stccg_seat()->set_sample_deck("klingon");
  });
}

}  // namespace

TEST_CASE("two players asking for the same game are paired and both seated") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto carol = co_await logged_in(server.url(), "carol");
    auto queued = co_await quick(*alice, sd::v1::GAME_INCURSIONS);
    REQUIRE(queued.code() == sd::v1::OK);
    CHECK(queued.quick_match().state() == Update::QUEUED);
    CHECK(queued.quick_match().waiting() == 1);
    // Another game's queue is another queue.
    auto other = co_await quick(*carol, sd::v1::GAME_STCCG);
    CHECK(other.quick_match().state() == Update::QUEUED);

    auto matched = co_await quick(*bob, sd::v1::GAME_INCURSIONS);
    REQUIRE(matched.code() == sd::v1::OK);
    REQUIRE(matched.quick_match().state() == Update::MATCHED);
    const std::uint64_t match = matched.quick_match().match_id();
    CHECK(match != 0);
    // alice hears MATCHED and follows the match; when she took the first seat, the game's first
    // snapshot comes just before the news (seats are in random order).
    bool told = false;
    bool shown = false;
    while (!told || !shown) {
      const auto event = co_await alice->next_event();
      if (event.has_quick_match()) {
        CHECK(event.quick_match().state() == Update::MATCHED);
        CHECK(event.quick_match().match_id() == match);
        told = true;
      } else if (event.match_id() == match && event.has_snapshot()) {
        CHECK(event.snapshot().has_incursions());
        shown = true;
      }
    }

    auto info = co_await call(*alice, [](auto& m) { m.mutable_list_matches()->set_mine(true); });
    REQUIRE(info.matches().matches_size() == 1);
    const auto& header = info.matches().matches(0);
    CHECK(header.match_id() == match);
    CHECK(header.status() == sd::v1::MATCH_STATUS_ACTIVE);
    REQUIRE(header.seats_size() == 2);
    CHECK(header.seats(0).username() != header.seats(1).username());

    // Leaving the queue: once, then there is nothing to leave.
    CHECK((co_await call(*carol, [](auto& m) { m.mutable_leave_queue(); })).code() == sd::v1::OK);
    CHECK((co_await call(*carol, [](auto& m) { m.mutable_leave_queue(); })).code() ==
          sd::v1::NOT_FOUND);
  });
}

TEST_CASE("a player left waiting is offered a bot, and taking it starts a game against it") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", [](sd::server::ServerConfig& c) {
    c.quick_match_bot_offer = std::chrono::milliseconds(100);
    c.bot_think = std::chrono::milliseconds(0);
  });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto queued = co_await quick(*alice, sd::v1::GAME_STCCG);
    REQUIRE(queued.quick_match().state() == Update::QUEUED);
    const auto offer = co_await next_event_where(
        *alice, [](const sd::v1::Event& e) { return e.has_quick_match(); });
    CHECK(offer.quick_match().state() == Update::BOT_OFFERED);

    auto matched = co_await quick(*alice, sd::v1::GAME_STCCG, sd::v1::BOT_STRENGTH_EASY);
    REQUIRE(matched.code() == sd::v1::OK);
    REQUIRE(matched.quick_match().state() == Update::MATCHED);
    const std::uint64_t match = matched.quick_match().match_id();
    const auto started = co_await next_event_where(*alice, [&](const sd::v1::Event& e) {
      return e.has_match_update() && e.match_update().status() == sd::v1::MATCH_STATUS_ACTIVE;
    });
    REQUIRE(started.match_update().seats_size() == 2);
    CHECK(started.match_update().seats(1).username() == "Bot (easy)");
    CHECK(started.match_update().seats(1).connected());
    // Nobody waits in the queue any more.
    CHECK((co_await call(*alice, [](auto& m) { m.mutable_leave_queue(); })).code() ==
          sd::v1::NOT_FOUND);
    (void)match;
  });
}

TEST_CASE("in a practice match the bot answers its own decisions, stored like anyone's") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(
      db, [](sd::server::ServerConfig& c) { c.bot_think = std::chrono::milliseconds(1); });
  std::uint64_t match = 0;
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto created = co_await call(*alice, [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
      m.mutable_create_match()->set_bot_opponents(sd::v1::BOT_STRENGTH_STRONG);
    });
    REQUIRE(created.code() == sd::v1::OK);
    match = created.match().match_id();
    // Play until the bot has moved a few times, or the game is over.
    for (int i = 0; i < 12; ++i) {
      auto event = co_await next_event_where(*alice, [&](const sd::v1::Event& e) {
        return e.has_prompt() ||
               (e.has_match_update() && e.match_update().status() == sd::v1::MATCH_STATUS_FINISHED);
      });
      if (event.has_match_update()) break;
      auto answered = co_await call(*alice, [&](auto& m) {
        m.mutable_submit_decision()->set_match_id(match);
        m.mutable_submit_decision()->set_decision_id(event.prompt().decision_id());
        m.mutable_submit_decision()->add_option_ids(event.prompt().options(0).id());
      });
      CHECK(answered.code() == sd::v1::OK);
    }
    // Bots sit under one account per strength: two-player matches only.
    auto three = co_await call(*alice, [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
      m.mutable_create_match()->mutable_incursions()->set_players(3);
      m.mutable_create_match()->set_bot_opponents(sd::v1::BOT_STRENGTH_EASY);
    });
    CHECK(three.code() == sd::v1::INVALID_OPTIONS);
    CHECK(three.rule() == "BOTS_TWO_PLAYERS_ONLY");
    // A bot may not be logged into: it has no password.
    auto c = co_await sd::testing::connected(server.url());
    auto login = co_await call(*c, [](auto& m) {
      m.mutable_login()->set_username("Bot (strong)");
      m.mutable_login()->set_password(sd::testing::kPassword);
    });
    CHECK(login.code() == sd::v1::INVALID_CREDENTIALS);
  });
  auto database = sd::testing::open_database(db);
  int by_bot = 0;
  for (const auto& input : sd::storage::load_inputs(database, static_cast<std::int64_t>(match)))
    by_bot += input.seat == 1;
  CHECK(by_bot > 0);
}
