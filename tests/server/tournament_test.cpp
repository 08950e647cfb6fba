// Tournaments over the protocol (tournament.proto): roles, registration, rounds started at
// once, results from the matches and from the organiser, the round's time, standings, exports,
// and an event that survives a restart.
#include <doctest/doctest.h>

#include <chrono>
#include <map>
#include <string>

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
using sd::testing::organiser;
using sd::testing::run_client;
using sd::testing::standings;
using sd::testing::start_round;
using sd::testing::TempDir;
using sd::testing::TestServer;
using Update = sd::v1::TournamentUpdate;

TEST_CASE("only organisers create events, and settings are checked") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db);
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto refused = co_await create(*alice, incursions_event("Alice's cup"));
    CHECK(refused.code() == sd::v1::FORBIDDEN);

    auto olga = co_await organiser(server.url(), db, "olga");
    auto settings = incursions_event("Spring Swiss");
    settings.set_top_cut(3);
    auto bad = co_await create(*olga, settings);
    CHECK(bad.code() == sd::v1::INVALID_OPTIONS);
    CHECK(bad.rule() == "TOP_CUT_SIZE");
    settings.set_top_cut(4);
    settings.set_name("");
    CHECK((co_await create(*olga, settings)).rule() == "NAME_LENGTH");

    settings.set_name("Spring Swiss");
    auto made = co_await create(*olga, settings);
    REQUIRE(made.code() == sd::v1::OK);
    const auto& info = made.tournament();
    CHECK(info.status() == sd::v1::TOURNAMENT_STATUS_REGISTRATION);
    CHECK(info.organiser() == "olga");
    CHECK(info.organising());
    CHECK(info.settings().round_minutes() == 45);  // Incursions' default
    CHECK(info.settings().scoring().win() == 3);
    CHECK(info.settings().scoring().time_win() == 3);

    auto listed = co_await call(*alice, [](auto& m) { m.mutable_list_tournaments(); });
    REQUIRE(listed.tournaments().tournaments_size() == 1);
    CHECK(listed.tournaments().tournaments(0).registration_open());
  });
}

