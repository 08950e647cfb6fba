// A connection's requests, routed: which handler answers each kind of ClientMessage, and what the
// connection must have done first (said Hello, logged in). A kind missing here is answered
// UNKNOWN_MESSAGE.
#include <array>

#include "server/session/connection.h"

namespace spacedock::server {
namespace {

using Body = v1::ClientMessage::BodyCase;

// The largest body field number, so that routes are found by indexing.
constexpr int kMaxBody = 127;

}  // namespace

// Defined inside Connection's scope, so that the handlers may be private.
const Connection::Route Connection::kRoutes[] = {
    {Body::kHello, Access::kAnyone,
     [](Connection& c, const Message& m, const Reply& r) { c.on_hello(m.hello(), r); }},
    {Body::kPing, Access::kGreeted,
     [](Connection& c, const Message& m, const Reply& r) { c.on_ping(m.ping(), r); }},

    // Accounts (accounts/requests.cpp).
    {Body::kRegister, Access::kGreeted,
     [](Connection& c, const Message& m, const Reply& r) { c.on_register(m.register_(), r); }},
    {Body::kLogin, Access::kGreeted,
     [](Connection& c, const Message& m, const Reply& r) { c.on_login(m.login(), r); }},
    {Body::kAuthenticate, Access::kGreeted,
     [](Connection& c, const Message& m, const Reply& r) {
       c.on_authenticate(m.authenticate(), r);
     }},
    {Body::kLogout, Access::kGreeted,
     [](Connection& c, const Message&, const Reply& r) { c.on_logout(r); }},
    {Body::kLogoutEverywhere, Access::kGreeted,
     [](Connection& c, const Message&, const Reply& r) { c.on_logout_everywhere(r); }},
    {Body::kListSessions, Access::kAccount,
     [](Connection& c, const Message&, const Reply& r) { c.on_list_sessions(r); }},

    // Play (match/requests.cpp).
    {Body::kListMatches, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) {
       c.on_list_matches(m.list_matches(), r);
     }},
    {Body::kCreateMatch, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_create(m.create_match(), r); }},
    {Body::kJoinMatch, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_join(m.join_match(), r); }},
    {Body::kSpectate, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_spectate(m.spectate(), r); }},
    {Body::kResume, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_resume(m.resume(), r); }},
    {Body::kLeaveMatch, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_leave(m.leave_match(), r); }},
    {Body::kSubmitDecision, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_submit(m.submit_decision(), r); }},
    {Body::kConcede, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_concede(m.concede(), r); }},
    {Body::kGetSnapshot, Access::kAccount,
     [](Connection& c, const Message& m,
        const Reply& r) { c.on_get_snapshot(m.get_snapshot(), r); }},

    // Decks and cards (decks/requests.cpp).
    {Body::kListCards, Access::kGreeted,
     [](Connection& c, const Message& m, const Reply& r) { c.on_list_cards(m.list_cards(), r); }},
    {Body::kSaveDeck, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_save_deck(m.save_deck(), r); }},
    {Body::kListDecks, Access::kAccount,
     [](Connection& c, const Message&, const Reply& r) { c.on_list_decks(r); }},
    {Body::kGetDeck, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_get_deck(m.get_deck(), r); }},
    {Body::kRenameDeck, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_rename_deck(m.rename_deck(), r); }},
    {Body::kDeleteDeck, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_delete_deck(m.delete_deck(), r); }},
    {Body::kValidateDeck, Access::kAccount,
     [](Connection& c, const Message& m,
        const Reply& r) { c.on_validate_deck(m.validate_deck(), r); }},
    {Body::kExportDeck, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_export_deck(m.export_deck(), r); }},

    // Chat (chat/requests.cpp).
    {Body::kFollowLobbyChat, Access::kAccount,
     [](Connection& c, const Message& m,
        const Reply& r) { c.on_follow_lobby_chat(m.follow_lobby_chat(), r); }},
    {Body::kSendChat, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_send_chat(m.send_chat(), r); }},
    {Body::kMuteUser, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_mute_user(m.mute_user(), r); }},

    // Replays (replays/requests.cpp).
    {Body::kGetReplay, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_get_replay(m.get_replay(), r); }},

    // The quick-match queue (quick_match/requests.cpp).
    {Body::kQuickMatch, Access::kAccount,
     [](Connection& c, const Message& m, const Reply& r) { c.on_quick_match(m.quick_match(), r); }},
    {Body::kLeaveQueue, Access::kAccount,
     [](Connection& c, const Message&, const Reply& r) { c.on_leave_queue(r); }},

    // Tournaments (tournament/requests.cpp), each handed to the service whole.
    {Body::kCreateTournament, Access::kAccount, &Connection::route_tournament},
    {Body::kListTournaments, Access::kAccount, &Connection::route_tournament},
    {Body::kGetTournament, Access::kAccount, &Connection::route_tournament},
    {Body::kRegisterForTournament, Access::kAccount, &Connection::route_tournament},
    {Body::kDropFromTournament, Access::kAccount, &Connection::route_tournament},
    {Body::kStartRound, Access::kAccount, &Connection::route_tournament},
    {Body::kGetRound, Access::kAccount, &Connection::route_tournament},
    {Body::kGetStandings, Access::kAccount, &Connection::route_tournament},
    {Body::kSetTableResult, Access::kAccount, &Connection::route_tournament},
    {Body::kExportTournament, Access::kAccount, &Connection::route_tournament},
    {Body::kGetTournamentDeck, Access::kAccount, &Connection::route_tournament},
    {Body::kGetTournamentLog, Access::kAccount, &Connection::route_tournament},
    {Body::kFollowTournament, Access::kAccount, &Connection::route_tournament},
};

void Connection::route_tournament(Connection& c, const Message& m, const Reply& r) {
  c.on_tournament(m, r);
}

const Connection::Route* Connection::route_for(int body) {
  static const auto by_body = [] {
    std::array<const Route*, kMaxBody + 1> table{};
    for (const Route& route : kRoutes)
      table.at(static_cast<std::size_t>(route.body)) = &route;
    return table;
  }();
  if (body <= 0 || body > kMaxBody) return nullptr;
  return by_body[static_cast<std::size_t>(body)];
}

void Connection::dispatch(const Message& request, const Reply& reply) {
  const Route* route = route_for(request.body_case());
  if (!route) {
    return reply(error_response(v1::UNKNOWN_MESSAGE, "the request has no body this server knows"));
  }
  if (route->access != Access::kAnyone && !greeted_)
    return reply(error_response(v1::HELLO_REQUIRED, "send Hello first"));
  if (route->access == Access::kAccount && !require_login(reply)) return;
  route->handle(*this, request, reply);
}

}  // namespace spacedock::server
