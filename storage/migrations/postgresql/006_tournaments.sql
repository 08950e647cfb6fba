-- Tournaments: events with their entrants, rounds, tables and the organiser's log. And one
-- more kind of match input: time called by a tournament round (kind 4).

ALTER TABLE match_inputs
  DROP CONSTRAINT match_inputs_kind,
  ADD CONSTRAINT match_inputs_kind CHECK (kind IN (1, 2, 3, 4));

-- settings: a serialized spacedock.v1.TournamentSettings. swiss_rounds is fixed when round 1
-- is paired (0 before).
CREATE TABLE tournaments (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name TEXT NOT NULL,
  game BIGINT NOT NULL,
  settings BYTEA NOT NULL,
  seed BIGINT NOT NULL,
  status TEXT NOT NULL DEFAULT 'registration'
    CHECK (status IN ('registration', 'running', 'finished')),
  organiser_id BIGINT NOT NULL REFERENCES accounts (id),
  swiss_rounds BIGINT NOT NULL DEFAULT 0,
  created_at_ms BIGINT NOT NULL,
  finished_at_ms BIGINT
);
CREATE INDEX tournaments_by_status ON tournaments (status, id);

-- seat: a serialized spacedock.v1.SeatSetup, the deck list locked at registration.
CREATE TABLE tournament_entrants (
  tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  account_id BIGINT NOT NULL REFERENCES accounts (id),
  seat BYTEA NOT NULL,
  registered_at_ms BIGINT NOT NULL,
  first_round BIGINT NOT NULL CHECK (first_round >= 1),
  dropped_after BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament_id, account_id)
);
CREATE INDEX tournament_entrants_by_account ON tournament_entrants (account_id);

CREATE TABLE tournament_rounds (
  tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  round BIGINT NOT NULL CHECK (round >= 1),
  cut BIGINT NOT NULL CHECK (cut IN (0, 1)),
  started_at_ms BIGINT NOT NULL,
  ends_at_ms BIGINT NOT NULL,
  PRIMARY KEY (tournament_id, round)
);

-- second_id NULL: a bye. match_id NULL: a bye, or a game entered by hand.
CREATE TABLE tournament_tables (
  tournament_id BIGINT NOT NULL,
  round BIGINT NOT NULL,
  table_no BIGINT NOT NULL CHECK (table_no >= 1),
  first_id BIGINT NOT NULL REFERENCES accounts (id),
  second_id BIGINT REFERENCES accounts (id),
  match_id BIGINT UNIQUE REFERENCES matches (id),
  result TEXT NOT NULL DEFAULT 'pending'
    CHECK (result IN ('pending', 'first', 'second', 'draw', 'double_loss')),
  at_time BIGINT NOT NULL DEFAULT 0 CHECK (at_time IN (0, 1)),
  override_reason TEXT,
  PRIMARY KEY (tournament_id, round, table_no),
  FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, round)
    ON DELETE CASCADE
);

-- Every organiser action, with who did it.
CREATE TABLE tournament_log (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tournament_id BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  at_ms BIGINT NOT NULL,
  account_id BIGINT NOT NULL REFERENCES accounts (id),
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tournament_log_by_tournament ON tournament_log (tournament_id, id);
