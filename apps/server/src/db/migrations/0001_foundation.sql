-- Foundation: users and roles, feature flags and the delivery phase, gate evidence, the
-- hash-chained audit log, alert records and the durable job queue.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.-]{3,32}$'),
  email text NOT NULL CHECK (position('@' in email) > 1 AND length(email) <= 254),
  password_hash text,
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 80),
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'staff', 'founder')),
  email_verified_at timestamptz,
  locale text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE feature_flags (
  key text PRIMARY KEY CHECK (key IN ('betaMode', 'publishing', 'interestReservations', 'phaseA5Preorders',
                                       'modeB', 'paidAICredits', 'adminBeta')),
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);

-- One row: the phase the platform is in. It changes only through phase_decisions.
CREATE TABLE delivery_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  phase text NOT NULL CHECK (phase IN ('A', 'A.5', 'B')),
  decided_at timestamptz NOT NULL DEFAULT now(),
  decided_by text NOT NULL
);
INSERT INTO delivery_state (phase, decided_by) VALUES ('A', 'migration');

-- Gate evidence is history: the latest record of a gate is its current state.
CREATE TABLE gate_records (
  id uuid PRIMARY KEY,
  gate text NOT NULL,
  passed boolean NOT NULL,
  version text NOT NULL CHECK (length(version) BETWEEN 1 AND 64),
  evidence text NOT NULL CHECK (length(evidence) BETWEEN 1 AND 4000),
  recorded_by text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gate_records_gate_idx ON gate_records (gate, recorded_at DESC);

CREATE TABLE phase_decisions (
  id uuid PRIMARY KEY,
  from_phase text NOT NULL,
  to_phase text NOT NULL CHECK (to_phase IN ('A.5', 'B')),
  reason text NOT NULL,
  gate_evidence jsonb NOT NULL,
  decided_by text NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only, hash-chained audit log. Each entry's hash covers the previous hash and the
-- entry's canonical content; audit_chain_head serialises writers so the chain never forks.
CREATE TABLE audit_log (
  seq bigint PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  occurred_at timestamptz NOT NULL,
  actor_type text NOT NULL CHECK (actor_type IN ('user', 'operator', 'system', 'anonymous')),
  actor_id text,
  action text NOT NULL,
  resource_type text NOT NULL,
  resource_id text,
  correlation_id text,
  details jsonb NOT NULL DEFAULT '{}',
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX audit_log_resource_idx ON audit_log (resource_type, resource_id);

CREATE TABLE audit_chain_head (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  seq bigint NOT NULL,
  hash text NOT NULL
);
INSERT INTO audit_chain_head (seq, hash) VALUES (0, repeat('0', 64));

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

-- Alert records (the spec's "Alert and incident"): one open record per alert key, counting repeats.
CREATE TABLE alerts (
  id uuid PRIMARY KEY,
  alert_key text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('P0', 'P1', 'P2')),
  title text NOT NULL,
  owner text NOT NULL,
  trigger text NOT NULL,
  impacted_capability text NOT NULL,
  runbook_action text NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'resolved')),
  correlation_id text,
  details jsonb NOT NULL DEFAULT '{}',
  occurrences integer NOT NULL DEFAULT 1,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE UNIQUE INDEX alerts_one_unresolved_per_key ON alerts (alert_key) WHERE state <> 'resolved';

-- The durable job queue (ARCHITECTURE.md, Jobs). Workers claim with FOR UPDATE SKIP LOCKED and
-- hold a lease that a heartbeat extends; an expired lease is claimed again until max_attempts.
CREATE TABLE jobs (
  id uuid PRIMARY KEY,
  type text NOT NULL,
  owner_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  resource_type text,
  resource_id text,
  idempotency_key text,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled', 'dead')),
  payload jsonb NOT NULL DEFAULT '{}',
  steps jsonb NOT NULL DEFAULT '[]',
  current_step text,
  progress real NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  run_at timestamptz NOT NULL DEFAULT now(),
  lease_owner text,
  lease_expires_at timestamptz,
  cancel_requested_at timestamptz,
  error_code text,
  error_message text,
  error_retryable boolean,
  artefacts jsonb NOT NULL DEFAULT '{}',
  correlation_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'running') = (lease_expires_at IS NOT NULL))
);
CREATE UNIQUE INDEX jobs_idempotency_key ON jobs (type, coalesce(owner_user_id::text, ''), idempotency_key)
  WHERE idempotency_key IS NOT NULL;
CREATE INDEX jobs_claimable_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (lease_expires_at) WHERE status = 'running';
CREATE INDEX jobs_resource_idx ON jobs (resource_type, resource_id);

-- Product analytics events: the local mirror every event lands in first, kept for replay when
-- dispatch to the analytics provider fails. Pseudonymous: ids only, never emails or names.
CREATE TABLE product_events (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  version integer NOT NULL,
  consent_class text NOT NULL CHECK (consent_class IN ('essential', 'analytics')),
  emitter text NOT NULL CHECK (emitter IN ('server', 'client')),
  properties jsonb NOT NULL,
  user_id uuid,
  session_id text,
  route text,
  correlation_id text,
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz,
  dispatch_attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX product_events_name_idx ON product_events (name, occurred_at);
CREATE INDEX product_events_undispatched_idx ON product_events (received_at) WHERE dispatched_at IS NULL;
