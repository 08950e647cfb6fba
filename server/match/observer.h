#pragma once

#include <cstdint>

#include "spacedock/v1/lobby.pb.h"

namespace spacedock::server {

// Told of what happens to hosted matches, on the match's strand: the services above the match
// layer that act on it (the tournaments, on results; the relay, on headers) implement it, so that
// a match never reaches up to them.
class MatchObserver {
 public:
  virtual ~MatchObserver() = default;
  virtual void match_over(std::int64_t match_id, v1::MatchResult result) = 0;
  // Its header (MatchInfo) changed: a player came or went, a spectator, its status.
  virtual void header_changed(const v1::MatchInfo&) {}
};

}  // namespace spacedock::server
