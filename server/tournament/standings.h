#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "server/tournament/swiss.h"

namespace spacedock::tournament {

// How one Swiss game went for one player.
enum class Outcome {
  kWin,      // won by the game's rules, a concession, or the opponent's clock
  kTimeWin,  // ahead when the round's time was called (STCCG's "modified win")
  kDraw,
  kLoss,
  kBye,
};

struct GameRecord {
  PlayerId opponent = 0;  // 0 for a bye
  Outcome outcome = Outcome::kLoss;
};

struct PlayerRecord {
  PlayerId id = 0;
  std::string name;
  bool dropped = false;
  std::vector<GameRecord> games;  // the Swiss rounds played, in order
};

// Match points per outcome (tournaments.md §2): 3/1/0 like the big card games, a bye scored as
// a win. A win at time may be worth less (STCCG: 2).
struct Scoring {
  int win = 3;
  int time_win = 3;
  int draw = 1;
  int loss = 0;
  int bye = 3;

  int points(Outcome outcome) const;
};

struct Standing {
  int rank = 0;  // 1 for the leader; no two players share one
  PlayerId id = 0;
  std::string name;
  bool dropped = false;
  int points = 0;
  int wins = 0;  // wins at time included
  int draws = 0;
  int losses = 0;
  int byes = 0;
  // The tie-breakers (tournaments.md §7), each floored at 1/3:
  double match_win = 0;            // points per point possible over the games played (no byes)
  double opponents_match_win = 0;  // the mean of the real opponents' match_win
  double game_win = 0;             // games won (3), drawn (1) out of 3 each, a bye a game won
  double opponents_game_win = 0;   // the mean of the real opponents' game_win
};

// The standings: by points, then opponents' match-win %, game-win %, opponents' game-win %,
// and last a lot drawn from `seed`, so that the order is total and reproducible. Dropped players
// keep their place and count for their opponents. The order of `players` does not matter.
std::vector<Standing> rank_players(std::span<const PlayerRecord> players, const Scoring& scoring,
                                   std::uint64_t seed);

}  // namespace spacedock::tournament
