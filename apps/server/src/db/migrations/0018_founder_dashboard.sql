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
CREATE INDEX jobs_failed_idx ON jobs (finished_at) INCLUDE (type, error_code) WHERE status IN ('failed', 'dead');
CREATE INDEX support_conversations_created_idx ON support_conversations (created_at)
  INCLUDE (first_response_due_at);
CREATE INDEX support_conversations_unanswered_idx ON support_conversations (status)
  WHERE status NOT IN ('resolved', 'closed');
CREATE INDEX support_messages_staff_idx ON support_messages (conversation_id, created_at)
  WHERE author_role = 'staff';

-- A reservation's source as the dashboard groups it (its attribution's source or utm_source, `share`
-- for a share link, else `direct`), kept beside the row (interest_reservation_days, below, counts by it).
ALTER TABLE interest_reservations ADD COLUMN source_label text NOT NULL GENERATED ALWAYS AS (
  left(coalesce(
    nullif(source->'attribution'->>'source', ''),
    nullif(source->'attribution'->>'utm_source', ''),
    CASE WHEN source ? 'share_code' THEN 'share' END,
    'direct'), 256)) STORED;

-- Reservations per UTC day, source and reserver tier (verified / account / visitor, migration 0016), kept by the database as reservations are made, cancelled,
-- changed or deleted (a trigger, so every path — a reservation, a cancellation, a listing's removal,
-- an account's erasure — keeps it equal to the rows): reservations made that day (`made`), how many
-- of those are cancelled now (`made_cancelled`), and cancellations that day (`cancellations`). The
-- founder dashboard reads a few hundred of these rows instead of every reservation of the period.
CREATE TABLE interest_reservation_days (
  day date NOT NULL,
  source_label text NOT NULL,
  reserver_trust text NOT NULL CHECK (reserver_trust IN ('verified', 'account', 'visitor')),
  made integer NOT NULL DEFAULT 0 CHECK (made >= 0),
  made_cancelled integer NOT NULL DEFAULT 0 CHECK (made_cancelled >= 0 AND made_cancelled <= made),
  cancellations integer NOT NULL DEFAULT 0 CHECK (cancellations >= 0),
  PRIMARY KEY (day, source_label, reserver_trust)
);

-- Adds (sign 1) or takes away (sign -1) one reservation's counts. A count is only ever taken from a
-- day the same reservation was added to, so the row is there (and CHECKs see no negative row).
CREATE FUNCTION interest_reservation_days_count(r interest_reservations, sign integer) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  made_day date := (r.created_at AT TIME ZONE 'UTC')::date;
  cancelled integer := CASE WHEN r.status = 'cancelled' THEN 1 ELSE 0 END;
BEGIN
  IF sign > 0 THEN
    INSERT INTO interest_reservation_days AS d (day, source_label, reserver_trust, made, made_cancelled)
    VALUES (made_day, r.source_label, r.reserver_trust, 1, cancelled)
    ON CONFLICT (day, source_label, reserver_trust) DO UPDATE
      SET made = d.made + 1, made_cancelled = d.made_cancelled + excluded.made_cancelled;
  ELSE
    UPDATE interest_reservation_days SET made = made - 1, made_cancelled = made_cancelled - cancelled
    WHERE day = made_day AND source_label = r.source_label AND reserver_trust = r.reserver_trust;
  END IF;
  IF r.cancelled_at IS NOT NULL THEN
    IF sign > 0 THEN
      INSERT INTO interest_reservation_days AS d (day, source_label, reserver_trust, cancellations)
      VALUES ((r.cancelled_at AT TIME ZONE 'UTC')::date, r.source_label, r.reserver_trust, 1)
      ON CONFLICT (day, source_label, reserver_trust) DO UPDATE SET cancellations = d.cancellations + 1;
    ELSE
      UPDATE interest_reservation_days SET cancellations = cancellations - 1
      WHERE day = (r.cancelled_at AT TIME ZONE 'UTC')::date AND source_label = r.source_label
        AND reserver_trust = r.reserver_trust;
    END IF;
  END IF;
END $$;

-- Both functions keep the schema they were made in (a database may hold one schema per test or bench).
CREATE FUNCTION interest_reservation_days_apply() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM interest_reservation_days_count(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM interest_reservation_days_count(NEW, 1); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER interest_reservation_days_on_insert_or_delete AFTER INSERT OR DELETE ON interest_reservations
  FOR EACH ROW EXECUTE FUNCTION interest_reservation_days_apply();
CREATE TRIGGER interest_reservation_days_on_update AFTER UPDATE ON interest_reservations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.source IS DISTINCT FROM NEW.source
    OR OLD.reserver_trust IS DISTINCT FROM NEW.reserver_trust)
  EXECUTE FUNCTION interest_reservation_days_apply();

INSERT INTO interest_reservation_days (day, source_label, reserver_trust, made, made_cancelled)
SELECT (created_at AT TIME ZONE 'UTC')::date, source_label, reserver_trust, count(*),
  count(*) FILTER (WHERE status = 'cancelled')
FROM interest_reservations GROUP BY 1, 2, 3;
INSERT INTO interest_reservation_days AS d (day, source_label, reserver_trust, cancellations)
SELECT (cancelled_at AT TIME ZONE 'UTC')::date, source_label, reserver_trust, count(*)
FROM interest_reservations WHERE cancelled_at IS NOT NULL GROUP BY 1, 2, 3
ON CONFLICT (day, source_label, reserver_trust) DO UPDATE SET cancellations = excluded.cancellations;
