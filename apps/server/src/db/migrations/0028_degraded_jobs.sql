-- A `degraded` job state (issue 19): finished with a usable result, but part of the request was not
-- honoured (a Mode B prompt's words ignored, a design that fails its checks). Terminal like
-- succeeded; the reason is kept beside it, and only a degraded job has one.
ALTER TABLE jobs DROP CONSTRAINT jobs_status_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_status_check
  CHECK (status IN ('queued', 'running', 'succeeded', 'degraded', 'failed', 'cancelled', 'dead'));
ALTER TABLE jobs ADD COLUMN degraded_reason text;
ALTER TABLE jobs ADD CONSTRAINT jobs_degraded_reason_check
  CHECK ((status = 'degraded') = (degraded_reason IS NOT NULL AND length(degraded_reason) > 0));
ALTER TABLE jobs ADD CONSTRAINT jobs_degraded_finished_check
  CHECK (status <> 'degraded' OR (finished_at IS NOT NULL AND error_code IS NULL));
