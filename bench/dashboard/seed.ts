/**
 * Puts a believable beta into a PostgreSQL schema for the founder-dashboard benchmark, in bulk SQL:
 * 1,000,000 product events over 60 days (sessions with first-touch sources and device classes,
 * listing views, design starts, saved drafts, publications), 20,000 people, 2,000 public listings,
 * 100,000 interest reservations (one in eight cancelled), failed jobs, support conversations and
 * alerts. Events arrive when they occur (received_at = occurred_at), as they would over 60 days.
 */
import type pg from 'pg';

export const DAYS = 60;

export async function seedBeta(
  client: pg.Client,
  s: string,
  counts: { events: number; reservations: number },
): Promise<void> {
  // Everything happened in the last 60 days, none of it later than now.
  const start = `now() - interval '${DAYS} days'`;
  // A moment within the 60 days, spread by g (seconds over the whole span).
  const when = (g: string) =>
    `${start} + (((${g})::bigint * 7919) % (${DAYS} * 86400)) * interval '1 second'`;
  await client.query(`
    INSERT INTO ${s}.users (id, username, email, password_hash, display_name, created_at)
    SELECT ('00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'))::uuid, 'beta' || g, 'beta' || g || '@bench.local',
      NULL, 'Beta ' || g, ${when('g')}
    FROM generate_series(1, 20000) g`);
  const user = (g: string) =>
    `('00000000-0000-4000-a000-' || lpad(to_hex(1 + (${g}) % 20000), 12, '0'))::uuid`;
  const files = await client.query(`
    INSERT INTO ${s}.media_files (id, owner_user_id, kind, format, content_type, byte_size, sha256, storage_key, created_at)
    VALUES (gen_random_uuid(), ${user('0')}, 'kit', 'json', 'application/json', 10, repeat('a', 64), 'bench/dash-kit.json', now()),
           (gen_random_uuid(), ${user('0')}, 'preview', 'png', 'image/png', 10, repeat('b', 64), 'bench/dash-preview.png', now())
    RETURNING id`);
  const [kit, preview] = files.rows.map((r: { id: string }) => r.id);
  await client.query(`
    INSERT INTO ${s}.design_drafts (id, owner_user_id, mode, prompt, stage, publish_state, created_at, updated_at)
    SELECT ('00000000-0000-4000-b000-' || lpad(to_hex(g), 12, '0'))::uuid, ${user('g')}, 'B', 'bench design',
      CASE WHEN g <= 2000 THEN 'published' ELSE 'created' END, CASE WHEN g <= 2000 THEN 'published' ELSE 'unpublished' END,
      ${when('g * 3')}, ${when('g * 3')}
    FROM generate_series(1, 8000) g`);
  await client.query(
    `
    INSERT INTO ${s}.listings (id, slug, draft_id, owner_user_id, creator_user_id, title, source_language, category,
      visibility, mode, use_case, licence_version, licence_accepted_at, moderation_state, kit_file_id, preview_file_id,
      published_at, updated_at)
    SELECT ('00000000-0000-4000-c000-' || lpad(to_hex(g), 12, '0'))::uuid, 'dash-' || g,
      ('00000000-0000-4000-b000-' || lpad(to_hex(g), 12, '0'))::uuid, ${user('g')}, ${user('g')}, 'Bench design ' || g,
      'en', 'decor', CASE WHEN g % 10 = 0 THEN 'unlisted' ELSE 'public' END, 'B', 'decorative', '2026-11-01',
      ${when('g * 5')}, 'approved', $1, $2, ${when('g * 5')}, now()
    FROM generate_series(1, 2000) g`,
    [kit, preview],
  );
  // Reservations: each (listing, person) pair once; one in eight cancelled a day later.
  await client.query(`
    INSERT INTO ${s}.interest_reservations (id, listing_id, design_owner_id, user_id, reserver_trust, status,
      acknowledgement_version, acknowledged_at, jurisdiction, intended_use, quantity, source, cancelled_at, created_at,
      refreshed_at)
    SELECT gen_random_uuid(), ('00000000-0000-4000-c000-' || lpad(to_hex(1 + g % 2000), 12, '0'))::uuid,
      ${user('1 + g % 2000')}, ('00000000-0000-4000-a000-' || lpad(to_hex(1 + (g / 2000) % 20000), 12, '0'))::uuid,
      'account', CASE WHEN g % 8 = 0 THEN 'cancelled' ELSE 'active' END, '2026-11-01', ${when('g * 11')},
      CASE WHEN g % 3 = 0 THEN 'GB' ELSE 'DE' END, 'decorative', 1 + g % 3,
      jsonb_build_object('surface', 'listing', 'attribution',
        jsonb_build_object('source', (ARRAY['newsletter','search','social','ads','direct'])[1 + g % 5])),
      CASE WHEN g % 8 = 0 THEN ${when('g * 11')} + interval '1 day' END, ${when('g * 11')}, ${when('g * 11')}
    FROM generate_series(1, ${counts.reservations}) g`);
  await client.query(`
    INSERT INTO ${s}.jobs (id, type, status, error_code, created_at, finished_at)
    SELECT gen_random_uuid(), (ARRAY['model','block_kit','translate'])[1 + g % 3], CASE WHEN g % 4 = 0 THEN 'dead' ELSE 'failed' END,
      (ARRAY['MESH_INVALID','TIMEOUT','PROVIDER_DOWN', NULL])[1 + g % 4], ${when('g * 13')}, ${when('g * 13')}
    FROM generate_series(1, 3000) g`);
  await client.query(`
    INSERT INTO ${s}.support_conversations (id, contact_email, subject, category, status, last_customer_message_at,
      first_response_due_at, created_at, updated_at)
    SELECT ('00000000-0000-4000-d000-' || lpad(to_hex(g), 12, '0'))::uuid, 'someone@bench.local', 'A question', 'question',
      (ARRAY['open','waiting_on_staff','resolved','closed'])[1 + g % 4], ${when('g * 17')},
      ${when('g * 17')} + interval '8 hours', ${when('g * 17')}, ${when('g * 17')}
    FROM generate_series(1, 2000) g`);
  await client.query(`
    INSERT INTO ${s}.support_messages (id, conversation_id, author_role, body, created_at)
    SELECT gen_random_uuid(), ('00000000-0000-4000-d000-' || lpad(to_hex(g), 12, '0'))::uuid, 'staff', 'Hello',
      ${when('g * 17')} + (g % 12) * interval '1 hour'
    FROM generate_series(1, 2000) g WHERE g % 5 <> 0`);
  await client.query(`
    INSERT INTO ${s}.alerts (id, alert_key, severity, title, owner, trigger, impacted_capability, runbook_action, state,
      first_seen_at, last_seen_at, resolved_at)
    SELECT gen_random_uuid(), 'bench_' || g, 'P1', 'Bench alert ' || g, 'Founder / CTO', 'bench', 'bench', 'bench',
      CASE WHEN g % 10 = 0 THEN 'open' ELSE 'resolved' END, ${when('g * 4001')}, ${when('g * 4001')},
      CASE WHEN g % 10 = 0 THEN NULL ELSE ${when('g * 4001')} + interval '1 hour' END
    FROM generate_series(1, 60) g`);
  // Product events: 1 in 4 starts a session (s<n>, some signed in), the rest happen in one of 200,000
  // sessions; views dominate, then design starts, saved drafts and publications.
  await client.query(`
    INSERT INTO ${s}.product_events (id, name, version, consent_class, emitter, properties, user_id, session_id,
      occurred_at, received_at)
    SELECT gen_random_uuid(), e.name, 1, 'analytics', CASE WHEN e.name = 'session_started' THEN 'client' ELSE 'server' END,
      CASE e.name
        WHEN 'session_started' THEN jsonb_build_object('anonymous_session_id', 's' || (g % 200000),
          'first_touch_attribution', jsonb_build_object('source', (ARRAY['newsletter','search','social','ads','direct'])[1 + g % 5]),
          'last_touch_attribution', '{}'::jsonb, 'referrer', NULL,
          'device_class', (ARRAY['mobile','mobile','desktop','tablet'])[1 + (g / 5) % 4], 'consent_state', 'granted')
        WHEN 'listing_viewed' THEN jsonb_build_object('listing_id', 'x', 'designer_id', 'y', 'source_surface', 'gallery',
          'source_attribution', '{}'::jsonb, 'signed_in', false)
        ELSE jsonb_build_object('source_attribution', '{}'::jsonb)
      END,
      CASE WHEN g % 7 = 0 THEN ${user('g % 200000')} END, 's' || (g % 200000), e.at, e.at
    FROM generate_series(1, ${counts.events}) g,
      LATERAL (SELECT CASE
          WHEN g <= 200000 THEN 'session_started'
          WHEN g % 100 < 70 THEN 'listing_viewed'
          WHEN g % 100 < 85 THEN 'create_started'
          WHEN g % 100 < 97 THEN 'draft_saved'
          ELSE 'listing_published' END AS name,
        ${when('g')} AS at) e`);
  for (const table of [
    'product_events',
    'interest_reservations',
    'users',
    'design_drafts',
    'listings',
    'jobs',
    'support_conversations',
    'support_messages',
  ])
    await client.query(`VACUUM ANALYZE ${s}.${table}`);
}
