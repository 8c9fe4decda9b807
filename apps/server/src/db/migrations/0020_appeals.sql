-- Issue 14: a listing's owner appeals a moderation decision through support (category `appeal`).
ALTER TABLE support_conversations DROP CONSTRAINT support_conversations_category_check;
ALTER TABLE support_conversations ADD CONSTRAINT support_conversations_category_check
  CHECK (category IN ('question', 'bug', 'report_listing', 'account', 'reservation', 'feedback', 'appeal', 'other'));
