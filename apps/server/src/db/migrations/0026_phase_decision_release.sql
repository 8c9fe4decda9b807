-- A phase decision names the release that opens the phase (spec Versioning: release tags).
-- Nullable: decisions recorded before this column existed have no tag.
ALTER TABLE phase_decisions
  ADD COLUMN release_tag text
  CHECK (
    release_tag IS NULL
    OR (to_phase = 'A.5' AND release_tag ~ '^phase-a5-preorder-[0-9]{8}\.[1-9][0-9]{0,3}$')
    OR (to_phase = 'B' AND release_tag ~ '^phase-b-fulfilment-[0-9]{8}\.[1-9][0-9]{0,3}$')
  );
