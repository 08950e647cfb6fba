#pragma once

#include <cstdint>
#include <functional>

#include "server/common/reply.h"
#include "spacedock/v1/envelope.pb.h"

namespace spacedock::server {

// Whoever the server's services send to: a client's connection (session/connection.h). Matches
// and the chat room hold recipients weakly and by this interface, so that they never depend on
// the session layer above them.
class Recipient {
 public:
  virtual ~Recipient() = default;
  // Queues a message; callable from any thread.
  virtual void push(const v1::ServerMessage& message) = 0;
  // Queues a chat message unless this recipient's account muted the speaker; callable from any
  // thread.
  virtual void push_chat(const v1::ServerMessage& message, std::int64_t speaker) = 0;
  // Its session was revoked elsewhere (Logout, LogoutEverywhere): it is logged out and closed.
  // Callable from any thread.
  virtual void end_session() = 0;
  // A match it follows moved to another server node (cluster mode): it is closed, still logged
  // in, so that its client reconnects, as after a restart, and resumes the match there.
  // Callable from any thread.
  virtual void follow_elsewhere(std::int64_t match_id) = 0;
  // A match it followed through the relay is over, and no node runs it any longer: its stream
  // goes on from the database on this node, from `resume.last_seq`, as if its client had sent
  // `resume`. Callable from any thread.
  virtual void resume_stored(const v1::Resume& resume) = 0;

  // Seats the partner of a quick match in the match just made (its answer: the match's header,
  // or why it was not made), answering `seated` with whether the partner sat.
  using SeatPartner = std::function<void(v1::Response created, Reply seated)>;
  // It waits in the quick-match queue, and was paired with a player on another node (cluster
  // mode): it leaves the queue and makes the match with its own seat, then `seat_partner`
  // seats the other; it hears MATCHED, or FAILED, once that is done. Callable from any thread.
  virtual void host_quick_match(SeatPartner seat_partner) = 0;
};

}  // namespace spacedock::server
