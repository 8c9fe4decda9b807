-- Gallery search: the filters people combine with words (category, colours, language) become
-- lexemes of both search vectors as well, so the full-text index answers "these words, in this
-- category, in red" by itself instead of reading every listing with the words to test its
-- category. A facet lexeme holds a space ("category garden"), which the text parser never
-- produces from any text or query, so typed words can never match one. A trigger keeps them in
-- step whenever a vector or a faceted column is written; a view count update touches neither.

CREATE FUNCTION listing_search_facets(category text, colours text[], language text) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_tsvector(
    ARRAY['category ' || category, 'language ' || language]
      || ARRAY(SELECT DISTINCT 'colour ' || c FROM unnest(colours) c WHERE c IS NOT NULL))
$$;

CREATE FUNCTION listing_search_words_only(v tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE AS $$
  SELECT ts_delete(v, ARRAY(SELECT u.lexeme FROM unnest(v) u WHERE strpos(u.lexeme, ' ') > 0))
$$;

CREATE FUNCTION listings_search_facets_apply() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
DECLARE
  facets tsvector := listing_search_facets(NEW.category, NEW.colours, NEW.source_language);
BEGIN
  NEW.title_vector := listing_search_words_only(NEW.title_vector) || facets;
  NEW.search_vector := listing_search_words_only(NEW.search_vector) || facets;
  RETURN NEW;
END $$;

CREATE TRIGGER listings_search_facets
  BEFORE INSERT OR UPDATE OF title_vector, search_vector, category, colours, source_language ON listings
  FOR EACH ROW EXECUTE FUNCTION listings_search_facets_apply();

UPDATE listings SET title_vector = title_vector;

-- The words a prefix can complete to ("brid" → bridge, bridges), read in index order.
CREATE INDEX search_words_prefix_idx ON search_words (word text_pattern_ops);
