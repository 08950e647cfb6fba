// Replays of finished matches over the protocol: each view shows what it may, the log replays
// to the recorded end, pages join up, and who may see what.
#include <doctest/doctest.h>

#include <string>
#include <vector>

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

awaitable<sd::v1::Response> replay(Client& client, std::uint64_t match, sd::v1::ReplayView view,
                                   std::uint32_t first_event = 0) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_get_replay()->set_match_id(match);
    m.mutable_get_replay()->set_view(view);
    m.mutable_get_replay()->set_first_event(first_event);
  });
}

awaitable<sd::v1::Replay> view_at(Client& client, std::uint64_t match, std::uint32_t n) {
  const auto page = co_await call(client, [&](auto& m) {
    m.mutable_get_replay()->set_match_id(match);
    m.mutable_get_replay()->set_view_at(n);
  });
  REQUIRE(page.code() == sd::v1::OK);
  co_return page.replay();
}

// Cards of a seat's seed pile the view names (a hidden card has no card id).
int named_seed_cards(const sd::v1::GameSnapshot& view, int seat) {
  int named = 0;
  for (const auto& card : view.stccg().players(seat).seed_pile())
    named += !card.card_id().empty();
  return named;
}

// Every page's events, followed to the end, one serialized string each.
awaitable<std::vector<std::string>> all_events(Client& client, std::uint64_t match,
                                               sd::v1::ReplayView view, int* pages) {
  std::vector<std::string> events;
  std::uint32_t next = 0;
  *pages = 0;
  do {
    auto page = co_await replay(client, match, view, next);
    REQUIRE(page.code() == sd::v1::OK);
    CHECK(page.replay().first_event() == next);
    CHECK(page.replay().has_start() == (next == 0));
    for (const auto& event : page.replay().events())
      events.push_back(event.SerializeAsString());
    next = page.replay().next_event();
    CHECK(page.replay().has_check() == (next == 0));  // the last page carries the check
    ++*pages;
  } while (next != 0);
  co_return events;
}

}  // namespace

TEST_CASE("a finished match replays for each view it may have, and reaches its recorded end") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  std::uint64_t match = 0;
  std::vector<std::string> whole;
  {
    TestServer server(db);
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await logged_in(server.url(), "bob");
      auto carol = co_await logged_in(server.url(), "carol");
      auto created = co_await call(*alice, [](auto& m) {
        m.mutable_create_match()->set_game(sd::v1::GAME_STCCG);
        m.mutable_create_match()->mutable_stccg_seat()->set_sample_deck("klingon");
      });
      match = created.match().match_id();
      auto joined = co_await call(*bob, [&](auto& m) {
        m.mutable_join_match()->set_match_id(match);
        m.mutable_join_match()->mutable_stccg_seat()->set_sample_deck("romulan");
      });
      REQUIRE(joined.code() == sd::v1::OK);
      CHECK((co_await replay(*alice, match, sd::v1::REPLAY_VIEW_UNSPECIFIED)).code() ==
            sd::v1::FORBIDDEN);  // not over yet
      auto conceded =
          co_await call(*bob, [&](auto& m) { m.mutable_concede()->set_match_id(match); });
      REQUIRE(conceded.code() == sd::v1::OK);

      // Alice's own view by default: her seed pile named, bob's not.
      auto own = co_await replay(*alice, match, sd::v1::REPLAY_VIEW_UNSPECIFIED);
      REQUIRE(own.code() == sd::v1::OK);
      const auto& mine = own.replay();
      CHECK(mine.view() == sd::v1::REPLAY_VIEW_PLAYER);
      CHECK(mine.seat() == 0);
      CHECK(named_seed_cards(mine.start(), 0) > 0);
      CHECK(named_seed_cards(mine.start(), 1) == 0);
      CHECK(mine.next_event() == 0);
      CHECK(mine.events_size() > 0);
      CHECK(mine.final().stccg().phase() == sd::v1::STCCG_PHASE_GAME_OVER);
      CHECK(mine.match().result().reason() == sd::v1::RESULT_REASON_CONCESSION);
      CHECK(mine.check().reproduced());
      for (const auto& event : mine.events())
        whole.push_back(event.SerializeAsString());

      // The table at any step: before any input it is the start, after the last event the end,
      // and in between a view that includes at least the events asked for.
      const auto total = static_cast<std::uint32_t>(mine.events_size());
      const auto first = co_await view_at(*alice, match, 0);
      CHECK(first.at().SerializeAsString() == mine.start().SerializeAsString());
      const auto last = co_await view_at(*alice, match, total);
      CHECK(last.at_event() == total);
      CHECK(last.at().SerializeAsString() == mine.final().SerializeAsString());
      const auto middle = co_await view_at(*alice, match, total / 2);
      CHECK(middle.at_event() >= total / 2);
      CHECK(middle.at_event() <= total);
      CHECK(middle.has_at());
      CHECK_FALSE(own.replay().has_at());  // only when asked

      // Carol, who did not play: the public view by default, the full view on asking, never
      // a player's.
      auto watched = co_await replay(*carol, match, sd::v1::REPLAY_VIEW_UNSPECIFIED);
      CHECK(watched.replay().view() == sd::v1::REPLAY_VIEW_PUBLIC);
      CHECK(named_seed_cards(watched.replay().start(), 0) == 0);
      CHECK(named_seed_cards(watched.replay().start(), 1) == 0);
      auto full = co_await replay(*carol, match, sd::v1::REPLAY_VIEW_FULL);
      CHECK(named_seed_cards(full.replay().start(), 0) > 0);
      CHECK(named_seed_cards(full.replay().start(), 1) > 0);
      CHECK(full.replay().check().reproduced());
      CHECK((co_await replay(*carol, match, sd::v1::REPLAY_VIEW_PLAYER)).code() ==
            sd::v1::FORBIDDEN);
      CHECK((co_await replay(*carol, 999, sd::v1::REPLAY_VIEW_PUBLIC)).code() == sd::v1::NOT_FOUND);
    });
  }
  // After a restart, with pages of one event: the same events, page after page.
  TestServer server(db, [](sd::server::ServerConfig& c) { c.replay_page_bytes = 1; });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    int pages = 0;
    const auto paged = co_await all_events(*alice, match, sd::v1::REPLAY_VIEW_PLAYER, &pages);
    CHECK(paged == whole);
    CHECK(pages == static_cast<int>(whole.size()));
  });
}

TEST_CASE("a replay under another rules version says so instead of claiming it reproduced") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  std::uint64_t match = 0;
  {
    TestServer server(db);
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await logged_in(server.url(), "bob");
      match = (co_await call(
                   *alice,
                   [](auto& m) { m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS); }))
                  .match()
                  .match_id();
      REQUIRE((co_await call(*bob, [&](auto& m) {
                m.mutable_join_match()->set_match_id(match);
              })).code() == sd::v1::OK);
      REQUIRE((co_await call(*bob, [&](auto& m) {
                m.mutable_concede()->set_match_id(match);
              })).code() == sd::v1::OK);
    });
  }
  {
    auto database = sd::testing::open_database(db);
    database.execute("UPDATE matches SET rules_version = rules_version + 1000");
  }
  TestServer server(db);
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto page = co_await replay(*alice, match, sd::v1::REPLAY_VIEW_PUBLIC);
    REQUIRE(page.code() == sd::v1::OK);
    CHECK_FALSE(page.replay().check().reproduced());
    CHECK(page.replay().check().played_under_rules_version() ==
          page.replay().check().server_rules_version() + 1000);
    CHECK(page.replay().check().message().find("rules version") != std::string::npos);
  });
}
