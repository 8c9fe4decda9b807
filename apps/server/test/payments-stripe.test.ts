/**
 * The `stripe` payments provider with Stripe's own library against a local stand-in for Stripe's API
 * (the library accepts a host and port), and webhook verification with payloads signed by
 * `stripe.webhooks.generateTestHeaderString`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { isAppError } from '../src/platform/errors';
import { verifyProviderWebhook } from '../src/providers/payments/provider';
import {
  createStripePaymentsProvider,
  stripeApiAddress,
  stripeProviderFromConfig,
  toSetupIntentView,
} from '../src/providers/payments/stripe-provider';
import { refusal } from './support/refusal';
import { type StripeApiFake, startStripeApiFake } from './support/stripe-api-fake';

describe('the stripe payments provider against a local Stripe API', () => {
  let fake: StripeApiFake;
  let provider: ReturnType<typeof createStripePaymentsProvider>;
  beforeAll(async () => {
    fake = await startStripeApiFake();
    provider = createStripePaymentsProvider({
      secretKey: 'sk_test_kitwright',
      publishableKey: 'pk_test_kitwright',
      ...stripeApiAddress(fake.base),
      maxNetworkRetries: 0,
      timeoutMs: 2000,
    });
  });
  afterAll(async () => fake.close());

  it('creates the customer and an off-session setup intent with automatic payment methods, keyed for idempotency', async () => {
    const customer = await provider.ensureCustomer({ buyerRef: 'user-1', idempotencyKey: 'cus-user-1' });
    expect(customer).toMatch(/^cus_/);
    const again = await provider.ensureCustomer({ buyerRef: 'user-1', idempotencyKey: 'cus-user-1' });
    expect(again).toBe(customer);

    const intent = await provider.createSetupIntent({
      customer,
      metadata: { reservation_id: 'res-1' },
      idempotencyKey: 'seti-res-1',
    });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      usage: 'off_session',
      customer,
      payment_method: null,
      last_error: null,
      metadata: { reservation_id: 'res-1' },
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/setup_intents');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      customer,
      usage: 'off_session',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[reservation_id]': 'res-1',
    });
    expect(sent[0]?.headers['idempotency-key']).toBe('seti-res-1');
    expect(sent[0]?.headers.authorization).toBe('Bearer sk_test_kitwright');
    const customerCall = fake.requests.find((r) => r.path === '/v1/customers');
    expect(customerCall?.body).toEqual({ 'metadata[buyer_ref]': 'user-1' });
    expect(customerCall?.headers['idempotency-key']).toBe('cus-user-1');

    // The same key returns the same intent; Stripe made one.
    const replay = await provider.createSetupIntent({
      customer,
      metadata: { reservation_id: 'res-1' },
      idempotencyKey: 'seti-res-1',
    });
    expect(replay.id).toBe(intent.id);
    expect(replay.client_secret).toBe(intent.client_secret);
    expect(fake.intents.size).toBe(1);

    expect(provider.cardCollection(intent)).toEqual({
      provider: 'stripe',
      client_secret: intent.client_secret,
      publishable_key: 'pk_test_kitwright',
    });
  });

  it('retrieves the intent with its card expanded, and the last error of a declined card', async () => {
    const customer = await provider.ensureCustomer({ buyerRef: 'user-2', idempotencyKey: 'cus-user-2' });
    const declined = await provider.createSetupIntent({ customer, metadata: {}, idempotencyKey: 'seti-2a' });
    fake.decline(declined.id, 'card_declined', 'insufficient_funds');
    expect(await provider.retrieveSetupIntent(declined.id)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    });

    const saved = await provider.createSetupIntent({ customer, metadata: {}, idempotencyKey: 'seti-2b' });
    fake.succeed(saved.id, { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2029 });
    const view = await provider.retrieveSetupIntent(saved.id);
    expect(view).toMatchObject({
      status: 'succeeded',
      last_error: null,
      payment_method: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2029 },
    });
    expect(view.payment_method?.id).toMatch(/^pm_/);
    const get = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/setup_intents/${saved.id}`);
    expect(get[0]?.body).toEqual({ 'expand[0]': 'payment_method' });

    const missing = await refusal(provider.retrieveSetupIntent('seti_nope'));
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('cancels an open intent and detaches a saved card, each safely repeatable', async () => {
    const customer = await provider.ensureCustomer({ buyerRef: 'user-3', idempotencyKey: 'cus-user-3' });
    const open = await provider.createSetupIntent({ customer, metadata: {}, idempotencyKey: 'seti-3a' });
    await provider.cancelSetupIntent(open.id);
    expect(fake.intents.get(open.id)?.status).toBe('canceled');
    await expect(provider.cancelSetupIntent(open.id)).resolves.toBeUndefined();

    const saved = await provider.createSetupIntent({ customer, metadata: {}, idempotencyKey: 'seti-3b' });
    fake.succeed(saved.id);
    const pm = (await provider.retrieveSetupIntent(saved.id)).payment_method?.id as string;
    await provider.detachPaymentMethod(pm);
    expect(fake.paymentMethods.get(pm)?.customer).toBeNull();
    await expect(provider.detachPaymentMethod(pm)).resolves.toBeUndefined();
    expect(fake.requests.filter((r) => r.path === `/v1/payment_methods/${pm}/detach`)).toHaveLength(2);
  });

  it('answers DEPENDENCY_UNAVAILABLE (503) when Stripe fails or does not answer', async () => {
    fake.failNext(500);
    const err500 = await refusal(provider.ensureCustomer({ buyerRef: 'u', idempotencyKey: 'k-500' }));
    expect([err500.code, err500.status]).toEqual(['DEPENDENCY_UNAVAILABLE', 503]);
    fake.failNext(503);
    const err503 = await refusal(provider.retrieveSetupIntent('seti_any'));
    expect(err503.code).toBe('DEPENDENCY_UNAVAILABLE');
    fake.failNext(429);
    expect((await refusal(provider.cancelSetupIntent('seti_any'))).code).toBe('DEPENDENCY_UNAVAILABLE');

    const impatient = createStripePaymentsProvider({
      secretKey: 'sk_test_kitwright',
      publishableKey: null,
      ...stripeApiAddress(fake.base),
      maxNetworkRetries: 0,
      timeoutMs: 200,
    });
    fake.hangNext();
    const timeout = await refusal(impatient.retrieveSetupIntent('seti_any'));
    expect([timeout.code, timeout.status]).toEqual(['DEPENDENCY_UNAVAILABLE', 503]);

    const nowhere = createStripePaymentsProvider({
      secretKey: 'sk_test_kitwright',
      publishableKey: null,
      host: '127.0.0.1',
      port: 1,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    expect((await refusal(nowhere.detachPaymentMethod('pm_x'))).code).toBe('DEPENDENCY_UNAVAILABLE');
  });

  it('retries a failed call with the same idempotency key, so a retry never makes a second intent', async () => {
    const retrying = createStripePaymentsProvider({
      secretKey: 'sk_test_kitwright',
      publishableKey: null,
      ...stripeApiAddress(fake.base),
      maxNetworkRetries: 1,
    });
    const customer = await retrying.ensureCustomer({ buyerRef: 'user-4', idempotencyKey: 'cus-user-4' });
    fake.failNext(500);
    const before = fake.intents.size;
    const intent = await retrying.createSetupIntent({ customer, metadata: {}, idempotencyKey: 'seti-4' });
    const attempts = fake.requests.filter((r) => r.headers['idempotency-key'] === 'seti-4');
    expect(attempts).toHaveLength(2);
    expect(fake.intents.size).toBe(before + 1);
    expect(fake.intents.has(intent.id)).toBe(true);
  });

  it('is built from the configuration, STRIPE_API_BASE pointing the library at another address', async () => {
    const config = loadConfig(
      {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fromconfig',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fromconfig',
        STRIPE_WEBHOOK_SECRET: 'whsec_fromconfig',
        STRIPE_API_BASE: fake.base,
      },
      '/tmp',
    );
    const configured = stripeProviderFromConfig(config.payments);
    expect(configured.name).toBe('stripe');
    const customer = await configured.ensureCustomer({
      buyerRef: 'user-cfg',
      idempotencyKey: 'cus-user-cfg',
    });
    const last = fake.requests.at(-1);
    expect(last?.headers.authorization).toBe('Bearer sk_test_fromconfig');
    expect(last?.body).toEqual({ 'metadata[buyer_ref]': 'user-cfg' });
    const intent = await configured.createSetupIntent({
      customer,
      metadata: {},
      idempotencyKey: 'seti-cfg',
    });
    expect(configured.cardCollection(intent)).toMatchObject({ publishable_key: 'pk_test_fromconfig' });
  });

  it('NO-CAPTURE PROOF: a whole lifecycle makes no payment-intent or capture request', async () => {
    const customer = await provider.ensureCustomer({ buyerRef: 'user-5', idempotencyKey: 'cus-user-5' });
    const intent = await provider.createSetupIntent({ customer, metadata: {}, idempotencyKey: 'seti-5' });
    fake.decline(intent.id, 'authentication_required', null);
    await provider.retrieveSetupIntent(intent.id);
    fake.succeed(intent.id);
    const saved = await provider.retrieveSetupIntent(intent.id);
    await provider.cancelSetupIntent(intent.id);
    await provider.detachPaymentMethod(saved.payment_method?.id as string);

    expect(fake.requests.length).toBeGreaterThan(5);
    expect(fake.moneyMovingRequests()).toEqual([]);
    // The fake would have seen one if any had been sent: it answers and records them.
    const raw = await fetch(`${fake.base}/v1/payment_intents`, { method: 'POST' });
    expect(raw.status).toBe(400);
    expect(fake.moneyMovingRequests()).toHaveLength(1);

    // And no payments code can make one: nothing there names Stripe's charging resources.
    const dir = path.resolve(import.meta.dirname, '../src/providers/payments');
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/paymentIntents|\.capture\(|charges\.create|payment_intents/);
    }
  });
});

describe("Stripe's setup intent as the platform reads it", () => {
  const base = {
    id: 'seti_1',
    object: 'setup_intent',
    client_secret: 'seti_1_secret_x',
    customer: { id: 'cus_1', object: 'customer' },
    status: 'requires_action',
    usage: 'off_session',
    payment_method: 'pm_1',
    last_setup_error: { type: 'card_error', code: undefined, decline_code: undefined },
    created: 1_790_000_000,
    metadata: { reservation_id: 'res-1' },
  } as unknown as Stripe.SetupIntent;

  it('reads ids from expanded or plain references and keeps an error without a code safe', () => {
    expect(toSetupIntentView(base)).toEqual({
      id: 'seti_1',
      status: 'requires_action',
      client_secret: 'seti_1_secret_x',
      customer: 'cus_1',
      usage: 'off_session',
      payment_method: { id: 'pm_1', brand: null, last4: null, exp_month: null, exp_year: null },
      last_error: { code: 'card_error', decline_code: null },
      created: 1_790_000_000,
      metadata: { reservation_id: 'res-1' },
    });
  });

  it('refuses a status it does not know rather than guessing', () => {
    const unknown = { ...base, status: 'requires_capture' } as unknown as Stripe.SetupIntent;
    expect(() => toSetupIntentView(unknown)).toThrow(
      expect.objectContaining({ code: 'DEPENDENCY_UNAVAILABLE', status: 503 }),
    );
  });
});

describe('provider webhooks signed with Stripe’s scheme', () => {
  const secret = 'whsec_kitwright_test';
  const now = 1_790_000_000;
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'setup_intent.succeeded',
    created: now - 5,
    livemode: false,
    data: { object: { id: 'seti_1', object: 'setup_intent', status: 'succeeded' } },
  });
  const sign = (body: string, key: string, timestamp: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret: key, timestamp });

  it('verifies a signed event and returns it', () => {
    const event = verifyProviderWebhook(payload, sign(payload, secret, now - 10), secret, now);
    expect(event).toMatchObject({
      id: 'evt_1',
      type: 'setup_intent.succeeded',
      created: now - 5,
      livemode: false,
      object: { id: 'seti_1', status: 'succeeded' },
    });
    // 300 s is the tolerance: just inside it still verifies.
    expect(verifyProviderWebhook(payload, sign(payload, secret, now - 299), secret, now).id).toBe('evt_1');
    // A signer whose clock runs up to five minutes fast is still accepted.
    expect(verifyProviderWebhook(payload, sign(payload, secret, now + 300), secret, now).id).toBe('evt_1');
  });

  it('refuses a wrong secret, a tampered body, a stale or future-dated signature and none at all', () => {
    const code = (run: () => unknown) => {
      try {
        run();
      } catch (err) {
        return isAppError(err) ? `${err.code} ${err.status}` : 'other';
      }
      return 'accepted';
    };
    const refused = 'WEBHOOK_SIGNATURE_INVALID 400';
    expect(code(() => verifyProviderWebhook(payload, sign(payload, 'whsec_other', now), secret, now))).toBe(
      refused,
    );
    const tampered = payload.replace('succeeded', 'setup_failed');
    expect(code(() => verifyProviderWebhook(tampered, sign(payload, secret, now), secret, now))).toBe(
      refused,
    );
    expect(code(() => verifyProviderWebhook(payload, sign(payload, secret, now - 301), secret, now))).toBe(
      refused,
    );
    expect(code(() => verifyProviderWebhook(payload, undefined, secret, now))).toBe(refused);
    // Dated in the future past the five-minute skew: refused the same way as a stale one.
    for (const ahead of [301, 3600, 86_400 * 30])
      expect(
        code(() => verifyProviderWebhook(payload, sign(payload, secret, now + ahead), secret, now)),
      ).toBe(refused);
    expect(code(() => verifyProviderWebhook(payload, 't=1,v1=abc', secret, now))).toBe(refused);
  });
});
