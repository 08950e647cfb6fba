-- Two more kinds of match input: a player away past the disconnect grace forfeits (kind 5),
-- and an organiser's ruling ends a tournament table's match (kind 6, the winning seats in
-- options). SQLite cannot change a CHECK in place, so the input table is rebuilt as 006 did.

CREATE TABLE match_inputs_new (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  seat INTEGER NOT NULL,
  kind INTEGER NOT NULL CHECK (kind IN (1, 2, 3, 4, 5, 6)),
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
