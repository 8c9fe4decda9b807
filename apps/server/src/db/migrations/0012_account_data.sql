-- Account export and erasure (issue 11). Additive.
--
-- A support conversation outlives the account that opened it (kept for its retention period), but
-- detached: no user, no visitor session, no contact address. What remains is a pseudonymous
-- reference (a keyed hash of the former account id, the same one the erasure's audit entry
-- carries), so the conversation still has a requester of record and staff can match it to that
-- entry without learning who it was.
ALTER TABLE support_conversations ADD COLUMN former_requester_ref text;
ALTER TABLE support_conversations DROP CONSTRAINT support_conversations_check;
ALTER TABLE support_conversations ADD CONSTRAINT support_conversations_requester_check
  CHECK (requester_user_id IS NOT NULL OR requester_visitor_id IS NOT NULL OR contact_email IS NOT NULL
         OR former_requester_ref IS NOT NULL);

-- An export and an erasure read or detach everything of one account: these keep each of those
-- reads, and the foreign keys' ON DELETE actions, from scanning whole tables.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, seq) WHERE actor_id IS NOT NULL;
CREATE INDEX product_events_user_idx ON product_events (user_id, occurred_at) WHERE user_id IS NOT NULL;
CREATE INDEX product_events_session_idx ON product_events (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX error_events_actor_idx ON error_events (actor) WHERE actor IS NOT NULL;
CREATE INDEX auth_sessions_user_all_idx ON auth_sessions (user_id, created_at);
CREATE INDEX visitor_sessions_claimed_by_idx ON visitor_sessions (claimed_by_user_id) WHERE claimed_by_user_id IS NOT NULL;
CREATE INDEX listing_shares_user_idx ON listing_shares (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX support_messages_author_idx ON support_messages (author_user_id) WHERE author_user_id IS NOT NULL;
