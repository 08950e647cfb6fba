// Stored decks over the protocol: save, list, get, rename, delete, validate and export, their
// limits, and matches made with a stored deck.
#include <doctest/doctest.h>

#include <string>

#include "engine/incursions/content.h"
#include "engine/stccg/cards/deck.h"
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

std::string sample_list(const char* name) {
  const auto& cards = sd::stccg::CardDb::standard();
  return sd::stccg::export_deck_text(*sd::stccg::sample_deck(name), cards);
}

awaitable<sd::v1::Response> save(Client& client, const std::string& name, const std::string& list,
                                 std::uint64_t id = 0) {
  co_return co_await call(client, [&](auto& m) {
    auto* s = m.mutable_save_deck();
    s->set_deck_id(id);
    s->set_name(name);
    s->set_game(sd::v1::GAME_STCCG);
    s->set_deck_list(list);
  });
}

awaitable<sd::v1::Response> get(Client& client, std::uint64_t id) {
  co_return co_await call(client, [&](auto& m) { m.mutable_get_deck()->set_deck_id(id); });
}

awaitable<sd::v1::Response> create_with_deck(Client& client, std::uint64_t deck) {
  co_return co_await call(client, [&](auto& m) {
    m.mutable_create_match()->set_game(sd::v1::GAME_STCCG);
    m.mutable_create_match()->mutable_stccg_seat()->set_deck_id(deck);
  });
}

}  // namespace

TEST_CASE("decks are saved, listed, read, renamed, exported and deleted by their owner only") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    const std::string klingons = sample_list("klingon");
    // Saved as written, CRLF and all; a broken list may be saved, and says what is wrong.
    const std::string draft = "Missions:\r\n2\tFever Emergency\r\n1\tPcard\r\n";
    auto saved = co_await save(*alice, "Draft", draft);
    REQUIRE(saved.code() == sd::v1::OK);
    const auto& validation = saved.deck_saved().validation();
    CHECK_FALSE(validation.legal());
    CHECK_FALSE(saved.deck_saved().summary().legal());
    REQUIRE(validation.problems_size() >= 3);
    CHECK(validation.problems(0).code() == "UNKNOWN_CARD");
    CHECK(validation.problems(0).line() == 3);
    bool duplicate_on_line_2 = false;
    for (const auto& p : validation.problems())
      duplicate_on_line_2 |= p.code() == "DUPLICATE_MISSION" && p.line() == 2;
    CHECK(duplicate_on_line_2);
    const std::uint64_t draft_id = saved.deck_saved().summary().deck_id();

    saved = co_await save(*alice, "Klingons", klingons);
    REQUIRE(saved.code() == sd::v1::OK);
    CHECK(saved.deck_saved().validation().legal());
    CHECK(saved.deck_saved().summary().game_deck_cards() == 60);
    const std::uint64_t klingon_id = saved.deck_saved().summary().deck_id();

    // Names are unique per account, ignoring case; another account may use them.
    CHECK((co_await save(*alice, "KLINGONS", klingons)).code() == sd::v1::ALREADY_EXISTS);
    CHECK((co_await save(*bob, "Klingons", klingons)).code() == sd::v1::OK);

    auto listed = co_await call(*alice, [](auto& m) { m.mutable_list_decks(); });
    REQUIRE(listed.decks().decks_size() == 2);
    CHECK(listed.decks().decks(0).name() == "Draft");  // by name
    CHECK(listed.decks().decks(1).name() == "Klingons");

    auto got = co_await get(*alice, draft_id);
    CHECK(got.deck().deck_list() == draft);
    CHECK((co_await get(*bob, draft_id)).code() == sd::v1::NOT_FOUND);  // not bob's

    auto rename = [&](Client& who, std::uint64_t id, const std::string& name) {
      return call(who, [&](auto& m) {
        m.mutable_rename_deck()->set_deck_id(id);
        m.mutable_rename_deck()->set_name(name);
      });
    };
    CHECK((co_await rename(*alice, draft_id, "klingons")).code() == sd::v1::ALREADY_EXISTS);
    CHECK((co_await rename(*alice, draft_id, "")).code() == sd::v1::BAD_REQUEST);
    CHECK((co_await rename(*bob, draft_id, "Mine")).code() == sd::v1::NOT_FOUND);
    auto renamed = co_await rename(*alice, draft_id, "Work in progress");
    CHECK(renamed.deck_summary().name() == "Work in progress");

    // Saving over a deck replaces its list; the fixed draft is legal.
    saved = co_await save(*alice, "Work in progress", sample_list("federation"), draft_id);
    CHECK(saved.deck_saved().summary().legal());
    CHECK(saved.deck_saved().summary().deck_id() == draft_id);

    // Export gives the normal form, which reads back as the same deck.
    auto exported =
        co_await call(*alice, [&](auto& m) { m.mutable_export_deck()->set_deck_id(klingon_id); });
    REQUIRE(exported.code() == sd::v1::OK);
    CHECK(exported.deck_export().deck_list() == klingons);

    auto deleted =
        co_await call(*alice, [&](auto& m) { m.mutable_delete_deck()->set_deck_id(draft_id); });
    CHECK(deleted.code() == sd::v1::OK);
    CHECK((co_await get(*alice, draft_id)).code() == sd::v1::NOT_FOUND);
    deleted =
        co_await call(*alice, [&](auto& m) { m.mutable_delete_deck()->set_deck_id(draft_id); });
    CHECK(deleted.code() == sd::v1::NOT_FOUND);
  });
}

