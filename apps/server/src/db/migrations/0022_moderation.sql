-- Issue 14: reports and moderation that can act.
--
-- Two more moderation states on listings: `hidden` (out of every public surface while reports or a
-- moderator's decision are reviewed; reservations stay) and `changes_requested` (the owner must edit
-- it, which sends it back to `pending`). `approved` stays the only public value, so the gallery's
-- partial indexes keep their predicate.
ALTER TABLE listings DROP CONSTRAINT listings_moderation_state_check;
ALTER TABLE listings ADD CONSTRAINT listings_moderation_state_check
  CHECK (moderation_state IN ('pending', 'approved', 'rejected', 'hidden', 'changes_requested'));

-- A person's report of a listing (one per listing and reporter: an account `user:<id>`, a visitor
-- session `visitor:<id>`, or, without either, the network `network:<fingerprint>`; an erased
-- account's become `erased:<pseudonymous ref>:<report id>`). The network
-- fingerprint (platform/network.ts) is what distinct reporters are counted by. A report is open
-- until a moderator's decision settles it.
CREATE TABLE moderation_reports (
  id uuid PRIMARY KEY,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  conversation_id uuid REFERENCES support_conversations (id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('intellectual_property', 'safety', 'offensive_or_illegal', 'spam', 'other')),
  reporter_key text NOT NULL CHECK (reporter_key ~ '^(user|visitor|network|erased):'),
  network_fingerprint text NOT NULL CHECK (length(network_fingerprint) = 32),
  message text NOT NULL CHECK (length(message) <= 10000),
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  UNIQUE (listing_id, reporter_key)
);
CREATE INDEX moderation_reports_open_idx ON moderation_reports (listing_id) WHERE settled_at IS NULL;

-- Each moderator decision, never edited. The pairs of (from_state, action, to_state) are the state
-- machine documented in docs/decisions.md; a reason is required where the owner must be told why.
CREATE TABLE moderation_decisions (
  id uuid PRIMARY KEY,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  moderator_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('approve', 'reject', 'hide', 'restore', 'request_changes')),
  reason text CHECK (length(reason) BETWEEN 1 AND 2000),
  from_state text NOT NULL,
  to_state text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK (action IN ('approve', 'restore') OR reason IS NOT NULL),
  CHECK (
    (action = 'approve' AND to_state = 'approved' AND from_state IN ('pending', 'approved', 'rejected', 'changes_requested'))
    OR (action = 'reject' AND to_state = 'rejected' AND from_state IN ('pending', 'approved', 'hidden', 'changes_requested'))
    OR (action = 'hide' AND to_state = 'hidden' AND from_state IN ('pending', 'approved'))
    OR (action = 'restore' AND to_state = 'approved' AND from_state = 'hidden')
    OR (action = 'request_changes' AND to_state = 'changes_requested' AND from_state IN ('pending', 'approved', 'hidden'))
  )
);
CREATE INDEX moderation_decisions_listing_idx ON moderation_decisions (listing_id, created_at DESC, id DESC);

-- An owner's appeal of a decision: one per decision, ever.
CREATE TABLE moderation_appeals (
  id uuid PRIMARY KEY,
  decision_id uuid NOT NULL UNIQUE REFERENCES moderation_decisions (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  conversation_id uuid REFERENCES support_conversations (id) ON DELETE SET NULL,
  message text NOT NULL CHECK (length(message) <= 10000),
  created_at timestamptz NOT NULL,
  answered_by uuid REFERENCES moderation_decisions (id) ON DELETE SET NULL
);

-- The moderation queue: one row per listing waiting for a moderator, with why it waits. `kind` only
-- climbs (review < reported < hidden_by_reports < appealed); a decision takes the row away.
CREATE TABLE moderation_queue (
  listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('review', 'reported', 'hidden_by_reports', 'appealed')),
  queued_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX moderation_queue_order_idx ON moderation_queue (queued_at, listing_id);

-- Listings already waiting for review join the queue.
INSERT INTO moderation_queue (listing_id, kind, queued_at, updated_at)
SELECT id, 'review', updated_at, updated_at FROM listings
WHERE moderation_state = 'pending' AND state <> 'deleted';