TEST_CASE("a STCCG registration locks a legal deck that only the organiser may read") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db);
  run_client([&]() -> awaitable<void> {
    auto olga = co_await organiser(server.url(), db, "olga");
    sd::v1::TournamentSettings settings;
    settings.set_name("Decipher Open");
    settings.set_game(sd::v1::GAME_STCCG);
    auto made = co_await create(*olga, settings);
    REQUIRE(made.code() == sd::v1::OK);
    const std::uint64_t id = made.tournament().tournament_id();
    CHECK(made.tournament().settings().scoring().time_win() == 2);  // a modified win
    CHECK(made.tournament().settings().round_minutes() == 75);

    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto no_deck = co_await call(
        *alice, [&](auto& m) { m.mutable_register_for_tournament()->set_tournament_id(id); });
    CHECK(no_deck.code() == sd::v1::INVALID_OPTIONS);
    auto bad_list = co_await call(*alice, [&](auto& m) {
      m.mutable_register_for_tournament()->set_tournament_id(id);
      m.mutable_register_for_tournament()->mutable_stccg_seat()->set_deck_list("1x Nothing");
    });
    CHECK(bad_list.code() == sd::v1::INVALID_OPTIONS);
    auto ok = co_await call(*alice, [&](auto& m) {
      m.mutable_register_for_tournament()->set_tournament_id(id);
      m.mutable_register_for_tournament()->mutable_stccg_seat()->set_sample_deck("klingon");
    });
    REQUIRE(ok.code() == sd::v1::OK);
    CHECK(ok.tournament().registered());
    CHECK(ok.tournament().entrants_size() == 1);
    auto again = co_await call(*alice, [&](auto& m) {
      m.mutable_register_for_tournament()->set_tournament_id(id);
      m.mutable_register_for_tournament()->mutable_stccg_seat()->set_sample_deck("romulan");
    });
    CHECK(again.code() == sd::v1::ALREADY_EXISTS);
    auto own = co_await call(*olga, [&](auto& m) {
      m.mutable_register_for_tournament()->set_tournament_id(id);
      m.mutable_register_for_tournament()->mutable_stccg_seat()->set_sample_deck("romulan");
    });
    CHECK(own.code() == sd::v1::FORBIDDEN);

    const std::uint64_t alice_id = ok.tournament().entrants(0).account_id();
    auto peek = co_await call(*bob, [&](auto& m) {
      m.mutable_get_tournament_deck()->set_tournament_id(id);
      m.mutable_get_tournament_deck()->set_account_id(alice_id);
    });
    CHECK(peek.code() == sd::v1::FORBIDDEN);
    auto judge = co_await call(*olga, [&](auto& m) {
      m.mutable_get_tournament_deck()->set_tournament_id(id);
      m.mutable_get_tournament_deck()->set_account_id(alice_id);
    });
    REQUIRE(judge.code() == sd::v1::OK);
    CHECK(judge.tournament_deck().deck_list().find("klingon") != std::string::npos);

    // Which deck is locked: for the entrant and the organiser, nobody else.
    auto deck_title = [&](Client& c) -> awaitable<std::string> {
      auto got =
          co_await call(c, [&](auto& m) { m.mutable_get_tournament()->set_tournament_id(id); });
      co_return got.tournament().entrants(0).deck_title();
    };
    CHECK(co_await deck_title(*alice) == "Sample deck: klingon");
    CHECK(co_await deck_title(*olga) == "Sample deck: klingon");
    CHECK((co_await deck_title(*bob)).empty());
    // Until the entrant's first round is paired, the deck may change; then it is locked.
    auto change = [&](const char* deck) {
      return call(*alice, [&](auto& m) {
        m.mutable_register_for_tournament()->set_tournament_id(id);
        m.mutable_register_for_tournament()->set_change_seat(true);
        m.mutable_register_for_tournament()->mutable_stccg_seat()->set_sample_deck(deck);
      });
    };
    auto changed = co_await change("romulan");
    REQUIRE(changed.code() == sd::v1::OK);
    CHECK(changed.tournament().entrants(0).deck_title() == "Sample deck: romulan");
    auto bobs = co_await call(*bob, [&](auto& m) {
      m.mutable_register_for_tournament()->set_tournament_id(id);
      m.mutable_register_for_tournament()->mutable_stccg_seat()->set_sample_deck("federation");
    });
    REQUIRE(bobs.code() == sd::v1::OK);
    REQUIRE((co_await start_round(*olga, id)).code() == sd::v1::OK);
    CHECK((co_await change("klingon")).code() == sd::v1::WRONG_STATE);
    CHECK(co_await deck_title(*alice) == "Sample deck: romulan");
  });
}

