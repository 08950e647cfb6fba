#include "storage/tournaments.h"

#include <algorithm>
#include <array>
#include <bit>

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

constexpr std::array<std::string_view, 3> kStatusText{"registration", "running", "finished"};
constexpr std::array<std::string_view, 5> kResultText{"pending", "first", "second", "draw",
                                                      "double_loss"};

template <typename Enum, std::size_t N>
Enum parse(const std::array<std::string_view, N>& names, std::string_view text) {
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == text) return static_cast<Enum>(i);
  }
  throw StorageError("unknown value \"" + std::string(text) + "\" in the tournament tables");
}

std::string_view text(TournamentStatus status) {
  return kStatusText.at(static_cast<std::size_t>(status));
}
std::string_view text(TableResultCode result) {
  return kResultText.at(static_cast<std::size_t>(result));
}

void require_changed(const Statement& update, std::string_view what) {
  if (update.changes() == 0) throw StorageError(std::string(what) + " does not exist");
}

constexpr std::string_view kHeader =
    "SELECT id, name, game, settings, seed, status, organiser_id, swiss_rounds, created_at_ms, "
    "finished_at_ms FROM tournaments";

TournamentData read_tournament(Database& db, const Statement& row) {
  TournamentData data;
  TournamentRecord& r = data.record;
  r.id = row.column_int(0);
  r.name = row.column_text(1);
  r.game = static_cast<std::int32_t>(row.column_int(2));
  r.settings = row.column_blob(3);
  r.seed = std::bit_cast<std::uint64_t>(row.column_int(4));
  r.status = parse<TournamentStatus>(kStatusText, row.column_text(5));
  r.organiser_id = row.column_int(6);
  r.swiss_rounds = static_cast<int>(row.column_int(7));
  r.created_at_ms = row.column_int(8);
  r.finished_at_ms = row.column_optional_int(9);

  Statement entrants(db,
                     "SELECT account_id, seat, registered_at_ms, first_round, dropped_after "
                     "FROM tournament_entrants WHERE tournament_id = ? "
                     "ORDER BY registered_at_ms, account_id");
  entrants.bind_int(1, r.id);
  while (entrants.step()) {
    data.entrants.push_back({entrants.column_int(0), entrants.column_blob(1),
                             entrants.column_int(2), static_cast<int>(entrants.column_int(3)),
                             static_cast<int>(entrants.column_int(4))});
  }
  Statement rounds(db,
                   "SELECT round, cut, started_at_ms, ends_at_ms FROM tournament_rounds "
                   "WHERE tournament_id = ? ORDER BY round");
  rounds.bind_int(1, r.id);
  while (rounds.step()) {
    data.rounds.push_back({static_cast<int>(rounds.column_int(0)),
                           rounds.column_int(1) != 0,
                           rounds.column_int(2),
                           rounds.column_int(3),
                           {}});
  }
  Statement tables(db,
                   "SELECT round, table_no, first_id, second_id, match_id, result, at_time, "
                   "override_reason FROM tournament_tables WHERE tournament_id = ? "
                   "ORDER BY round, table_no");
  tables.bind_int(1, r.id);
  while (tables.step()) {
    const auto round = static_cast<std::size_t>(tables.column_int(0));
    if (round < 1 || round > data.rounds.size()) throw StorageError("a table without its round");
    TableRecord t;
    t.table_no = static_cast<int>(tables.column_int(1));
    t.first_id = tables.column_int(2);
    t.second_id = tables.column_optional_int(3).value_or(0);
    t.match_id = tables.column_optional_int(4).value_or(0);
    t.result = parse<TableResultCode>(kResultText, tables.column_text(5));
    t.at_time = tables.column_int(6) != 0;
    if (!tables.is_null(7)) t.override_reason = tables.column_text(7);
    data.rounds[round - 1].tables.push_back(std::move(t));
  }
  return data;
}

}  // namespace

