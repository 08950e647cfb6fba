#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database.h"

namespace spacedock::storage {

enum class TournamentStatus : std::uint8_t { kRegistration, kRunning, kFinished };

// An event's header. settings is a serialized spacedock.v1.TournamentSettings; storage does
// not look inside it.
struct TournamentRecord {
  std::int64_t id = 0;
  std::string name;
  std::int32_t game = 0;
  std::string settings;
  std::uint64_t seed = 0;
  TournamentStatus status = TournamentStatus::kRegistration;
  std::int64_t organiser_id = 0;
  int swiss_rounds = 0;  // fixed when round 1 is paired
  std::int64_t created_at_ms = 0;
  std::optional<std::int64_t> finished_at_ms;
};

// A registered player; seat is a serialized spacedock.v1.SeatSetup (the locked deck list).
struct EntrantRecord {
  std::int64_t account_id = 0;
  std::string seat;
  std::int64_t registered_at_ms = 0;
  int first_round = 1;
  int dropped_after = 0;  // 0: still playing
};

enum class TableResultCode : std::uint8_t { kPending, kFirst, kSecond, kDraw, kDoubleLoss };

struct TableRecord {
  int table_no = 0;
  std::int64_t first_id = 0;
  std::int64_t second_id = 0;  // 0: a bye
  std::int64_t match_id = 0;   // 0: none
  TableResultCode result = TableResultCode::kPending;
  bool at_time = false;
  std::string override_reason;  // empty: the match decided it
};

struct RoundRecord {
  int round = 0;
  bool cut = false;
  std::int64_t started_at_ms = 0;
  std::int64_t ends_at_ms = 0;
  std::vector<TableRecord> tables;  // by table number
};

// Everything stored about one event.
struct TournamentData {
  TournamentRecord record;
  std::vector<EntrantRecord> entrants;  // in order of registration
  std::vector<RoundRecord> rounds;      // by round
};

struct TournamentLogRecord {
  std::int64_t at_ms = 0;
  std::int64_t account_id = 0;
  std::string action;
  std::string detail;
};

std::int64_t create_tournament(Database& db, const TournamentRecord& record);
// Throws StorageError if the event does not exist.
void set_tournament_status(Database& db, std::int64_t id, TournamentStatus status,
                           std::optional<std::int64_t> finished_at_ms);
void set_swiss_rounds(Database& db, std::int64_t id, int swiss_rounds);
// Throws ConstraintError if the account is already registered.
void add_entrant(Database& db, std::int64_t tournament_id, const EntrantRecord& entrant);
// Replaces a registered player's seat. Throws StorageError if the account is not registered.
void set_entrant_seat(Database& db, std::int64_t tournament_id, std::int64_t account_id,
                      std::string_view seat);
// Throws StorageError if the account is not registered.
void remove_entrant(Database& db, std::int64_t tournament_id, std::int64_t account_id);
// Throws StorageError if the account is not registered.
void set_dropped(Database& db, std::int64_t tournament_id, std::int64_t account_id,
                 int dropped_after);
// A round with its tables; their matches must already be stored. Throws ConstraintError if the
// round exists.
void add_round(Database& db, std::int64_t tournament_id, const RoundRecord& round);
// Throws StorageError if the table does not exist.
void set_table_result(Database& db, std::int64_t tournament_id, int round, int table_no,
                      TableResultCode result, bool at_time, std::string_view override_reason);
void log_tournament_action(Database& db, std::int64_t tournament_id,
                           const TournamentLogRecord& entry);

std::optional<TournamentData> load_tournament(Database& db, std::int64_t id);

// The event a match is a table of.
struct TableEvent {
  std::int64_t tournament_id = 0;
  std::int64_t organiser_id = 0;
  TournamentStatus status = TournamentStatus::kRunning;
};
std::optional<TableEvent> event_of_match(Database& db, std::int64_t match_id);
// Events in any of these statuses (all if empty), by id.
std::vector<TournamentData> load_tournaments(Database& db,
                                             std::initializer_list<TournamentStatus> statuses);
std::vector<TournamentLogRecord> load_tournament_log(Database& db, std::int64_t tournament_id);

}  // namespace spacedock::storage
