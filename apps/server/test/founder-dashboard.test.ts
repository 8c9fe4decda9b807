/**
 * The founder dashboard (issue 13): known rows — people, drafts, listings, reservations, jobs,
 * support conversations, alerts and product events, at known times inside and outside the period —
 * and every figure of GET /api/admin/beta compared with what those rows say; the rollup of product
 * events counts each event once whether it is read live or rolled up; roles, the adminBeta flag,
 * bad periods and the CSV exports.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const NOW = '2026-03-10T12:00:00Z';
const at = (day: string, time = '10:00') => new Date(`2026-${day}T${time}:00Z`);

describe('founder dashboard', () => {
  let t: TestApp;
  let staff: string;
  let founder: string;
  let user: string;
  const ids = { u1: randomUUID(), u2: randomUUID(), u3: randomUUID(), u4: randomUUID() };

  /** A network fingerprint per person (32 hex digits, as platform/network.ts makes them). */
  const networkOf = (who: string) => who.replaceAll('-', '');

  const get = (url: string, token = founder) => t.app.inject({ url, headers: bearer(token) });

  async function event(
    name: string,
    day: string,
    who: { session?: string; user?: string },
    properties: Record<string, unknown> = {},
  ) {
    await t.database.db
      .insertInto('product_events')
      .values({
        id: randomUUID(),
        name,
        version: 1,
        consent_class: 'analytics',
        emitter: name === 'session_started' ? 'client' : 'server',
        properties: JSON.stringify(properties),
        user_id: who.user ?? null,
        session_id: who.session ?? null,
        occurred_at: at(day),
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: new ManualClock(NOW), founderRollupLagMs: 3_600_000 });
    await seedDemoUsers(t.database.db);
    staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    founder = (await login(t.app, 'founder', 'kitwright-demo')).json().access_token;
    const member = await register(t.app);
    user = member.access_token;
    const db = t.database.db;
    // The accounts the test signs in with were made long before the beta.
    await sql`UPDATE users SET created_at = '2025-12-01T00:00:00Z'`.execute(db);
    await sql`DELETE FROM product_events`.execute(db);

    // People: three in launch week, one later in the month, one before launch, one staff member.
    const person = (id: string, name: string, created: Date, role: 'user' | 'staff' = 'user') => ({
      id,
      username: name,
      email: `${name}@example.com`,
      display_name: name,
      role,
      created_at: created,
    });
    await db
      .insertInto('users')
      .values([
        person(ids.u1, 'fd-u1', at('03-01', '09:00')),
        person(ids.u2, 'fd-u2', at('03-02')),
        person(ids.u3, 'fd-u3', at('03-05')),
        person(ids.u4, 'fd-u4', at('03-09')),
        person(randomUUID(), 'fd-before', at('02-25')),
        person(randomUUID(), 'fd-staff', at('03-02'), 'staff'),
      ])
      .execute();

    // Drafts: 03-01 ×2, 03-06, 03-09, and one before launch.
    const drafts = ['03-01', '03-01', '03-06', '03-09', '02-27'].map((day) => ({
      id: randomUUID(),
      owner_user_id: ids.u1,
      mode: 'B' as const,
      prompt: 'a small tower',
      created_at: at(day),
      updated_at: at(day),
    }));
    await db.insertInto('design_drafts').values(drafts).execute();
    const media = ['kit', 'preview'].map((kind) => ({
      id: randomUUID(),
      owner_user_id: ids.u1,
      kind: kind as 'kit' | 'preview',
      format: 'json',
      content_type: 'application/json',
      byte_size: 10,
      sha256: 'a'.repeat(64),
      storage_key: `fd/${kind}-${randomUUID()}`,
      created_at: at('03-01'),
    }));
    await db.insertInto('media_files').values(media).execute();
    // Listings: public 03-02, public (pending moderation) 03-03, unlisted 03-04, public 03-09.
    const listing = (
      i: number,
      day: string,
      visibility: 'public' | 'unlisted',
      moderation: 'approved' | 'pending',
    ) => ({
      id: randomUUID(),
      slug: `fd-listing-${i}`,
      draft_id: drafts[i]!.id,
      owner_user_id: ids.u1,
      creator_user_id: ids.u1,
      title: `Listing ${i}`,
      source_language: 'en',
      category: 'decor',
      visibility,
      mode: 'B' as const,
      use_case: 'decorative' as const,
      licence_version: '2026-11-01',
      licence_accepted_at: at(day),
      moderation_state: moderation,
      kit_file_id: media[0]!.id,
      preview_file_id: media[1]!.id,
      published_at: at(day),
      updated_at: at(day),
    });
    const listings = [
      listing(0, '03-02', 'public', 'approved'),
      listing(1, '03-03', 'public', 'pending'),
      listing(2, '03-04', 'unlisted', 'approved'),
      listing(3, '03-09', 'public', 'approved'),
    ];
    await db.insertInto('listings').values(listings).execute();

    // Reservations: made 03-02, 03-03 (cancelled 03-04), 03-04, 03-06 (cancelled 03-09), 03-09:
    // launch week has 4 of them from 3 households (u2 reserved twice), none flagged.
    const reservation = (
      who: string,
      day: string,
      source: Record<string, unknown>,
      cancelledOn?: string,
    ) => ({
      // Each person reserves from their own home network (u2's two reservations: one household).
      network_fingerprint: networkOf(who),
      id: randomUUID(),
      listing_id: listings[0]!.id,
      design_owner_id: ids.u1,
      user_id: who,
      visitor_id: null,
      // One person's reservations come from a verified account, the others' from unverified ones.
      reserver_trust: who === ids.u2 ? ('verified' as const) : ('account' as const),
      status: cancelledOn ? ('cancelled' as const) : ('active' as const),
      acknowledgement_version: '2026-11-01',
      acknowledged_at: at(day),
      jurisdiction: 'GB',
      intended_use: 'decorative' as const,
      quantity: 1,
      source: JSON.stringify(source),
      cancelled_at: cancelledOn ? at(cancelledOn) : null,
      created_at: at(day),
      refreshed_at: at(day),
    });
    await db
      .insertInto('interest_reservations')
      .values([
        reservation(ids.u2, '03-02', { surface: 'listing', attribution: { source: 'newsletter' } }),
        reservation(ids.u3, '03-03', { surface: 'listing', share_code: 'abc123' }, '03-04'),
        reservation(ids.u4, '03-04', { surface: 'listing' }),
        reservation(ids.u2, '03-06', { surface: 'listing', attribution: { utm_source: 'ads' } }, '03-09'),
        reservation(ids.u3, '03-09', { surface: 'listing' }),
      ])
      .execute();

    // Jobs: failed 03-02 and dead 03-03 (block_kit, KIT_FAILED), failed 03-05 (model, MODEL_FAILED),
    // failed 03-09 without a code, one that succeeded and one that ended degraded (a usable
    // result with part of the prompt unused: not a failure, so not counted).
    const job = (
      day: string,
      type: string,
      status: 'failed' | 'dead' | 'succeeded' | 'degraded',
      code: string | null,
    ) => ({
      id: randomUUID(),
      type,
      status,
      error_code: code,
      degraded_reason: status === 'degraded' ? 'Not used: desk.' : null,
      created_at: at(day, '08:00'),
      finished_at: at(day),
    });
    await db
      .insertInto('jobs')
      .values([
        job('03-02', 'block_kit', 'failed', 'KIT_FAILED'),
        job('03-03', 'block_kit', 'dead', 'KIT_FAILED'),
        job('03-05', 'model', 'failed', 'MODEL_FAILED'),
        job('03-09', 'model', 'failed', null),
        job('03-02', 'model', 'succeeded', null),
        job('03-04', 'model', 'degraded', null),
      ])
      .execute();

    // Beta feedback: three in launch week (bug 2 and 4, praise 5), one on 03-09 (after it).
    const feedback = (day: string, rating: number, reason: 'bug' | 'praise') => ({
      id: randomUUID(),
      user_id: ids.u1,
      rating,
      reason,
      screen: 'create',
      server_version: '0.9.0-beta.1',
      release_tag: 'phase-a-interest-beta-test',
      body_language: 'en',
      translation_language: 'en',
      translation_status: 'not_needed' as const,
      created_at: at(day),
    });
    await db
      .insertInto('beta_feedback')
      .values([
        feedback('03-02', 2, 'bug'),
        feedback('03-03', 4, 'bug'),
        feedback('03-04', 5, 'praise'),
        feedback('03-09', 1, 'bug'),
      ])
      .execute();

    // Support: answered in 60 min; answered the next morning (breach); never answered (breach);
    // answered in 60 min on 03-09.
    const conversation = async (created: Date, due: Date, status: string, reply: Date | null) => {
      const id = randomUUID();
      await db
        .insertInto('support_conversations')
        .values({
          id,
          contact_email: 'someone@example.com',
          subject: 'A question',
          category: 'question',
          status,
          last_customer_message_at: created,
          first_response_due_at: due,
          // Kept consistent with the replies, as migration 0021's checks require.
          first_staff_response_at: reply,
          last_staff_response_at: reply,
          response_time_bucket: reply ? 'same_day' : null,
          solved_at: status === 'resolved' ? reply : null,
          created_at: created,
          updated_at: created,
        })
        .execute();
      const messages: Array<{ author_role: 'requester' | 'staff'; created_at: Date }> = [
        { author_role: 'requester', created_at: created },
      ];
      if (reply) messages.push({ author_role: 'staff', created_at: reply });
      await db
        .insertInto('support_messages')
        .values(messages.map((m) => ({ ...m, id: randomUUID(), conversation_id: id, body: 'Hello' })))
        .execute();
    };
    await conversation(
      at('03-02', '09:00'),
      at('03-02', '17:30'),
      'waiting_on_requester',
      at('03-02', '10:00'),
    );
    await conversation(at('03-03', '16:00'), at('03-03', '17:30'), 'resolved', at('03-04', '09:00'));
    await conversation(at('03-05', '10:00'), at('03-05', '17:30'), 'open', null);
    await conversation(at('03-09', '10:00'), at('03-09', '17:30'), 'resolved', at('03-09', '11:00'));

    // Alerts: open since 03-03, resolved (first seen 03-06), open since before launch.
    const alert = (key: string, first: Date, resolved: Date | null) => ({
      id: randomUUID(),
      alert_key: key,
      severity: 'P1',
      title: `Alert ${key}`,
      owner: 'Founder / CTO',
      trigger: 'test',
      impacted_capability: 'test',
      runbook_action: 'test',
      state: resolved ? ('resolved' as const) : ('open' as const),
      first_seen_at: first,
      last_seen_at: resolved ?? first,
      resolved_at: resolved,
    });
    await db
      .insertInto('alerts')
      .values([
        alert('fd_open', at('03-03'), null),
        alert('fd_resolved', at('03-06'), at('03-07')),
        alert('fd_old', at('02-20'), null),
      ])
      .execute();

    // Product events. Sessions: S1 newsletter/mobile, S2 no source/desktop, u2's ads/desktop,
    // S4 newsletter/mobile (after launch week), S5 a formula as its source (tablet), S0 before launch.
    await event(
      'session_started',
      '02-27',
      { session: 'S0' },
      { first_touch_attribution: { source: 'early' } },
    );
    await event(
      'session_started',
      '03-01',
      { session: 'S1' },
      { first_touch_attribution: { source: 'newsletter' }, device_class: 'mobile' },
    );
    await event(
      'session_started',
      '03-02',
      { session: 'S2' },
      { first_touch_attribution: {}, device_class: 'desktop' },
    );
    await event(
      'session_started',
      '03-05',
      { user: ids.u2 },
      { first_touch_attribution: { utm_source: 'ads' }, device_class: 'desktop' },
    );
    await event(
      'session_started',
      '03-09',
      { session: 'S4' },
      { first_touch_attribution: { source: 'newsletter' }, device_class: 'mobile' },
    );
    await event(
      'session_started',
      '03-07',
      { session: 'S5' },
      { first_touch_attribution: { source: '=SUM(1)' }, device_class: 'tablet' },
    );
    await event('create_started', '03-01', { session: 'S1' }, { source_attribution: {} });
    await event('create_started', '03-02', { session: 'S2' }, { source_attribution: {} });
    await event('create_started', '03-05', { user: ids.u2 }, { source_attribution: {} });
    await event('draft_saved', '03-01', { session: 'S1' });
    await event('draft_saved', '03-05', { user: ids.u2 });
    await event('listing_published', '03-06', { user: ids.u2 });
    await event('listing_viewed', '03-02', { session: 'S1' }, { source_attribution: {} });
    await event('listing_viewed', '03-03', { session: 'S2' }, { source_attribution: { source: 'share' } });
    await event('listing_viewed', '03-04', {}, { source_attribution: {} });
    await event('listing_viewed', '03-09', { session: 'S4' }, { source_attribution: {} });
  });

  afterAll(async () => t?.close());

  const metricsOf = (body: {
    metrics: Array<{ key: string; value: number; target: number | null; status: string | null }>;
  }) =>
    Object.fromEntries(
      body.metrics.map((m) => [m.key, { value: m.value, target: m.target, status: m.status }]),
    );

  function expectLaunchWeek(body: Record<string, unknown> & { metrics: never }, designStarts = 3) {
    const b = body as never as {
      period: Record<string, unknown>;
      metrics: Array<{
        key: string;
        value: number;
        target: number | null;
        status: string | null;
        expected_by_now: number | null;
      }>;
      cancellation_rate: unknown;
      interest_reservations: unknown;
      failed_jobs: unknown;
      support: unknown;
      beta_feedback: { available: boolean; reason: string | null };
      incidents: { open: Array<{ alert_key: string }>; recent: Array<{ alert_key: string }> };
      funnels: unknown;
      daily: Array<Record<string, unknown>>;
    };
    expect(b.period).toEqual({
      kind: 'launch_week',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-08T00:00:00.000Z',
      launch_day: '2026-03-01',
      elapsed_share: 1,
      as_of: '2026-03-10T12:00:00.000Z',
    });
    expect(metricsOf(b)).toEqual({
      sign_ups: { value: 3, target: 50, status: 'behind' },
      design_starts: { value: designStarts, target: 25, status: 'behind' },
      saved_drafts: { value: 3, target: 15, status: 'behind' },
      published_public_designs: { value: 2, target: 10, status: 'behind' },
      listing_views: { value: 3, target: 250, status: 'behind' },
      interest_reservations: { value: 3, target: 15, status: 'behind' },
      verified_reservations: { value: 2, target: null, status: null },
      visitor_reservations: { value: 0, target: null, status: null },
      cancellations: { value: 1, target: null, status: null },
      failed_jobs: { value: 3, target: null, status: null },
      support_opened: { value: 3, target: null, status: null },
      incidents_opened: { value: 2, target: null, status: null },
    });
    expect(b.metrics.find((m) => m.key === 'sign_ups')?.expected_by_now).toBe(50);
    // The target is judged on households; raw and flagged are given beside them.
    expect(b.interest_reservations).toEqual({ raw: 4, households: 3, flagged: 0 });
    expect(b.cancellation_rate).toEqual({
      value: 0.5,
      cancelled: 2,
      reserved: 4,
      target_below: 0.15,
      status: 'behind',
    });
    expect(b.failed_jobs).toEqual({
      total: 3,
      by_type: [
        { type: 'block_kit', error_code: 'KIT_FAILED', count: 2 },
        { type: 'model', error_code: 'MODEL_FAILED', count: 1 },
      ],
    });
    expect(b.support).toEqual({
      opened: 3,
      open_now: 2,
      first_response: { responded: 2, awaiting: 1, median_minutes: 540, max_minutes: 1020 },
      breaches: 2,
      target: 'same_day',
      status: 'behind',
    });
    // Counted from the beta_feedback rows of launch week (the one on 03-09 is outside it).
    expect(b.beta_feedback).toEqual({
      available: true,
      reason: null,
      count: 3,
      mean_rating: 3.67,
      by_reason: [
        { reason: 'bug', count: 2 },
        { reason: 'praise', count: 1 },
      ],
    });
    expect(b.incidents.open.map((i) => i.alert_key).sort()).toEqual(['fd_old', 'fd_open']);
    expect(b.incidents.recent.map((i) => i.alert_key)).toEqual(['fd_resolved', 'fd_open']);
    const s = (step: string, count: number, conversion: number | null) => ({ step, count, conversion });
    const create = (a: number, b2: number, c: number, d: number) => [
      s('session_started', a, null),
      s('create_started', b2, a ? b2 / a : null),
      s('draft_saved', c, b2 ? c / b2 : null),
      s('listing_published', d, c ? d / c : null),
    ];
    const reserve = (views: number, reservations: number) => [
      s('listing_viewed', views, null),
      s('interest_reservation', reservations, views ? reservations / views : null),
    ];
    // S1's create_started counted under its session's first touch; u2's through their user's.
    const extra = designStarts - 3;
    expect(b.funnels).toEqual([
      {
        key: 'create',
        steps: create(4, 3 + extra, 2, 1),
        by_source: [
          { value: '=SUM(1)', steps: create(1, 0, 0, 0) },
          { value: 'ads', steps: create(1, 1, 1, 1) },
          { value: 'direct', steps: create(1, 1, 0, 0) },
          { value: 'newsletter', steps: create(1, 1 + extra, 1, 0) },
        ],
        by_device: [
          { value: 'desktop', steps: create(2, 2, 1, 1) },
          { value: 'mobile', steps: create(1, 1 + extra, 1, 0) },
          { value: 'tablet', steps: create(1, 0, 0, 0) },
        ],
      },
      {
        key: 'reserve',
        steps: reserve(3, 4),
        by_source: [
          { value: 'ads', steps: reserve(0, 1) },
          { value: 'direct', steps: reserve(1, 1) },
          { value: 'newsletter', steps: reserve(1, 1) },
          { value: 'share', steps: reserve(1, 1) },
        ],
        by_device: null,
      },
    ]);
    const day = (
      d: string,
      [sign, starts, drafts, pub, views, res, canc, failed, support, incidents]: number[],
      verified = 0,
    ) => ({
      day: d,
      sign_ups: sign,
      design_starts: starts,
      saved_drafts: drafts,
      published_public_designs: pub,
      listing_views: views,
      interest_reservations: res,
      verified_reservations: verified,
      visitor_reservations: 0,
      cancellations: canc,
      failed_jobs: failed,
      support_opened: support,
      incidents_opened: incidents,
    });
    expect(b.daily).toEqual([
      day('2026-03-01', [1, 1, 2, 0, 0, 0, 0, 0, 0, 0]),
      day('2026-03-02', [1, 1, 0, 1, 1, 1, 0, 1, 1, 0], 1),
      day('2026-03-03', [0, 0, 0, 1, 1, 1, 0, 1, 1, 1]),
      day('2026-03-04', [0, 0, 0, 0, 1, 1, 1, 0, 0, 0]),
      day('2026-03-05', [1, 1, 0, 0, 0, 0, 0, 1, 1, 0]),
      day('2026-03-06', [0, 0, 1, 0, 0, 1, 0, 0, 0, 1], 1),
      day('2026-03-07', [0, extra, 0, 0, 0, 0, 0, 0, 0, 0]),
    ]);
  }

  it('counts launch week from the rows, read live', async () => {
    const res = await get('/api/admin/beta');
    expect(res.statusCode, res.body).toBe(200);
    expectLaunchWeek(res.json());
  });

  it('counts the same once the events are rolled up, and each event once', async () => {
    const db = t.database.db;
    /** Two hours pass for the database: every arrival and the rollup's mark are that much older. */
    const twoHoursPass = async () => {
      await sql`UPDATE product_events SET received_at = received_at - interval '2 hours'`.execute(db);
      await sql`UPDATE founder_rollup_state SET rolled_up_to = rolled_up_to - interval '2 hours'`.execute(db);
    };
    const rolledUp = async () =>
      (
        await sql<{ n: number }>`SELECT coalesce(sum(events), 0)::int AS n FROM founder_event_days`.execute(
          db,
        )
      ).rows[0]?.n;
    expect(await rolledUp()).toBe(0);
    // Events older than the rollup's lag (an hour here) are rolled up by the next read.
    await twoHoursPass();
    const rolled = await get('/api/admin/beta', staff);
    expect(rolled.statusCode).toBe(200);
    expectLaunchWeek(rolled.json());
    expect(await rolledUp()).toBe(16);
    // A new event is read live beside the rollup; reading again counts nothing twice.
    await event('create_started', '03-07', { session: 'S1' }, { source_attribution: {} });
    expectLaunchWeek((await get('/api/admin/beta')).json(), 4);
    expectLaunchWeek((await get('/api/admin/beta')).json(), 4);
    expect(await rolledUp()).toBe(16);
    await twoHoursPass();
    // Readers at once: one rolls the new event up, the others wait for it or read it live.
    const together = await Promise.all([
      get('/api/admin/beta'),
      get('/api/admin/beta', staff),
      get('/api/admin/beta'),
    ]);
    for (const res of together) expectLaunchWeek(res.json(), 4);
    expectLaunchWeek((await get('/api/admin/beta')).json(), 4);
    // The rollup holds every event exactly once.
    expect(await rolledUp()).toBe(17);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM product_events`.execute(db);
    expect(rows.rows[0]?.n).toBe(17);
  });

  it('counts the first 30 days against their targets, pro-rated while the window runs', async () => {
    const res = await get('/api/admin/beta?period=first_30_days');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toMatchObject({
      kind: 'first_30_days',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T00:00:00.000Z',
      elapsed_share: 0.32,
    });
    const share = 9.5 / 30;
    expect(metricsOf(body)).toMatchObject({
      sign_ups: { value: 4, target: 500, status: 'behind' },
      saved_drafts: { value: 4, target: 300, status: 'behind' },
      published_public_designs: { value: 3, target: 100, status: 'behind' },
      listing_views: { value: 4, target: 5000, status: 'behind' },
      interest_reservations: { value: 3, target: 250, status: 'behind' },
      cancellations: { value: 2 },
      failed_jobs: { value: 4 },
      support_opened: { value: 4 },
      incidents_opened: { value: 2 },
    });
    expect(body.metrics.find((m: { key: string }) => m.key === 'sign_ups').expected_by_now).toBe(
      Math.round(500 * share * 100) / 100,
    );
    expect(body.interest_reservations).toEqual({ raw: 5, households: 3, flagged: 0 });
    expect(body.cancellation_rate).toEqual({
      value: 0.4,
      cancelled: 2,
      reserved: 5,
      target_below: 0.2,
      status: 'behind',
    });
    expect(body.failed_jobs.by_type).toContainEqual({ type: 'model', error_code: 'UNKNOWN', count: 1 });
    expect(body.support).toMatchObject({
      opened: 4,
      first_response: { responded: 3, awaiting: 1, median_minutes: 60, max_minutes: 1020 },
      breaches: 2,
      target: 'same_business_day',
      status: 'behind',
    });
    expect(body.daily).toHaveLength(30);
  });

  it('takes custom whole UTC days, with no targets', async () => {
    const res = await get('/api/admin/beta?from=2026-03-02T00:00:00Z&to=2026-03-04T00:00:00Z');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toMatchObject({
      kind: 'custom',
      from: '2026-03-02T00:00:00.000Z',
      to: '2026-03-04T00:00:00.000Z',
    });
    expect(metricsOf(body)).toMatchObject({
      sign_ups: { value: 1, target: null, status: null },
      design_starts: { value: 1, target: null, status: null },
      published_public_designs: { value: 2 },
      listing_views: { value: 2 },
      interest_reservations: { value: 2 },
    });
    expect(body.daily.map((d: { day: string }) => d.day)).toEqual(['2026-03-02', '2026-03-03']);
    expect(body.support.status).toBeNull();
  });

  it('refuses a bad period with a 400 in the envelope', async () => {
    for (const query of [
      'period=custom&from=2026-03-01T00:00:00Z',
      'period=custom',
      'from=2026-03-01T10:00:00Z&to=2026-03-05T00:00:00Z',
      'from=2026-03-05T00:00:00Z&to=2026-03-01T00:00:00Z',
      'from=2026-03-05T00:00:00Z&to=2026-03-05T00:00:00Z',
      'from=2025-01-01T00:00:00Z&to=2026-03-01T00:00:00Z',
      'period=launch_week&from=2026-03-01T00:00:00Z&to=2026-03-05T00:00:00Z',
      'from=yesterday&to=2026-03-05T00:00:00Z',
      'period=forever',
    ]) {
      const res = await get(`/api/admin/beta?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('is for staff and founders only, and answers 403 FEATURE_DISABLED while adminBeta is off', async () => {
    expect((await t.app.inject({ url: '/api/admin/beta' })).statusCode).toBe(401);
    const member = await get('/api/admin/beta', user);
    expect(member.statusCode).toBe(403);
    expect(member.json().error.code).toBe('FORBIDDEN');
    expect((await get('/api/admin/beta/export/daily.csv', user)).statusCode).toBe(403);
    await t.controls.setFlag('adminBeta', false, { type: 'operator', id: null });
    try {
      for (const url of ['/api/admin/beta', '/api/admin/beta/export/metrics.csv']) {
        const off = await get(url, staff);
        expect(off.statusCode, url).toBe(403);
        expect(off.json().error.code).toBe('FEATURE_DISABLED');
      }
    } finally {
      await t.controls.setFlag('adminBeta', true, { type: 'operator', id: null });
    }
    expect((await get('/api/admin/beta', staff)).statusCode).toBe(200);
  });

  it('exports every table as CSV with the figures of the dashboard, formulas defused', async () => {
    const body = (await get('/api/admin/beta')).json();
    const csv = async (table: string, query = '') => {
      const res = await get(`/api/admin/beta/export/${table}.csv${query}`);
      expect(res.statusCode, table).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      return res.body.split('\r\n').filter(Boolean);
    };
    const daily = await csv('daily');
    expect(daily[0]).toBe(
      'day,sign_ups,design_starts,saved_drafts,published_public_designs,listing_views,interest_reservations,verified_reservations,visitor_reservations,cancellations,failed_jobs,support_opened,incidents_opened',
    );
    expect(daily.slice(1)).toEqual(
      body.daily.map((d: Record<string, unknown>) => Object.values(d).join(',')),
    );
    const metrics = await csv('metrics');
    expect(metrics).toContain('sign_ups,3,50,50,behind,users created with the user role');
    expect(metrics).toContain(
      'cancellation_rate,0.5,0.15,,behind,2 of 4 reservations made in the period are cancelled',
    );
    expect(metrics).toContain(
      'interest_reservations,3,15,15,behind,"distinct households (networks) among the interest reservations made, flagged bursts left out"',
    );
    expect(metrics).toContain(
      'interest_reservations_raw,4,,,,"interest reservations made, flagged ones and repeat households included"',
    );
    expect(metrics).toContain(
      'interest_reservations_flagged,0,,,,"of those, flagged for review as a burst from one network"',
    );
    expect(await csv('failed_jobs')).toEqual([
      'type,error_code,count',
      'block_kit,KIT_FAILED,2',
      'model,MODEL_FAILED,1',
    ]);
    const funnels = await csv('funnels');
    expect(funnels).toContain("create,source,'=SUM(1),session_started,1,");
    expect(funnels).toContain('reserve,all,,interest_reservation,4,1.3333333333333333');
    expect(funnels.some((l) => l.startsWith('create,source,=SUM'))).toBe(false);
    expect(await csv('support')).toEqual([
      'opened,open_now,responded,awaiting,median_first_response_minutes,max_first_response_minutes,breaches,target,status',
      '3,2,2,1,540,1020,2,same_day,behind',
    ]);
    expect(await csv('beta_feedback')).toEqual([
      'reason,count,mean_rating_all',
      'bug,2,3.67',
      'praise,1,3.67',
      'all,3,3.67',
    ]);
    const incidents = await csv('incidents');
    expect(incidents).toHaveLength(1 + 2 + 2);
    expect((await csv('daily', '?period=first_30_days')).length).toBe(31);
    expect((await get('/api/admin/beta/export/people.csv')).statusCode).toBe(400);
    expect((await get('/api/admin/beta/export/daily.csv?period=custom')).statusCode).toBe(400);
  });

  it('keeps the reservation days equal to the rows through cancelling, editing and deleting', async () => {
    const db = t.database.db;
    type Day = {
      day: string;
      source: string;
      trust: string;
      made: number;
      made_cancelled: number;
      cancellations: number;
    };
    const fromRows = async () =>
      (
        await sql<Day>`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, source, trust, sum(made)::int AS made,
            sum(made_cancelled)::int AS made_cancelled, sum(cancellations)::int AS cancellations
          FROM (
            SELECT (created_at AT TIME ZONE 'UTC')::date AS day, source_label AS source, reserver_trust AS trust,
              1 AS made, (status = 'cancelled')::int AS made_cancelled, 0 AS cancellations
            FROM interest_reservations
            UNION ALL
            SELECT (cancelled_at AT TIME ZONE 'UTC')::date, source_label, reserver_trust, 0, 0, 1
            FROM interest_reservations WHERE cancelled_at IS NOT NULL) r
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db)
      ).rows;
    const kept = async () =>
      (
        await sql<Day>`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, source_label AS source, reserver_trust AS trust, made,
            made_cancelled, cancellations
          FROM interest_reservation_days WHERE made > 0 OR cancellations > 0 ORDER BY 1, 2, 3`.execute(db)
      ).rows;
    expect((await kept()).length).toBe(7);
    expect(await kept()).toEqual(await fromRows());
    await sql`UPDATE interest_reservations SET status = 'cancelled', cancelled_at = '2026-03-10T09:00:00Z'
      WHERE created_at = '2026-03-09T10:00:00Z'`.execute(db);
    await sql`UPDATE interest_reservations SET source = '{"surface":"listing","attribution":{"source":"radio"}}'
      WHERE created_at = '2026-03-04T10:00:00Z'`.execute(db);
    await sql`UPDATE interest_reservations SET qualification = 'qualified', qualified_by = ${ids.u1}, qualified_at = now()
      WHERE created_at = '2026-03-02T10:00:00Z'`.execute(db);
    expect(await kept()).toEqual(await fromRows());
    // A holder's tier changes (refreshed after verifying the email): the day moves between tiers.
    await sql`UPDATE interest_reservations SET reserver_trust = 'verified' WHERE created_at = '2026-03-04T10:00:00Z'`.execute(
      db,
    );
    expect(await kept()).toEqual(await fromRows());
    await sql`DELETE FROM interest_reservations WHERE created_at = '2026-03-03T10:00:00Z'`.execute(db);
    expect(await kept()).toEqual(await fromRows());
    const week = (await get('/api/admin/beta')).json();
    expect(week.cancellation_rate).toMatchObject({ cancelled: 1, reserved: 3 });
    expect(week.daily.map((d: { cancellations: number }) => d.cancellations)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(week.funnels[1].by_source.map((s: { value: string }) => s.value)).toEqual([
      'ads',
      'direct',
      'newsletter',
      'radio',
      'share',
    ]);
  });

  it('judges the reservation target on distinct households, a flagged burst left out, with raw and flagged beside it', async () => {
    const db = t.database.db;
    const before = (await get('/api/admin/beta')).json();
    const listingId = (
      await db
        .selectFrom('listings')
        .select('id')
        .where('slug', '=', 'fd-listing-0')
        .executeTakeFirstOrThrow()
    ).id;
    // Seven people made long before the beta, two networks. Network B: two reservations before
    // launch week and two flagged in it (the burst went on). Network C: a burst in launch week,
    // two reservations and the third flagged.
    const people = Array.from({ length: 7 }, (_, i) => ({
      id: randomUUID(),
      username: `fd-burst-${i}`,
      email: `fd-burst-${i}@example.com`,
      display_name: `Burst ${i}`,
      role: 'user' as const,
      created_at: new Date('2025-12-01T00:00:00Z'),
    }));
    await db.insertInto('users').values(people).execute();
    const netB = 'b'.repeat(32);
    const netC = 'c'.repeat(32);
    const burst = (i: number, network: string, made: Date, flagged: boolean) => ({
      id: randomUUID(),
      listing_id: listingId,
      design_owner_id: ids.u1,
      user_id: people[i]!.id,
      visitor_id: null,
      reserver_trust: 'account' as const,
      network_fingerprint: network,
      review_flag: flagged ? ('burst' as const) : null,
      status: 'active' as const,
      acknowledgement_version: '2026-11-01',
      acknowledged_at: made,
      jurisdiction: 'GB',
      intended_use: 'decorative' as const,
      quantity: 1,
      source: JSON.stringify({ surface: 'listing' }),
      created_at: made,
      refreshed_at: made,
    });
    await db
      .insertInto('interest_reservations')
      .values([
        burst(0, netB, at('02-27'), false),
        burst(1, netB, at('02-27', '10:05'), false),
        burst(2, netB, at('03-05'), true),
        burst(3, netB, at('03-05', '10:05'), true),
        burst(4, netC, at('03-06'), false),
        burst(5, netC, at('03-06', '10:01'), false),
        burst(6, netC, at('03-06', '10:02'), true),
      ])
      .execute();

    const after = (await get('/api/admin/beta')).json();
    // Five more made in launch week, three of them flagged, and one more household (C; B's
    // reservations in the week are all flagged, so B is not one of its households).
    expect(after.interest_reservations).toEqual({
      raw: before.interest_reservations.raw + 5,
      households: before.interest_reservations.households + 1,
      flagged: before.interest_reservations.flagged + 3,
    });
    const target = after.metrics.find((m: { key: string }) => m.key === 'interest_reservations');
    expect(target).toMatchObject({
      value: after.interest_reservations.households,
      target: 15,
      status: 'behind',
    });
    // The daily series and the funnel stay raw.
    const daily = after.daily.reduce(
      (n: number, d: { interest_reservations: number }) => n + d.interest_reservations,
      0,
    );
    expect(daily).toBe(after.interest_reservations.raw);
    expect(after.funnels[1].steps[1].count).toBe(after.interest_reservations.raw);

    // Fifteen flagged reservations take the raw figure past launch week's target of 15; the
    // target, judged on households, stays behind.
    const many = Array.from({ length: 15 }, (_, i) => ({
      id: randomUUID(),
      username: `fd-flagged-${i}`,
      email: `fd-flagged-${i}@example.com`,
      display_name: `Flagged ${i}`,
      role: 'user' as const,
      created_at: new Date('2025-12-01T00:00:00Z'),
    }));
    await db.insertInto('users').values(many).execute();
    await db
      .insertInto('interest_reservations')
      .values(
        many.map((p, i) => ({
          ...burst(0, netC, at('03-07', `11:${String(i).padStart(2, '0')}`), true),
          user_id: p.id,
        })),
      )
      .execute();
    const flooded = (await get('/api/admin/beta')).json();
    expect(flooded.interest_reservations).toEqual({
      raw: after.interest_reservations.raw + 15,
      households: after.interest_reservations.households,
      flagged: after.interest_reservations.flagged + 15,
    });
    expect(flooded.interest_reservations.raw).toBeGreaterThanOrEqual(15);
    expect(flooded.metrics.find((m: { key: string }) => m.key === 'interest_reservations')).toMatchObject({
      value: after.interest_reservations.households,
      status: 'behind',
    });
  });
});
