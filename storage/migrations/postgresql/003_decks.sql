-- Decks stored per account (SaveDeck). The list is kept as its author wrote it, so that the lines
-- its problems name stay right; the card count and legality are those found when it was saved.
CREATE TABLE decks (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  game BIGINT NOT NULL,
  list TEXT NOT NULL,
  game_deck_cards BIGINT NOT NULL,
  legal BIGINT NOT NULL CHECK (legal IN (0, 1)),
  created_at_ms BIGINT NOT NULL,
  updated_at_ms BIGINT NOT NULL
);
-- Names are unique per account, ignoring ASCII case as 001 does for user names; the index also
-- lists an account's decks by name.
CREATE UNIQUE INDEX decks_by_name ON decks (account_id, lower(name COLLATE "C"));
