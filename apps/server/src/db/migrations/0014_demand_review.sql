-- Demand review (issue 13): staff qualify interest reservations, and the review reads them newest
-- first across every listing, or per designer.
--
-- A reservation is "unreviewed" until a staff member marks it qualified (real demand worth an A.5
-- invitation) or not qualified (a duplicate, a test, an obvious fake), with a note. Who and when
-- are kept on the row, and the change is audited; the state and its who/when travel together.
ALTER TABLE interest_reservations
  ADD COLUMN qualification text NOT NULL DEFAULT 'unreviewed'
    CHECK (qualification IN ('unreviewed', 'qualified', 'not_qualified')),
  ADD COLUMN qualification_note text CHECK (length(qualification_note) <= 1000),
  ADD COLUMN qualified_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN qualified_at timestamptz,
  ADD CONSTRAINT interest_reservations_qualified_when
    CHECK ((qualification = 'unreviewed') = (qualified_at IS NULL));

CREATE INDEX interest_reservations_created_idx ON interest_reservations (created_at DESC, id DESC);
CREATE INDEX interest_reservations_designer_idx ON interest_reservations (design_owner_id, created_at DESC, id DESC);
