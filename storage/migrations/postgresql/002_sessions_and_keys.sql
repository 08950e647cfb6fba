-- Sessions expire; a decision may carry its client's idempotency key, so that a retry is
-- answered once and applied once even across connections and restarts.

ALTER TABLE sessions ADD COLUMN expires_at_ms BIGINT;
-- Sessions made before expiry existed last 30 days from their creation (in BIGINT: 30 days of
-- milliseconds overflow a 32-bit integer).
UPDATE sessions SET expires_at_ms = created_at_ms + 30 * BIGINT '86400000';

ALTER TABLE match_inputs ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX match_inputs_by_key ON match_inputs (match_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
