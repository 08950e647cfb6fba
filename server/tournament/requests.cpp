// Connection: the tournament requests (tournament.proto), handed to the Tournaments service, or
// in a cluster to the node that hosts the events.
#include "server/relay/relay.h"
#include "server/session/connection.h"
#include "server/tournament/tournaments.h"

namespace spacedock::server {

void Connection::on_tournament(const v1::ClientMessage& request, Reply reply) {
  // Where the events run: here, or on the node that hosts them (a cluster with Redis).
  auto run = [self = shared_from_this(), who = *identity_](const v1::ClientMessage& message,
                                                           Reply respond) {
    Tournaments& tournaments = self->services_.tournaments;
    Relay* relay = self->services_.relay;
    if (self->services_.config.node_id.empty() || tournaments.hosting())
      return tournaments.handle(message, who, self, std::move(respond));
    const std::string host = tournaments.host();
    if (!relay || host.empty()) {
      return respond(error_response(
          v1::UNAVAILABLE,
          relay ? "the tournaments are moving between server nodes; try again"
                : "this cluster node runs no tournaments: connect to " +
                      (host.empty() ? std::string("the node that does") : "node " + host)));
    }
    relay->tournament_call(self, who, message, host, std::move(respond));
  };
  if (!request.has_register_for_tournament()) return run(request, std::move(reply));
  // A stored deck's list is copied in now, on the player's own node: the registration locks it.
  with_seat_deck(Tournaments::registration_seat(request.register_for_tournament()),
                 std::move(reply), [request, run](v1::SeatSetup seated, Reply respond) {
                   v1::ClientMessage resolved = request;
                   auto* registration = resolved.mutable_register_for_tournament();
                   if (seated.has_incursions())
                     *registration->mutable_incursions_seat() = seated.incursions();
                   if (seated.has_stccg()) *registration->mutable_stccg_seat() = seated.stccg();
                   run(resolved, std::move(respond));
                 });
}

}  // namespace spacedock::server
