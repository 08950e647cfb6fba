// Connection: the tournament requests (tournament.proto), handed to the Tournaments service.
#include "server/session/connection.h"
#include "server/tournament/tournaments.h"

namespace spacedock::server {

void Connection::on_tournament(const v1::ClientMessage& request, Reply reply) {
  using Body = v1::ClientMessage::BodyCase;
  Tournaments& tournaments = services_.tournaments;
  const Identity& who = *identity_;
  // A tournament's rounds and timers run on one server: in a cluster they would run on every
  // node that loaded the event. Until events hold a lease of their own, a cluster runs none.
  if (!services_.config.node_id.empty()) {
    return reply(error_response(v1::UNAVAILABLE,
                                "tournaments run on a one-box server; this server is a "
                                "cluster node (--node-id)"));
  }
  switch (request.body_case()) {
    case Body::kCreateTournament:
      return tournaments.create(who, request.create_tournament().settings(), std::move(reply));
    case Body::kListTournaments:
      return tournaments.list(who, request.list_tournaments(), std::move(reply));
    case Body::kGetTournament:
      return tournaments.get(who, request.get_tournament().tournament_id(), std::move(reply));
    case Body::kRegisterForTournament: {
      const auto& r = request.register_for_tournament();
      v1::SeatSetup seat;
      if (r.has_incursions_seat()) *seat.mutable_incursions() = r.incursions_seat();
      if (r.has_stccg_seat()) *seat.mutable_stccg() = r.stccg_seat();
      // A stored deck's list is copied in now: the registration locks it.
      return with_seat_deck(std::move(seat), std::move(reply),
                            [&tournaments, who, id = r.tournament_id(), change = r.change_seat()](
                                v1::SeatSetup seated, Reply respond) {
                              if (change)
                                return tournaments.change_seat(who, id, std::move(seated),
                                                               std::move(respond));
                              tournaments.enrol(who, id, std::move(seated), std::move(respond));
                            });
    }
    case Body::kDropFromTournament:
      return tournaments.drop(who, request.drop_from_tournament(), std::move(reply));
    case Body::kStartRound:
      return tournaments.start_round(who, request.start_round(), std::move(reply));
    case Body::kGetRound:
      return tournaments.get_round(who, request.get_round(), std::move(reply));
    case Body::kGetStandings:
      return tournaments.standings(who, request.get_standings().tournament_id(), std::move(reply));
    case Body::kSetTableResult:
      return tournaments.set_result(who, request.set_table_result(), std::move(reply));
    case Body::kExportTournament:
      return tournaments.export_event(who, request.export_tournament(), std::move(reply));
    case Body::kGetTournamentDeck:
      return tournaments.deck(who, request.get_tournament_deck(), std::move(reply));
    case Body::kGetTournamentLog:
      return tournaments.log(who, request.get_tournament_log().tournament_id(), std::move(reply));
    case Body::kFollowTournament:
      return tournaments.follow(shared_from_this(), who,
                                request.follow_tournament().tournament_id(), std::move(reply));
    default:
      return reply(error_response(v1::UNKNOWN_MESSAGE, "not a tournament request"));
  }
}

}  // namespace spacedock::server
