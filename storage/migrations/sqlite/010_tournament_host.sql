-- The tournament host among cluster nodes (storage/tournament_host.h) is PostgreSQL's only: one
-- server process on an SQLite file runs every event in it. Nothing to add; the number is kept so
-- that both dialects count their migrations alike.
SELECT 1;
