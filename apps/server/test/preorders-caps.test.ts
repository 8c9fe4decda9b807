/**
 * Caps that hold (issue 16): 500 invited buyers with verified cards confirm at the same moment
 * against a pre-order cap of 100. The database's conditional UPDATE and CHECK leave exactly 100
 * pre-orders, one per reservation; the other 400 are refused CAP_REACHED. The per-buyer limit is
 * held the same way.
 */
import { randomUUID } from 'node:crypto';
import {
  DESIGNER_TERMS_VERSION,
  LOCAL_TEST_CARDS,
  MIT_AGREEMENT_VERSION,
  PREORDER_NO_CAPTURE_TERMS_VERSION,
  PREORDER_PER_BUYER_LIMIT,
} from '@kitwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../src/modules/auth/access-tokens';
import { systemClock } from '../src/platform/clock';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { openA5 } from './support/open-a5';
import { createTestApp, type TestApp } from './support/test-app';

const BUYERS = 500;
const CAP = 100;

/** Runs `work` over items, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return out;
}

describe('pre-order caps under concurrency', () => {
  let t: TestApp;
  let staff: string;
  let listing: { id: string };
  let designer: { access_token: string };

  /** Accounts made directly (a password hash per buyer would take minutes), with real access tokens. */
  async function buyers(n: number) {
    const tokens = createAccessTokens(t.config.secrets.authToken, t.config.publicBaseUrl, systemClock);
    const now = new Date();
    const people = Array.from({ length: n }, (_, i) => ({
      id: randomUUID(),
      sessionId: randomUUID(),
      username: `capbuyer${i}${randomUUID().slice(0, 6)}`,
    }));
    for (let i = 0; i < people.length; i += 100) {
      const chunk = people.slice(i, i + 100);
      await t.database.db
        .insertInto('users')
        .values(
          chunk.map((p) => ({
            id: p.id,
            username: p.username,
            email: `${p.username}@example.com`,
            password_hash: null,
            display_name: 'Cap Buyer',
            email_verified_at: now,
          })),
        )
        .execute();
      await t.database.db
        .insertInto('auth_sessions')
        .values(
          chunk.map((p) => ({
            id: p.sessionId,
            user_id: p.id,
            provider: 'password' as const,
            device_id: null,
            ip_address: null,
            user_agent: null,
            created_at: now,
            last_used_at: now,
            expires_at: new Date(now.getTime() + 86_400_000),
          })),
        )
        .execute();
    }
    return Promise.all(
      people.map(async (p) => ({
        ...p,
        token: (await tokens.sign({ userId: p.id, sessionId: p.sessionId })).token,
      })),
    );
  }

  /** Reservation → invitation → setup intent → card saved through the local form. */
  async function readyToConfirm(token: string) {
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      headers: bearer(token),
      payload: RESERVE_BODY,
    });
    if (reserved.statusCode !== 201) throw new Error(`reserve: ${reserved.body}`);
    const reservationId = reserved.json().reservation.id as string;
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/interest-reservations/${reservationId}/invite-preorder`,
      headers: bearer(staff),
      payload: { expected_price: { amount_minor: 3900, currency: 'GBP' } },
    });
    if (invited.statusCode !== 200) throw new Error(`invite: ${invited.body}`);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/setup-intent',
      headers: bearer(token),
      payload: { reservation_id: reservationId },
    });
    if (setup.statusCode !== 201) throw new Error(`setup: ${setup.body}`);
    const checkout = setup.json();
    const form = new URL(checkout.card_collection.form_url);
    const card = await t.app.inject({
      method: 'POST',
      url: `${form.pathname}${form.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        step: 'card',
        number: LOCAL_TEST_CARDS.succeeds,
        exp_month: '12',
        exp_year: String(new Date().getUTCFullYear() + 3),
        cvc: '123',
      }).toString(),
    });
    if (card.statusCode !== 200) throw new Error(`card: ${card.body}`);
    return { reservationId, checkoutId: checkout.checkout_id as string, token };
  }

  const confirm = (token: string, checkoutId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/confirm',
      headers: bearer(token),
      payload: {
        checkout_id: checkoutId,
        acknowledgement: {
          accepted: true,
          version: PREORDER_NO_CAPTURE_TERMS_VERSION,
          acknowledged_at: new Date().toISOString(),
        },
        payment_agreement: { accepted: true, version: MIT_AGREEMENT_VERSION },
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoUsers(t.database.db);
    staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    designer = await register(t.app);
    listing = await publishedListing(t.app, t, designer.access_token, { title: 'Capped tower' });
    await openA5(t);
    await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${listing.id}/designer-terms`,
      headers: bearer(designer.access_token),
      payload: { accepted: true, version: DESIGNER_TERMS_VERSION },
    });
    const caps = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/listings/${listing.id}/preorder-caps`,
      headers: bearer(staff),
      payload: { invitation_cap: BUYERS + 10, preorder_cap: CAP },
    });
    expect(caps.statusCode).toBe(200);
  }, 300_000);
  afterAll(async () => t.close());

  it(`${BUYERS} concurrent confirmations against a cap of ${CAP} leave exactly ${CAP} pre-orders`, async () => {
    const people = await buyers(BUYERS);
    const ready = await inBatches(people, 20, (p) => readyToConfirm(p.token));
    // Every card's webhook job applied (the confirmations read the provider, not these rows).
    const runner = t.createRunner({ pollMs: 20 });
    while (await runner.runOnce()) {}

    const answers = await Promise.all(ready.map((r) => confirm(r.token, r.checkoutId)));
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(created).toHaveLength(CAP);
    expect(new Set(refused.map((a) => a.json().error.code))).toEqual(new Set(['CAP_REACHED']));

    const rows = await t.database.db
      .selectFrom('pre_orders')
      .select(['source_reservation_id', 'status'])
      .where('listing_id', '=', listing.id)
      .execute();
    expect(rows).toHaveLength(CAP);
    expect(new Set(rows.map((r) => r.source_reservation_id)).size).toBe(CAP);
    const caps = await t.database.db
      .selectFrom('preorder_listing_caps')
      .selectAll()
      .where('listing_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(caps).toMatchObject({ preordered: CAP, preorder_cap: CAP, invited: BUYERS });

    // Confirming again changes nothing: one pre-order per reservation.
    const winner = ready[answers.findIndex((a) => a.statusCode === 201)];
    if (!winner) throw new Error('no winner');
    const again = await Promise.all([1, 2, 3].map(() => confirm(winner.token, winner.checkoutId)));
    expect(again.every((a) => a.statusCode === 201)).toBe(true);
    expect(
      await t.database.db
        .selectFrom('pre_orders')
        .select('id')
        .where('listing_id', '=', listing.id)
        .execute(),
    ).toHaveLength(CAP);
  }, 600_000);

  it(`one buyer holds at most ${PREORDER_PER_BUYER_LIMIT} pre-orders, even confirming at once`, async () => {
    const [buyer] = await buyers(1);
    if (!buyer) throw new Error('no buyer');
    const ready = [];
    for (let i = 0; i <= PREORDER_PER_BUYER_LIMIT; i++) {
      const other = await publishedListing(t.app, t, designer.access_token, {
        title: `Limit ${i}`,
        prompt: 'a tower',
      });
      await t.app.inject({
        method: 'PUT',
        url: `/api/listings/${other.id}/designer-terms`,
        headers: bearer(designer.access_token),
        payload: { accepted: true, version: DESIGNER_TERMS_VERSION },
      });
      listing = other;
      ready.push(await readyToConfirm(buyer.token));
    }
    const answers = await Promise.all(ready.map((r) => confirm(r.token, r.checkoutId)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(PREORDER_PER_BUYER_LIMIT);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.code)).toEqual([
      'PREORDER_LIMIT_REACHED',
    ]);
  }, 600_000);
});
