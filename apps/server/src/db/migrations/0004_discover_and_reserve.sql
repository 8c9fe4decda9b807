-- Discover and reserve: gallery search and sorting, views counted once per visitor per day,
-- saves, share links, non-binding interest reservations, translation records, support entry
-- and beta notifications.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE listings
  ADD COLUMN view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  ADD COLUMN save_count integer NOT NULL DEFAULT 0 CHECK (save_count >= 0),
  ADD COLUMN reservation_count integer NOT NULL DEFAULT 0 CHECK (reservation_count >= 0),
  ADD COLUMN reservation_quantity integer NOT NULL DEFAULT 0 CHECK (reservation_quantity >= 0),
  ADD COLUMN part_count integer NOT NULL DEFAULT 0,
  ADD COLUMN size_mm integer NOT NULL DEFAULT 0,
  ADD COLUMN colours text[] NOT NULL DEFAULT '{}',
  ADD COLUMN i18n jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector;

UPDATE listings SET
  part_count = (kit_summary->>'part_count')::int,
  size_mm = greatest((kit_summary->'dimensions_mm'->>'x')::numeric, (kit_summary->'dimensions_mm'->>'y')::numeric,
                     (kit_summary->'dimensions_mm'->>'z')::numeric)::int,
  colours = ARRAY(SELECT jsonb_array_elements_text(kit_summary->'colours')),
  search_vector = setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', array_to_string(tags, ' ')), 'B')
                  || setweight(to_tsvector('simple', description), 'C');

-- What the gallery may show: approved and public. Every sort has its own index over that set.
CREATE INDEX listings_gallery_newest ON listings (published_at DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_gallery_views ON listings (view_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_gallery_saves ON listings (save_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_gallery_reserved ON listings (reservation_count DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_gallery_parts ON listings (part_count ASC, id ASC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_gallery_category ON listings (category, published_at DESC, id DESC) WHERE moderation_state = 'approved' AND visibility = 'public';
CREATE INDEX listings_search_idx ON listings USING gin (search_vector);
CREATE INDEX listings_title_trgm_idx ON listings USING gin (lower(title) gin_trgm_ops);
CREATE INDEX listings_tags_idx ON listings USING gin (tags);
CREATE INDEX listings_colours_idx ON listings USING gin (colours);

-- One row per listing, viewer and day: a view counts once per session per day.
CREATE TABLE listing_views (
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  viewer_key text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (listing_id, viewer_key, day)
);

CREATE TABLE listing_saves (
  id uuid PRIMARY KEY,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  visitor_id uuid REFERENCES visitor_sessions (id) ON DELETE CASCADE,
  source_surface text NOT NULL DEFAULT 'web',
  created_at timestamptz NOT NULL,
  CHECK ((user_id IS NULL) <> (visitor_id IS NULL))
);
CREATE UNIQUE INDEX listing_saves_user_key ON listing_saves (listing_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX listing_saves_visitor_key ON listing_saves (listing_id, visitor_id) WHERE visitor_id IS NOT NULL;
CREATE INDEX listing_saves_user_idx ON listing_saves (user_id, created_at DESC);
CREATE INDEX listing_saves_visitor_idx ON listing_saves (visitor_id, created_at DESC);

CREATE TABLE listing_shares (
  id uuid PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{6,16}$'),
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('copy_link', 'native', 'email', 'x', 'facebook', 'whatsapp', 'pinterest', 'other')),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  visitor_id uuid REFERENCES visitor_sessions (id) ON DELETE SET NULL,
  visits integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);

-- Non-binding interest (Phase A's demand test): no card, no charge, no order.
CREATE TABLE interest_reservations (
  id uuid PRIMARY KEY,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  design_owner_id uuid NOT NULL REFERENCES users (id),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  visitor_id uuid REFERENCES visitor_sessions (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
  acknowledgement_version text NOT NULL,
  acknowledged_at timestamptz NOT NULL,
  jurisdiction text NOT NULL CHECK (jurisdiction ~ '^[A-Z]{2}$'),
  intended_use text NOT NULL CHECK (intended_use IN ('free_standing', 'decorative')),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  source jsonb NOT NULL DEFAULT '{}',
  price_snapshot jsonb,
  conversion_invite_state text NOT NULL DEFAULT 'not_invited' CHECK (conversion_invite_state IN ('not_invited', 'invited', 'declined', 'converted')),
  cancellation_reason text CHECK (length(cancellation_reason) <= 500),
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL,
  refreshed_at timestamptz NOT NULL,
  CHECK ((user_id IS NULL) <> (visitor_id IS NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
-- One active reservation per person (or visitor session) per listing, whatever the concurrency.
CREATE UNIQUE INDEX interest_reservations_active_user ON interest_reservations (listing_id, user_id) WHERE status = 'active' AND user_id IS NOT NULL;
CREATE UNIQUE INDEX interest_reservations_active_visitor ON interest_reservations (listing_id, visitor_id) WHERE status = 'active' AND visitor_id IS NOT NULL;
CREATE INDEX interest_reservations_user_idx ON interest_reservations (user_id, created_at DESC, id DESC);
CREATE INDEX interest_reservations_visitor_idx ON interest_reservations (visitor_id, created_at DESC, id DESC);
CREATE INDEX interest_reservations_listing_idx ON interest_reservations (listing_id, status);

-- User text in its source language and its translations, one record per resource field.
CREATE TABLE translation_records (
  id uuid PRIMARY KEY,
  resource_type text NOT NULL,
  resource_id uuid NOT NULL,
  field text NOT NULL,
  source_text text NOT NULL,
  source_language text NOT NULL,
  source_hash text NOT NULL,
  variants jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete', 'failed')),
  stale boolean NOT NULL DEFAULT true,
  provider text,
  moderation_flags jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (resource_type, resource_id, field)
);

CREATE TABLE support_conversations (
  id uuid PRIMARY KEY,
  requester_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  requester_visitor_id uuid REFERENCES visitor_sessions (id) ON DELETE SET NULL,
  contact_email text,
  subject text NOT NULL CHECK (length(subject) BETWEEN 3 AND 160),
  category text NOT NULL CHECK (category IN ('question', 'bug', 'report_listing', 'account', 'reservation', 'feedback', 'other')),
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'waiting_on_staff', 'waiting_on_requester', 'resolved', 'closed')),
  source_surface text NOT NULL DEFAULT 'web',
  resource_type text,
  resource_id text,
  language text NOT NULL DEFAULT 'en',
  last_customer_message_at timestamptz NOT NULL,
  last_staff_response_at timestamptz,
  first_response_due_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (requester_user_id IS NOT NULL OR requester_visitor_id IS NOT NULL OR contact_email IS NOT NULL)
);
CREATE INDEX support_conversations_user_idx ON support_conversations (requester_user_id, updated_at DESC);
CREATE INDEX support_conversations_visitor_idx ON support_conversations (requester_visitor_id, updated_at DESC);

CREATE TABLE support_messages (
  id uuid PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES support_conversations (id) ON DELETE CASCADE,
  author_role text NOT NULL CHECK (author_role IN ('requester', 'staff', 'system')),
  author_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL
);

CREATE TABLE beta_notifications (
  id uuid PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL,
  read_at timestamptz
);
CREATE INDEX beta_notifications_user_idx ON beta_notifications (user_id, created_at DESC);
