#pragma once
// What the tournament tests over the protocol share: an organiser, an event's settings, and the
// requests they send most.
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "storage/accounts.h"
#include "tests/server/play.h"
#include "tests/server/test_client.h"
#include "tests/server/test_server.h"

namespace spacedock::testing {

// `name`, made an organiser, logged in afresh (a role is read at login).
inline boost::asio::awaitable<std::unique_ptr<client::Client>> organiser(
    const std::string& url, const std::filesystem::path& db, const std::string& name) {
  co_await logged_in(url, name);
  {
    auto database = open_database(db);
    REQUIRE(storage::set_organiser(database, name, true));
  }
  co_return co_await logged_in(url, name);
}

inline v1::TournamentSettings incursions_event(const std::string& name) {
  v1::TournamentSettings s;
  s.set_name(name);
  s.set_game(v1::GAME_INCURSIONS);
  return s;
}

inline boost::asio::awaitable<v1::Response> create(client::Client& c,
                                                   const v1::TournamentSettings& settings) {
  co_return co_await call(
      c, [&](auto& m) { *m.mutable_create_tournament()->mutable_settings() = settings; });
}

inline boost::asio::awaitable<v1::Response> enrol(client::Client& c, std::uint64_t id) {
  co_return co_await call(c, [&](auto& m) {
    m.mutable_register_for_tournament()->set_tournament_id(id);
    m.mutable_register_for_tournament()->mutable_incursions_seat();
  });
}

inline boost::asio::awaitable<v1::Response> start_round(client::Client& c, std::uint64_t id,
                                                        std::uint32_t round = 0) {
  co_return co_await call(c, [&](auto& m) {
    m.mutable_start_round()->set_tournament_id(id);
    m.mutable_start_round()->set_round(round);
  });
}

inline boost::asio::awaitable<v1::Response> concede(client::Client& c, std::uint64_t match) {
  co_return co_await call(c, [&](auto& m) { m.mutable_concede()->set_match_id(match); });
}

inline boost::asio::awaitable<v1::Response> standings(client::Client& c, std::uint64_t id) {
  co_return co_await call(c, [&](auto& m) { m.mutable_get_standings()->set_tournament_id(id); });
}

// The player's next news of `kind`.
inline boost::asio::awaitable<v1::TournamentUpdate> news(client::Client& c,
                                                         v1::TournamentUpdate::Kind kind) {
  const auto event = co_await next_event_where(
      c, [&](const v1::Event& e) { return e.has_tournament() && e.tournament().kind() == kind; });
  co_return event.tournament();
}

}  // namespace spacedock::testing
