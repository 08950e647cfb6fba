#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database.h"

namespace spacedock::storage {

// A deck an account stored (SaveDeck). Storage does not read the list; the server works out the
// card count and legality when it saves one.
struct DeckRecord {
  std::int64_t id = 0;
  std::int64_t account_id = 0;
  std::string name;
  std::int32_t game = 0;
  std::string list;
  std::uint32_t game_deck_cards = 0;
  bool legal = false;
  std::int64_t created_at_ms = 0;
  std::int64_t updated_at_ms = 0;
};

// Stores a new deck (its id and account_id, created_at_ms and updated_at_ms as given) and returns
// its id. Throws ConstraintError if the account has a deck of that name, ignoring case.
std::int64_t create_deck(Database& db, const DeckRecord& deck);
// Replaces the name, game, list, count, legality and updated_at_ms of the account's deck
// `deck.id`; false if the account has no such deck. Throws ConstraintError on a name taken.
bool update_deck(Database& db, const DeckRecord& deck);
bool rename_deck(Database& db, std::int64_t account_id, std::int64_t deck_id, std::string_view name,
                 std::int64_t now_ms);
bool delete_deck(Database& db, std::int64_t account_id, std::int64_t deck_id);
std::optional<DeckRecord> find_deck(Database& db, std::int64_t account_id, std::int64_t deck_id);
// The account's decks by name, without their lists.
std::vector<DeckRecord> list_decks(Database& db, std::int64_t account_id);
int count_decks(Database& db, std::int64_t account_id);

}  // namespace spacedock::storage
