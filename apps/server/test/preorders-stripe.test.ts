/**
 * The whole A.5 flow with PAYMENTS_PROVIDER=stripe: the app's provider factory builds the Stripe
 * adapter (Stripe's own library), pointed by STRIPE_API_BASE at a local stand-in for Stripe's API.
 * The card is collected by Stripe.js in a browser (not here): the stand-in marks the intent
 * succeeded, Stripe's signed webhook arrives, and the confirmation reads the intent back from the
 * provider. The stand-in records every request, so the test also proves nothing moved money.
 */
import {
  DESIGNER_TERMS_VERSION,
  MIT_AGREEMENT_VERSION,
  PREORDER_NO_CAPTURE_TERMS_VERSION,
} from '@kitwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signProviderWebhook } from '../src/providers/payments/provider';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { drain, publishedListing, RESERVE_BODY } from './support/create-helpers';
import { openA5 } from './support/open-a5';
import { startStripeApiFake } from './support/stripe-api-fake';
import { createTestApp, type TestApp } from './support/test-app';

const WEBHOOK_SECRET = 'whsec_stripe_flow_test';

describe('Phase A.5 pre-orders through the Stripe adapter', () => {
  let stripe: Awaited<ReturnType<typeof startStripeApiFake>>;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeApiFake();
    t = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_flow',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_flow',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.base,
      },
    });
    await seedDemoUsers(t.database.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('invite → setup intent at Stripe → signed webhook → confirm → cancel detaches the card; nothing charged', async () => {
    await openA5(t);
    const staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token as string;
    const designer = await register(t.app, { display_name: 'Stripe Designer' });
    const listing = await publishedListing(t.app, t, designer.access_token, { title: 'Stripe tower' });
    const post = (url: string, token: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/listings/${listing.id}/designer-terms`,
          headers: bearer(designer.access_token),
          payload: { accepted: true, version: DESIGNER_TERMS_VERSION },
        })
      ).statusCode,
    ).toBe(200);
    const buyer = await register(t.app);
    const reserved = await post(`/api/listings/${listing.id}/interest`, buyer.access_token, RESERVE_BODY);
    const reservationId = reserved.json().reservation.id as string;
    const invited = await post(`/api/interest-reservations/${reservationId}/invite-preorder`, staff, {
      expected_price: { amount_minor: 3900, currency: 'GBP' },
    });
    expect(invited.statusCode, invited.body).toBe(200);

    const created = await post('/api/checkout/setup-intent', buyer.access_token, {
      reservation_id: reservationId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const checkout = created.json();
    // The client gets what Stripe.js needs, and the intent exists at Stripe, saved for off-session use.
    expect(checkout.card_collection).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_flow' });
    const atStripe = stripe.intents.get(checkout.setup_intent_id);
    expect(atStripe).toMatchObject({
      usage: 'off_session',
      client_secret: checkout.card_collection.client_secret,
    });
    const createCall = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/setup_intents');
    expect(createCall?.headers['idempotency-key']).toBeTruthy();
    // Asking again reuses the same intent.
    const again = await post('/api/checkout/setup-intent', buyer.access_token, {
      reservation_id: reservationId,
    });
    expect(again.json().setup_intent_id).toBe(checkout.setup_intent_id);

    // Not succeeded at Stripe yet: the confirmation reads the provider and refuses.
    const ack = {
      checkout_id: checkout.checkout_id,
      acknowledgement: {
        accepted: true,
        version: PREORDER_NO_CAPTURE_TERMS_VERSION,
        acknowledged_at: new Date().toISOString(),
      },
      payment_agreement: { accepted: true, version: MIT_AGREEMENT_VERSION },
    };
    expect((await post('/api/checkout/confirm', buyer.access_token, ack)).json().error.code).toBe(
      'CARD_NOT_VERIFIED',
    );

    // The buyer completes Stripe's card form; Stripe sends its signed event.
    stripe.succeed(checkout.setup_intent_id, {
      brand: 'mastercard',
      last4: '4444',
      exp_month: 10,
      exp_year: 2031,
    });
    const payload = JSON.stringify({
      id: 'evt_stripe_flow_1',
      object: 'event',
      type: 'setup_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: stripe.intents.get(checkout.setup_intent_id) },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signProviderWebhook(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
      },
      payload,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await drain(t);

    const confirmed = await post('/api/checkout/confirm', buyer.access_token, ack);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({
      charged: false,
      preorder: {
        status: 'confirmed',
        setup_intent_id: checkout.setup_intent_id,
        card: { brand: 'mastercard', last4: '4444', exp_month: 10, exp_year: 2031 },
      },
    });
    const pm = stripe.intents.get(checkout.setup_intent_id)?.payment_method as string;

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/pre-orders/${confirmed.json().preorder.id}`,
      headers: bearer(buyer.access_token),
      payload: { reason: 'timing' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(
      stripe.requests.some((r) => r.method === 'POST' && r.path === `/v1/payment_methods/${pm}/detach`),
    ).toBe(true);
    expect(stripe.moneyMovingRequests()).toEqual([]);
  });
});
