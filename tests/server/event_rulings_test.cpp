// What an organiser's ruling does to a table's live match, and who may read an event's tables
// while it runs (tournament.proto, replays.proto), over the protocol.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "storage/matches.h"
#include "tests/server/tournament_support.h"

namespace sd = spacedock;
using boost::asio::awaitable;
using sd::client::Client;
using sd::testing::call;
using sd::testing::concede;
using sd::testing::create;
using sd::testing::enrol;
using sd::testing::incursions_event;
using sd::testing::logged_in;
using sd::testing::news;
using sd::testing::next_event_where;
using sd::testing::organiser;
using sd::testing::run_client;
using sd::testing::start_round;
using sd::testing::TempDir;
using sd::testing::TestServer;
using Update = sd::v1::TournamentUpdate;

namespace {

awaitable<sd::v1::Response> rule(Client& c, std::uint64_t id, std::uint32_t table,
                                 sd::v1::TableOutcome outcome) {
  co_return co_await call(c, [&](auto& m) {
    auto* r = m.mutable_set_table_result();
    r->set_tournament_id(id);
    r->set_round(1);
    r->set_table(table);
    r->set_outcome(outcome);
    r->set_reason("no-show: did not come to the table");
  });
}

awaitable<sd::v1::Response> replay(Client& c, std::uint64_t match, sd::v1::ReplayView view) {
  co_return co_await call(c, [&](auto& m) {
    m.mutable_get_replay()->set_match_id(match);
    m.mutable_get_replay()->set_view(view);
  });
}

}  // namespace

TEST_CASE("a ruling on a live table ends its match at once, for everyone, with its own reason") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  std::uint64_t match = 0;
  {
    TestServer server(db);
    run_client([&]() -> awaitable<void> {
      auto olga = co_await organiser(server.url(), db, "olga");
      auto settings = incursions_event("Ruled");
      settings.set_swiss_rounds(1);
      const std::uint64_t id = (co_await create(*olga, settings)).tournament().tournament_id();
      auto ann = co_await logged_in(server.url(), "ann");
      auto ben = co_await logged_in(server.url(), "ben");
      auto cat = co_await logged_in(server.url(), "cat");
      co_await enrol(*ann, id);
      co_await enrol(*ben, id);
      auto round = co_await start_round(*olga, id);
      REQUIRE(round.code() == sd::v1::OK);
      const auto& table = round.round().tables(0);
      match = table.match_id();
      // ann sits at the table and cat watches; ben never comes.
      REQUIRE((co_await call(*ann, [&](auto& m) {
                m.mutable_join_match()->set_match_id(match);
              })).code() == sd::v1::OK);
      REQUIRE((co_await call(*cat, [&](auto& m) {
                m.mutable_spectate()->set_match_id(match);
              })).code() == sd::v1::OK);

      const bool ann_first = table.first().username() == "ann";
      const auto outcome =
          ann_first ? sd::v1::TABLE_OUTCOME_FIRST_WINS : sd::v1::TABLE_OUTCOME_SECOND_WINS;
      REQUIRE((co_await rule(*olga, id, 1, outcome)).code() == sd::v1::OK);

      // Every follower hears the game end, by the ruling, ann (seat 0 if first) the winner; ann
      // also hears the event end (its only round is done), in whichever order they come.
      auto check_result = [&](const sd::v1::MatchResult& result) {
        CHECK(result.reason() == sd::v1::RESULT_REASON_RULING);
        REQUIRE(result.winners_size() == 1);
        CHECK(result.winners(0) == (ann_first ? 0u : 1u));
        CHECK(result.summary() == "the organiser ruled that ann won");
      };
      auto finished = [&](const sd::v1::Event& e) {
        return e.match_id() == match && e.has_match_update() &&
               e.match_update().status() == sd::v1::MATCH_STATUS_FINISHED;
      };
      check_result((co_await next_event_where(*cat, finished)).match_update().result());
      bool match_over = false;
      bool event_over = false;
      while (!match_over || !event_over) {
        const auto e = co_await ann->next_event();
        if (finished(e)) {
          check_result(e.match_update().result());
          match_over = true;
        }
        event_over |= e.has_tournament() && e.tournament().kind() == Update::FINISHED;
      }
      // Playing on is refused; the live lists drop it.
      auto late = co_await concede(*ann, match);
      CHECK(late.code() == sd::v1::GAME_OVER);
      auto live = co_await call(*ann, [](auto& m) { m.mutable_list_matches(); });
      for (const auto& info : live.matches().matches())
        CHECK(info.match_id() != match);
      auto mine = co_await call(*ann, [](auto& m) { m.mutable_list_matches()->set_mine(true); });
      REQUIRE(mine.matches().matches_size() == 1);
      CHECK(mine.matches().matches(0).status() == sd::v1::MATCH_STATUS_FINISHED);
      auto standing =
          co_await call(*olga, [&](auto& m) { m.mutable_get_round()->set_tournament_id(id); });
      CHECK(standing.round().tables(0).override_reason() == "no-show: did not come to the table");
      CHECK(standing.round().tables(0).match_status() == sd::v1::MATCH_STATUS_FINISHED);
    });
  }
  // The ruling is an input of the match's log: it replays, and a restart keeps it over.
  {
    auto database = sd::testing::open_database(db);
    const auto inputs = sd::storage::load_inputs(database, static_cast<std::int64_t>(match));
    REQUIRE_FALSE(inputs.empty());
    CHECK(inputs.back().kind == sd::storage::InputKind::kRuling);
    CHECK(inputs.back().options.size() == 1);
  }
  TestServer again(db);
  run_client([&]() -> awaitable<void> {
    auto ann = co_await logged_in(again.url(), "ann");
    auto full = co_await replay(*ann, match, sd::v1::REPLAY_VIEW_FULL);  // the event is over
    REQUIRE(full.code() == sd::v1::OK);
    std::uint32_t next = full.replay().next_event();
    while (next != 0) {
      full = co_await call(*ann, [&](auto& m) {
        m.mutable_get_replay()->set_match_id(match);
        m.mutable_get_replay()->set_view(sd::v1::REPLAY_VIEW_FULL);
        m.mutable_get_replay()->set_first_event(next);
      });
      next = full.replay().next_event();
    }
    CHECK(full.replay().check().reproduced());
    CHECK(full.replay().match().result().reason() == sd::v1::RESULT_REASON_RULING);
  });
}

