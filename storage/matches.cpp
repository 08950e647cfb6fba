#include "storage/matches.h"

#include <bit>
#include <limits>

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

std::string_view status_text(MatchStatus status) {
  switch (status) {
    case MatchStatus::kWaiting:
      return "waiting";
    case MatchStatus::kActive:
      return "active";
    case MatchStatus::kFinished:
      return "finished";
    case MatchStatus::kAborted:
      return "aborted";
  }
  throw StorageError("unknown match status " + std::to_string(static_cast<int>(status)));
}

MatchStatus parse_status(std::string_view text) {
  for (MatchStatus status : {MatchStatus::kWaiting, MatchStatus::kActive, MatchStatus::kFinished,
                             MatchStatus::kAborted}) {
    if (status_text(status) == text) return status;
  }
  throw StorageError("unknown match status \"" + std::string(text) + "\" in the database");
}

// SQL has no unsigned 64-bit integers; the bits are kept, so the order is not.
std::int64_t to_sql(std::uint64_t value) {
  return std::bit_cast<std::int64_t>(value);
}
std::uint64_t from_sql(std::int64_t value) {
  return std::bit_cast<std::uint64_t>(value);
}

// Updates of a match's header check that it was in a state allowing them, since a zero-row
// UPDATE would otherwise fail silently.
void require_changed(const Statement& update, std::int64_t match_id, std::string_view expected) {
  if (update.changes() == 0) {
    throw StorageError("match " + std::to_string(match_id) + " does not exist or is not " +
                       std::string(expected));
  }
}

// Options and clock banks are stored as 64-bit little-endian words.
template <typename Word>
std::string encode_words(const std::vector<Word>& words) {
  std::string bytes;
  bytes.reserve(words.size() * 8);
  for (const Word word : words) {
    const auto bits = static_cast<std::uint64_t>(word);
    for (int shift = 0; shift < 64; shift += 8)
      bytes.push_back(static_cast<char>((bits >> shift) & 0xff));
  }
  return bytes;
}

template <typename Word>
std::vector<Word> decode_words(std::string_view bytes, std::string_view what) {
  if (bytes.size() % 8 != 0)
    throw StorageError("an input's " + std::string(what) + " are not 64-bit words");
  std::vector<std::uint64_t> bits(bytes.size() / 8);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    bits[i / 8] |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * (i % 8));
  }
  return {bits.begin(), bits.end()};
}

constexpr std::string_view kMatchColumns =
    "SELECT id, game, rules_version, seed, setup, status, result, created_by, created_at_ms, "
    "started_at_ms, finished_at_ms FROM matches ";

MatchRecord read_match(const Statement& row) {
  MatchRecord match;
  match.id = row.column_int(0);
  match.game = static_cast<std::int32_t>(row.column_int(1));
  match.rules_version = static_cast<std::uint32_t>(row.column_int(2));
  if (auto seed = row.column_optional_int(3)) match.seed = from_sql(*seed);
  match.setup = row.column_blob(4);
  match.status = parse_status(row.column_text(5));
  match.result = row.column_blob(6);
  match.created_by = row.column_int(7);
  match.created_at_ms = row.column_int(8);
  match.started_at_ms = row.column_optional_int(9);
  match.finished_at_ms = row.column_optional_int(10);
  return match;
}

// `seats` is a prepared seat query, reused across matches.
void read_seats(Statement& seats, MatchRecord& match) {
  seats.reset();
  seats.bind_int(1, match.id);
  while (seats.step()) {
    match.seats.push_back({static_cast<std::uint32_t>(seats.column_int(0)), seats.column_int(1)});
  }
}

constexpr const char* kSeatsQuery =
    "SELECT seat, account_id FROM match_seats WHERE match_id = ? ORDER BY seat";

}  // namespace

