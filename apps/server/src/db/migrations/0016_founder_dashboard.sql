-- The founder dashboard (issue 13): its read model and the indexes its counts need.
--
-- founder_event_days is product events counted per UTC day (of occurred_at), event name, first-touch
-- source and device class, rolled up incrementally: every event received up to rolled_up_to is in
-- it exactly once; the dashboard adds the few events received since then, read live. The counts hold
-- no identity (numeric aggregates), so they stay when the events are pruned or erased.
CREATE TABLE founder_event_days (
  day date NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  source text NOT NULL CHECK (length(source) BETWEEN 1 AND 256),
  device_class text NOT NULL CHECK (length(device_class) BETWEEN 1 AND 32),
  events integer NOT NULL CHECK (events > 0),
  PRIMARY KEY (day, name, source, device_class)
);

-- One row: how far (received_at) the rollup has gone. Locked while it moves, so two readers never
-- count the same events twice.
CREATE TABLE founder_rollup_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  rolled_up_to timestamptz NOT NULL
);
INSERT INTO founder_rollup_state (rolled_up_to) VALUES ('1970-01-01T00:00:00Z');

-- The rollup's increments (events received after the mark) and each event's first touch: the
-- earliest session_started of its visitor session, else of its user.
CREATE INDEX product_events_received_idx ON product_events (received_at);
CREATE INDEX product_events_touch_session_idx ON product_events (session_id, occurred_at)
  WHERE name = 'session_started' AND session_id IS NOT NULL;
CREATE INDEX product_events_touch_user_idx ON product_events (user_id, occurred_at)
  WHERE name = 'session_started' AND user_id IS NOT NULL;

-- The owners' counts for a period, each read from an index alone (the columns a count needs are
-- in the index, so PostgreSQL need not visit the rows).
CREATE INDEX users_created_idx ON users (created_at) INCLUDE (role);
CREATE INDEX design_drafts_created_idx ON design_drafts (created_at);
CREATE INDEX listings_published_public_idx ON listings (published_at) WHERE visibility = 'public';
-- A reservation's source as the dashboard groups it (its attribution's source or utm_source, `share`
-- for a share link, else `direct`), kept beside the row so a count need not parse the JSON of each.
ALTER TABLE interest_reservations ADD COLUMN source_label text NOT NULL GENERATED ALWAYS AS (
  left(coalesce(
    nullif(source->'attribution'->>'source', ''),
    nullif(source->'attribution'->>'utm_source', ''),
    CASE WHEN source ? 'share_code' THEN 'share' END,
    'direct'), 256)) STORED;
CREATE INDEX interest_reservations_made_idx ON interest_reservations (created_at) INCLUDE (status, source_label);
CREATE INDEX interest_reservations_cancelled_idx ON interest_reservations (cancelled_at)
  WHERE cancelled_at IS NOT NULL;
CREATE INDEX jobs_failed_idx ON jobs (finished_at) INCLUDE (type, error_code) WHERE status IN ('failed', 'dead');
CREATE INDEX support_conversations_created_idx ON support_conversations (created_at)
  INCLUDE (first_response_due_at);
CREATE INDEX support_conversations_unanswered_idx ON support_conversations (status)
  WHERE status NOT IN ('resolved', 'closed');
CREATE INDEX support_messages_staff_idx ON support_messages (conversation_id, created_at)
  WHERE author_role = 'staff';
