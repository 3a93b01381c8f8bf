-- Rate-limit counters shared by every app instance on one PostgreSQL (issue 13). UNLOGGED: a
-- counter lost in a crash costs nothing, and skipping the write-ahead log keeps the one write per
-- API request cheap. Fixed windows per key; a row is reset once its window has passed.
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_ends_at);
