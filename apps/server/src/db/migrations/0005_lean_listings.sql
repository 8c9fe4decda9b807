-- Gallery queries scan many listing rows to filter and rank; the long text and JSON (description,
-- kit summary with its bill of materials, translations) move to listing_details, read only for
-- the cards of the page being served. Titles get their own search vector, so a title match can
-- rank above a description match while popularity orders each tier through an index.

CREATE TABLE listing_details (
  listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  description text NOT NULL CHECK (length(description) BETWEEN 10 AND 5000),
  kit_summary jsonb NOT NULL,
  safety jsonb NOT NULL,
  moderation_flags jsonb NOT NULL DEFAULT '[]',
  i18n jsonb NOT NULL DEFAULT '{}'
);

INSERT INTO listing_details (listing_id, description, kit_summary, safety, moderation_flags, i18n)
SELECT id, description, kit_summary, safety, moderation_flags, i18n FROM listings;

ALTER TABLE listings
  DROP COLUMN description,
  DROP COLUMN kit_summary,
  DROP COLUMN safety,
  DROP COLUMN moderation_flags,
  DROP COLUMN i18n,
  ADD COLUMN title_vector tsvector NOT NULL DEFAULT ''::tsvector;

UPDATE listings l SET title_vector = to_tsvector('simple', l.title || ' ' || coalesce(
  (SELECT string_agg(value->>'title', ' ') FROM listing_details d, jsonb_each(d.i18n) WHERE d.listing_id = l.id), ''));

CREATE INDEX listings_title_vector_idx ON listings USING gin (title_vector);
