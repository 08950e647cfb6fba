-- Two more kinds of match input: a player away past the disconnect grace forfeits (kind 5),
-- and an organiser's ruling ends a tournament table's match (kind 6, the winning seats in
-- options).

ALTER TABLE match_inputs
  DROP CONSTRAINT match_inputs_kind,
  ADD CONSTRAINT match_inputs_kind CHECK (kind IN (1, 2, 3, 4, 5, 6));
