-- Chess clocks: an input may be a loss on time (kind 3), and in a timed match it carries every
-- seat's bank as it left them (clock_ms: 8 bytes per seat, little-endian), so that the clocks
-- come back after a restart. PostgreSQL changes the CHECK in place (SQLite rebuilds the table).

ALTER TABLE match_inputs
  DROP CONSTRAINT match_inputs_kind,
  ADD CONSTRAINT match_inputs_kind CHECK (kind IN (1, 2, 3)),
  ADD COLUMN clock_ms BYTEA CHECK (clock_ms IS NULL OR length(clock_ms) % 8 = 0);
