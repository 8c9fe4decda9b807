-- Fixes from the server review. Every change is additive (or tightens a rule nothing breaks), so
-- the previous release keeps working against this schema during a rolling deploy.

-- Broadcast notifications (user_id NULL) are read per person: one marker per reader.
CREATE TABLE notification_reads (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notification_id uuid NOT NULL REFERENCES beta_notifications (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, notification_id)
);

-- A translation record counts the versions of its source text, so the translation job of a new
-- version gets a new idempotency key even when the text returns to an earlier version (A → B → A).
ALTER TABLE translation_records ADD COLUMN source_revision integer NOT NULL DEFAULT 1;

-- Apple posts the person's name to the callback on the first sign-in only; it is kept with the
-- attempt (10 minutes at most) until the callback that finishes it.
ALTER TABLE oauth_attempts ADD COLUMN provider_name text CHECK (length(provider_name) <= 80);

-- Housekeeping deletes expired rows in small batches; these indexes find them without a scan.
CREATE INDEX rate_limits_last_at_idx ON rate_limits (last_at);
CREATE INDEX oauth_attempts_expires_idx ON oauth_attempts (expires_at);
CREATE INDEX email_tokens_expires_idx ON email_tokens (expires_at);
CREATE INDEX listing_views_day_idx ON listing_views (day);

-- "Job queue stuck" counts dead letters of a recent window only, so the alert can clear.
CREATE INDEX jobs_dead_recent_idx ON jobs (dead_lettered_at) WHERE status = 'dead';

-- Roles are read on every request, so a role change never needs to end sessions: the reason
-- 'role_changed' was never written and is no longer allowed.
ALTER TABLE auth_sessions DROP CONSTRAINT auth_sessions_revoked_reason_check;
ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_revoked_reason_check
  CHECK (revoked_reason IN ('logout', 'password_changed', 'password_reset', 'refresh_token_reused'));

COMMENT ON COLUMN search_words.listings IS
  'How often the word was recorded (each publish, text edit and translation adds one); a popularity weight for typo correction, not a count of listings.';
