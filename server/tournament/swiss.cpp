// Swiss pairing (pair_swiss in swiss.h): players ranked by points, the bye chosen from the
// bottom, then each player above the tail takes the nearest-ranked player not yet met and the
// tail is searched exactly (branch and bound, most constrained player first). The Dirac bound
// keeps the greedy part safe: while at least 2r + 2 players remain, each having met at most r
// of them, every player can still be paired with someone new.
#include "server/tournament/swiss.h"

#include <algorithm>
#include <climits>
#include <numeric>

#include "server/tournament/draw.h"

namespace spacedock::tournament {
namespace {

// The exact search never stops below this many players.
constexpr std::size_t kExactTail = 12;
// Search steps: once a pairing is found, to improve it; and to find one at all before the
// search gives up and allows a rematch.
constexpr long kImproveSteps = 200'000;
constexpr long kFindSteps = 5'000'000;
// A rematch costs more than any points gap could.
constexpr long kRematchCost = 1'000'000'000;

using Pairs = std::vector<std::pair<int, int>>;

class Field {
 public:
  Field(std::span<const SwissPlayer> players, std::uint64_t seed, int round) {
    std::vector<std::uint64_t> draw;
    for (const SwissPlayer& p : players)
      draw.push_back(draw_key(seed, static_cast<std::uint64_t>(round), p.id));
    order_.resize(players.size());
    std::iota(order_.begin(), order_.end(), 0);
    std::sort(order_.begin(), order_.end(), [&](int a, int b) {
      if (players[a].points != players[b].points) return players[a].points > players[b].points;
      if (draw[a] != draw[b]) return draw[a] < draw[b];
      return players[a].id < players[b].id;
    });
    std::vector<std::pair<PlayerId, int>> rank_of;
    for (int r = 0; r < static_cast<int>(order_.size()); ++r)
      rank_of.emplace_back(players[order_[r]].id, r);
    std::sort(rank_of.begin(), rank_of.end());
    for (int i : order_) {
      const SwissPlayer& p = players[i];
      ranked_.push_back({p.id, p.points, p.had_bye, {}});
      for (PlayerId o : p.met) {
        auto it = std::lower_bound(rank_of.begin(), rank_of.end(), std::pair(o, INT_MIN));
        if (it != rank_of.end() && it->first == o) ranked_.back().met.push_back(it->second);
      }
      std::sort(ranked_.back().met.begin(), ranked_.back().met.end());
    }
  }

  int size() const { return static_cast<int>(ranked_.size()); }
  PlayerId id(int r) const { return ranked_[r].id; }
  bool had_bye(int r) const { return ranked_[r].had_bye; }
  int points(int r) const { return ranked_[r].points; }
  bool met(int a, int b) const {
    return std::binary_search(ranked_[a].met.begin(), ranked_[a].met.end(), b);
  }
  long cost(int a, int b) const {
    const long gap = ranked_[a].points - ranked_[b].points;
    return gap * gap + (met(a, b) ? kRematchCost : 0);
  }

  // Pairs `members` (ranks, ascending); nothing if that needs a rematch and `rematches` is off.
  std::optional<Pairs> pair(const std::vector<int>& members, bool rematches) const;

 private:
  struct Ranked {
    PlayerId id;
    int points;
    bool had_bye;
    std::vector<int> met;  // ranks, ascending
  };
  std::vector<int> order_;
  std::vector<Ranked> ranked_;
};

// Branch and bound over the last players: each step pairs the player with the fewest possible
// partners, trying the cheapest partners first, and skips branches that cannot beat the best.
class TailSearch {
 public:
  TailSearch(const Field& field, std::vector<int> tail, bool rematches)
      : field_(field), tail_(std::move(tail)), rematches_(rematches), used_(tail_.size()) {}

  std::optional<Pairs> run() {
    step(0, static_cast<int>(tail_.size()));
    if (best_cost_ == LONG_MAX) return std::nullopt;
    return best_;
  }

 private:
  bool allowed(int a, int b) const { return rematches_ || !field_.met(tail_[a], tail_[b]); }
  long cost(int a, int b) const { return field_.cost(tail_[a], tail_[b]); }
  // What pairing the open players costs at least: neighbours in points (the tail is in rank
  // order) paired in turn, which is the cheapest pairing when rematches are ignored, since the
  // squared gap is convex.
  long lower_bound() const {
    long bound = 0;
    int open = -1;
    for (int a = 0; a < static_cast<int>(tail_.size()); ++a) {
      if (used_[a]) continue;
      if (open < 0) {
        open = a;
        continue;
      }
      const long gap = field_.points(tail_[open]) - field_.points(tail_[a]);
      bound += gap * gap;
      open = -1;
    }
    return bound;
  }

  bool out_of_steps() const {
    return steps_ > (best_cost_ == LONG_MAX ? kFindSteps : kImproveSteps);
  }

