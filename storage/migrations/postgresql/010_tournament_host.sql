-- Cluster mode: the events run on one node at a time, the tournament host
-- (storage/tournament_host.h): it pairs rounds, calls time and takes results. Its row names the
-- node under an epoch that grows at every change of host, and every write of an event checks
-- it, so a host that lost the role (frozen past its lease) can never write an event again.

CREATE TABLE tournament_host (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  node_id TEXT REFERENCES nodes (node_id),  -- NULL: handed over by a draining node
  epoch BIGINT NOT NULL CHECK (epoch > 0)
);

-- A round's tables are spread over the nodes: each match's owner row is written for the node
-- that is to run it under epoch 0, an offer, which that node's adoption scan takes up (epoch 1),
-- or any node's once that node falls silent.
ALTER TABLE match_owner DROP CONSTRAINT match_owner_epoch_check;
ALTER TABLE match_owner ADD CONSTRAINT match_owner_epoch_check CHECK (epoch >= 0);
