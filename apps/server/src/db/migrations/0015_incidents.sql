-- Incidents (issue 13): staff acknowledge, assign, annotate and resolve the alert records.
--
-- Each alerts row is one incident: the unique index keeps one unresolved row per alert key, and a
-- recurrence after resolution opens a new row. Who acknowledged, who resolved and why, and who owns
-- it now are kept on the row; the narrative (notes, and each change as a line of the timeline) is
-- kept in incident_notes, never edited.
ALTER TABLE alerts
  ADD COLUMN assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN acknowledged_at timestamptz,
  ADD COLUMN acknowledged_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN resolved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN resolution_note text CHECK (length(resolution_note) BETWEEN 1 AND 2000),
  ADD CONSTRAINT alerts_resolved_when CHECK ((state = 'resolved') = (resolved_at IS NOT NULL)),
  ADD CONSTRAINT alerts_acknowledged_when CHECK (state <> 'acknowledged' OR acknowledged_at IS NOT NULL);

CREATE INDEX alerts_first_seen_idx ON alerts (first_seen_at DESC, id DESC);

CREATE TABLE incident_notes (
  id uuid PRIMARY KEY,
  alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('note', 'acknowledged', 'assigned', 'resolved')),
  body text CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL,
  CHECK (kind <> 'note' OR body IS NOT NULL)
);
CREATE INDEX incident_notes_alert_idx ON incident_notes (alert_id, created_at, id);
