-- Accounts, sessions, matches and their input logs and snapshots.
-- Each migration runs inside a transaction opened by Database::open: no BEGIN or COMMIT here.
-- Unsigned 64-bit values (seeds, state hashes) are stored bit-cast to signed 64-bit integers.

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
);

-- Keyed by a hash of the token, so that a leaked database does not leak live sessions.
CREATE TABLE sessions (
  token_hash BLOB PRIMARY KEY NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at_ms INTEGER NOT NULL,
  revoked_at_ms INTEGER
) WITHOUT ROWID;
-- Child keys are indexed so that deleting an account does not scan every child table.
CREATE INDEX sessions_by_account ON sessions (account_id);

CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  game INTEGER NOT NULL,
  rules_version INTEGER NOT NULL,
  seed INTEGER,
  setup BLOB NOT NULL,
  status TEXT NOT NULL DEFAULT 'waiting'
    CHECK (status IN ('waiting', 'active', 'finished', 'aborted')),
  result BLOB,
  created_by INTEGER NOT NULL REFERENCES accounts (id),
  created_at_ms INTEGER NOT NULL,
  started_at_ms INTEGER,
  finished_at_ms INTEGER
);
-- Restoring live matches at start and listing open ones load matches by status, in id order.
CREATE INDEX matches_by_status ON matches (status, id);
CREATE INDEX matches_by_creator ON matches (created_by);

CREATE TABLE match_seats (
  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  PRIMARY KEY (match_id, seat),
  UNIQUE (match_id, account_id)
) WITHOUT ROWID;
CREATE INDEX match_seats_by_account ON match_seats (account_id);

-- The input log. Rows are appended in rowid order, so a group commit over many interleaved
-- matches touches the same few table pages; UNIQUE (match_id, seq) is the secondary index that
-- replays read in order (see reference/performance.md B2). options holds the chosen option ids
-- as little-endian 32-bit words.
CREATE TABLE match_inputs (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL,
  kind INTEGER NOT NULL CHECK (kind IN (1, 2)),
  decision_id INTEGER NOT NULL,
  options BLOB NOT NULL CHECK (length(options) % 4 = 0),
  at_ms INTEGER NOT NULL,
  UNIQUE (match_id, seq),
  FOREIGN KEY (match_id, seat) REFERENCES match_seats (match_id, seat)
);

-- A rowid table rather than WITHOUT ROWID: views are large rows.
CREATE TABLE match_snapshots (
  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  input_seq INTEGER NOT NULL,
  state_hash INTEGER NOT NULL,
  view BLOB NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (match_id, input_seq)
);
