-- Decks stored per account (SaveDeck). The list is kept as its author wrote it, so that the lines
-- its problems name stay right; the card count and legality are those found when it was saved.
CREATE TABLE decks (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE,
  game INTEGER NOT NULL,
  list TEXT NOT NULL,
  game_deck_cards INTEGER NOT NULL,
  legal INTEGER NOT NULL CHECK (legal IN (0, 1)),
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  -- Names are unique per account, ignoring case; the index also lists an account's decks by name.
  UNIQUE (account_id, name)
);
