-- The quick-match queue across cluster nodes (storage/quick_match_queue.h) is PostgreSQL's
-- only: one server process on an SQLite file keeps its queue in memory. Nothing to add; the
-- number is kept so that both dialects count their migrations alike.
SELECT 1;
