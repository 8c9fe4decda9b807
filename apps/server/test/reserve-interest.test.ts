/** Non-binding interest reservations: visitors and users, gates, the dashboard, and concurrency. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_REASONS } from '../src/modules/interest/service';
import { OPERATOR } from '../src/platform/audit';
import { bearer, login, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

// Phase A may not mention any of these anywhere in the reservation flow.
const COMMERCE_WORDS =
  /\b(card|cards|charge|charged|charges|payment|payments|pay|paid|order|orders|invoice|invoices|shipping|shipment|ship|ships|delivery|checkout)\b/i;

async function summaryMatchesRows(t: TestApp, listingId: string) {
  const listing = await t.database.db
    .selectFrom('listings')
    .select([
      'reservation_count',
      'reservation_quantity',
      'verified_reservation_count',
      'visitor_reservation_count',
      'household_count',
    ])
    .where('id', '=', listingId)
    .executeTakeFirstOrThrow();
  const rows = await sql<{ n: number; q: number; verified: number; visitors: number; households: number }>`
    SELECT count(*)::int AS n, coalesce(sum(quantity), 0)::int AS q,
           (count(*) FILTER (WHERE reserver_trust = 'verified'))::int AS verified,
           (count(*) FILTER (WHERE reserver_trust = 'visitor'))::int AS visitors,
           count(DISTINCT network_fingerprint)::int AS households
      FROM interest_reservations WHERE listing_id = ${listingId} AND status = 'active'`.execute(
    t.database.db,
  );
  const row = rows.rows[0];
  expect({
    reservations: listing.reservation_count,
    quantity: listing.reservation_quantity,
    verified: listing.verified_reservation_count,
    visitors: listing.visitor_reservation_count,
    households: listing.household_count,
  }).toEqual({
    reservations: row?.n,
    quantity: row?.q,
    verified: row?.verified,
    visitors: row?.visitors,
    households: row?.households,
  });
  return listing;
}

describe('interest reservations', () => {
  let t: TestApp;
  let designer: Awaited<ReturnType<typeof register>>;
  let listing: { id: string; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    designer = await register(t.app, { display_name: 'Dee Designer' });
    listing = await publishedListing(t.app, t, designer.access_token, {
      title: 'Reservable tower',
      prompt: 'a tower',
    });
  });
  afterAll(async () => t.close());

  it('a visitor without an account reserves, refreshes, signs up, finds it in the dashboard, and cancels with a reason', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.slug}/interest`,
      payload: { ...RESERVE_BODY, jurisdiction: 'fr', source: { surface: 'listing' } },
    });
    expect(first.statusCode).toBe(201);
    const cookie = first.cookies.find((c) => c.name === 'kw_visitor');
    expect(cookie).toBeDefined();
    const visitor = { cookie: `kw_visitor=${cookie?.value}`, origin: 'http://localhost:3000' };
    const body = first.json();
    expect(body).toMatchObject({
      refreshed: false,
      reservation: {
        status: 'active',
        quantity: 1,
        jurisdiction: 'FR',
        intended_use: 'decorative',
        design_owner_id: designer.user.id,
        conversion_invite_state: 'not_invited',
        acknowledgement_version: '2026-11-01',
      },
    });
    expect(body.message).toMatch(/not a purchase/);
    expect(JSON.stringify(body)).not.toMatch(COMMERCE_WORDS);
    const detail = (await t.app.inject({ url: `/api/listings/${listing.id}`, headers: visitor })).json();
    expect(detail.cta).toEqual({
      state: 'already_reserved',
      reason: null,
      reservation_id: body.reservation.id,
    });
    expect(detail.interest).toMatchObject({ reservations: 1, quantity: 1 });
    expect(JSON.stringify(detail)).not.toMatch(COMMERCE_WORDS);

    const refresh = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      headers: visitor,
      payload: { ...RESERVE_BODY, quantity: 3 },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toMatchObject({
      refreshed: true,
      reservation: { id: body.reservation.id, quantity: 3 },
    });
    await summaryMatchesRows(t, listing.id);

    const mine = (await t.app.inject({ url: '/api/me/interest-reservations', headers: visitor })).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([body.reservation.id]);
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: visitor,
      payload: { username: 'reserver1', email: 'reserver1@example.com', password: 'long-enough-pw' },
    });
    const token = account.json().access_token;
    const dashboard = (await t.app.inject({ url: '/api/me/dashboard', headers: bearer(token) })).json();
    expect(dashboard.viewer.kind).toBe('user');
    expect(dashboard.reservations.active.map((r: { id: string }) => r.id)).toEqual([body.reservation.id]);
    expect(JSON.stringify(dashboard.reservations)).not.toMatch(COMMERCE_WORDS);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/interest-reservations/${body.reservation.id}`,
      headers: bearer(token),
      payload: { reason: 'Changed my mind about the colour' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'Changed my mind about the colour',
    });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/interest-reservations/${body.reservation.id}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(409);
    const after = (await t.app.inject({ url: '/api/me/dashboard', headers: bearer(token) })).json();
    expect(after.reservations).toMatchObject({ active: [], cancelled: [{ id: body.reservation.id }] });
    const listingAfter = await summaryMatchesRows(t, listing.id);
    expect(listingAfter.reservation_count).toBe(0);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'details'])
      .where('resource_id', '=', body.reservation.id)
      .orderBy('seq')
      .execute();
    expect(audit.map(({ details: _d, ...entry }) => entry)).toEqual([
      { action: 'interest.reserved', actor_type: 'anonymous' },
      { action: 'interest.refreshed', actor_type: 'anonymous' },
      { action: 'interest.cancelled', actor_type: 'user' },
    ]);
    // The person's own words stay on the reservation (erased with the account), not in the
    // append-only log.
    expect(audit[2]?.details).toEqual({ listing_id: listing.id, reason_given: true });
    const notice = await t.database.db
      .selectFrom('beta_notifications')
      .selectAll()
      .where('user_id', '=', designer.user.id)
      .where('kind', '=', 'interest_received')
      .executeTakeFirst();
    expect(notice?.body).toContain('Reservable tower');
  });

  it('refuses without the current acknowledgement, for blocked uses, odd countries, too many kits, or one’s own listing', async () => {
    const user = await register(t.app);
    const reserve = (payload: Record<string, unknown>, headers = bearer(user.access_token)) =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/interest`,
        headers,
        payload: { ...RESERVE_BODY, ...payload },
      });
    expect((await reserve({ acknowledgement: { accepted: false, version: '2026-11-01' } })).statusCode).toBe(
      400,
    );
    const old = await reserve({ acknowledgement: { accepted: true, version: '2025-01-01' } });
    expect(old.json().error).toMatchObject({ code: 'GATE_NOT_MET', details: { gate: 'acknowledgement' } });
    const blocked = await reserve({ intended_use: 'child_use' });
    expect(blocked.json().error).toMatchObject({
      code: 'USE_CASE_BLOCKED',
      details: { use_case: 'child_use' },
    });
    expect((await reserve({ intended_use: 'throwing' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await reserve({ jurisdiction: 'XX' })).json().error.details.fields).toHaveProperty(
      'jurisdiction',
    );
    expect((await reserve({ quantity: 6 })).statusCode).toBe(400);
    const own = await reserve({}, bearer(designer.access_token));
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('OWN_LISTING');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/listings/no-such-listing/interest',
          headers: bearer(user.access_token),
          payload: RESERVE_BODY,
        })
      ).statusCode,
    ).toBe(404);
    const stranger = await register(t.app);
    const theirs = await reserve({});
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/interest-reservations/${theirs.json().reservation.id}`,
          headers: bearer(stranger.access_token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('closes reservations when the flag is off, with a clear code and call to action', async () => {
    await t.controls.setFlag('interestReservations', false, OPERATOR);
    try {
      const user = await register(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/interest`,
        headers: bearer(user.access_token),
        payload: RESERVE_BODY,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'FEATURE_DISABLED',
        details: { flag: 'interestReservations' },
      });
      const detail = (
        await t.app.inject({ url: `/api/listings/${listing.id}`, headers: bearer(user.access_token) })
      ).json();
      expect(detail.cta.state).toBe('reservations_closed');
    } finally {
      await t.controls.setFlag('interestReservations', true, OPERATOR);
    }
  });
});

describe('a visitor session claimed at sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const visitorHeaders = async () => {
    const v = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    return { 'x-visitor-session': v.session_token as string };
  };
  const reserve = (slug: string, headers: Record<string, string>, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: `/api/listings/${slug}/interest`,
      headers,
      payload: { ...RESERVE_BODY, quantity },
    });
  const active = (listingId: string) =>
    t.database.db
      .selectFrom('interest_reservations')
      .selectAll()
      .where('listing_id', '=', listingId)
      .where('status', '=', 'active')
      .execute();

  it('never gives the designer a reservation on their own design: it is cancelled with a reason', async () => {
    const designer = await register(t.app);
    const listing = await publishedListing(t.app, t, designer.access_token, { title: 'My own tower' });
    // The designer, not yet signed in on this device, registers interest in their own design.
    const vh = await visitorHeaders();
    expect((await reserve(listing.slug, vh)).statusCode).toBe(201);
    const signIn = await login(t.app, designer.user.username, designer.password, vh);
    expect(signIn.statusCode).toBe(200);
    expect(await active(listing.id)).toEqual([]);
    const row = await t.database.db
      .selectFrom('interest_reservations')
      .selectAll()
      .where('listing_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'cancelled',
      user_id: designer.user.id,
      visitor_id: null,
      cancellation_reason: CLAIM_REASONS.ownListing,
    });
    expect((await summaryMatchesRows(t, listing.id)).reservation_count).toBe(0);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_type', 'details'])
      .where('action', '=', 'interest.cancelled')
      .where('resource_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'system', details: { reason: 'own_listing_on_sign_in' } });
  });

  it('keeps the account’s reservation where both hold one, and moves the rest', async () => {
    const designer = await register(t.app);
    const [tower, arch] = [
      await publishedListing(t.app, t, designer.access_token, { title: 'Merge tower' }),
      await publishedListing(t.app, t, designer.access_token, { title: 'Merge arch', prompt: 'an arch' }),
    ];
    const fan = await register(t.app);
    expect((await reserve(tower.slug, bearer(fan.access_token), 2)).statusCode).toBe(201);
    const vh = await visitorHeaders();
    expect((await reserve(tower.slug, vh, 3)).statusCode).toBe(201);
    expect((await reserve(arch.slug, vh, 1)).statusCode).toBe(201);
    expect((await login(t.app, fan.user.username, fan.password, vh)).statusCode).toBe(200);
    const [onTower, onArch] = [await active(tower.id), await active(arch.id)];
    expect(onTower).toHaveLength(1);
    expect(onTower[0]).toMatchObject({ user_id: fan.user.id, quantity: 2 });
    expect(onArch).toHaveLength(1);
    expect(onArch[0]).toMatchObject({ user_id: fan.user.id, visitor_id: null });
    const merged = await t.database.db
      .selectFrom('interest_reservations')
      .select('cancellation_reason')
      .where('listing_id', '=', tower.id)
      .where('status', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(merged.cancellation_reason).toBe(CLAIM_REASONS.merged);
    await summaryMatchesRows(t, tower.id);
    await summaryMatchesRows(t, arch.id);
  });

  it('a reservation made at the moment of sign-in cannot make the sign-in fail', async () => {
    const designer = await register(t.app);
    const listing = await publishedListing(t.app, t, designer.access_token, { title: 'Busy tower' });
    for (let round = 0; round < 5; round++) {
      const fan = await register(t.app);
      const vh = await visitorHeaders();
      expect((await reserve(listing.slug, vh)).statusCode).toBe(201);
      const [mine, signIn] = await Promise.all([
        reserve(listing.slug, bearer(fan.access_token), 2),
        login(t.app, fan.user.username, fan.password, vh),
      ]);
      expect(signIn.statusCode).toBe(200);
      expect([200, 201]).toContain(mine.statusCode);
      const held = (await active(listing.id)).filter((r) => r.user_id === fan.user.id);
      expect(held).toHaveLength(1);
    }
    await summaryMatchesRows(t, listing.id);
  });
});

describe('reservations under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('500 concurrent reservations from 100 users: one active reservation each, and the summary equals the rows', async () => {
    const designer = await register(t.app);
    const listing = await publishedListing(t.app, t, designer.access_token, {
      title: 'Popular design',
      prompt: 'a planter',
    });
    const users = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        register(t.app, { username: `crowd${i}x${Date.now() % 100000}` }),
      ),
    );
    const requests = users.flatMap((u) =>
      Array.from({ length: 5 }, (_, k) =>
        t.app.inject({
          method: 'POST',
          url: `/api/listings/${listing.id}/interest`,
          headers: bearer(u.access_token),
          payload: { ...RESERVE_BODY, quantity: 1 + (k % 3) },
        }),
      ),
    );
    const results = await Promise.all(requests);
    // Every refusal shown with its body, so a failure names its cause.
    expect(
      results
        .filter((r) => r.statusCode !== 200 && r.statusCode !== 201)
        .map((r) => `${r.statusCode} ${r.body}`),
    ).toEqual([]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(100);
    const active = await sql<{ user_id: string; n: number }>`
      SELECT user_id, count(*)::int AS n FROM interest_reservations WHERE listing_id = ${listing.id} AND status = 'active' GROUP BY user_id`.execute(
      t.database.db,
    );
    expect(active.rows).toHaveLength(100);
    expect(active.rows.every((r) => r.n === 1)).toBe(true);
    const summary = await summaryMatchesRows(t, listing.id);
    expect(summary.reservation_count).toBe(100);

    // Cancels and new reservations racing each other keep the summary exact too.
    const mine = await Promise.all(
      users
        .slice(0, 50)
        .map((u) => t.app.inject({ url: '/api/me/interest-reservations', headers: bearer(u.access_token) })),
    );
    const churn = await Promise.all([
      ...mine.map((m, i) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/interest-reservations/${m.json().items[0].id}`,
          headers: bearer(users[i]?.access_token ?? ''),
          payload: { reason: 'test' },
        }),
      ),
      ...users.slice(25, 75).map((u) =>
        t.app.inject({
          method: 'POST',
          url: `/api/listings/${listing.id}/interest`,
          headers: bearer(u.access_token),
          payload: { ...RESERVE_BODY, quantity: 2 },
        }),
      ),
    ]);
    expect(churn.filter((r) => r.statusCode >= 300).map((r) => r.body)).toEqual([]);
    await summaryMatchesRows(t, listing.id);
  });
});

describe('interest and the cached listing page', () => {
  let t: TestApp;
  let listing: { id: string; slug: string };
  beforeAll(async () => {
    // Listing pages are kept for a minute here, so only dropping them can show a new reservation.
    t = await createTestApp({ env: { GALLERY_CACHE_MS: '60000' } });
    const designer = await register(t.app, { display_name: 'Cached Designer' });
    listing = await publishedListing(t.app, t, designer.access_token, {
      title: 'Cached tower',
      prompt: 'a tower',
    });
  });
  afterAll(async () => t.close());

  it('counts a reservation on the next read of the page, and a cancellation too', async () => {
    const read = async () => (await t.app.inject(`/api/listings/${listing.slug}`)).json().interest;
    expect((await read()).reservations).toBe(0);
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.slug}/interest`,
      payload: RESERVE_BODY,
    });
    expect(reserved.statusCode).toBe(201);
    expect(await read()).toMatchObject({ reservations: 1, quantity: 1 });
    const cookie = reserved.cookies.find((c) => c.name === 'kw_visitor');
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/interest-reservations/${reserved.json().reservation.id}`,
      headers: { cookie: `kw_visitor=${cookie?.value}`, origin: 'http://localhost:3000' },
      payload: { reason: 'test' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await read()).reservations).toBe(0);
  });
});