TEST_CASE("a deck list is validated under either deck-size reading, stored or sent") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    // The Klingon sample without three draw-deck cards: 57 cards, still 30 and more to draw.
    std::string short_list = sample_list("klingon");
    const std::size_t draw = short_list.find("Draw:\n");
    REQUIRE(draw != std::string::npos);
    const std::size_t line = short_list.find('\n', draw + 6);
    short_list.erase(draw + 6, line - draw - 5);  // the first Draw: line, with its copies
    auto validate = [&](bool thirty_thirty) {
      return call(*alice, [&](auto& m) {
        m.mutable_validate_deck()->set_deck_list(short_list);
        m.mutable_validate_deck()->set_thirty_thirty_decks(thirty_thirty);
      });
    };
    auto sixty = co_await validate(false);
    CHECK_FALSE(sixty.deck_validation().legal());
    REQUIRE(sixty.deck_validation().problems_size() == 1);
    CHECK(sixty.deck_validation().problems(0).code() == "DECK_SIZE");
    CHECK(sixty.deck_validation().problems(0).line() == 0);
    CHECK((co_await validate(true)).deck_validation().legal());

    auto stored = co_await save(*alice, "Short", short_list);
    const std::uint64_t id = stored.deck_saved().summary().deck_id();
    auto by_id = co_await call(*alice, [&](auto& m) {
      m.mutable_validate_deck()->set_deck_id(id);
      m.mutable_validate_deck()->set_thirty_thirty_decks(true);
    });
    CHECK(by_id.deck_validation().legal());

    // A misspelt card is named with the card nearest to it; a title far from any is not.
    auto misspelt = co_await call(*alice, [&](auto& m) {
      m.mutable_validate_deck()->set_deck_list("Draw:\n1x Gowrn\n1x Zzzyzx Qwerty\n");
    });
    const auto& problems = misspelt.deck_validation().problems();
    REQUIRE(problems.size() >= 2);
    CHECK(problems[0].code() == "UNKNOWN_CARD");
    CHECK(problems[0].suggestion() == "Gowron");
    CHECK(problems[0].message().find("did you mean 'Gowron'?") != std::string::npos);
    CHECK(problems[1].code() == "UNKNOWN_CARD");
    CHECK(problems[1].suggestion().empty());
  });
}

TEST_CASE("deck limits: game, name, list size and decks per account, each refusing cleanly") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite", [](sd::server::ServerConfig& c) {
    c.max_decks_per_account = 2;
    c.max_deck_list_bytes = 4096;
  });
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto incursions = co_await call(*alice, [](auto& m) {
      m.mutable_save_deck()->set_name("Ships");
      m.mutable_save_deck()->set_game(sd::v1::GAME_INCURSIONS);
    });
    CHECK(incursions.code() == sd::v1::BAD_REQUEST);
    CHECK((co_await save(*alice, std::string(65, 'n'), "")).code() == sd::v1::BAD_REQUEST);
    CHECK((co_await save(*alice, "   ", "")).code() == sd::v1::BAD_REQUEST);
    CHECK((co_await save(*alice, "Tab\there", "")).code() == sd::v1::BAD_REQUEST);
    CHECK((co_await save(*alice, std::string(64, 'n'), "")).code() == sd::v1::OK);
    auto big = co_await save(*alice, "Big", std::string(4097, '#'));
    CHECK(big.code() == sd::v1::BAD_REQUEST);
    CHECK(big.message().find("4096 bytes") != std::string::npos);
    CHECK((co_await save(*alice, "Second", "")).code() == sd::v1::OK);
    auto third = co_await save(*alice, "Third", "");
    CHECK(third.code() == sd::v1::LIMIT_REACHED);
    auto listed = co_await call(*alice, [](auto& m) { m.mutable_list_decks(); });
    CHECK(listed.decks().decks_size() == 2);  // the refused ones changed nothing
  });
}

