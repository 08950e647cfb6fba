-- Accounts have a role: an organiser may judge any live match (with all cards, after a delay).
ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'player'
  CHECK (role IN ('player', 'organiser'));
