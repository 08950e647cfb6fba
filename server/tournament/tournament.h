#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/tournament/standings.h"
#include "server/tournament/swiss.h"

namespace spacedock::tournament {

// A registered player.
struct Entrant {
  PlayerId id = 0;
  std::string name;
  int first_round = 1;    // registered late: paired from this round on
  int dropped_after = 0;  // 0: still playing; else the last round they were paired in
  bool active_in(int round) const {
    return first_round <= round && (dropped_after == 0 || dropped_after >= round);
  }
};

enum class TableResult {
  kPending,
  kFirstWins,
  kSecondWins,
  kDraw,
  kDoubleLoss,  // only by the organiser
};

// One game of a round: `second` 0 is a bye (decided at once, as a win for `first`).
struct Table {
  int number = 0;      // from 1; the top table first
  PlayerId first = 0;  // the higher-ranked player (the higher seed in the cut)
  PlayerId second = 0;
  std::int64_t match_id = 0;
  TableResult result = TableResult::kPending;
  bool at_time = false;         // decided when the round's time was called
  std::string override_reason;  // the organiser entered or changed the result, and why
  static Table seat(int number, PlayerId first, PlayerId second) {
    Table t;
    t.number = number;
    t.first = first;
    t.second = second;
    return t;
  }
  bool bye() const { return second == 0; }
  bool decided() const { return result != TableResult::kPending; }
};

struct Round {
  int number = 0;  // from 1, the Swiss rounds first, then the cut's
  bool cut = false;
  std::vector<Table> tables;
  bool done() const;
};

// An event's players and rounds, and what follows from them: standings, the next round's
// tables, the final placings. No I/O and no clock: the server persists it and runs its rounds.
struct Tournament {
  std::uint64_t seed = 0;
  Scoring scoring;
  int swiss_rounds = 0;  // fixed when round 1 is paired
  int cut_size = 0;      // 0, or a power of two from 2
  std::vector<Entrant> entrants;
  std::vector<Round> rounds;

  const Entrant* entrant(PlayerId id) const;
  Entrant* entrant(PlayerId id);
  int swiss_played() const;
  // The Swiss standings, from the decided Swiss tables.
  std::vector<Standing> standings() const;
  // The tables of the next round: a Swiss pairing, or the cut once the Swiss rounds are done
  // (the top `cut_size` players who have not dropped), then the cut's later rounds. Empty when
  // the event is over. The last round must be done.
  std::vector<Table> next_tables() const;
  // Every round is done and no round follows.
  bool over() const;
  // Final places: the cut's by how far each went (then by Swiss rank), then the Swiss
  // standings for everyone else.
  std::vector<PlayerId> placings() const;
  // Who plays on after a cut table, and who is out (a draw sends the higher seed through).
  static PlayerId winner(const Table& table);
  // The game record of `table` for `player` (who sits at it).
  static GameRecord record_for(const Table& table, PlayerId player);
};

}  // namespace spacedock::tournament