TEST_CASE("a match is made with stored decks, legal under its rules, and keeps its copy") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto alice = co_await logged_in(server.url(), "alice");
    auto bob = co_await logged_in(server.url(), "bob");
    auto broken = co_await save(*alice, "Broken", "Missions:\n2\tFever Emergency\n");
    auto refused = co_await create_with_deck(*alice, broken.deck_saved().summary().deck_id());
    CHECK(refused.code() == sd::v1::INVALID_OPTIONS);
    CHECK(refused.rule() == "INVALID_DECK");
    CHECK(refused.message().find("line 2:") != std::string::npos);
    CHECK((co_await create_with_deck(*alice, 999)).code() == sd::v1::NOT_FOUND);
    auto both = co_await call(*alice, [](auto& m) {
      m.mutable_create_match()->set_game(sd::v1::GAME_STCCG);
      m.mutable_create_match()->mutable_stccg_seat()->set_deck_id(1);
      m.mutable_create_match()->mutable_stccg_seat()->set_sample_deck("klingon");
    });
    CHECK(both.code() == sd::v1::INVALID_OPTIONS);
    CHECK(both.rule() == "DECK_REQUIRED");

    auto klingons = co_await save(*alice, "Klingons", sample_list("klingon"));
    auto created = co_await create_with_deck(*alice, klingons.deck_saved().summary().deck_id());
    REQUIRE(created.code() == sd::v1::OK);
    const std::uint64_t match = created.match().match_id();
    // Bob cannot sit down with alice's deck, only with his own.
    auto romulans = co_await save(*bob, "Romulans", sample_list("romulan"));
    auto join_with = [&](std::uint64_t deck) {
      return call(*bob, [&](auto& m) {
        m.mutable_join_match()->set_match_id(match);
        m.mutable_join_match()->mutable_stccg_seat()->set_deck_id(deck);
      });
    };
    CHECK((co_await join_with(klingons.deck_saved().summary().deck_id())).code() ==
          sd::v1::NOT_FOUND);
    auto joined = co_await join_with(romulans.deck_saved().summary().deck_id());
    REQUIRE(joined.code() == sd::v1::OK);
    CHECK(joined.match().status() == sd::v1::MATCH_STATUS_ACTIVE);
    // Deleting the deck leaves the match its copy: the game goes on and replays.
    auto deleted = co_await call(*alice, [&](auto& m) {
      m.mutable_delete_deck()->set_deck_id(klingons.deck_saved().summary().deck_id());
    });
    CHECK(deleted.code() == sd::v1::OK);
    auto snapshot =
        co_await call(*alice, [&](auto& m) { m.mutable_get_snapshot()->set_match_id(match); });
    CHECK(snapshot.code() == sd::v1::OK);
  });
}

TEST_CASE("ListCards: the STCCG card database for deck builders, before any login") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto guest = co_await sd::testing::connected(server.url());
    const auto listed = co_await call(
        *guest, [](auto& m) { m.mutable_list_cards()->set_game(sd::v1::GAME_STCCG); });
    REQUIRE(listed.code() == sd::v1::OK);
    const auto& cards = listed.card_list().stccg();
    std::size_t playable = 0;
    for (const auto& def : sd::stccg::CardDb::standard().defs())
      playable += !def.card.test_only();
    CHECK(static_cast<std::size_t>(cards.size()) == playable);
    CHECK(std::none_of(cards.begin(), cards.end(), [](const auto& c) { return c.test_only(); }));
    // Figures come along: a mission's points, a personnel's skills.
    CHECK(std::any_of(cards.begin(), cards.end(), [](const auto& c) {
      return c.has_mission() && c.mission().seeder_end().points() > 0;
    }));
    CHECK(std::any_of(cards.begin(), cards.end(), [](const auto& c) {
      return c.has_personnel() && c.personnel().skills_size() > 0;
    }));
    const auto none = co_await call(*guest, [](auto& m) { m.mutable_list_cards(); });
    CHECK(none.code() == sd::v1::BAD_REQUEST);
  }());
}

TEST_CASE("ListCards: the Incursions content, captains and crew included, before any login") {
  TempDir dir;
  TestServer server(dir.path() / "db.sqlite");
  run_client([&]() -> awaitable<void> {
    auto guest = co_await sd::testing::connected(server.url());
    const auto listed = co_await call(
        *guest, [](auto& m) { m.mutable_list_cards()->set_game(sd::v1::GAME_INCURSIONS); });
    REQUIRE(listed.code() == sd::v1::OK);
    const auto& content = listed.card_list().incursions();
    const auto& loaded = sd::incursions::Content::standard();
    CHECK(static_cast<std::size_t>(content.ships_size()) == loaded.ships().size());
    CHECK(static_cast<std::size_t>(content.hexes_size()) == loaded.hexes().size());
    CHECK(static_cast<std::size_t>(content.cards_size()) == loaded.cards().size());
    CHECK(std::any_of(content.cards().begin(), content.cards().end(), [](const auto& c) {
      return c.id() == "CRW-HELM" && c.bonuses().evasion() == 1;
    }));
    CHECK(listed.card_list().stccg_size() == 0);
  }());
}
