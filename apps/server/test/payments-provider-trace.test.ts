/**
 * Payment provider calls are traced like every other provider's (platform/provider-calls.ts): a
 * failing call is logged with the provider, the operation and the request's correlation id, and
 * recorded as an error event under the same id, while the buyer gets the safe 503 and none of the
 * provider's words.
 */
import { DESIGNER_TERMS_VERSION } from '@kitwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsProvider } from '../src/providers/payments/provider';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { openA5 } from './support/open-a5';
import { createTestApp, type TestApp } from './support/test-app';

const REFUSAL = 'connect ECONNREFUSED 203.0.113.7:443';

/** The configured provider, except that making a setup intent fails as an unreachable provider does. */
function unreachableSetupIntents(provider: PaymentsProvider): PaymentsProvider {
  return new Proxy(provider, {
    get(target, key, receiver) {
      if (key === 'createSetupIntent')
        return async () => {
          throw new Error(REFUSAL);
        };
      return Reflect.get(target, key, receiver);
    },
  });
}

describe('payments provider calls and correlation ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ wrapPayments: unreachableSetupIntents });
  }, 240_000);
  afterAll(async () => t.close());

  it('a failed setup intent is logged and recorded under the request’s id, and the buyer gets a safe 503', async () => {
    await seedDemoUsers(t.database.db);
    const staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token as string;
    const designer = await register(t.app, { display_name: 'Traced Designer' });
    const listing = await publishedListing(t.app, t, designer.access_token, { title: 'Traced tower' });
    await openA5(t);
    const terms = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${listing.id}/designer-terms`,
      headers: bearer(designer.access_token),
      payload: { accepted: true, version: DESIGNER_TERMS_VERSION },
    });
    expect(terms.statusCode).toBe(200);
    const buyer = await register(t.app);
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      headers: bearer(buyer.access_token),
      payload: RESERVE_BODY,
    });
    expect(reserved.statusCode).toBe(201);
    const reservationId = reserved.json().reservation.id as string;
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/interest-reservations/${reservationId}/invite-preorder`,
      headers: bearer(staff),
      payload: { expected_price: { amount_minor: 4500, currency: 'GBP' } },
    });
    expect(invited.statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/setup-intent',
      headers: bearer(buyer.access_token),
      payload: { reservation_id: reservationId },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('DEPENDENCY_UNAVAILABLE');
    expect(res.body).not.toContain('ECONNREFUSED');
    const correlationId = res.headers['x-request-id'] as string;
    expect(correlationId).toBeTruthy();

    await t.flush();
    await expect
      .poll(async () =>
        t.database.db
          .selectFrom('error_events')
          .select(['code', 'route', 'correlation_id', 'source'])
          .where('kind', '=', 'provider')
          .execute(),
      )
      .toEqual([
        {
          code: 'PROVIDER_PAYMENTS_FAILED',
          route: 'provider:payments.createSetupIntent',
          correlation_id: correlationId,
          source: 'server',
        },
      ]);
    const lines = t.logs.map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === 'provider call failed')).toMatchObject({
      provider: 'payments',
      operation: 'createSetupIntent',
      correlation_id: correlationId,
    });
    // Only the failing call left a failure (the customer before it was made).
    expect(lines.filter((l) => l.msg === 'provider call failed')).toHaveLength(1);
  }, 240_000);
});
