#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace spacedock::tournament {

// A player's account id.
using PlayerId = std::int64_t;

// A player to be paired this round, as the earlier rounds left them.
struct SwissPlayer {
  PlayerId id = 0;
  int points = 0;             // match points so far, byes included
  std::vector<PlayerId> met;  // opponents already played (any order; byes are not opponents)
  bool had_bye = false;
};

struct SwissPairing {
  std::vector<std::pair<PlayerId, PlayerId>> tables;  // the higher-ranked player first
  std::optional<PlayerId> bye;
  // Only when no better pairing exists: a bye to a player who had one, and rematches.
  bool repeat_bye = false;
  int rematches = 0;
};

// Pairs one Swiss round among `players` (the active ones: not dropped, registered in time).
//
// Players are ranked by match points, ties in an order drawn from `seed` and `round`; the
// pairing never reads tie-breakers. The rules, in priority order:
//  1. nobody meets an opponent twice while any pairing avoids it;
//  2. with an odd count, one bye, to a player who has had none, the lowest-ranked one for whom
//     the others can still be paired without a rematch;
//  3. players meet players on equal points: the pairs' total squared points gap is as small as
//     the search finds (exact for the last max(12, 2r + 2) players, r being the most opponents
//     any of them has met; above them each player takes the nearest-ranked player not yet met,
//     which can never strand the rest: the remaining players still pair without a rematch).
// A pure function: the same players, seed and round give the same pairing.
SwissPairing pair_swiss(std::span<const SwissPlayer> players, std::uint64_t seed, int round);

}  // namespace spacedock::tournament
