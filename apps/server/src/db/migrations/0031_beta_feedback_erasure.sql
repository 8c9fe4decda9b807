-- Issue 42 (d): beta feedback outlived its sender's account with its words, screenshot and context.
-- Feedback whose sender is gone (no account, no visitor session) keeps only what is counted —
-- rating, reason, screen, release and time, for the founder dashboard and the learning review —
-- and nothing of the person: no text, no translation, no screenshot, no route or listing or draft.
-- An account erasure anonymises its feedback before the account goes (modules/beta eraseFor); the
-- rows earlier erasures left with text are cleared here, and the check then refuses any deletion
-- that would detach feedback still holding them (the foreign keys' SET NULL fails instead).
UPDATE beta_feedback
   SET body = NULL, translation = NULL, translation_status = 'not_needed', translation_provider = NULL,
       route = NULL, listing_id = NULL, draft_id = NULL, screenshot_media_id = NULL
 WHERE user_id IS NULL AND visitor_id IS NULL;

ALTER TABLE beta_feedback ADD CONSTRAINT beta_feedback_detached_keeps_nothing CHECK (
  user_id IS NOT NULL OR visitor_id IS NOT NULL OR (
    body IS NULL AND translation IS NULL AND translation_provider IS NULL AND route IS NULL
    AND listing_id IS NULL AND draft_id IS NULL AND screenshot_media_id IS NULL));
