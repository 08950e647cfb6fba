-- Cluster mode: the quick-match queue spans the nodes (storage/quick_match_queue.h). Each row
-- is one connection's place, held on the node named by `node_address` (its relay address: the
-- node id and the run, so that a restarted node's old places never match a new connection).
-- Pairing takes the oldest place of another account for the same game and clock, on a node
-- that still heartbeats.

CREATE TABLE quick_match_queue (
  id BIGSERIAL PRIMARY KEY,
  node_id TEXT NOT NULL REFERENCES nodes (node_id),
  node_address TEXT NOT NULL,
  connection BIGINT NOT NULL,  -- as that node numbers its connections
  account_id BIGINT NOT NULL REFERENCES accounts (id),
  game INTEGER NOT NULL,
  clock INTEGER NOT NULL,
  UNIQUE (node_address, connection)
);

CREATE INDEX quick_match_queue_by_game ON quick_match_queue (game, clock, id);