TEST_CASE("a Swiss event: rounds start at once, results come from the matches and the organiser") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db);
  run_client([&]() -> awaitable<void> {
    auto olga = co_await organiser(server.url(), db, "olga");
    auto settings = incursions_event("Five players");
    settings.set_swiss_rounds(2);
    auto made = co_await create(*olga, settings);
    const std::uint64_t id = made.tournament().tournament_id();
    CHECK((co_await start_round(*olga, id)).code() == sd::v1::WRONG_STATE);  // nobody yet

    std::map<std::string, std::unique_ptr<Client>> players;
    for (const char* name : {"ann", "ben", "cat", "dan", "eve"}) {
      players[name] = co_await logged_in(server.url(), name);
      REQUIRE((co_await enrol(*players[name], id)).code() == sd::v1::OK);
    }
    CHECK((co_await start_round(*players["ann"], id)).code() == sd::v1::FORBIDDEN);

    auto first = co_await start_round(*olga, id);
    REQUIRE(first.code() == sd::v1::OK);
    const auto& round = first.round();
    CHECK(round.round() == 1);
    REQUIRE(round.tables_size() == 3);  // two games and a bye
    CHECK_FALSE(round.tables(2).has_second());
    CHECK(round.tables(2).outcome() == sd::v1::TABLE_OUTCOME_FIRST_WINS);
    CHECK(round.ends_at_ms() - round.started_at_ms() == 45 * 60'000);
    // A retry of the same request answers the same round.
    auto retry = co_await start_round(*olga, id, 1);
    CHECK(retry.round().tables(0).match_id() == round.tables(0).match_id());
    CHECK((co_await start_round(*olga, id)).code() == sd::v1::WRONG_STATE);  // still playing

    // Every player hears of their table; the first player of each game concedes it.
    std::map<std::string, Update> told;
    for (auto& [name, client] : players)
      told[name] = co_await news(*client, Update::ROUND_STARTED);
    int byes = 0;
    for (auto& [name, update] : told) {
      CHECK(update.round() == 1);
      byes += update.your_table().bye();
      if (!update.your_table().bye()) CHECK(update.your_table().match_id() != 0);
    }
    CHECK(byes == 1);
    for (int t = 0; t < 2; ++t) {
      const std::string loser = round.tables(t).first().username();
      auto conceded = co_await concede(*players[loser], round.tables(t).match_id());
      CHECK(conceded.code() == sd::v1::OK);
    }
    for (auto& [name, client] : players)
      co_await news(*client, Update::ROUND_DONE);

    auto after_one = co_await standings(*players["ann"], id);
    REQUIRE(after_one.code() == sd::v1::OK);
    CHECK(after_one.standings().after_round() == 1);
    REQUIRE(after_one.standings().rows_size() == 5);
    // Two winners and the bye on 3 points, the two who conceded on 0.
    CHECK(after_one.standings().rows(0).points() == 3);
    CHECK(after_one.standings().rows(2).points() == 3);
    CHECK(after_one.standings().rows(3).points() == 0);

    // The organiser overrides table 1 with a reason: a double loss.
    auto ruled = co_await call(*olga, [&](auto& m) {
      auto* r = m.mutable_set_table_result();
      r->set_tournament_id(id);
      r->set_round(1);
      r->set_table(1);
      r->set_outcome(sd::v1::TABLE_OUTCOME_DOUBLE_LOSS);
      r->set_reason("both players used outside help");
    });
    REQUIRE(ruled.code() == sd::v1::OK);
    CHECK(ruled.round().tables(0).override_reason() == "both players used outside help");
    auto unreasoned = co_await call(*olga, [&](auto& m) {
      m.mutable_set_table_result()->set_tournament_id(id);
      m.mutable_set_table_result()->set_round(1);
      m.mutable_set_table_result()->set_table(2);
      m.mutable_set_table_result()->set_outcome(sd::v1::TABLE_OUTCOME_DRAW);
    });
    CHECK(unreasoned.code() == sd::v1::BAD_REQUEST);
    auto ruled_standings = co_await standings(*olga, id);
    int on_three = 0;
    for (const auto& row : ruled_standings.standings().rows())
      on_three += row.points() == 3;
    CHECK(on_three == 2);  // the winner of table 2 and the bye

    // One player drops; round 2 pairs the other four, with no rematch.
    auto dropped = co_await call(
        *players["eve"], [&](auto& m) { m.mutable_drop_from_tournament()->set_tournament_id(id); });
    REQUIRE(dropped.code() == sd::v1::OK);
    auto second = co_await start_round(*olga, id);
    REQUIRE(second.code() == sd::v1::OK);
    const auto& round2 = second.round();
    CHECK(round2.tables_size() == 2);  // four players left: no bye
    for (const auto& t : round2.tables()) {
      CHECK(t.has_second());
      CHECK(t.first().username() != "eve");
      CHECK(t.second().username() != "eve");
      for (const auto& old : round.tables()) {
        const bool rematch = old.has_second() && t.has_second() &&
                             ((old.first().account_id() == t.first().account_id() &&
                               old.second().account_id() == t.second().account_id()) ||
                              (old.first().account_id() == t.second().account_id() &&
                               old.second().account_id() == t.first().account_id()));
        CHECK_FALSE(rematch);
      }
    }
    for (const auto& t : round2.tables()) {
      if (t.has_second())
        CHECK((co_await concede(*players[t.second().username()], t.match_id())).code() ==
              sd::v1::OK);
    }
    const Update over = co_await news(*players["ann"], Update::FINISHED);
    CHECK(over.message().find("is over") != std::string::npos);

    auto final_standings = co_await standings(*players["ben"], id);
    CHECK(final_standings.standings().final());
    CHECK(final_standings.standings().rows(0).place() == 1);
    auto csv = co_await call(
        *players["ben"], [&](auto& m) { m.mutable_export_tournament()->set_tournament_id(id); });
    REQUIRE(csv.code() == sd::v1::OK);
    CHECK(csv.tournament_export().text().rfind("place,rank,player,points", 0) == 0);
    CHECK(std::count(csv.tournament_export().text().begin(), csv.tournament_export().text().end(),
                     '\n') == 6);
    auto json = co_await call(*players["ben"], [&](auto& m) {
      m.mutable_export_tournament()->set_tournament_id(id);
      m.mutable_export_tournament()->set_format(sd::v1::EXPORT_FORMAT_JSON);
    });
    CHECK(json.tournament_export().text().find("\"rounds\"") != std::string::npos);
    CHECK((co_await start_round(*olga, id)).code() == sd::v1::WRONG_STATE);  // over

    auto log = co_await call(
        *olga, [&](auto& m) { m.mutable_get_tournament_log()->set_tournament_id(id); });
    REQUIRE(log.code() == sd::v1::OK);
    int pairings = 0;
    int rulings = 0;
    for (const auto& entry : log.tournament_log().entries()) {
      pairings += entry.action() == "pair round" && entry.username() == "olga";
      rulings += entry.action() == "set result" && entry.username() == "olga";
    }
    CHECK(pairings == 2);
    CHECK(rulings == 1);
    auto not_yours = co_await call(
        *players["ann"], [&](auto& m) { m.mutable_get_tournament_log()->set_tournament_id(id); });
    CHECK(not_yours.code() == sd::v1::FORBIDDEN);
  });
}

