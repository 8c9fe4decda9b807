-- Intentionally empty: migration 0011 belongs to another branch of issue 11, and migrations must be
-- numbered without gaps. Drop this file when that branch's 0011 is merged.
SELECT 1;
