-- Issue 14: a support desk with a real reply path. Additive.
--
-- Status machine (kept names of 0004; see docs/decisions.md): open (new, no staff response yet)
-- → waiting_on_requester (staff replied) ⇄ waiting_on_staff (the requester replied or reopened)
-- → resolved (solved; the requester may reopen within SUPPORT_REOPEN_DAYS) → closed (final).
ALTER TABLE support_conversations
  ADD COLUMN assignee_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN first_staff_response_at timestamptz,
  ADD COLUMN response_time_bucket text
    CHECK (response_time_bucket IN ('under_1h', 'under_4h', 'same_day', 'next_day', 'later')),
  ADD COLUMN solved_at timestamptz,
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN translation_summary text CHECK (length(translation_summary) <= 500),
  -- The audit_log seq of every staff action on the conversation (assign, status, reply, note, link).
  ADD COLUMN audit_refs bigint[] NOT NULL DEFAULT '{}',
  ADD COLUMN message_count integer NOT NULL DEFAULT 1 CHECK (message_count BETWEEN 0 AND 200),
  ADD COLUMN attachment_count integer NOT NULL DEFAULT 0 CHECK (attachment_count BETWEEN 0 AND 20);

-- Rows from before: a first staff response is the earliest staff message; solved/closed times.
UPDATE support_conversations c SET first_staff_response_at = (
  SELECT min(m.created_at) FROM support_messages m WHERE m.conversation_id = c.id AND m.author_role = 'staff');
UPDATE support_conversations SET response_time_bucket = 'later' WHERE first_staff_response_at IS NOT NULL;
UPDATE support_conversations SET solved_at = updated_at WHERE status = 'resolved';
UPDATE support_conversations SET closed_at = updated_at WHERE status = 'closed';
UPDATE support_conversations c SET message_count = (
  SELECT count(*) FROM support_messages m WHERE m.conversation_id = c.id);

ALTER TABLE support_conversations
  ADD CONSTRAINT support_conversations_bucket_check
    CHECK ((first_staff_response_at IS NULL) = (response_time_bucket IS NULL)),
  ADD CONSTRAINT support_conversations_answered_check
    CHECK (status <> 'waiting_on_requester' OR first_staff_response_at IS NOT NULL),
  ADD CONSTRAINT support_conversations_solved_check CHECK (status <> 'resolved' OR solved_at IS NOT NULL),
  ADD CONSTRAINT support_conversations_closed_check CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
  ADD CONSTRAINT support_conversations_source_check CHECK (length(source_surface) BETWEEN 1 AND 64);

-- The staff queue: by due time (default), and by assignee.
CREATE INDEX support_conversations_due_idx ON support_conversations (first_response_due_at, id);
CREATE INDEX support_conversations_assignee_idx ON support_conversations (assignee_user_id, first_response_due_at)
  WHERE assignee_user_id IS NOT NULL;
CREATE INDEX support_conversations_resource_idx ON support_conversations (resource_type, resource_id)
  WHERE resource_type IS NOT NULL;

-- Messages: internal notes (staff only, never shown to the requester), the language written in,
-- and the machine translation for the other side (staff language or the requester's), kept with
-- the original.
ALTER TABLE support_messages
  ADD COLUMN internal boolean NOT NULL DEFAULT false,
  ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'de')),
  ADD COLUMN translated_body text CHECK (length(translated_body) <= 20000),
  ADD COLUMN translated_language text CHECK (translated_language IN ('en', 'fr', 'de')),
  ADD COLUMN translation_status text NOT NULL DEFAULT 'same_language'
    CHECK (translation_status IN ('same_language', 'translated', 'not_translated')),
  ADD COLUMN translation_provider text,
  ADD CONSTRAINT support_messages_internal_check CHECK (NOT internal OR author_role = 'staff'),
  ADD CONSTRAINT support_messages_translation_check CHECK (
    (translation_status = 'translated') = (translated_body IS NOT NULL)
    AND (translation_status = 'same_language') = (translated_language IS NULL));

-- The founder dashboard's first-response index: internal notes are not responses.
DROP INDEX support_messages_staff_idx;
CREATE INDEX support_messages_staff_idx ON support_messages (conversation_id, created_at)
  WHERE author_role = 'staff' AND NOT internal;

-- Attachments: uploads made through POST /api/media/uploads (checked like any upload) by the
-- message's author. An upload erased with its owner's account leaves the message without it.
CREATE TABLE support_attachments (
  message_id uuid NOT NULL REFERENCES support_messages (id) ON DELETE CASCADE,
  upload_id uuid NOT NULL REFERENCES media_files (id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES support_conversations (id) ON DELETE CASCADE,
  PRIMARY KEY (message_id, upload_id)
);
CREATE INDEX support_attachments_upload_idx ON support_attachments (upload_id);
CREATE INDEX support_attachments_conversation_idx ON support_attachments (conversation_id);

-- Links staff make to a bug, an order or a pre-order. Orders and pre-orders have no tables yet,
-- so every reference is stored as text (a tracker URL or key, an order or pre-order id).
CREATE TABLE support_links (
  conversation_id uuid NOT NULL REFERENCES support_conversations (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('bug', 'order', 'preorder')),
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, type, reference)
);
