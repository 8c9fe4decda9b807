/**
 * Demand review (issue 13): staff read every reservation with its listing, designer and reserver,
 * filter it, page it, total it overall and per listing, qualify reservations (audited) and export
 * CSV. Known rows are made through the public API and every figure is compared with the rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

interface Made {
  id: string;
  listing: string;
  quantity: number;
  jurisdiction: string;
  use: string;
  visitor: boolean;
}

describe('demand review', () => {
  let t: TestApp;
  let staff: string;
  let founder: string;
  let user: string;
  let designerA: Awaited<ReturnType<typeof register>>;
  let designerB: Awaited<ReturnType<typeof register>>;
  const listings: Record<'tower' | 'bridge' | 'planter', { id: string; slug: string }> = {} as never;
  const made: Made[] = [];
  let cancelled: string;

  async function reserve(
    listing: keyof typeof listings,
    who: { token?: string },
    terms: { quantity: number; jurisdiction: string; intended_use: string },
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listings[listing].slug}/interest`,
      headers: who.token ? bearer(who.token) : {},
      payload: { ...RESERVE_BODY, ...terms, source: { surface: 'listing' } },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().reservation.id as string;
    made.push({
      id,
      listing: listings[listing].id,
      quantity: terms.quantity,
      jurisdiction: terms.jurisdiction.toUpperCase(),
      use: terms.intended_use,
      visitor: !who.token,
    });
    return { id, cookie: res.cookies.find((c) => c.name === 'kw_visitor') };
  }

  const get = (url: string, token = staff) => t.app.inject({ url, headers: bearer(token) });

  /** The same figures straight from the table, for a WHERE clause over its columns. */
  async function rowsSay(where: ReturnType<typeof sql>) {
    const r = await sql<{
      n: number;
      active: number;
      q: number;
      gb: number;
      qualified: number;
      verified: number;
      visitors: number;
      households: number;
      flagged: number;
    }>`
      SELECT count(*)::int AS n,
        count(*) FILTER (WHERE status = 'active')::int AS active,
        coalesce(sum(quantity) FILTER (WHERE status = 'active'), 0)::int AS q,
        count(*) FILTER (WHERE status = 'active' AND jurisdiction = 'GB')::int AS gb,
        count(*) FILTER (WHERE status = 'active' AND qualification = 'qualified')::int AS qualified,
        count(*) FILTER (WHERE status = 'active' AND user_id IS NOT NULL AND reserver_trust = 'verified')::int AS verified,
        count(*) FILTER (WHERE status = 'active' AND user_id IS NULL)::int AS visitors,
        (SELECT count(*) FROM (SELECT DISTINCT network_fingerprint FROM interest_reservations
           WHERE status = 'active' AND ${where}) d)::int AS households,
        count(*) FILTER (WHERE status = 'active' AND review_flag = 'burst')::int AS flagged
      FROM interest_reservations WHERE ${where}`.execute(t.database.db);
    return r.rows[0]!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    founder = (await login(t.app, 'founder', 'kitwright-demo')).json().access_token;
    user = (await register(t.app)).access_token;
    designerA = await register(t.app, { display_name: 'Ada Designer' });
    designerB = await register(t.app, { display_name: 'Bo Designer' });
    listings.tower = await publishedListing(t.app, t, designerA.access_token, {
      title: 'Demand tower',
      prompt: 'a tower',
    });
    listings.bridge = await publishedListing(t.app, t, designerA.access_token, {
      title: 'Demand bridge',
      prompt: 'a small bridge',
    });
    listings.planter = await publishedListing(t.app, t, designerB.access_token, {
      title: 'Demand planter',
      prompt: 'a garden planter',
    });
    const people = await Promise.all([1, 2, 3].map(() => register(t.app)));
    const [p1, p2, p3] = people.map((p) => ({ token: p.access_token }));
    await reserve('tower', p1!, { quantity: 2, jurisdiction: 'gb', intended_use: 'decorative' });
    await reserve('tower', p2!, { quantity: 1, jurisdiction: 'FR', intended_use: 'free_standing' });
    await reserve('tower', {}, { quantity: 3, jurisdiction: 'GB', intended_use: 'decorative' });
    await reserve('bridge', p1!, { quantity: 1, jurisdiction: 'DE', intended_use: 'decorative' });
    const toCancel = await reserve('bridge', p3!, {
      quantity: 5,
      jurisdiction: 'GB',
      intended_use: 'decorative',
    });
    await reserve('planter', p2!, { quantity: 4, jurisdiction: 'GB', intended_use: 'free_standing' });
    await reserve('planter', {}, { quantity: 1, jurisdiction: 'US', intended_use: 'decorative' });
    // A reason a spreadsheet would run as a formula, to prove the export defuses it.
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/interest-reservations/${toCancel.id}`,
      headers: bearer(p3!.token),
      payload: { reason: '=HYPERLINK("http://evil.example","click")' },
    });
    expect(res.statusCode).toBe(200);
    cancelled = toCancel.id;
  });
  afterAll(async () => t.close());

  it('is for staff and founders only: 401 anonymous, 403 a user', async () => {
    expect((await t.app.inject({ url: '/api/admin/interest-reservations' })).statusCode).toBe(401);
    const refused = await get('/api/admin/interest-reservations', user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await get('/api/admin/interest-reservations/export.csv', user)).statusCode).toBe(403);
    expect((await get('/api/admin/interest-reservations', founder)).statusCode).toBe(200);
  });

  it('lists every reservation newest first with its listing, designer and reserver, and totals equal to the rows', async () => {
    const body = (await get('/api/admin/interest-reservations?limit=100')).json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([...made].reverse().map((m) => m.id));
    const visitorRow = body.items.find((i: { id: string }) => i.id === made[2]!.id);
    expect(visitorRow).toMatchObject({
      listing: { id: listings.tower.id, title: 'Demand tower', availability: 'available' },
      designer: { id: designerA.user.id, display_name: 'Ada Designer' },
      reserver: { kind: 'visitor', user: null },
      quantity: 3,
      jurisdiction: 'GB',
      qualification: { state: 'unreviewed', note: null, by: null, at: null },
    });
    const userRow = body.items.find((i: { id: string }) => i.id === made[0]!.id);
    expect(userRow.reserver.kind).toBe('user');
    expect(userRow.reserver.user.username).toEqual(expect.any(String));
    const rows = await rowsSay(sql`true`);
    expect(body.totals).toEqual({
      reservations: rows.n,
      active: rows.active,
      cancelled: rows.n - rows.active,
      active_quantity: rows.q,
      qualified: 0,
      verified: rows.verified,
      visitors: rows.visitors,
      households: rows.households,
      flagged: rows.flagged,
      uk_share: Math.round((rows.gb / rows.active) * 1000) / 1000,
    });
    // Known rows: 7 made, 1 cancelled; active quantity 2 + 1 + 3 + 1 + 4 + 1. Every one came from
    // this test's one address (one household), none from a verified account.
    expect(body.totals).toMatchObject({
      verified: 0,
      visitors: made.filter((m) => m.visitor && m.id !== cancelled).length,
      households: 1,
    });
    expect(body.totals).toMatchObject({ reservations: 7, active: 6, cancelled: 1, active_quantity: 12 });
  });

  it('filters by listing, designer, status, country (any case), use and period, each total from the rows', async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      [`listing_id=${listings.tower.id}`, sql`listing_id = ${listings.tower.id}`],
      [`designer_id=${designerA.user.id}`, sql`design_owner_id = ${designerA.user.id}`],
      ['status=cancelled', sql`status = 'cancelled'`],
      ['jurisdiction=gb', sql`jurisdiction = 'GB'`],
      ['intended_use=free_standing', sql`intended_use = 'free_standing'`],
      [
        `designer_id=${designerA.user.id}&jurisdiction=GB&status=active`,
        sql`design_owner_id = ${designerA.user.id} AND jurisdiction = 'GB' AND status = 'active'`,
      ],
      ['invite_state=invited', sql`conversion_invite_state = 'invited'`],
    ];
    for (const [query, where] of cases) {
      const body = (await get(`/api/admin/interest-reservations?limit=100&${query}`)).json();
      const rows = await rowsSay(where);
      expect(body.items, query).toHaveLength(rows.n);
      expect(body.totals, query).toMatchObject({
        reservations: rows.n,
        active: rows.active,
        active_quantity: rows.q,
      });
    }
    const all = (await get('/api/admin/interest-reservations?limit=100')).json().items;
    const middle = all[3].created_at as string;
    const since = (
      await get(`/api/admin/interest-reservations?limit=100&from=${encodeURIComponent(middle)}`)
    ).json();
    expect(since.totals.reservations).toBe(
      all.filter((i: { created_at: string }) => i.created_at >= middle).length,
    );
    const before = (
      await get(`/api/admin/interest-reservations?limit=100&to=${encodeURIComponent(middle)}`)
    ).json();
    expect(since.totals.reservations + before.totals.reservations).toBe(7);
  });

  it('pages with a keyset cursor: every reservation once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/admin/interest-reservations?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const body: { items: { id: string }[]; totals: { reservations: number }; next_cursor: string | null } =
        (await get(url)).json();
      seen.push(...body.items.map((i: { id: string }) => i.id));
      expect(body.totals.reservations).toBe(7);
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made].reverse().map((m) => m.id));
  });

  it('refuses bad filters in the error envelope (400), never a 500', async () => {
    for (const query of [
      'cursor=bm90LWEtY3Vyc29y',
      'jurisdiction=GBR',
      'status=pending',
      'from=yesterday',
      'listing_id=42',
      'limit=1000',
      'from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z',
    ]) {
      const res = await get(`/api/admin/interest-reservations?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toEqual(expect.any(String));
    }
    expect((await get('/api/admin/interest-reservations/by-listing?cursor=Zm9vfGJhcnxiYXo')).statusCode).toBe(
      400,
    );
  });

  it('totals per listing, most active quantity first, equal to the rows and paged', async () => {
    const body = (await get('/api/admin/interest-reservations/by-listing')).json();
    expect(body.items.map((i: { listing: { id: string } }) => i.listing.id)).toEqual([
      listings.tower.id, // 6 active
      listings.planter.id, // 5 active
      listings.bridge.id, // 1 active (the 5 was cancelled)
    ]);
    for (const item of body.items) {
      const rows = await rowsSay(sql`listing_id = ${item.listing.id}`);
      expect(item.totals).toMatchObject({
        reservations: rows.n,
        active: rows.active,
        active_quantity: rows.q,
        verified: rows.verified,
        visitors: rows.visitors,
        households: rows.households,
        flagged: rows.flagged,
        uk_share: Math.round((rows.gb / rows.active) * 1000) / 1000,
      });
    }
    expect(body.items[0]).toMatchObject({ designer: { id: designerA.user.id }, totals: { uk_share: 0.667 } });
    const first = (await get('/api/admin/interest-reservations/by-listing?limit=2')).json();
    expect(first.items).toHaveLength(2);
    const rest = (
      await get(`/api/admin/interest-reservations/by-listing?limit=2&cursor=${first.next_cursor}`)
    ).json();
    expect(rest.items.map((i: { listing: { id: string } }) => i.listing.id)).toEqual([listings.bridge.id]);
    expect(rest.next_cursor).toBeNull();
  });

  it('qualifies a reservation with a note (audited), filters by it, and can set it back to unreviewed', async () => {
    const target = made[0]!.id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interest-reservations/${target}`,
      headers: bearer(staff),
      payload: { state: 'qualified', note: ' Known maker, asked twice by email ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().qualification).toMatchObject({
      state: 'qualified',
      note: 'Known maker, asked twice by email',
      by: { username: 'staff' },
      at: expect.any(String),
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('resource_id', '=', target)
      .where('action', '=', 'interest.qualification_set')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ from: 'unreviewed', to: 'qualified', note_given: true });

    const qualified = (await get('/api/admin/interest-reservations?qualification=qualified')).json();
    expect(qualified.items.map((i: { id: string }) => i.id)).toEqual([target]);
    expect((await get('/api/admin/interest-reservations')).json().totals.qualified).toBe(1);

    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interest-reservations/${target}`,
      headers: bearer(founder),
      payload: { state: 'unreviewed' },
    });
    expect(reset.json().qualification).toEqual({ state: 'unreviewed', note: null, by: null, at: null });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interest-reservations/${made[5]!.id}`,
      headers: bearer(staff),
      payload: { state: 'not_qualified', note: 'Same person as the row above' },
    });
    const rows = await rowsSay(sql`qualification = 'not_qualified'`);
    expect(rows.n).toBe(1);
  });

  it('refuses qualification from a user, of an unknown reservation, or with a bad body', async () => {
    const url = `/api/admin/interest-reservations/${made[1]!.id}`;
    const asUser = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(user),
      payload: { state: 'qualified' },
    });
    expect(asUser.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/interest-reservations/00000000-0000-4000-8000-000000000000',
      headers: bearer(staff),
      payload: { state: 'qualified' },
    });
    expect(unknown.statusCode).toBe(404);
    for (const payload of [{ state: 'maybe' }, { state: 'qualified', note: 'x'.repeat(1001) }, {}]) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: bearer(staff), payload });
      expect(res.statusCode).toBe(400);
    }
    const row = await t.database.db
      .selectFrom('interest_reservations')
      .select(['qualification', 'qualified_by'])
      .where('id', '=', made[1]!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ qualification: 'unreviewed', qualified_by: null });
  });

  it('the database refuses a qualification without who and when', async () => {
    await expect(
      sql`UPDATE interest_reservations SET qualification = 'qualified' WHERE id = ${made[1]!.id}`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/interest_reservations_qualified_when/);
  });

  it('exports the filtered reservations and the per-listing totals as CSV, formulas defused', async () => {
    const res = await get('/api/admin/interest-reservations/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('kitwright-demand-reservations.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'reservation_id,created_at,status,listing_id,listing_title,designer_username,reserver_kind,reserver_username,reserver_trust,network,review_flag,quantity,jurisdiction,intended_use,conversion_invite_state,qualification,qualification_note,source_surface,cancelled_at,cancellation_reason',
    );
    expect(lines).toHaveLength(1 + 7);
    const cancelledLine = lines.find((l) => l.startsWith(cancelled))!;
    expect(cancelledLine).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(cancelledLine).toContain(',cancelled,');

    const gb = await get('/api/admin/interest-reservations/export.csv?jurisdiction=GB&status=active');
    expect(gb.body.trimEnd().split('\r\n')).toHaveLength(
      1 + (await rowsSay(sql`jurisdiction = 'GB' AND status = 'active'`)).n,
    );

    const byListing = await get('/api/admin/interest-reservations/export.csv?view=listings');
    const listingLines = byListing.body.trimEnd().split('\r\n');
    expect(listingLines[0]).toBe(
      'listing_id,listing_title,designer_username,reservations,active,cancelled,active_quantity,qualified,verified,visitors,households,flagged,uk_share',
    );
    expect(listingLines[1]).toMatch(
      new RegExp(`^${listings.tower.id},Demand tower,[^,]+,3,3,0,6,0,0,\\d+,1,\\d+,0.667$`),
    );
    expect(listingLines).toHaveLength(1 + 3);
    expect((await get('/api/admin/interest-reservations/export.csv?status=nope')).statusCode).toBe(400);
  });
});
