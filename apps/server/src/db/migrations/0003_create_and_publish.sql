-- Create and publish: stored files (uploads and job artefacts), design drafts, listings, and the
-- job columns the runner needs for retries and dead letters.

CREATE TABLE media_files (
  id uuid PRIMARY KEY,
  owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('source_model', 'image', 'kit', 'preview')),
  format text NOT NULL,
  content_type text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text NOT NULL UNIQUE,
  original_name text CHECK (length(original_name) <= 255),
  width integer,
  height integer,
  mesh_report jsonb,
  created_at timestamptz NOT NULL
);
-- The same bytes uploaded twice by one person are one stored file.
CREATE UNIQUE INDEX media_files_owner_upload_sha ON media_files (owner_user_id, kind, sha256)
  WHERE kind IN ('source_model', 'image');

CREATE TABLE design_drafts (
  id uuid PRIMARY KEY,
  owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('A', 'B')),
  title text CHECK (length(title) <= 120),
  source_upload_id uuid REFERENCES media_files (id),
  prompt text CHECK (length(prompt) BETWEEN 3 AND 500),
  source_language text NOT NULL DEFAULT 'en',
  settings jsonb NOT NULL DEFAULT '{}',
  stage text NOT NULL DEFAULT 'created' CHECK (stage IN ('created', 'model_ready', 'kit_ready', 'published')),
  validation_state text NOT NULL DEFAULT 'pending' CHECK (validation_state IN ('pending', 'valid', 'invalid')),
  validation jsonb NOT NULL DEFAULT '{}',
  model_job_id uuid,
  block_kit_job_id uuid,
  kit_file_id uuid REFERENCES media_files (id),
  preview_file_id uuid REFERENCES media_files (id),
  preview_png_file_id uuid REFERENCES media_files (id),
  kit_summary jsonb,
  publish_state text NOT NULL DEFAULT 'unpublished' CHECK (publish_state IN ('unpublished', 'published')),
  listing_id uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (mode = 'A' OR prompt IS NOT NULL)
);
CREATE INDEX design_drafts_owner_idx ON design_drafts (owner_user_id, updated_at DESC, id DESC);

CREATE TABLE listings (
  id uuid PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 96),
  draft_id uuid NOT NULL UNIQUE REFERENCES design_drafts (id),
  owner_user_id uuid NOT NULL REFERENCES users (id),
  creator_user_id uuid NOT NULL REFERENCES users (id),
  title text NOT NULL CHECK (length(title) BETWEEN 3 AND 120),
  description text NOT NULL CHECK (length(description) BETWEEN 10 AND 5000),
  source_language text NOT NULL,
  category text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}' CHECK (cardinality(tags) <= 12),
  visibility text NOT NULL CHECK (visibility IN ('public', 'unlisted', 'private')),
  mode text NOT NULL CHECK (mode IN ('A', 'B')),
  use_case text NOT NULL CHECK (use_case IN ('free_standing', 'decorative')),
  safety jsonb NOT NULL,
  licence_version text NOT NULL,
  licence_accepted_at timestamptz NOT NULL,
  moderation_state text NOT NULL CHECK (moderation_state IN ('pending', 'approved', 'rejected')),
  moderation_flags jsonb NOT NULL DEFAULT '[]',
  kit_file_id uuid NOT NULL REFERENCES media_files (id),
  preview_file_id uuid NOT NULL REFERENCES media_files (id),
  preview_png_file_id uuid REFERENCES media_files (id),
  media_ids uuid[] NOT NULL DEFAULT '{}',
  kit_summary jsonb NOT NULL,
  commerce_state text NOT NULL DEFAULT 'interest_only' CHECK (commerce_state IN ('interest_only')),
  published_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX listings_owner_idx ON listings (owner_user_id, published_at DESC);

ALTER TABLE design_drafts ADD CONSTRAINT design_drafts_listing_fk FOREIGN KEY (listing_id) REFERENCES listings (id);

ALTER TABLE jobs
  ADD COLUMN retries integer NOT NULL DEFAULT 0,
  ADD COLUMN dead_lettered_at timestamptz;
CREATE INDEX jobs_owner_idx ON jobs (owner_user_id, created_at DESC);
