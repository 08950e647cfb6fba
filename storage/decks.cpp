#include "storage/decks.h"

#include "storage/statement.h"

namespace spacedock::storage {
namespace {

constexpr std::string_view kColumns =
    "id, account_id, name, game, game_deck_cards, legal, created_at_ms, updated_at_ms";

DeckRecord read_deck(const Statement& row) {
  DeckRecord deck;
  deck.id = row.column_int(0);
  deck.account_id = row.column_int(1);
  deck.name = row.column_text(2);
  deck.game = static_cast<std::int32_t>(row.column_int(3));
  deck.game_deck_cards = static_cast<std::uint32_t>(row.column_int(4));
  deck.legal = row.column_int(5) != 0;
  deck.created_at_ms = row.column_int(6);
  deck.updated_at_ms = row.column_int(7);
  return deck;
}

}  // namespace

// A taken name is an answer the server gives (its deck jobs catch the ConstraintError and go
// on), so the writes that can meet one are recoverable.

std::int64_t create_deck(Database& db, const DeckRecord& deck) {
  std::int64_t id = 0;
  db.recoverable([&](Database& piece) {
    Statement insert(piece,
                     "INSERT INTO decks (account_id, name, game, list, game_deck_cards, legal, "
                     "created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
    insert.bind_int(1, deck.account_id).bind_text(2, deck.name).bind_int(3, deck.game);
    insert.bind_text(4, deck.list).bind_int(5, deck.game_deck_cards).bind_int(6, deck.legal);
    insert.bind_int(7, deck.created_at_ms).bind_int(8, deck.updated_at_ms);
    id = insert.returning_id();
  });
  return id;
}

bool update_deck(Database& db, const DeckRecord& deck) {
  bool updated = false;
  db.recoverable([&](Database& piece) {
    Statement update(piece,
                     "UPDATE decks SET name = ?, game = ?, list = ?, game_deck_cards = ?, "
                     "legal = ?, updated_at_ms = ? WHERE id = ? AND account_id = ?");
    update.bind_text(1, deck.name).bind_int(2, deck.game).bind_text(3, deck.list);
    update.bind_int(4, deck.game_deck_cards).bind_int(5, deck.legal);
    update.bind_int(6, deck.updated_at_ms).bind_int(7, deck.id).bind_int(8, deck.account_id).run();
    updated = update.changes() == 1;
  });
  return updated;
}

bool rename_deck(Database& db, std::int64_t account_id, std::int64_t deck_id, std::string_view name,
                 std::int64_t now_ms) {
  bool renamed = false;
  db.recoverable([&](Database& piece) {
    Statement update(
        piece, "UPDATE decks SET name = ?, updated_at_ms = ? WHERE id = ? AND account_id = ?");
    update.bind_text(1, name).bind_int(2, now_ms).bind_int(3, deck_id).bind_int(4, account_id);
    update.run();
    renamed = update.changes() == 1;
  });
  return renamed;
}

bool delete_deck(Database& db, std::int64_t account_id, std::int64_t deck_id) {
  Statement remove(db, "DELETE FROM decks WHERE id = ? AND account_id = ?");
  remove.bind_int(1, deck_id).bind_int(2, account_id).run();
  return remove.changes() == 1;
}

std::optional<DeckRecord> find_deck(Database& db, std::int64_t account_id, std::int64_t deck_id) {
  Statement query(
      db, "SELECT " + std::string(kColumns) + ", list FROM decks WHERE id = ? AND account_id = ?");
  query.bind_int(1, deck_id).bind_int(2, account_id);
  if (!query.step()) return std::nullopt;
  DeckRecord deck = read_deck(query);
  deck.list = query.column_text(8);
  return deck;
}

std::vector<DeckRecord> list_decks(Database& db, std::int64_t account_id) {
  // By name ignoring ASCII case, as the name's index orders them (see find_account).
  const std::string select =
      "SELECT " + std::string(kColumns) + " FROM decks WHERE account_id = ? ";
  Statement query(db, PerDialect{.sqlite = select + "ORDER BY name, id",
                                 .postgresql = select + "ORDER BY lower(name COLLATE \"C\"), id"});
  query.bind_int(1, account_id);
  std::vector<DeckRecord> decks;
  while (query.step())
    decks.push_back(read_deck(query));
  return decks;
}

int count_decks(Database& db, std::int64_t account_id) {
  Statement query(db, "SELECT count(*) FROM decks WHERE account_id = ?");
  query.bind_int(1, account_id);
  query.step();
  return static_cast<int>(query.column_int(0));
}

}  // namespace spacedock::storage
