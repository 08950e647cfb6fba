#include "server/tournament/tournament.h"

#include <algorithm>
#include <map>

#include "server/tournament/structure.h"

namespace spacedock::tournament {

bool Round::done() const {
  return std::all_of(tables.begin(), tables.end(), [](const Table& t) { return t.decided(); });
}

const Entrant* Tournament::entrant(PlayerId id) const {
  auto it =
      std::find_if(entrants.begin(), entrants.end(), [&](const Entrant& e) { return e.id == id; });
  return it == entrants.end() ? nullptr : &*it;
}

Entrant* Tournament::entrant(PlayerId id) {
  return const_cast<Entrant*>(std::as_const(*this).entrant(id));
}

int Tournament::swiss_played() const {
  return static_cast<int>(
      std::count_if(rounds.begin(), rounds.end(), [](const Round& r) { return !r.cut; }));
}

GameRecord Tournament::record_for(const Table& table, PlayerId player) {
  const bool first = table.first == player;
  GameRecord g{first ? table.second : table.first, Outcome::kLoss};
  const Outcome won = table.at_time ? Outcome::kTimeWin : Outcome::kWin;
  switch (table.result) {
    case TableResult::kFirstWins:
      g.outcome = table.bye() ? Outcome::kBye : first ? won : Outcome::kLoss;
      break;
    case TableResult::kSecondWins:
      g.outcome = first ? Outcome::kLoss : won;
      break;
    case TableResult::kDraw:
      g.outcome = Outcome::kDraw;
      break;
    case TableResult::kDoubleLoss:
    case TableResult::kPending:
      g.outcome = Outcome::kLoss;
      break;
  }
  return g;
}

PlayerId Tournament::winner(const Table& table) {
  return table.result == TableResult::kSecondWins ? table.second : table.first;
}

std::vector<Standing> Tournament::standings() const {
  std::vector<PlayerRecord> records;
  std::map<PlayerId, std::size_t> index;
  for (const Entrant& e : entrants) {
    index[e.id] = records.size();
    records.push_back({e.id, e.name, e.dropped_after != 0, {}});
  }
  for (const Round& round : rounds) {
    if (round.cut) continue;
    for (const Table& t : round.tables) {
      if (!t.decided()) continue;
      for (PlayerId p : {t.first, t.second}) {
        if (p != 0) records[index.at(p)].games.push_back(record_for(t, p));
      }
    }
  }
  return rank_players(records, scoring, seed);
}

namespace {

// The seeds of the cut's players, from its first round (bracket_order places them).
std::map<PlayerId, int> cut_seeds(const Round& first_cut_round) {
  const auto order = bracket_order(static_cast<int>(first_cut_round.tables.size()) * 2);
  std::map<PlayerId, int> seeds;
  for (std::size_t t = 0; t < first_cut_round.tables.size(); ++t) {
    seeds[first_cut_round.tables[t].first] = order[2 * t];
    seeds[first_cut_round.tables[t].second] = order[2 * t + 1];
  }
  return seeds;
}

}  // namespace

std::vector<Table> Tournament::next_tables() const {
  const int next = static_cast<int>(rounds.size()) + 1;
  std::vector<Table> tables;
  if (swiss_played() < swiss_rounds) {
    std::map<PlayerId, std::vector<PlayerId>> met;
    for (const Round& round : rounds) {
      for (const Table& t : round.tables) {
        if (round.cut || t.bye()) continue;
        met[t.first].push_back(t.second);
        met[t.second].push_back(t.first);
      }
    }
    std::map<PlayerId, const Entrant*> by_id;
    for (const Entrant& e : entrants)
      by_id[e.id] = &e;
    std::vector<SwissPlayer> players;
    for (const Standing& s : standings()) {
      if (by_id.at(s.id)->active_in(next))
        players.push_back({s.id, s.points, std::move(met[s.id]), s.byes > 0});
    }
    if (players.size() < 2) return tables;
    const SwissPairing pairing = pair_swiss(players, seed, next);
    for (auto [a, b] : pairing.tables)
      tables.push_back(Table::seat(static_cast<int>(tables.size()) + 1, a, b));
    if (pairing.bye) {
      Table bye = Table::seat(static_cast<int>(tables.size()) + 1, *pairing.bye, 0);
      bye.result = TableResult::kFirstWins;
      tables.push_back(bye);
    }
    return tables;
  }
  const int cut_played = static_cast<int>(rounds.size()) - swiss_played();
  if (cut_size < 2 || cut_played >= cut_rounds(cut_size)) return tables;
  if (cut_played == 0) {
    std::vector<PlayerId> seeded;
    for (const Standing& s : standings()) {
      if (!s.dropped) seeded.push_back(s.id);
    }
    int size = cut_size;
    while (size > static_cast<int>(seeded.size()))
      size /= 2;
    if (size < 2) return tables;
    const auto order = bracket_order(size);
    for (int t = 0; t < size / 2; ++t)
      tables.push_back(Table::seat(t + 1, seeded[order[2 * t] - 1], seeded[order[2 * t + 1] - 1]));
    return tables;
  }
  const auto seeds = cut_seeds(rounds[swiss_played()]);
  const Round& last = rounds.back();
  for (std::size_t t = 0; t + 1 < last.tables.size(); t += 2) {
    PlayerId a = winner(last.tables[t]);
    PlayerId b = winner(last.tables[t + 1]);
    if (seeds.at(b) < seeds.at(a)) std::swap(a, b);
    tables.push_back(Table::seat(static_cast<int>(tables.size()) + 1, a, b));
  }
  return tables;
}

bool Tournament::over() const {
  return !rounds.empty() && rounds.back().done() && next_tables().empty();
}

std::vector<PlayerId> Tournament::placings() const {
  std::vector<PlayerId> out;
  std::vector<PlayerId> swiss;
  for (const Standing& s : standings())
    swiss.push_back(s.id);
  auto swiss_rank = [&](PlayerId id) {
    return std::find(swiss.begin(), swiss.end(), id) - swiss.begin();
  };
  // The cut, from the final back: the winner, then each round's losers by Swiss rank.
  for (auto round = rounds.rbegin(); round != rounds.rend() && round->cut; ++round) {
    if (round == rounds.rbegin() && round->tables.size() == 1 && round->done())
      out.push_back(winner(round->tables[0]));
    std::vector<PlayerId> losers;
    for (const Table& t : round->tables) {
      if (!t.decided()) continue;
      losers.push_back(winner(t) == t.first ? t.second : t.first);
    }
    std::sort(losers.begin(), losers.end(),
              [&](PlayerId a, PlayerId b) { return swiss_rank(a) < swiss_rank(b); });
    out.insert(out.end(), losers.begin(), losers.end());
  }
  for (PlayerId id : swiss) {
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  }
  return out;
}

}  // namespace spacedock::tournament
