-- Accounts, sessions, matches and their input logs and snapshots: sqlite/001_initial.sql in
-- PostgreSQL's dialect, with the same tables, columns, keys and checks.
-- Each migration runs inside a transaction opened by Database::open: no BEGIN or COMMIT here.
-- Unsigned 64-bit values (seeds, state hashes) are stored bit-cast to signed 64-bit integers.
-- SQLite's INTEGER is 64 bits, so it is BIGINT here; an INTEGER PRIMARY KEY is an identity
-- column (the server never chooses an id; copying rows in takes OVERRIDING SYSTEM VALUE). BLOB
-- is BYTEA. A CHECK that a later migration replaces has a name.

CREATE TABLE accounts (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL
);
-- Names are unique ignoring ASCII case, as SQLite's COLLATE NOCASE makes them, whatever the
-- database's locale (the "C" collation folds ASCII only); queries compare the same expression.
CREATE UNIQUE INDEX accounts_by_name ON accounts (lower(username COLLATE "C"));

-- Keyed by a hash of the token, so that a leaked database does not leak live sessions.
CREATE TABLE sessions (
  token_hash BYTEA PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at_ms BIGINT NOT NULL,
  revoked_at_ms BIGINT
);
-- Child keys are indexed so that deleting an account does not scan every child table.
CREATE INDEX sessions_by_account ON sessions (account_id);

CREATE TABLE matches (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game BIGINT NOT NULL,
  rules_version BIGINT NOT NULL,
  seed BIGINT,
  setup BYTEA NOT NULL,
  status TEXT NOT NULL DEFAULT 'waiting'
    CHECK (status IN ('waiting', 'active', 'finished', 'aborted')),
  result BYTEA,
  created_by BIGINT NOT NULL REFERENCES accounts (id),
  created_at_ms BIGINT NOT NULL,
  started_at_ms BIGINT,
  finished_at_ms BIGINT
);
-- Restoring live matches at start and listing open ones load matches by status, in id order.
CREATE INDEX matches_by_status ON matches (status, id);
CREATE INDEX matches_by_creator ON matches (created_by);

CREATE TABLE match_seats (
  match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seat BIGINT NOT NULL,
  account_id BIGINT NOT NULL REFERENCES accounts (id),
  PRIMARY KEY (match_id, seat),
  UNIQUE (match_id, account_id)
);
CREATE INDEX match_seats_by_account ON match_seats (account_id);

-- The input log. UNIQUE (match_id, seq) is the index that replays read in order. options holds
-- the chosen option ids as little-endian words.
CREATE TABLE match_inputs (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq BIGINT NOT NULL CHECK (seq >= 1),
  seat BIGINT NOT NULL,
  kind BIGINT NOT NULL CONSTRAINT match_inputs_kind CHECK (kind IN (1, 2)),
  decision_id BIGINT NOT NULL,
  options BYTEA NOT NULL CHECK (length(options) % 4 = 0),
  at_ms BIGINT NOT NULL,
  UNIQUE (match_id, seq),
  FOREIGN KEY (match_id, seat) REFERENCES match_seats (match_id, seat)
);

CREATE TABLE match_snapshots (
  match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  input_seq BIGINT NOT NULL,
  state_hash BIGINT NOT NULL,
  view BYTEA NOT NULL,
  at_ms BIGINT NOT NULL,
  PRIMARY KEY (match_id, input_seq)
);