std::int64_t create_match(Database& db, std::int32_t game, std::uint32_t rules_version,
                          std::string_view setup, std::int64_t created_by, std::int64_t now_ms) {
  Statement insert(db,
                   "INSERT INTO matches (game, rules_version, setup, created_by, created_at_ms) "
                   "VALUES (?, ?, ?, ?, ?) RETURNING id");
  insert.bind_int(1, game).bind_int(2, rules_version).bind_blob(3, setup);
  return insert.bind_int(4, created_by).bind_int(5, now_ms).returning_id();
}

void set_seats(Database& db, std::int64_t match_id, const std::vector<SeatRecord>& seats,
               std::string_view setup) {
  // A savepoint makes the replacement all-or-nothing, inside a caller's transaction or not.
  db.savepoint([&](Database& piece) {
    Statement update(piece, "UPDATE matches SET setup = ? WHERE id = ? AND status = 'waiting'");
    update.bind_blob(1, setup).bind_int(2, match_id).run();
    require_changed(update, match_id, "waiting");
    Statement clear(piece, "DELETE FROM match_seats WHERE match_id = ?");
    clear.bind_int(1, match_id).run();
    Statement insert(piece,
                     "INSERT INTO match_seats (match_id, seat, account_id) VALUES (?, ?, ?)");
    for (const SeatRecord& seat : seats) {
      insert.reset();
      insert.bind_int(1, match_id).bind_int(2, seat.seat).bind_int(3, seat.account_id).run();
    }
  });
}

void start_match(Database& db, std::int64_t match_id, std::uint64_t seed, std::int64_t now_ms) {
  Statement update(db,
                   "UPDATE matches SET status = 'active', seed = ?, started_at_ms = ? "
                   "WHERE id = ? AND status = 'waiting'");
  update.bind_int(1, to_sql(seed)).bind_int(2, now_ms).bind_int(3, match_id).run();
  require_changed(update, match_id, "waiting");
}

void finish_match(Database& db, std::int64_t match_id, MatchStatus status, std::string_view result,
                  std::int64_t now_ms) {
  if (status != MatchStatus::kFinished && status != MatchStatus::kAborted) {
    throw StorageError("a match can only finish as finished or aborted");
  }
  // A match may be aborted before it starts, as when its host leaves the lobby.
  Statement update(db,
                   "UPDATE matches SET status = ?, result = ?, finished_at_ms = ? "
                   "WHERE id = ? AND status IN ('waiting', 'active')");
  update.bind_text(1, status_text(status)).bind_blob(2, result).bind_int(3, now_ms);
  update.bind_int(4, match_id).run();
  require_changed(update, match_id, "waiting or active");
}

std::optional<MatchRecord> load_match(Database& db, std::int64_t match_id) {
  Statement query(db, std::string(kMatchColumns) + "WHERE id = ?");
  query.bind_int(1, match_id);
  if (!query.step()) return std::nullopt;
  MatchRecord match = read_match(query);
  Statement seats(db, kSeatsQuery);
  read_seats(seats, match);
  return match;
}

std::vector<MatchRecord> load_matches(Database& db, std::initializer_list<MatchStatus> statuses) {
  return load_matches_page(db, std::vector<MatchStatus>(statuses), 0, 0,
                           static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max()));
}

std::vector<MatchRecord> load_matches_page(Database& db, const std::vector<MatchStatus>& statuses,
                                           std::int32_t game, std::int64_t after_id,
                                           std::size_t limit, std::int64_t seated_account) {
  if (statuses.empty() || limit == 0) return {};
  std::string sql = std::string(kMatchColumns) +
                    "WHERE id > ? AND (? = 0 OR game = ?) AND (? = 0 OR id IN (SELECT match_id "
                    "FROM match_seats WHERE account_id = ?)) AND status IN (";
  for (std::size_t i = 0; i < statuses.size(); ++i)
    sql += i == 0 ? "?" : ", ?";
  sql += ") ORDER BY id LIMIT ?";
  Statement query(db, sql);
  query.bind_int(1, after_id).bind_int(2, game).bind_int(3, game);
  query.bind_int(4, seated_account).bind_int(5, seated_account);
  int index = 5;
  for (MatchStatus status : statuses)
    query.bind_text(++index, status_text(status));
  query.bind_int(++index, static_cast<std::int64_t>(limit));
  // The seat queries run while the match query is still open, so they all read one snapshot.
  Statement seats(db, kSeatsQuery);
  std::vector<MatchRecord> matches;
  while (query.step()) {
    matches.push_back(read_match(query));
    read_seats(seats, matches.back());
  }
  return matches;
}

