// Tournaments: one tournament request (tournament.proto) to the call that answers it, whether it
// came from a connection of this node or, in a cluster, from another node's (relay/relay.h).
#include "server/tournament/tournaments.h"

namespace spacedock::server {

v1::SeatSetup Tournaments::registration_seat(const v1::RegisterForTournament& request) {
  v1::SeatSetup seat;
  if (request.has_incursions_seat()) *seat.mutable_incursions() = request.incursions_seat();
  if (request.has_stccg_seat()) *seat.mutable_stccg() = request.stccg_seat();
  return seat;
}

void Tournaments::handle(const v1::ClientMessage& request, Identity who,
                         std::shared_ptr<Recipient> follower, Reply reply) {
  using Body = v1::ClientMessage::BodyCase;
  switch (request.body_case()) {
    case Body::kCreateTournament:
      return create(who, request.create_tournament().settings(), std::move(reply));
    case Body::kListTournaments:
      return list(who, request.list_tournaments(), std::move(reply));
    case Body::kGetTournament:
      return get(who, request.get_tournament().tournament_id(), std::move(reply));
    case Body::kRegisterForTournament: {
      const auto& r = request.register_for_tournament();
      if (r.change_seat()) return change_seat(who, r.tournament_id(), registration_seat(r), reply);
      return enrol(who, r.tournament_id(), registration_seat(r), std::move(reply));
    }
    case Body::kDropFromTournament:
      return drop(who, request.drop_from_tournament(), std::move(reply));
    case Body::kStartRound:
      return start_round(who, request.start_round(), std::move(reply));
    case Body::kGetRound:
      return get_round(who, request.get_round(), std::move(reply));
    case Body::kGetStandings:
      return standings(who, request.get_standings().tournament_id(), std::move(reply));
    case Body::kSetTableResult:
      return set_result(who, request.set_table_result(), std::move(reply));
    case Body::kExportTournament:
      return export_event(who, request.export_tournament(), std::move(reply));
    case Body::kGetTournamentDeck:
      return deck(who, request.get_tournament_deck(), std::move(reply));
    case Body::kGetTournamentLog:
      return log(who, request.get_tournament_log().tournament_id(), std::move(reply));
    case Body::kFollowTournament:
      if (!follower) return reply(error_response(v1::BAD_REQUEST, "nobody to follow the event"));
      return follow(std::move(follower), who, request.follow_tournament().tournament_id(),
                    std::move(reply));
    default:
      return reply(error_response(v1::UNKNOWN_MESSAGE, "not a tournament request"));
  }
}

}  // namespace spacedock::server
