// The lobby's options and queries over the protocol: private matches with invite codes, matches
// without spectators, and the filters of ListMatches, "my matches" across a restart included.
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
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

awaitable<sd::v1::Response> create(Client& client, bool private_match, bool no_spectators) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_create_match()->set_game(sd::v1::GAME_INCURSIONS);
    m.mutable_create_match()->set_private_match(private_match);
    m.mutable_create_match()->set_no_spectators(no_spectators);
  });
}

awaitable<sd::v1::Response> join(Client& client, std::uint64_t match, std::string code = {}) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_join_match()->set_match_id(match);
    m.mutable_join_match()->set_invite_code(code);
  });
}

awaitable<sd::v1::Response> spectate(Client& client, std::uint64_t match, std::string code = {}) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_spectate()->set_match_id(match);
    m.mutable_spectate()->set_invite_code(code);
  });
}

// The ids ListMatches answers with, following every page.
awaitable<std::vector<std::uint64_t>> listed(Client& client, sd::v1::ListMatches filter) {
  std::vector<std::uint64_t> ids;
  for (;;) {
    auto response = co_await call(client, [&](auto& m) { *m.mutable_list_matches() = filter; });
    REQUIRE(response.code() == sd::v1::OK);
    for (const auto& info : response.matches().matches())
      ids.push_back(info.match_id());
    if (response.matches().next_after_match_id() == 0) break;
    filter.set_after_match_id(response.matches().next_after_match_id());
  }
  co_return ids;
}

bool has(const std::vector<std::uint64_t>& ids, std::uint64_t id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

TEST_CASE("a private match is listed to its players only, and joined or watched with its code") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto carol = co_await logged_in(server.url(), "carol");
    auto created = co_await create(*alice, true, false);
    REQUIRE(created.code() == sd::v1::OK);
    const std::uint64_t match = created.match().match_id();
    const std::string code = created.match().invite_code();
    CHECK(created.match().private_match());
    CHECK(code.size() == 10);

    CHECK(has(co_await listed(*alice, {}), match));
    CHECK_FALSE(has(co_await listed(*bob, {}), match));
    CHECK((co_await join(*bob, match)).code() == sd::v1::FORBIDDEN);
    CHECK((co_await join(*bob, match, "wrong")).code() == sd::v1::FORBIDDEN);
    auto refused = co_await spectate(*carol, match);
    CHECK(refused.code() == sd::v1::FORBIDDEN);
    CHECK(refused.message().find("private") != std::string::npos);

    auto watching = co_await spectate(*carol, match, code);
    CHECK(watching.code() == sd::v1::OK);
    CHECK(watching.match().invite_code().empty());  // spectators are not told the code
    auto joined = co_await join(*bob, match, code);
    REQUIRE(joined.code() == sd::v1::OK);
    CHECK(joined.match().invite_code() == code);  // players are
    CHECK(has(co_await listed(*bob, {}), match));
    CHECK_FALSE(has(co_await listed(*carol, {}), match));
  });
}

TEST_CASE("a match without spectators refuses them, but not its players") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto carol = co_await logged_in(server.url(), "carol");
    auto created = co_await create(*alice, false, true);
    const std::uint64_t match = created.match().match_id();
    CHECK_FALSE(created.match().spectators_allowed());
    CHECK(has(co_await listed(*carol, {}), match));  // listed: it is public
    CHECK((co_await spectate(*carol, match)).code() == sd::v1::FORBIDDEN);
    auto resumed = co_await call(*carol, [&](auto& m) {
      m.mutable_resume()->set_match_id(match);
      m.mutable_resume()->set_as_spectator(true);
    });
    CHECK(resumed.code() == sd::v1::FORBIDDEN);
    auto own = co_await call(*alice, [&](auto& m) {
      m.mutable_resume()->set_match_id(match);
      m.mutable_resume()->set_as_spectator(true);
    });
    CHECK(own.code() == sd::v1::OK);

    auto open = co_await create(*carol, false, false);
    CHECK(open.match().spectators_allowed());
  });
}

TEST_CASE("ListMatches filters: my matches across a restart, open seats, a player's matches") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  std::uint64_t waiting = 0, finished = 0, bobs = 0, secret = 0;
  {
    TestServer server(db);
    run_client([&]() -> awaitable<void> {
      auto alice = co_await logged_in(server.url(), "alice");
      auto bob = co_await logged_in(server.url(), "bob");
      waiting = (co_await create(*alice, false, false)).match().match_id();
      finished = (co_await create(*alice, false, false)).match().match_id();
      REQUIRE((co_await join(*bob, finished)).code() == sd::v1::OK);
      auto conceded =
          co_await call(*bob, [&](auto& m) { m.mutable_concede()->set_match_id(finished); });
      REQUIRE(conceded.code() == sd::v1::OK);
      bobs = (co_await create(*bob, false, false)).match().match_id();
      secret = (co_await create(*bob, true, false)).match().match_id();
    });
  }
  TestServer server(db);  // restarted: the finished match is on disk only
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    std::vector<std::uint64_t> ids;  // a braced list may not live across co_await (GCC 12)
    sd::v1::ListMatches mine;
    mine.set_mine(true);
    mine.set_page_size(1);  // one a page, to follow the pages
    ids = co_await listed(*alice, mine);
    CHECK((ids == std::vector<std::uint64_t>{waiting, finished}));

    sd::v1::ListMatches open;
    open.set_open_seats(true);
    // Alice's own waiting match is not one she can join; bob's private one is not listed.
    ids = co_await listed(*alice, open);
    CHECK((ids == std::vector<std::uint64_t>{bobs}));

    sd::v1::ListMatches by_bob;
    by_bob.set_player("BOB");
    ids = co_await listed(*alice, by_bob);
    CHECK((ids == std::vector<std::uint64_t>{bobs}));
    by_bob.add_statuses(sd::v1::MATCH_STATUS_FINISHED);
    ids = co_await listed(*alice, by_bob);
    CHECK((ids == std::vector<std::uint64_t>{finished}));
    auto bob = co_await logged_in(server.url(), "bob");
    by_bob.clear_statuses();
    ids = co_await listed(*bob, by_bob);
    CHECK((ids == std::vector<std::uint64_t>{bobs, secret}));
  });
}
