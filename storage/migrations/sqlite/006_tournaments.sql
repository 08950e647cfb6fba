-- Tournaments: events with their entrants, rounds, tables and the organiser's log. And one
-- more kind of match input: time called by a tournament round (kind 4). SQLite cannot change a
-- CHECK in place, so the input table is rebuilt as 005 did.

CREATE TABLE match_inputs_new (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL,
  kind INTEGER NOT NULL CHECK (kind IN (1, 2, 3, 4)),
  decision_id INTEGER NOT NULL,
  options BLOB NOT NULL CHECK (length(options) % 4 = 0),
  at_ms INTEGER NOT NULL,
  idempotency_key TEXT,
  clock_ms BLOB CHECK (clock_ms IS NULL OR length(clock_ms) % 8 = 0),
  UNIQUE (match_id, seq),
  FOREIGN KEY (match_id, seat) REFERENCES match_seats (match_id, seat)
);
INSERT INTO match_inputs_new SELECT * FROM match_inputs;
DROP TABLE match_inputs;
ALTER TABLE match_inputs_new RENAME TO match_inputs;
CREATE UNIQUE INDEX match_inputs_by_key ON match_inputs (match_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- settings: a serialized spacedock.v1.TournamentSettings. swiss_rounds is fixed when round 1
-- is paired (0 before).
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  game INTEGER NOT NULL,
  settings BLOB NOT NULL,
  seed INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'registration'
    CHECK (status IN ('registration', 'running', 'finished')),
  organiser_id INTEGER NOT NULL REFERENCES accounts (id),
  swiss_rounds INTEGER NOT NULL DEFAULT 0,
  created_at_ms INTEGER NOT NULL,
  finished_at_ms INTEGER
);
CREATE INDEX tournaments_by_status ON tournaments (status, id);

-- seat: a serialized spacedock.v1.SeatSetup, the deck list locked at registration.
CREATE TABLE tournament_entrants (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  seat BLOB NOT NULL,
  registered_at_ms INTEGER NOT NULL,
  first_round INTEGER NOT NULL CHECK (first_round >= 1),
  dropped_after INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament_id, account_id)
) WITHOUT ROWID;
CREATE INDEX tournament_entrants_by_account ON tournament_entrants (account_id);

CREATE TABLE tournament_rounds (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round INTEGER NOT NULL CHECK (round >= 1),
  cut INTEGER NOT NULL CHECK (cut IN (0, 1)),
  started_at_ms INTEGER NOT NULL,
  ends_at_ms INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

-- second_id NULL: a bye. match_id NULL: a bye, or a game entered by hand.
CREATE TABLE tournament_tables (
  tournament_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  table_no INTEGER NOT NULL CHECK (table_no >= 1),
  first_id INTEGER NOT NULL REFERENCES accounts (id),
  second_id INTEGER REFERENCES accounts (id),
  match_id INTEGER UNIQUE REFERENCES matches (id),
  result TEXT NOT NULL DEFAULT 'pending'
    CHECK (result IN ('pending', 'first', 'second', 'draw', 'double_loss')),
  at_time INTEGER NOT NULL DEFAULT 0 CHECK (at_time IN (0, 1)),
  override_reason TEXT,
  PRIMARY KEY (tournament_id, round, table_no),
  FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
    ON DELETE CASCADE
) WITHOUT ROWID;

-- Every organiser action, with who did it.
CREATE TABLE tournament_log (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  at_ms INTEGER NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id),
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tournament_log_by_tournament ON tournament_log (tournament_id, id);