TEST_CASE("while an event runs, its tables' hidden cards are for their players and organiser") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db);
  run_client([&]() -> awaitable<void> {
    auto olga = co_await organiser(server.url(), db, "olga");
    auto otto = co_await organiser(server.url(), db, "otto");  // organises other events
    auto settings = incursions_event("Closed decks");
    settings.set_swiss_rounds(1);
    const std::uint64_t id = (co_await create(*olga, settings)).tournament().tournament_id();
    std::map<std::string, std::unique_ptr<Client>> players;
    for (const char* name : {"ann", "ben", "cat", "dan"}) {
      players[name] = co_await logged_in(server.url(), name);
      REQUIRE((co_await enrol(*players[name], id)).code() == sd::v1::OK);
    }
    auto eve = co_await logged_in(server.url(), "eve");
    auto round = co_await start_round(*olga, id);
    REQUIRE(round.round().tables_size() == 2);
    const auto& done_table = round.round().tables(0);
    const auto& live_table = round.round().tables(1);
    const std::uint64_t done = done_table.match_id();
    Client& loser = *players[done_table.first().username()];
    Client& outsider = *players[live_table.first().username()];  // plays at the other table
    REQUIRE((co_await concede(loser, done)).code() == sd::v1::OK);

    using V = sd::v1::ReplayView;
    // Anyone may read the public view; the hidden cards are for the organiser alone, and each
    // player of the table has their own seat's view.
    CHECK((co_await replay(*eve, done, V::REPLAY_VIEW_PUBLIC)).code() == sd::v1::OK);
    const auto scouted = co_await replay(*eve, done, V::REPLAY_VIEW_FULL);
    CHECK(scouted.code() == sd::v1::FORBIDDEN);
    CHECK(scouted.message().find("still running") != std::string::npos);
    CHECK((co_await replay(outsider, done, V::REPLAY_VIEW_FULL)).code() == sd::v1::FORBIDDEN);
    CHECK((co_await replay(outsider, done, V::REPLAY_VIEW_PLAYER)).code() == sd::v1::FORBIDDEN);
    CHECK((co_await replay(*otto, done, V::REPLAY_VIEW_FULL)).code() == sd::v1::FORBIDDEN);
    CHECK((co_await replay(loser, done, V::REPLAY_VIEW_FULL)).code() == sd::v1::FORBIDDEN);
    CHECK((co_await replay(loser, done, V::REPLAY_VIEW_PLAYER)).code() == sd::v1::OK);
    CHECK((co_await replay(*olga, done, V::REPLAY_VIEW_FULL)).code() == sd::v1::OK);
    // Another organiser cannot judge the live table either; the event's own can.
    auto judge = [&](Client& c) {
      return call(c, [&](auto& m) {
        m.mutable_spectate()->set_match_id(live_table.match_id());
        m.mutable_spectate()->set_as_judge(true);
      });
    };
    CHECK((co_await judge(*otto)).code() == sd::v1::FORBIDDEN);
    CHECK((co_await judge(*olga)).code() == sd::v1::OK);

    // Once the event is over, the decks are no secret any more.
    REQUIRE((co_await concede(outsider, live_table.match_id())).code() == sd::v1::OK);
    co_await news(*players["ann"], Update::FINISHED);
    CHECK((co_await replay(*eve, done, V::REPLAY_VIEW_FULL)).code() == sd::v1::OK);
  });
}
