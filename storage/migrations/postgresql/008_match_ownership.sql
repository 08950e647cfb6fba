-- Cluster mode: several server nodes on this database (storage/ownership.h). Each node
-- heartbeats in `nodes`; each live match has one row in `match_owner` naming the node that runs
-- it. The epoch is the fencing token: it grows by one at every change of owner, and every
-- commit of a match's inputs checks it, so a node that lost a match can never append to its log.
-- Only the database's clock is compared (now()), never a node's.

CREATE TABLE nodes (
  node_id TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  draining BOOLEAN NOT NULL DEFAULT false,
  live_matches INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE match_owner (
  match_id BIGINT PRIMARY KEY REFERENCES matches (id),
  node_id TEXT REFERENCES nodes (node_id),  -- NULL: orphaned, waiting for a node to adopt it
  epoch BIGINT NOT NULL CHECK (epoch > 0)
);

CREATE INDEX match_owner_by_node ON match_owner (node_id);
