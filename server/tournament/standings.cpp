#include "server/tournament/standings.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "server/tournament/draw.h"

namespace spacedock::tournament {
namespace {

constexpr double kFloor = 1.0 / 3.0;

// Percentages are compared at a billionth, so that two equal values reached by different sums
// compare equal.
std::int64_t quantized(double share) {
  return std::llround(share * 1e9);
}

}  // namespace

int Scoring::points(Outcome outcome) const {
  switch (outcome) {
    case Outcome::kWin:
      return win;
    case Outcome::kTimeWin:
      return time_win;
    case Outcome::kDraw:
      return draw;
    case Outcome::kLoss:
      return loss;
    case Outcome::kBye:
      return bye;
  }
  return 0;
}

std::vector<Standing> rank_players(std::span<const PlayerRecord> players, const Scoring& scoring,
                                   std::uint64_t seed) {
  std::map<PlayerId, std::size_t> index;
  std::vector<Standing> out(players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const PlayerRecord& p = players[i];
    index[p.id] = i;
    Standing& s = out[i];
    s.id = p.id;
    s.name = p.name;
    s.dropped = p.dropped;
    int played = 0;
    int played_points = 0;
    int games = 0;
    int game_points = 0;
    for (const GameRecord& g : p.games) {
      s.points += scoring.points(g.outcome);
      ++games;
      switch (g.outcome) {
        case Outcome::kWin:
        case Outcome::kTimeWin:
          ++s.wins;
          game_points += 3;
          break;
        case Outcome::kDraw:
          ++s.draws;
          game_points += 1;
          break;
        case Outcome::kLoss:
          ++s.losses;
          break;
        case Outcome::kBye:
          ++s.byes;
          game_points += 3;
          continue;  // not a match played: left out of the match-win share
      }
      ++played;
      played_points += scoring.points(g.outcome);
    }
    const int most = scoring.win * played;
    s.match_win = std::max(kFloor, most > 0 ? static_cast<double>(played_points) / most : 0.0);
    s.game_win = std::max(kFloor, games > 0 ? game_points / (3.0 * games) : 0.0);
  }
  for (std::size_t i = 0; i < players.size(); ++i) {
    double match_win = 0;
    double game_win = 0;
    int opponents = 0;
    for (const GameRecord& g : players[i].games) {
      if (g.outcome == Outcome::kBye) continue;
      auto it = index.find(g.opponent);
      if (it == index.end()) continue;
      match_win += out[it->second].match_win;
      game_win += out[it->second].game_win;
      ++opponents;
    }
    if (opponents > 0) {
      out[i].opponents_match_win = match_win / opponents;
      out[i].opponents_game_win = game_win / opponents;
    }
  }
  auto key = [&](const Standing& s) {
    return std::tuple(-s.points, -quantized(s.opponents_match_win), -quantized(s.game_win),
                      -quantized(s.opponents_game_win), draw_key(seed, 0, s.id), s.id);
  };
  std::sort(out.begin(), out.end(),
            [&](const Standing& a, const Standing& b) { return key(a) < key(b); });
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i].rank = static_cast<int>(i) + 1;
  return out;
}

}  // namespace spacedock::tournament
