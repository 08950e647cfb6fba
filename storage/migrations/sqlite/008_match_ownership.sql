-- Cluster mode (several nodes, storage/ownership.h) runs on PostgreSQL only: an SQLite file
-- belongs to one server process, which owns every match in it. Nothing to add; the number is
-- kept so that both dialects count their migrations alike.
SELECT 1;
