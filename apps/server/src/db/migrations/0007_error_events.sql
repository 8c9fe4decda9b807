-- The local error tracker: server crashes, job crashes and app crashes or failed requests, each
-- with the correlation id that links it to the request, job and logs. Scrubbed of personal data
-- before it is written; grouped by fingerprint for the founder's view.

CREATE TABLE error_events (
  id uuid PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('server', 'worker', 'client')),
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
  fingerprint text NOT NULL CHECK (length(fingerprint) = 16),
  code text,
  status integer,
  message text NOT NULL CHECK (length(message) <= 500),
  stack text CHECK (length(stack) <= 4000),
  route text,
  correlation_id text,
  release text,
  actor text,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_events_recent_idx ON error_events (occurred_at DESC);
CREATE INDEX error_events_fingerprint_idx ON error_events (fingerprint, occurred_at DESC);
CREATE INDEX error_events_correlation_idx ON error_events (correlation_id) WHERE correlation_id IS NOT NULL;
