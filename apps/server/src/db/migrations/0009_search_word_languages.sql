-- Typo correction prefers a word of the reader's language among similar ones: each vocabulary
-- word keeps the languages it was recorded in (empty for words recorded before this column).
-- Additive, so the previous release keeps working against this schema during a rolling deploy.
ALTER TABLE search_words ADD COLUMN languages text[] NOT NULL DEFAULT '{}';
