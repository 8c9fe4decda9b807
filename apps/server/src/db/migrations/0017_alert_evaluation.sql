-- Alert evaluation (issue 13): a scheduled evaluator opens, escalates and resolves the alert records
-- from real signals, one worker process at a time.
--
-- alert_signals: failures that happen inside requests (an audit write that failed, an inbound
-- provider event that could not be stored) are recorded here as they happen; the evaluator counts
-- them per check interval. Only the evaluator pages, so a blip that does not repeat pages nobody.
CREATE TABLE alert_signals (
  id uuid PRIMARY KEY,
  alert_key text NOT NULL CHECK (length(alert_key) BETWEEN 1 AND 80),
  correlation_id text,
  details jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL
);
CREATE INDEX alert_signals_key_time_idx ON alert_signals (alert_key, occurred_at);

-- Each rule's progress across checks, kept in the database so that a worker taking over the lease
-- carries on where the last one stopped: how many checks in a row the condition has held, since
-- when, and which level (1 firing, 2 escalated) the people on call were last told about.
CREATE TABLE alert_rule_state (
  alert_key text PRIMARY KEY CHECK (length(alert_key) BETWEEN 1 AND 80),
  consecutive integer NOT NULL DEFAULT 0 CHECK (consecutive >= 0),
  holding_since timestamptz,
  notified_level smallint NOT NULL DEFAULT 0 CHECK (notified_level BETWEEN 0 AND 2),
  last_level smallint NOT NULL DEFAULT 0 CHECK (last_level BETWEEN 0 AND 2),
  last_value double precision,
  last_checked_at timestamptz NOT NULL,
  CHECK ((consecutive = 0) = (holding_since IS NULL)),
  CHECK ((consecutive = 0) = (last_level = 0))
);

-- One evaluator at a time: the holder of an unexpired lease evaluates; others skip the round.
CREATE TABLE alert_evaluator_lease (
  name text PRIMARY KEY CHECK (name = 'alerts'),
  holder text NOT NULL CHECK (length(holder) BETWEEN 1 AND 200),
  expires_at timestamptz NOT NULL
);
