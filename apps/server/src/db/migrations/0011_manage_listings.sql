-- Owners manage what they published. A listing is `published`, `unpublished` (seen only by its
-- owner and staff; republishing sends it through the automatic checks again) or `deleted`: a
-- tombstone that keeps the id, slug, title and owner, so reservations, audit entries and
-- notifications keep something to point at and the address is never given to another design,
-- while its text (listing_details), files, photos and draft are gone. Additive for the previous
-- release: every existing listing is `published`, and only this release makes the other states.

ALTER TABLE listings
  ADD COLUMN state text NOT NULL DEFAULT 'published' CHECK (state IN ('published', 'unpublished', 'deleted')),
  ADD COLUMN state_changed_at timestamptz,
  ALTER COLUMN draft_id DROP NOT NULL,
  ALTER COLUMN kit_file_id DROP NOT NULL,
  ALTER COLUMN preview_file_id DROP NOT NULL;

-- A live listing has its draft and kit; a deleted one holds no file or draft any more.
ALTER TABLE listings ADD CONSTRAINT listings_live_has_kit
  CHECK (state = 'deleted' OR (draft_id IS NOT NULL AND kit_file_id IS NOT NULL AND preview_file_id IS NOT NULL));
ALTER TABLE listings ADD CONSTRAINT listings_deleted_holds_nothing
  CHECK (state <> 'deleted' OR (draft_id IS NULL AND kit_file_id IS NULL AND preview_file_id IS NULL
                                AND preview_png_file_id IS NULL AND cardinality(media_ids) = 0));
ALTER TABLE listings ADD CONSTRAINT listings_state_changed_at
  CHECK (state = 'published' OR state_changed_at IS NOT NULL);
ALTER TABLE listings ADD CONSTRAINT listings_media_ids_max CHECK (cardinality(media_ids) <= 8);

-- What the gallery may show is now approved, public and published: every sort's index again.
DROP INDEX listings_gallery_newest;
DROP INDEX listings_gallery_views;
DROP INDEX listings_gallery_saves;
DROP INDEX listings_gallery_reserved;
DROP INDEX listings_gallery_parts;
DROP INDEX listings_gallery_category;
DROP INDEX listings_category_views;
DROP INDEX listings_category_saves;
DROP INDEX listings_category_reserved;
DROP INDEX listings_category_parts;
CREATE INDEX listings_gallery_newest ON listings (published_at DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_gallery_views ON listings (view_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_gallery_saves ON listings (save_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_gallery_reserved ON listings (reservation_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_gallery_parts ON listings (part_count ASC, id ASC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_gallery_category ON listings (category, published_at DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_category_views ON listings (category, view_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_category_saves ON listings (category, save_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_category_reserved ON listings (category, reservation_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
CREATE INDEX listings_category_parts ON listings (category, part_count ASC, id ASC) WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published';
