-- Chess clocks: an input may be a loss on time (kind 3), and in a timed match it carries every
-- seat's bank as it left them (clock_ms: 8 bytes per seat, little-endian), so that the clocks
-- come back after a restart. SQLite cannot change a CHECK in place: the table is rebuilt.

CREATE TABLE match_inputs_new (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL,
  kind INTEGER NOT NULL CHECK (kind IN (1, 2, 3)),
  decision_id INTEGER NOT NULL,
  options BLOB NOT NULL CHECK (length(options) % 4 = 0),
  at_ms INTEGER NOT NULL,
  idempotency_key TEXT,
  clock_ms BLOB CHECK (clock_ms IS NULL OR length(clock_ms) % 8 = 0),
  UNIQUE (match_id, seq),
  FOREIGN KEY (match_id, seat) REFERENCES match_seats (match_id, seat)
);
INSERT INTO match_inputs_new (id, match_id, seq, seat, kind, decision_id, options, at_ms,
                              idempotency_key)
  SELECT id, match_id, seq, seat, kind, decision_id, options, at_ms, idempotency_key
  FROM match_inputs;
DROP TABLE match_inputs;
ALTER TABLE match_inputs_new RENAME TO match_inputs;
CREATE UNIQUE INDEX match_inputs_by_key ON match_inputs (match_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