std::int64_t create_tournament(Database& db, const TournamentRecord& record) {
  Statement insert(db,
                   "INSERT INTO tournaments (name, game, settings, seed, status, organiser_id, "
                   "swiss_rounds, created_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
  insert.bind_text(1, record.name).bind_int(2, record.game).bind_blob(3, record.settings);
  insert.bind_int(4, std::bit_cast<std::int64_t>(record.seed)).bind_text(5, text(record.status));
  insert.bind_int(6, record.organiser_id).bind_int(7, record.swiss_rounds);
  return insert.bind_int(8, record.created_at_ms).returning_id();
}

void set_tournament_status(Database& db, std::int64_t id, TournamentStatus status,
                           std::optional<std::int64_t> finished_at_ms) {
  Statement update(db, "UPDATE tournaments SET status = ?, finished_at_ms = ? WHERE id = ?");
  update.bind_text(1, text(status));
  if (finished_at_ms) {
    update.bind_int(2, *finished_at_ms);
  } else {
    update.bind_null(2);
  }
  update.bind_int(3, id).run();
  require_changed(update, "tournament " + std::to_string(id));
}

void set_swiss_rounds(Database& db, std::int64_t id, int swiss_rounds) {
  Statement update(db, "UPDATE tournaments SET swiss_rounds = ? WHERE id = ?");
  update.bind_int(1, swiss_rounds).bind_int(2, id).run();
  require_changed(update, "tournament " + std::to_string(id));
}

void set_entrant_seat(Database& db, std::int64_t tournament_id, std::int64_t account_id,
                      std::string_view seat) {
  Statement update(db,
                   "UPDATE tournament_entrants SET seat = ? WHERE tournament_id = ? AND "
                   "account_id = ?");
  update.bind_blob(1, seat).bind_int(2, tournament_id).bind_int(3, account_id).run();
  require_changed(update, "that entrant");
}

void add_entrant(Database& db, std::int64_t tournament_id, const EntrantRecord& entrant) {
  Statement insert(db,
                   "INSERT INTO tournament_entrants (tournament_id, account_id, seat, "
                   "registered_at_ms, first_round, dropped_after) VALUES (?, ?, ?, ?, ?, ?)");
  insert.bind_int(1, tournament_id).bind_int(2, entrant.account_id).bind_blob(3, entrant.seat);
  insert.bind_int(4, entrant.registered_at_ms).bind_int(5, entrant.first_round);
  insert.bind_int(6, entrant.dropped_after).run();
}

void remove_entrant(Database& db, std::int64_t tournament_id, std::int64_t account_id) {
  Statement remove(db,
                   "DELETE FROM tournament_entrants WHERE tournament_id = ? AND account_id = ?");
  remove.bind_int(1, tournament_id).bind_int(2, account_id).run();
  require_changed(remove, "that entrant");
}

void set_dropped(Database& db, std::int64_t tournament_id, std::int64_t account_id,
                 int dropped_after) {
  Statement update(db,
                   "UPDATE tournament_entrants SET dropped_after = ? "
                   "WHERE tournament_id = ? AND account_id = ?");
  update.bind_int(1, dropped_after).bind_int(2, tournament_id).bind_int(3, account_id).run();
  require_changed(update, "that entrant");
}

void add_round(Database& db, std::int64_t tournament_id, const RoundRecord& round) {
  Statement insert(db,
                   "INSERT INTO tournament_rounds (tournament_id, round, cut, started_at_ms, "
                   "ends_at_ms) VALUES (?, ?, ?, ?, ?)");
  insert.bind_int(1, tournament_id).bind_int(2, round.round).bind_int(3, round.cut);
  insert.bind_int(4, round.started_at_ms).bind_int(5, round.ends_at_ms).run();
  Statement table(db,
                  "INSERT INTO tournament_tables (tournament_id, round, table_no, first_id, "
                  "second_id, match_id, result, at_time, override_reason) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const TableRecord& t : round.tables) {
    table.reset();
    table.bind_int(1, tournament_id).bind_int(2, round.round).bind_int(3, t.table_no);
    table.bind_int(4, t.first_id);
    if (t.second_id != 0) {
      table.bind_int(5, t.second_id);
    } else {
      table.bind_null(5);
    }
    if (t.match_id != 0) {
      table.bind_int(6, t.match_id);
    } else {
      table.bind_null(6);
    }
    table.bind_text(7, text(t.result)).bind_int(8, t.at_time);
    if (t.override_reason.empty()) {
      table.bind_null(9);
    } else {
      table.bind_text(9, t.override_reason);
    }
    table.run();
  }
}

void set_table_result(Database& db, std::int64_t tournament_id, int round, int table_no,
                      TableResultCode result, bool at_time, std::string_view override_reason) {
  Statement update(db,
                   "UPDATE tournament_tables SET result = ?, at_time = ?, override_reason = ? "
                   "WHERE tournament_id = ? AND round = ? AND table_no = ?");
  update.bind_text(1, text(result)).bind_int(2, at_time);
  if (override_reason.empty()) {
    update.bind_null(3);
  } else {
    update.bind_text(3, override_reason);
  }
  update.bind_int(4, tournament_id).bind_int(5, round).bind_int(6, table_no).run();
  require_changed(update,
                  "table " + std::to_string(table_no) + " of round " + std::to_string(round));
}

void log_tournament_action(Database& db, std::int64_t tournament_id,
                           const TournamentLogRecord& entry) {
  Statement insert(db,
                   "INSERT INTO tournament_log (tournament_id, at_ms, account_id, action, detail) "
                   "VALUES (?, ?, ?, ?, ?)");
  insert.bind_int(1, tournament_id).bind_int(2, entry.at_ms).bind_int(3, entry.account_id);
  insert.bind_text(4, entry.action).bind_text(5, entry.detail).run();
}

std::optional<TournamentData> load_tournament(Database& db, std::int64_t id) {
  Statement query(db, std::string(kHeader) + " WHERE id = ?");
  query.bind_int(1, id);
  if (!query.step()) return std::nullopt;
  return read_tournament(db, query);
}

std::optional<TableEvent> event_of_match(Database& db, std::int64_t match_id) {
  Statement query(db,
                  "SELECT t.id, t.organiser_id, t.status FROM tournament_tables AS tt "
                  "JOIN tournaments AS t ON t.id = tt.tournament_id WHERE tt.match_id = ?");
  query.bind_int(1, match_id);
  if (!query.step()) return std::nullopt;
  return TableEvent{query.column_int(0), query.column_int(1),
                    parse<TournamentStatus>(kStatusText, query.column_text(2))};
}

std::vector<TournamentData> load_tournaments(Database& db,
                                             std::initializer_list<TournamentStatus> statuses) {
  std::vector<TournamentData> out;
  Statement query(db, std::string(kHeader) + " ORDER BY id");
  while (query.step()) {
    const auto status = parse<TournamentStatus>(kStatusText, query.column_text(5));
    if (statuses.size() == 0 ||
        std::find(statuses.begin(), statuses.end(), status) != statuses.end())
      out.push_back(read_tournament(db, query));
  }
  return out;
}

std::vector<TournamentLogRecord> load_tournament_log(Database& db, std::int64_t tournament_id) {
  Statement query(db,
                  "SELECT at_ms, account_id, action, detail FROM tournament_log "
                  "WHERE tournament_id = ? ORDER BY id");
  query.bind_int(1, tournament_id);
  std::vector<TournamentLogRecord> out;
  while (query.step()) {
    out.push_back(
        {query.column_int(0), query.column_int(1), query.column_text(2), query.column_text(3)});
  }
  return out;
}

}  // namespace spacedock::storage
