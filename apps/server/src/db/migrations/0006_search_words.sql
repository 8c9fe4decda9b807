-- Gallery search: a vocabulary of the words in listing titles and tags (in every language), so a
-- query with a typo can be corrected to a word that exists; and per-category indexes for the
-- sorts, so browsing one category with filters reads few rows.

CREATE TABLE search_words (
  word text PRIMARY KEY CHECK (length(word) BETWEEN 2 AND 64),
  listings integer NOT NULL DEFAULT 1
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

INSERT INTO search_words (word, listings)
SELECT word, ndoc FROM ts_stat('SELECT title_vector FROM listings') WHERE length(word) BETWEEN 2 AND 64
ON CONFLICT (word) DO NOTHING;

CREATE INDEX listings_category_views ON listings (category, view_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_category_saves ON listings (category, save_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_category_reserved ON listings (category, reservation_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_category_parts ON listings (category, part_count ASC, id ASC) WHERE moderation_state = 'approved' AND visibility = 'public';
