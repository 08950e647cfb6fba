#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/match/match_port.h"
#include "server/relay/relay.h"

namespace spacedock::server {

// One connection's line to a match that another node runs (relay.h): each request becomes a
// MatchCall to the owner, made for the identity the connection had when it asked.
class RemoteMatch : public MatchPort {
 public:
  RemoteMatch(Relay& relay, std::int64_t match_id, std::uint64_t connection, Identity who);

  std::int64_t id() const override { return id_; }
  void join(std::shared_ptr<Recipient> connection, Identity who, v1::SeatSetup seat,
            std::string invite_code, Reply reply) override;
  void spectate(std::shared_ptr<Recipient> connection, std::int64_t account_id,
                std::string invite_code, Reply reply) override;
  void judge(std::shared_ptr<Recipient> connection, Identity who, Reply reply) override;
  void resume(std::shared_ptr<Recipient> connection, Identity who, const v1::Resume& request,
              Reply reply) override;
  void leave(std::shared_ptr<Recipient> connection, Identity who, Reply reply) override;
  void submit(const Recipient* from, Identity who, v1::SubmitDecision request,
              Reply reply) override;
  void concede(const Recipient* from, Identity who, Reply reply) override;
  void snapshot(std::shared_ptr<Recipient> connection, Reply reply) override;
  void chat(const Recipient* from, Identity who, std::string text, Reply reply) override;
  void disconnected(const Recipient* connection) override;

 private:
  relay::MatchCall call_for(const Identity& who) const;
  // The owner forgets this connection's stand-in for the match.
  relay::MatchCall gone_call() const;
  // Sends a call that makes the connection follow the match, its stream tracked from now (a
  // judge's: whole snapshots, never repaired); untracked if refused, unless followed already.
  void follow(relay::MatchCall call, v1::Resume resume, Reply reply, bool judging = false);

  Relay& relay_;
  const std::int64_t id_;
  const std::uint64_t connection_;
  const Identity who_;
};

}  // namespace spacedock::server
