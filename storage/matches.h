#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database.h"

namespace spacedock::storage {

enum class MatchStatus : std::uint8_t { kWaiting, kActive, kFinished, kAborted };

struct SeatRecord {
  std::uint32_t seat = 0;
  std::int64_t account_id = 0;
};

// A match's header. The setup and result are serialized protobuf messages
// (spacedock.v1.MatchSetup and spacedock.v1.MatchResult); storage does not look inside them.
struct MatchRecord {
  std::int64_t id = 0;
  std::int32_t game = 0;
  std::uint32_t rules_version = 0;
  std::optional<std::uint64_t> seed;  // set when the game starts
  std::string setup;
  MatchStatus status = MatchStatus::kWaiting;
  std::string result;  // empty until the match is over
  std::int64_t created_by = 0;
  std::int64_t created_at_ms = 0;
  std::optional<std::int64_t> started_at_ms;
  std::optional<std::int64_t> finished_at_ms;
  std::vector<SeatRecord> seats;  // in seat order
};

std::int64_t create_match(Database& db, std::int32_t game, std::uint32_t rules_version,
                          std::string_view setup, std::int64_t created_by, std::int64_t now_ms);
// Replaces the seats and the setup of a match that is still waiting for players.
void set_seats(Database& db, std::int64_t match_id, const std::vector<SeatRecord>& seats,
               std::string_view setup);
void start_match(Database& db, std::int64_t match_id, std::uint64_t seed, std::int64_t now_ms);
void finish_match(Database& db, std::int64_t match_id, MatchStatus status, std::string_view result,
                  std::int64_t now_ms);
std::optional<MatchRecord> load_match(Database& db, std::int64_t match_id);
// Matches in any of these statuses, by id.
std::vector<MatchRecord> load_matches(Database& db, std::initializer_list<MatchStatus> statuses);
// One page of them: of `game` (0: any), with an id above `after_id`, at most `limit`, and with
// `seated_account` in a seat (0: anyone's).
std::vector<MatchRecord> load_matches_page(Database& db, const std::vector<MatchStatus>& statuses,
                                           std::int32_t game, std::int64_t after_id,
                                           std::size_t limit, std::int64_t seated_account = 0);

// The append-only input log: everything a player did, in order, so that replaying it through
// the engine from the seed rebuilds the game exactly.
// kTimeOut: the server's clock ran out for the seat. kTimeCalled: a tournament round's time ran
// out (seat 0; the game is scored as it stands). kForfeit: the seat's player stayed away past
// the disconnect grace. kRuling: the organiser ruled on the game (seat 0; `options` holds the
// winning seats).
enum class InputKind : std::uint8_t {
  kDecision = 1,
  kConcede = 2,
  kTimeOut = 3,
  kTimeCalled = 4,
  kForfeit = 5,
  kRuling = 6,
};

struct InputRecord {
  std::uint32_t seq = 0;  // 1, 2, 3... within the match
  std::uint32_t seat = 0;
  InputKind kind = InputKind::kDecision;
  std::uint32_t decision_id = 0;
  std::vector<std::uint64_t> options;
  std::int64_t at_ms = 0;
  // The client's key for this decision (SubmitDecision.idempotency_key); empty: none. Unique
  // within a match.
  std::string idempotency_key;
  // In a timed match, every seat's bank in milliseconds as this input left them.
  std::vector<std::int64_t> clock_ms;
};

// Throws ConstraintError if the match already has an input with that seq.
void append_input(Database& db, std::int64_t match_id, const InputRecord& input);
std::vector<InputRecord> load_inputs(Database& db, std::int64_t match_id);

// A checkpoint: the state hash and the judge's view after `input_seq` inputs, used to verify a
// replay on restore and to serve replays without re-simulating.
struct SnapshotRecord {
  std::uint32_t input_seq = 0;
  std::uint64_t state_hash = 0;
  std::string view;  // serialized spacedock.v1.GameSnapshot
  std::int64_t at_ms = 0;
};

void save_snapshot(Database& db, std::int64_t match_id, const SnapshotRecord& snapshot);
std::vector<SnapshotRecord> load_snapshots(Database& db, std::int64_t match_id);

// A match with its input log and checkpoints: what replaying it takes.
struct MatchLog {
  MatchRecord record;
  std::vector<InputRecord> inputs;
  std::vector<SnapshotRecord> snapshots;
};
std::optional<MatchLog> load_match_log(Database& db, std::int64_t match_id);

}  // namespace spacedock::storage