void append_input(Database& db, std::int64_t match_id, const InputRecord& input) {
  // Bound without a copy: both must outlive the statement.
  const std::string options = encode_words(input.options);
  const std::string clocks = encode_words(input.clock_ms);
  Statement insert(db,
                   "INSERT INTO match_inputs (match_id, seq, seat, kind, decision_id, options, "
                   "at_ms, idempotency_key, clock_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind_int(1, match_id).bind_int(2, input.seq).bind_int(3, input.seat);
  insert.bind_int(4, static_cast<int>(input.kind)).bind_int(5, input.decision_id);
  insert.bind_blob(6, options).bind_int(7, input.at_ms);
  if (input.idempotency_key.empty()) {
    insert.bind_null(8);
  } else {
    insert.bind_text(8, input.idempotency_key);
  }
  if (input.clock_ms.empty()) {
    insert.bind_null(9);
  } else {
    insert.bind_blob(9, clocks);
  }
  insert.run();
}

std::vector<InputRecord> load_inputs(Database& db, std::int64_t match_id) {
  Statement query(db,
                  "SELECT seq, seat, kind, decision_id, options, at_ms, idempotency_key, "
                  "clock_ms FROM match_inputs WHERE match_id = ? ORDER BY seq");
  query.bind_int(1, match_id);
  std::vector<InputRecord> inputs;
  while (query.step()) {
    InputRecord& input = inputs.emplace_back();
    input.seq = static_cast<std::uint32_t>(query.column_int(0));
    input.seat = static_cast<std::uint32_t>(query.column_int(1));
    input.kind = static_cast<InputKind>(query.column_int(2));
    input.decision_id = static_cast<std::uint32_t>(query.column_int(3));
    input.options = decode_words<std::uint64_t>(query.column_blob(4), "options");
    input.at_ms = query.column_int(5);
    if (!query.is_null(6)) input.idempotency_key = query.column_text(6);
    if (!query.is_null(7))
      input.clock_ms = decode_words<std::int64_t>(query.column_blob(7), "clocks");
  }
  return inputs;
}

void save_snapshot(Database& db, std::int64_t match_id, const SnapshotRecord& snapshot) {
  Statement insert(db,
                   "INSERT INTO match_snapshots (match_id, input_seq, state_hash, view, at_ms) "
                   "VALUES (?, ?, ?, ?, ?)");
  insert.bind_int(1, match_id).bind_int(2, snapshot.input_seq);
  insert.bind_int(3, to_sql(snapshot.state_hash)).bind_blob(4, snapshot.view);
  insert.bind_int(5, snapshot.at_ms).run();
}

std::vector<SnapshotRecord> load_snapshots(Database& db, std::int64_t match_id) {
  Statement query(db,
                  "SELECT input_seq, state_hash, view, at_ms FROM match_snapshots "
                  "WHERE match_id = ? ORDER BY input_seq");
  query.bind_int(1, match_id);
  std::vector<SnapshotRecord> snapshots;
  while (query.step()) {
    snapshots.push_back({static_cast<std::uint32_t>(query.column_int(0)),
                         from_sql(query.column_int(1)), query.column_blob(2), query.column_int(3)});
  }
  return snapshots;
}

std::optional<MatchLog> load_match_log(Database& db, std::int64_t match_id) {
  std::optional<MatchRecord> record = load_match(db, match_id);
  if (!record) return std::nullopt;
  MatchLog log{*std::move(record), load_inputs(db, match_id), load_snapshots(db, match_id)};
  return log;
}

}  // namespace spacedock::storage
