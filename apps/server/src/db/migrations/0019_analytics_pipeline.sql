-- The analytics pipeline (issue 13): the local mirror is dispatched to the analytics provider.
--
-- dispatch_after is both the claim lease and the retry backoff: a row is claimable when it is not
-- dispatched and dispatch_after is unset or past; a worker that claims a batch moves it into the
-- future, marks the rows dispatched after the provider accepted them, or moves it to the next retry.
-- Every event carries the real first/last-touch source attribution of its session or account.
ALTER TABLE product_events
  ADD COLUMN source_attribution jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN dispatch_after timestamptz,
  ADD CONSTRAINT product_events_dispatched_after_attempt
    CHECK (dispatched_at IS NULL OR dispatch_attempts > 0),
  ADD CONSTRAINT product_events_attempts_not_negative CHECK (dispatch_attempts >= 0);

-- Retention and replay both select by time.
CREATE INDEX product_events_occurred_idx ON product_events (occurred_at);

-- One row: since when dispatch has failed without a success in between (shared by every worker),
-- so the P2 alert opens after fifteen minutes of continuous failure, whichever worker saw it.
CREATE TABLE analytics_dispatch_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  failing_since timestamptz,
  last_failure_at timestamptz,
  last_success_at timestamptz,
  last_error text CHECK (length(last_error) <= 500),
  CHECK (failing_since IS NULL OR (last_failure_at IS NOT NULL AND failing_since <= last_failure_at))
);
INSERT INTO analytics_dispatch_state (id) VALUES (1);

-- When the stored consent was last given or withdrawn (the audit log keeps who and how).
ALTER TABLE users ADD COLUMN consent_updated_at timestamptz;
ALTER TABLE visitor_sessions ADD COLUMN consent_updated_at timestamptz;

