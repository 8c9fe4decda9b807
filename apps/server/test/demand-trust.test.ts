/**
 * Demand you can trust (issue 15, item 3): visitor sessions and reservations limited per address,
 * a pseudonymous network fingerprint on every reservation, raw / verified / visitor / household
 * counts on the listing and in the demand review, and runs from one network flagged for review.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });

describe('demand you can trust', () => {
  let t: TestApp;
  let staff: string;
  let designer: Awaited<ReturnType<typeof register>>;
  beforeAll(async () => {
    // The production limits (the test default raises them for other files).
    t = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        VISITOR_SESSIONS_PER_IP_PER_HOUR: '20',
        RESERVATIONS_PER_IP_PER_HOUR: '30',
        RESERVATIONS_PER_IP_PER_LISTING_PER_DAY: '5',
      },
    });
    await seedDemoUsers(t.database.db);
    staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    designer = await register(t.app, { display_name: 'Dee Designer' });
  });
  afterAll(async () => t.close());

  const reserve = (slug: string, headers: Record<string, string>, quantity = 1) =>
    t.app.inject({
      method: 'POST',
      url: `/api/listings/${slug}/interest`,
      headers,
      payload: { ...RESERVE_BODY, quantity, source: { surface: 'listing' } },
    });

  const summaryOf = async (slug: string) => (await t.app.inject(`/api/listings/${slug}`)).json().interest;

  it('the attack of the report — 200 sessions and 200 reservations from one address — moves the listing by five, flagged', async () => {
    const listing = await publishedListing(t.app, t, designer.access_token, { title: 'Target tower' });
    const attacker = '198.51.100.7';
    const sessions = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous', headers: from(attacker) }),
      ),
    );
    const made = sessions.filter((s) => s.statusCode === 201);
    expect(made).toHaveLength(20);
    expect(sessions.filter((s) => s.statusCode === 429)).toHaveLength(180);
    expect(sessions.find((s) => s.statusCode === 429)?.json().error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous', headers: from('192.0.2.44') }))
        .statusCode,
    ).toBe(201);

    const answers = [];
    for (const s of made)
      answers.push(
        await reserve(listing.slug, from(attacker, { 'x-visitor-session': s.json().session_token }), 5),
      );
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(5).fill(201), ...Array(15).fill(429)]);

    expect(await summaryOf(listing.slug)).toMatchObject({
      reservations: 5,
      quantity: 25,
      visitor_reservations: 5,
      verified_reservations: 0,
      households: 1,
    });
    const review = (
      await t.app.inject({
        url: `/api/admin/interest-reservations?listing_id=${listing.id}`,
        headers: bearer(staff),
      })
    ).json();
    expect(review.totals).toMatchObject({ active: 5, visitors: 5, verified: 0, households: 1, flagged: 3 });
    const oldestFirst = [...review.items].reverse();
    expect(oldestFirst.map((i: { review_flag: string | null }) => i.review_flag)).toEqual([
      null,
      null,
      'burst',
      'burst',
      'burst',
    ]);
    expect(oldestFirst[0].reserver).toMatchObject({ kind: 'visitor', trust: 'visitor' });
    // The fingerprint names the network, never the address.
    expect(oldestFirst[0].reserver.network).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(review)).not.toContain(attacker);
    const stored = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM interest_reservations WHERE network_fingerprint LIKE ${'%198.51%'} OR source::text LIKE ${`%${attacker}%`}`.execute(
      t.database.db,
    );
    expect(stored.rows[0]?.n).toBe(0);
    const flaggedOnly = (
      await t.app.inject({
        url: `/api/admin/interest-reservations?listing_id=${listing.id}&flagged=true`,
        headers: bearer(staff),
      })
    ).json();
    expect(flaggedOnly.items).toHaveLength(3);
  });

  it('counts verified accounts, unverified accounts and visitors apart, and households once each', async () => {
    const listing = await publishedListing(t.app, t, designer.access_token, { title: 'Trusted bridge' });
    const verified = await register(t.app);
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', verified.user.id)
      .execute();
    const verifiedToken = (await login(t.app, verified.user.username, verified.password)).json().access_token;
    const unverified = await register(t.app);

    expect((await reserve(listing.slug, from('203.0.113.5', bearer(verifiedToken)))).statusCode).toBe(201);
    expect(
      (await reserve(listing.slug, from('203.0.113.6', bearer(unverified.access_token)))).statusCode,
    ).toBe(201);
    const visitor = await reserve(listing.slug, from('192.0.2.9'));
    expect(visitor.statusCode).toBe(201);
    // The first two share a home network: three reservations, two households.
    expect(await summaryOf(listing.slug)).toMatchObject({
      reservations: 3,
      verified_reservations: 1,
      visitor_reservations: 1,
      households: 2,
    });
    const tiers = (
      await t.app.inject({
        url: `/api/admin/interest-reservations/by-listing?listing_id=${listing.id}`,
        headers: bearer(staff),
      })
    ).json().items[0].totals;
    expect(tiers).toMatchObject({ active: 3, verified: 1, visitors: 1, households: 2, flagged: 0 });

    // The visitor signs up: their reservation becomes an account's.
    const cookie = visitor.cookies.find((c) => c.name === 'kw_visitor');
    await register(t.app, {}, { cookie: `kw_visitor=${cookie?.value}`, origin: 'http://localhost:3000' });
    expect(await summaryOf(listing.slug)).toMatchObject({
      reservations: 3,
      visitor_reservations: 0,
      households: 2,
    });

    // The verified person cancels: one household is left at 203.0.113.0/24, from the unverified one.
    const mine = (
      await t.app.inject({ url: '/api/me/interest-reservations', headers: bearer(verifiedToken) })
    ).json().items[0];
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/interest-reservations/${mine.id}`,
      headers: bearer(verifiedToken),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await summaryOf(listing.slug)).toMatchObject({
      reservations: 2,
      verified_reservations: 0,
      visitor_reservations: 0,
      households: 2,
    });
  });
});
