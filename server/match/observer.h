#pragma once

#include <cstdint>

#include "spacedock/v1/lobby.pb.h"

namespace spacedock::server {

// Told when a hosted match ends, on the match's strand: a service above the match layer that acts
// on results (the tournaments) implements it, so that a match never reaches up to it.
class MatchObserver {
 public:
  virtual ~MatchObserver() = default;
  virtual void match_over(std::int64_t match_id, v1::MatchResult result) = 0;
};

}  // namespace spacedock::server