  void step(long cost_so_far, int left) {
    if (left == 0) {
      if (cost_so_far < best_cost_) {
        best_cost_ = cost_so_far;
        best_ = current_;
      }
      return;
    }
    if (++steps_, out_of_steps()) return;
    const int n = static_cast<int>(tail_.size());
    int chosen = -1;
    int fewest = INT_MAX;
    for (int a = 0; a < n; ++a) {
      if (used_[a]) continue;
      int partners = 0;
      for (int b = 0; b < n; ++b)
        partners += b != a && !used_[b] && allowed(a, b);
      if (partners == 0) return;
      if (partners < fewest) {
        fewest = partners;
        chosen = a;
      }
    }
    if (cost_so_far + lower_bound() >= best_cost_) return;
    std::vector<int> partners;
    for (int b = 0; b < n; ++b) {
      if (b != chosen && !used_[b] && allowed(chosen, b)) partners.push_back(b);
    }
    std::stable_sort(partners.begin(), partners.end(),
                     [&](int x, int y) { return cost(chosen, x) < cost(chosen, y); });
    used_[chosen] = true;
    for (int b : partners) {
      used_[b] = true;
      current_.emplace_back(tail_[std::min(chosen, b)], tail_[std::max(chosen, b)]);
      step(cost_so_far + cost(chosen, b), left - 2);
      current_.pop_back();
      used_[b] = false;
      if (out_of_steps()) break;
    }
    used_[chosen] = false;
  }

  const Field& field_;
  std::vector<int> tail_;
  bool rematches_;
  std::vector<bool> used_;
  Pairs current_;
  Pairs best_;
  long best_cost_ = LONG_MAX;
  long steps_ = 0;
};

std::optional<Pairs> Field::pair(const std::vector<int>& members, bool rematches) const {
  std::vector<bool> in(ranked_.size());
  for (int r : members)
    in[r] = true;
  std::size_t most_met = 0;
  for (int r : members) {
    const auto& met = ranked_[r].met;
    most_met = std::max<std::size_t>(
        most_met, std::count_if(met.begin(), met.end(), [&](int o) { return in[o]; }));
  }
  const std::size_t exact = std::max(kExactTail, 2 * most_met + 2);

  Pairs pairs;
  std::vector<bool> taken(ranked_.size());
  std::size_t left = members.size();
  std::size_t next = 0;  // index into members of the first player not yet paired
  while (left > exact) {
    while (taken[members[next]])
      ++next;
    const int a = members[next];
    std::size_t j = next + 1;
    while (taken[members[j]] || met(a, members[j]))
      ++j;
    taken[a] = taken[members[j]] = true;
    pairs.emplace_back(a, members[j]);
    left -= 2;
  }
  std::vector<int> tail;
  for (int r : members) {
    if (!taken[r]) tail.push_back(r);
  }
  auto rest = TailSearch(*this, std::move(tail), rematches).run();
  if (!rest) return std::nullopt;
  pairs.insert(pairs.end(), rest->begin(), rest->end());
  return pairs;
}

}  // namespace

SwissPairing pair_swiss(std::span<const SwissPlayer> players, std::uint64_t seed, int round) {
  const Field field(players, seed, round);
  std::vector<int> everyone(field.size());
  std::iota(everyone.begin(), everyone.end(), 0);

  SwissPairing out;
  auto finish = [&](const Pairs& pairs) {
    std::vector<std::pair<int, int>> sorted = pairs;
    std::sort(sorted.begin(), sorted.end());
    for (auto [a, b] : sorted) {
      out.tables.emplace_back(field.id(a), field.id(b));
      if (field.met(a, b)) ++out.rematches;
    }
    return out;
  };
  if (field.size() % 2 == 0) {
    if (auto pairs = field.pair(everyone, false)) return finish(*pairs);
    return finish(*field.pair(everyone, true));
  }
  // The bye: from the bottom, to the first player who has had none and without whom the others
  // pair without a rematch; failing that, a second bye; failing that, rematches.
  auto without = [&](int r) {
    std::vector<int> rest = everyone;
    rest.erase(rest.begin() + r);
    return rest;
  };
  for (bool repeat : {false, true}) {
    for (int r = field.size() - 1; r >= 0; --r) {
      if (field.had_bye(r) && !repeat) continue;
      if (auto pairs = field.pair(without(r), false)) {
        out.bye = field.id(r);
        out.repeat_bye = field.had_bye(r);
        return finish(*pairs);
      }
    }
  }
  int r = field.size() - 1;
  while (r > 0 && field.had_bye(r))
    --r;
  out.bye = field.id(r);
  out.repeat_bye = field.had_bye(r);
  return finish(*field.pair(without(r), true));
}

}  // namespace spacedock::tournament