TEST_CASE("when a round's time is up every game still running is scored by its rules") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  // A tournament minute of 300 ms: the round below lasts 0.3 s.
  TestServer server(db, [](sd::server::ServerConfig& c) {
    c.tournament_minute = std::chrono::milliseconds(300);
  });
  run_client([&]() -> awaitable<void> {
    auto olga = co_await organiser(server.url(), db, "olga");
    auto settings = incursions_event("Blitz");
    settings.set_round_minutes(1);
    settings.set_no_show_minutes(60);  // nobody loses for not showing up in 0.3 s
    settings.set_swiss_rounds(1);
    const std::uint64_t id = (co_await create(*olga, settings)).tournament().tournament_id();
    auto ann = co_await logged_in(server.url(), "ann");
    auto ben = co_await logged_in(server.url(), "ben");
    co_await enrol(*ann, id);
    co_await enrol(*ben, id);
    auto round = co_await start_round(*olga, id);
    REQUIRE(round.code() == sd::v1::OK);
    co_await news(*ann, Update::ROUND_DONE);
    auto done = co_await call(*ann, [&](auto& m) { m.mutable_get_round()->set_tournament_id(id); });
    REQUIRE(done.round().tables_size() == 1);
    const auto& table = done.round().tables(0);
    CHECK(table.at_time());
    CHECK(table.outcome() != sd::v1::TABLE_OUTCOME_PENDING);
    CHECK(table.summary().find("time was called") == 0);
    auto match = co_await call(*ann, [&](auto& m) { m.mutable_list_matches()->set_mine(true); });
    REQUIRE(match.matches().matches_size() == 1);
    CHECK(match.matches().matches(0).result().reason() == sd::v1::RESULT_REASON_TIME_LIMIT);
  });
}

TEST_CASE("an event, its round and its matches come back after a restart") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  std::uint64_t id = 0;
  std::uint64_t match = 0;
  {
    TestServer server(db);
    run_client([&]() -> awaitable<void> {
      auto olga = co_await organiser(server.url(), db, "olga");
      id = (co_await create(*olga, incursions_event("Durable"))).tournament().tournament_id();
      for (const char* name : {"ann", "ben"})
        co_await enrol(*co_await logged_in(server.url(), name), id);
      auto round = co_await start_round(*olga, id);
      REQUIRE(round.code() == sd::v1::OK);
      match = round.round().tables(0).match_id();
    });
  }
  TestServer again(db);
  run_client([&]() -> awaitable<void> {
    auto ann = co_await logged_in(again.url(), "ann");
    auto info =
        co_await call(*ann, [&](auto& m) { m.mutable_get_tournament()->set_tournament_id(id); });
    REQUIRE(info.code() == sd::v1::OK);
    CHECK(info.tournament().status() == sd::v1::TOURNAMENT_STATUS_RUNNING);
    CHECK(info.tournament().rounds_paired() == 1);
    CHECK(info.tournament().swiss_rounds() == 1);
    auto round =
        co_await call(*ann, [&](auto& m) { m.mutable_get_round()->set_tournament_id(id); });
    REQUIRE(round.round().tables_size() == 1);
    CHECK(round.round().tables(0).match_id() == match);
    CHECK(round.round().tables(0).match_status() == sd::v1::MATCH_STATUS_ACTIVE);
    // The match is there to play: a concession decides the table, and the event.
    CHECK((co_await concede(*ann, match)).code() == sd::v1::OK);
    co_await news(*ann, Update::FINISHED);
    auto final_standings = co_await standings(*ann, id);
    CHECK(final_standings.standings().final());
    CHECK(final_standings.standings().rows(0).player().username() == "ben");
  });
}

