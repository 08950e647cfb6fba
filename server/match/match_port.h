#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/common/recipient.h"
#include "server/common/reply.h"
#include "spacedock/v1/game.pb.h"
#include "spacedock/v1/lobby.pb.h"
#include "spacedock/v1/match_setup.pb.h"

namespace spacedock::server {

// What a client's connection asks of a match: the match itself, on the node that runs it
// (match.h), or in a cluster its relay to the node that does (relay/remote_match.h). Match.h
// says what each request does.
class MatchPort {
 public:
  virtual ~MatchPort() = default;

  virtual std::int64_t id() const = 0;
  virtual void join(std::shared_ptr<Recipient> connection, Identity who, v1::SeatSetup seat,
                    std::string invite_code, Reply reply) = 0;
  virtual void spectate(std::shared_ptr<Recipient> connection, std::int64_t account_id,
                        std::string invite_code, Reply reply) = 0;
  virtual void judge(std::shared_ptr<Recipient> connection, Identity who, Reply reply) = 0;
  virtual void resume(std::shared_ptr<Recipient> connection, Identity who,
                      const v1::Resume& request, Reply reply) = 0;
  virtual void leave(std::shared_ptr<Recipient> connection, Identity who, Reply reply) = 0;
  virtual void submit(const Recipient* from, Identity who, v1::SubmitDecision request,
                      Reply reply) = 0;
  virtual void concede(const Recipient* from, Identity who, Reply reply) = 0;
  virtual void snapshot(std::shared_ptr<Recipient> connection, Reply reply) = 0;
  virtual void chat(const Recipient* from, Identity who, std::string text, Reply reply) = 0;
  virtual void disconnected(const Recipient* connection) = 0;
};

}  // namespace spacedock::server