TEST_CASE("a player who does not come to their match within the no-show time loses it") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  // A tournament minute of 300 ms: the no-show time below is 0.3 s, the round an hour.
  TestServer server(db, [](sd::server::ServerConfig& c) {
    c.tournament_minute = std::chrono::milliseconds(300);
  });
  run_client([&]() -> awaitable<void> {
    auto olga = co_await organiser(server.url(), db, "olga");
    auto settings = incursions_event("No-shows");
    settings.set_round_minutes(600);
    settings.set_no_show_minutes(1);
    const std::uint64_t id = (co_await create(*olga, settings)).tournament().tournament_id();
    auto ann = co_await logged_in(server.url(), "ann");
    auto ben = co_await logged_in(server.url(), "ben");
    co_await enrol(*ann, id);
    co_await enrol(*ben, id);
    auto round = co_await start_round(*olga, id);
    REQUIRE(round.code() == sd::v1::OK);
    const auto& table = round.round().tables(0);
    // ann comes to the table; ben never does.
    auto joined = co_await call(
        *ann, [&](auto& m) { m.mutable_join_match()->set_match_id(table.match_id()); });
    REQUIRE(joined.code() == sd::v1::OK);
    co_await news(*ann, Update::ROUND_DONE);
    auto done = co_await call(*ann, [&](auto& m) { m.mutable_get_round()->set_tournament_id(id); });
    const auto& decided = done.round().tables(0);
    const bool ann_first = decided.first().username() == "ann";
    CHECK(decided.outcome() ==
          (ann_first ? sd::v1::TABLE_OUTCOME_FIRST_WINS : sd::v1::TABLE_OUTCOME_SECOND_WINS));
    CHECK_FALSE(decided.at_time());
    auto match = co_await call(*ann, [&](auto& m) { m.mutable_list_matches()->set_mine(true); });
    REQUIRE(match.matches().matches_size() == 1);
    CHECK(match.matches().matches(0).result().reason() == sd::v1::RESULT_REASON_FORFEIT);
  });
}

TEST_CASE("a private event is hidden from all but its organiser and players, who join by its id") {
  TempDir dir;
  const auto db = dir.path() / "db.sqlite";
  TestServer server(db);
  run_client([&]() -> awaitable<void> {
    auto olga = co_await organiser(server.url(), db, "olga");
    auto settings = incursions_event("Invitational");
    settings.set_private_event(true);
    const std::uint64_t id = (co_await create(*olga, settings)).tournament().tournament_id();
    auto ann = co_await logged_in(server.url(), "ann");
    auto eve = co_await logged_in(server.url(), "eve");
    auto listed = co_await call(*eve, [](auto& m) { m.mutable_list_tournaments(); });
    CHECK(listed.tournaments().tournaments_size() == 0);
    auto peek =
        co_await call(*eve, [&](auto& m) { m.mutable_get_tournament()->set_tournament_id(id); });
    CHECK(peek.code() == sd::v1::NOT_FOUND);
    CHECK((co_await standings(*eve, id)).code() == sd::v1::NOT_FOUND);
    REQUIRE((co_await enrol(*ann, id)).code() == sd::v1::OK);
    auto seen = co_await call(*ann, [](auto& m) { m.mutable_list_tournaments(); });
    REQUIRE(seen.tournaments().tournaments_size() == 1);
    CHECK(seen.tournaments().tournaments(0).registered());
    CHECK((co_await call(*olga, [](auto& m) { m.mutable_list_tournaments(); }))
              .tournaments()
              .tournaments_size() == 1);
  });
}
