/**
 * Phase A.5 no-capture pre-orders (issue 16) through the local payments provider: designer terms,
 * the staff invitation, the buyer's setup intent, the card form and its signed webhook, the job that
 * applies it, confirmation, listing and cancellation; every refusal; the authentication and declined
 * cards; and proof that no capture or payment intent is ever asked of the provider.
 */
import {
  DESIGNER_TERMS_VERSION,
  LOCAL_TEST_CARDS,
  MIT_AGREEMENT_TEXT,
  MIT_AGREEMENT_VERSION,
  PHASE_GATES,
  PREORDER_DEFAULT_CAPS,
  PREORDER_NO_CAPTURE_TERMS_VERSION,
} from '@kitwright/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_SECRET } from '../src/providers/payments/local-provider';
import { type PaymentsProvider, signProviderWebhook } from '../src/providers/payments/provider';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { drain, publishedListing, RESERVE_BODY } from './support/create-helpers';
import { A5_GATE_VERSION, openA5 } from './support/open-a5';
import { createTestApp, type TestApp } from './support/test-app';

const PRICE = { amount_minor: 4500, currency: 'GBP' };

/** Records every call made to the payments provider (the no-capture proof reads it). */
function recording(calls: string[]) {
  return (provider: PaymentsProvider): PaymentsProvider =>
    new Proxy(provider, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
}

describe('Phase A.5 pre-orders through the local provider', () => {
  let t: TestApp;
  let staff: string;
  let designer: { access_token: string; user: { id: string } };
  let other: { access_token: string; user: { id: string } };
  let listing: { id: string; slug: string; title: string };
  const calls: string[] = [];

  const post = (url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  async function buyer(jurisdiction = 'GB') {
    const who = await register(t.app);
    const res = await post(`/api/listings/${listing.id}/interest`, who.access_token, {
      ...RESERVE_BODY,
      jurisdiction,
    });
    expect(res.statusCode).toBe(201);
    return {
      token: who.access_token,
      userId: who.user.id,
      reservationId: res.json().reservation.id as string,
    };
  }

  const invite = (reservationId: string, token = staff, body: unknown = { expected_price: PRICE }) =>
    post(`/api/interest-reservations/${reservationId}/invite-preorder`, token, body);

  const setupIntent = (token: string, reservationId: string) =>
    post('/api/checkout/setup-intent', token, { reservation_id: reservationId });

  function confirmBody(
    checkoutId: string,
    overrides: { at?: Date; ackVersion?: string; agreementVersion?: string } = {},
  ) {
    return {
      checkout_id: checkoutId,
      acknowledgement: {
        accepted: true,
        version: overrides.ackVersion ?? PREORDER_NO_CAPTURE_TERMS_VERSION,
        acknowledged_at: (overrides.at ?? new Date()).toISOString(),
      },
      payment_agreement: { accepted: true, version: overrides.agreementVersion ?? MIT_AGREEMENT_VERSION },
    };
  }

  /** Posts the local card form the way a browser does (url-encoded, from the form's own URL). */
  function submitForm(formUrl: string, fields: Record<string, string>) {
    const url = new URL(formUrl);
    return t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const card = (number: string, expYear = new Date().getUTCFullYear() + 3) => ({
    step: 'card',
    number,
    exp_month: '12',
    exp_year: String(expYear),
    cvc: '123',
  });

  async function checkoutState(checkoutId: string) {
    return t.database.db
      .selectFrom('checkout_setup_intents')
      .selectAll()
      .where('id', '=', checkoutId)
      .executeTakeFirstOrThrow();
  }

  async function eventsNamed(name: string) {
    const rows = await sql<{ properties: Record<string, unknown> }>`
      SELECT properties FROM product_events WHERE name = ${name}`.execute(t.database.db);
    return rows.rows.map((r) => r.properties);
  }

  /** An invited buyer with a setup intent, ready for a card. */
  async function invitedCheckout() {
    const b = await buyer();
    expect((await invite(b.reservationId)).statusCode).toBe(200);
    const res = await setupIntent(b.token, b.reservationId);
    expect(res.statusCode).toBe(201);
    return { ...b, checkout: res.json() };
  }

  beforeAll(async () => {
    t = await createTestApp({ wrapPayments: recording(calls) });
    await seedDemoUsers(t.database.db);
    staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    designer = await register(t.app, { display_name: 'Terms Designer' });
    other = await register(t.app);
    listing = await publishedListing(t.app, t, designer.access_token, { title: 'Pre-order tower' });
  }, 120_000);
  afterAll(async () => t.close());

  it('refuses every A.5 endpoint with PHASE_CLOSED while the platform is in phase A', async () => {
    const b = await buyer();
    const refusals = await Promise.all([
      invite(b.reservationId),
      setupIntent(b.token, b.reservationId),
      post('/api/checkout/confirm', b.token, confirmBody('00000000-0000-7000-8000-000000000000')),
      t.app.inject({ url: '/api/pre-orders', headers: bearer(b.token) }),
      t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/listings/${listing.id}/preorder-caps`,
        headers: bearer(staff),
        payload: { invitation_cap: 5, preorder_cap: 5 },
      }),
    ]);
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('PHASE_CLOSED');
    }
  });

  it('opens A.5 by the founder’s decision (gates recorded), and the pre-order flag', async () => {
    await openA5(t);
    expect(await t.controls.phase()).toBe('A.5');
    expect((await t.controls.snapshot()).flags.phaseA5Preorders).toBe(true);
  });

  it('designer terms: owner only, current version, and needed before any invitation', async () => {
    const b = await buyer();
    const early = await invite(b.reservationId);
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toMatchObject({ code: 'GATE_NOT_MET', details: { gate: 'designer_terms' } });

    const url = `/api/listings/${listing.id}/designer-terms`;
    const before = await t.app.inject({ url, headers: bearer(designer.access_token) });
    expect(before.json()).toMatchObject({ accepted: false, current_version: DESIGNER_TERMS_VERSION });
    const put = (token: string, version: string) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: { accepted: true, version } });
    expect((await put(other.access_token, DESIGNER_TERMS_VERSION)).statusCode).toBe(403);
    expect((await put(designer.access_token, '2020-01-01')).json().error.code).toBe('GATE_NOT_MET');
    const accepted = await put(designer.access_token, DESIGNER_TERMS_VERSION);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      accepted: true,
      version: DESIGNER_TERMS_VERSION,
      withdrawn_at: null,
    });
    // Shown on the listing to its owner, and to no one else.
    const page = (token: string) =>
      t.app.inject({ url: `/api/listings/${listing.slug}`, headers: bearer(token) });
    expect((await page(designer.access_token)).json().viewer.designer_terms).toEqual({
      accepted: true,
      version: DESIGNER_TERMS_VERSION,
      current_version: DESIGNER_TERMS_VERSION,
    });
    expect((await page(other.access_token)).json().viewer).not.toHaveProperty('designer_terms');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource_id', '=', listing.id)
      .where('action', '=', 'designer_terms.accepted')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('invites an eligible reservation (staff only), with the price snapshot, a notice and an email', async () => {
    const b = await buyer();
    expect((await invite(b.reservationId, b.token)).statusCode).toBe(403);
    expect(
      (await invite(b.reservationId, staff, { expected_price: { amount_minor: 12.5, currency: 'GBP' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await invite(b.reservationId, staff, { expected_price: { amount_minor: 4500, currency: 'EUR' } }))
        .statusCode,
    ).toBe(400);
    expect((await invite('not-a-reservation')).statusCode).toBe(404);

    const res = await invite(b.reservationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reservation_id: b.reservationId,
      conversion_invite_state: 'invited',
      expected_price: PRICE,
    });
    expect(res.json().caps.invited).toBeGreaterThanOrEqual(1);
    const again = await invite(b.reservationId);
    expect(again.json().error.code).toBe('ALREADY_INVITED');

    const notices = await t.app.inject({ url: '/api/me/notifications', headers: bearer(b.token) });
    expect(JSON.stringify(notices.json())).toContain('pre-order');
    const mail = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM email_outbox WHERE subject LIKE ${'%pre-order%'}`.execute(
      t.database.db,
    );
    expect(mail.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('refuses to invite outside the UK, a cancelled reservation, or past the invitation cap', async () => {
    const abroad = await buyer('FR');
    expect((await invite(abroad.reservationId)).json().error.code).toBe('OUTSIDE_UK');

    const gone = await buyer();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/interest-reservations/${gone.reservationId}`,
      headers: bearer(gone.token),
    });
    const cancelled = await invite(gone.reservationId);
    expect(cancelled.json().error).toMatchObject({
      code: 'INVALID_STATE',
      details: { reason: 'reservation_cancelled' },
    });

    const caps = await t.database.db
      .selectFrom('preorder_listing_caps')
      .selectAll()
      .where('listing_id', '=', listing.id)
      .executeTakeFirstOrThrow();
    const set = (invitation_cap: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/listings/${listing.id}/preorder-caps`,
        headers: bearer(staff),
        payload: { invitation_cap, preorder_cap: 100 },
      });
    expect((await set(caps.invited - 1)).json().error.code).toBe('INVALID_STATE');
    expect((await set(caps.invited)).statusCode).toBe(200);
    const late = await buyer();
    expect((await invite(late.reservationId)).json().error).toMatchObject({ code: 'CAP_REACHED' });
    expect((await set(caps.invited + 1000)).statusCode).toBe(200);

    // Staff read the caps in force and the places taken; a listing without caps has the defaults.
    const read = (id: string, token = staff) =>
      t.app.inject({ url: `/api/admin/listings/${id}/preorder-caps`, headers: bearer(token) });
    const now = await read(listing.id);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toEqual({
      listing_id: listing.id,
      invitation_cap: caps.invited + 1000,
      invited: caps.invited,
      preorder_cap: 100,
      preordered: caps.preordered,
    });
    const fresh = await publishedListing(t.app, t, designer.access_token);
    expect((await read(fresh.id)).json()).toEqual({
      listing_id: fresh.id,
      ...PREORDER_DEFAULT_CAPS,
      invited: 0,
      preordered: 0,
    });
    expect((await read(fresh.id, other.access_token)).statusCode).toBe(403);
    expect((await read('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read('not-a-listing')).statusCode).toBe(404);
  });

  it('setup intent: only the invited buyer’s own, unexpired, active reservation', async () => {
    const b = await buyer();
    expect((await setupIntent(b.token, b.reservationId)).json().error.code).toBe('NOT_INVITED');
    expect((await invite(b.reservationId)).statusCode).toBe(200);
    expect((await setupIntent(other.access_token, b.reservationId)).statusCode).toBe(404);

    const first = await setupIntent(b.token, b.reservationId);
    expect(first.statusCode, first.body).toBe(201);
    const checkout = first.json();
    expect(checkout).toMatchObject({
      reservation_id: b.reservationId,
      status: 'requires_payment_method',
      usage: 'off_session',
      expected_price: PRICE,
      reused: false,
      card_collection: { provider: 'local' },
      payment_agreement: { version: MIT_AGREEMENT_VERSION, text: MIT_AGREEMENT_TEXT },
    });
    expect(checkout.card_collection.form_url).toContain(
      `/payments/local/setup-intents/${checkout.setup_intent_id}`,
    );
    // Idempotent: the same setup intent, one row, whatever the concurrency.
    const again = await Promise.all([1, 2, 3].map(() => setupIntent(b.token, b.reservationId)));
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ setup_intent_id: checkout.setup_intent_id, reused: true });
    }
    const rows = await t.database.db
      .selectFrom('checkout_setup_intents')
      .select('id')
      .where('reservation_id', '=', b.reservationId)
      .execute();
    expect(rows).toHaveLength(1);
    const started = (await eventsNamed('checkout_started')).filter(
      (p) => p.checkout_id === checkout.checkout_id,
    );
    expect(started).toHaveLength(1);
    const created = (await eventsNamed('setup_intent_created')).filter(
      (p) => p.checkout_id === checkout.checkout_id,
    );
    expect(created).toEqual([
      expect.objectContaining({ preorder_id: checkout.preorder_id, payment_mode: 'setup' }),
    ]);

    // Expired invitation.
    const late = await buyer();
    await invite(late.reservationId);
    await sql`UPDATE interest_reservations SET invited_at = now() - interval '3 days', invite_expires_at = now() - interval '1 day' WHERE id = ${late.reservationId}`.execute(
      t.database.db,
    );
    expect((await setupIntent(late.token, late.reservationId)).json().error.code).toBe('INVITATION_EXPIRED');

    // Cancelled after the invitation.
    const gone = await buyer();
    await invite(gone.reservationId);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/interest-reservations/${gone.reservationId}`,
      headers: bearer(gone.token),
    });
    expect((await setupIntent(gone.token, gone.reservationId)).json().error).toMatchObject({
      code: 'INVALID_STATE',
      details: { reason: 'reservation_cancelled' },
    });
  });

  it('happy path: card form → signed webhook → job → confirm → list → cancel', async () => {
    const { token, reservationId, checkout, userId } = await invitedCheckout();
    const confirmEarly = await post('/api/checkout/confirm', token, confirmBody(checkout.checkout_id));
    expect(confirmEarly.json().error.code).toBe('CARD_NOT_VERIFIED');

    const form = await t.app.inject({
      url:
        new URL(checkout.card_collection.form_url).pathname +
        new URL(checkout.card_collection.form_url).search,
    });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain('<label for="number">');
    expect(form.body).not.toContain('<script');
    // The form is keyed by its client secret.
    const wrongSecret = await t.app.inject({
      url: `/payments/local/setup-intents/${checkout.setup_intent_id}?client_secret=nope`,
    });
    expect(wrongSecret.statusCode).toBe(404);

    const saved = await submitForm(checkout.card_collection.form_url, card(LOCAL_TEST_CARDS.succeeds));
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Card saved');
    // The provider posted a signed event through the real route; it is stored and its job queued.
    const stored = await t.database.db
      .selectFrom('payment_events')
      .selectAll()
      .where('object_id', '=', checkout.setup_intent_id)
      .execute();
    expect(stored.map((e) => e.type)).toEqual(['setup_intent.succeeded']);
    await drain(t);
    expect(await checkoutState(checkout.checkout_id)).toMatchObject({ status: 'succeeded' });
    expect(
      (await eventsNamed('setup_intent_succeeded')).filter((p) => p.checkout_id === checkout.checkout_id),
    ).toEqual([
      expect.objectContaining({
        preorder_id: checkout.preorder_id,
        expected_total: 4500,
        card_verification_status: 'verified',
      }),
    ]);

    const stale = await post(
      '/api/checkout/confirm',
      token,
      confirmBody(checkout.checkout_id, { at: new Date(Date.now() - 20 * 60_000) }),
    );
    expect(stale.json().error.code).toBe('ACKNOWLEDGEMENT_STALE');
    const oldTerms = await post(
      '/api/checkout/confirm',
      token,
      confirmBody(checkout.checkout_id, { agreementVersion: 'v0' }),
    );
    expect(oldTerms.json().error.code).toBe('ACKNOWLEDGEMENT_STALE');
    expect(
      (await post('/api/checkout/confirm', other.access_token, confirmBody(checkout.checkout_id))).statusCode,
    ).toBe(404);

    const confirmed = await post('/api/checkout/confirm', token, confirmBody(checkout.checkout_id));
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const { preorder, charged, warnings } = confirmed.json();
    expect(charged).toBe(false);
    expect(warnings).toEqual([]);
    expect(preorder).toMatchObject({
      id: checkout.preorder_id,
      status: 'confirmed',
      reservation_id: reservationId,
      listing_id: listing.id,
      design_owner_id: designer.user.id,
      setup_intent_id: checkout.setup_intent_id,
      expected_price: PRICE,
      card: { brand: 'visa', last4: '4242', exp_month: 12 },
      payment_agreement: { version: MIT_AGREEMENT_VERSION, text: MIT_AGREEMENT_TEXT },
      no_capture_acknowledgement: { version: PREORDER_NO_CAPTURE_TERMS_VERSION },
    });
    expect(Object.keys(preorder.gate_versions).sort()).toEqual([...PHASE_GATES['A.5']].sort());
    expect(Object.values(preorder.gate_versions)).toEqual(PHASE_GATES['A.5'].map(() => A5_GATE_VERSION));
    // Confirming again answers the same pre-order; nothing is added.
    const twice = await post('/api/checkout/confirm', token, confirmBody(checkout.checkout_id));
    expect(twice.json().preorder.id).toBe(preorder.id);

    const list = await t.app.inject({ url: '/api/pre-orders', headers: bearer(token) });
    expect(list.json().items.map((p: { id: string }) => p.id)).toEqual([preorder.id]);
    expect(
      (await t.app.inject({ url: '/api/pre-orders', headers: bearer(other.access_token) })).json().items,
    ).toEqual([]);

    const del = (tok: string, payload: unknown) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/pre-orders/${preorder.id}`,
        headers: bearer(tok),
        payload: payload as object,
      });
    expect((await del(other.access_token, { reason: 'price' })).statusCode).toBe(404);
    expect((await del(token, { reason: 'because' })).statusCode).toBe(400);
    const cancelled = await del(token, { reason: 'price', note: 'Too dear for me' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellation_reason: 'price' });
    expect((await del(token, { reason: 'price' })).json().status).toBe('cancelled');
    const pm = await t.database.db
      .selectFrom('local_payment_methods')
      .select(['detached_at', 'customer_id'])
      .where('last4', '=', '4242')
      .where('detached_at', 'is not', null)
      .execute();
    expect(pm.length).toBeGreaterThanOrEqual(1);
    expect((await eventsNamed('preorder_cancelled')).filter((p) => p.preorder_id === preorder.id)).toEqual([
      { preorder_id: preorder.id, reason_category: 'price', days_since_created: 0 },
    ]);
    const reservation = await t.database.db
      .selectFrom('interest_reservations')
      .select('conversion_invite_state')
      .where('id', '=', reservationId)
      .executeTakeFirstOrThrow();
    expect(reservation.conversion_invite_state).toBe('declined');
    expect((await setupIntent(token, reservationId)).json().error.code).toBe('INVALID_STATE');
    const caps = await t.database.db
      .selectFrom('preorder_buyers')
      .select('active')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(caps.active).toBe(0);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource_id', '=', preorder.id)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['preorder.confirmed', 'preorder.cancelled']);
  });

  it('warns when the card expires before the expected production window', async () => {
    const { token, checkout } = await invitedCheckout();
    await submitForm(
      checkout.card_collection.form_url,
      card(LOCAL_TEST_CARDS.succeeds, new Date().getUTCFullYear()),
    );
    const res = await post('/api/checkout/confirm', token, confirmBody(checkout.checkout_id));
    expect(res.statusCode).toBe(201);
    expect(res.json().warnings.map((w: { code: string }) => w.code)).toEqual([
      'card_expires_before_production',
    ]);
  });

  it('the authentication card needs its second step; a failed authentication is a retryable failure', async () => {
    const a = await invitedCheckout();
    const step1 = await submitForm(
      a.checkout.card_collection.form_url,
      card(LOCAL_TEST_CARDS.requiresAuthentication),
    );
    expect(step1.body).toContain('Confirm it is you');
    await drain(t);
    expect(await checkoutState(a.checkout.checkout_id)).toMatchObject({ status: 'requires_action' });
    expect(
      (await post('/api/checkout/confirm', a.token, confirmBody(a.checkout.checkout_id))).json().error.code,
    ).toBe('CARD_NOT_VERIFIED');
    const step2 = await submitForm(a.checkout.card_collection.form_url, { step: 'approve' });
    expect(step2.body).toContain('Card saved');
    await drain(t);
    expect(await checkoutState(a.checkout.checkout_id)).toMatchObject({ status: 'succeeded' });
    expect(
      (await post('/api/checkout/confirm', a.token, confirmBody(a.checkout.checkout_id))).statusCode,
    ).toBe(201);

    const f = await invitedCheckout();
    await submitForm(f.checkout.card_collection.form_url, card(LOCAL_TEST_CARDS.requiresAuthentication));
    const failed = await submitForm(f.checkout.card_collection.form_url, { step: 'fail' });
    expect(failed.body).toContain('authentication failed');
    await drain(t);
    expect(await checkoutState(f.checkout.checkout_id)).toMatchObject({
      status: 'requires_payment_method',
      last_error_code: 'setup_intent_authentication_failure',
    });
    expect((await setupIntent(f.token, f.reservationId)).json().last_error).toMatchObject({
      code: 'setup_intent_authentication_failure',
    });
    expect(
      (await eventsNamed('setup_intent_failed')).filter((p) => p.checkout_id === f.checkout.checkout_id),
    ).toEqual([
      {
        checkout_id: f.checkout.checkout_id,
        safe_failure_code: 'setup_intent_authentication_failure',
        retryable: true,
      },
    ]);
  });

  it('declined cards: insufficient funds and a generic decline, then another card succeeds', async () => {
    const d = await invitedCheckout();
    const declined = await submitForm(
      d.checkout.card_collection.form_url,
      card(LOCAL_TEST_CARDS.insufficientFunds),
    );
    expect(declined.statusCode).toBe(422);
    expect(declined.body).toContain('insufficient funds');
    await drain(t);
    expect(await checkoutState(d.checkout.checkout_id)).toMatchObject({
      status: 'requires_payment_method',
      last_error_code: 'insufficient_funds',
    });
    // The app reads the decline from the checkout (read again from the provider) to say it plainly.
    expect(d.checkout.last_error).toBeNull();
    const again = await setupIntent(d.token, d.reservationId);
    expect(again.json()).toMatchObject({
      reused: true,
      status: 'requires_payment_method',
      last_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    const generic = await submitForm(
      d.checkout.card_collection.form_url,
      card(LOCAL_TEST_CARDS.genericDecline),
    );
    expect(generic.body).toContain('declined');
    await drain(t);
    expect(await checkoutState(d.checkout.checkout_id)).toMatchObject({ last_error_code: 'generic_decline' });
    const failures = (await eventsNamed('setup_intent_failed')).filter(
      (p) => p.checkout_id === d.checkout.checkout_id,
    );
    expect(failures.map((p) => p.safe_failure_code)).toEqual(['insufficient_funds', 'generic_decline']);
    expect(
      (await post('/api/checkout/confirm', d.token, confirmBody(d.checkout.checkout_id))).json().error.code,
    ).toBe('CARD_NOT_VERIFIED');
    await submitForm(d.checkout.card_collection.form_url, card(LOCAL_TEST_CARDS.succeeds));
    expect(
      (await post('/api/checkout/confirm', d.token, confirmBody(d.checkout.checkout_id))).statusCode,
    ).toBe(201);
  });

  it('withdrawn designer terms stop new invitations and confirmations; confirmed pre-orders stay', async () => {
    const waiting = await invitedCheckout();
    await submitForm(waiting.checkout.card_collection.form_url, card(LOCAL_TEST_CARDS.succeeds));
    const url = `/api/listings/${listing.id}/designer-terms`;
    const withdrawn = await t.app.inject({ method: 'DELETE', url, headers: bearer(designer.access_token) });
    expect(withdrawn.json()).toMatchObject({ accepted: false });
    const b = await buyer();
    expect((await invite(b.reservationId)).json().error).toMatchObject({ code: 'GATE_NOT_MET' });
    expect(
      (await post('/api/checkout/confirm', waiting.token, confirmBody(waiting.checkout.checkout_id))).json()
        .error.code,
    ).toBe('GATE_NOT_MET');
    await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(designer.access_token),
      payload: { accepted: true, version: DESIGNER_TERMS_VERSION },
    });
    expect(
      (await post('/api/checkout/confirm', waiting.token, confirmBody(waiting.checkout.checkout_id)))
        .statusCode,
    ).toBe(201);
  });

  it('proves no capture: the provider was never asked for a payment intent, charge or capture', async () => {
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls)).toEqual(
      new Set([
        'ensureCustomer',
        'createSetupIntent',
        'retrieveSetupIntent',
        'cardCollection',
        'detachPaymentMethod',
      ]),
    );
    expect(calls.filter((c) => /capture|payment_?intent|charge/i.test(c))).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND (table_name LIKE '%payment_intent%' OR table_name LIKE '%charge%')`.execute(
      t.database.db,
    );
    expect(tables.rows).toEqual([]);
    const captures = await t.database.db
      .selectFrom('payment_events')
      .select('type')
      .where((eb) => eb.or([eb('type', 'like', 'payment_intent.%'), eb('type', 'like', 'charge.%')]))
      .execute();
    expect(captures).toEqual([]);
    const charged = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM audit_log WHERE details->>'charged' = 'true'`.execute(t.database.db);
    expect(charged.rows[0]?.n).toBe(0);
  });

  it('feeds the "Checkout blocked" rule with real confirmation attempts and failures', async () => {
    const { token, checkout } = await invitedCheckout();
    // Six confirmations of a card not yet verified: six attempts, six failures.
    for (let i = 0; i < 6; i++) {
      expect((await post('/api/checkout/confirm', token, confirmBody(checkout.checkout_id))).statusCode).toBe(
        409,
      );
    }
    const report = await t.maintenance.evaluateAlerts();
    const rule = report.results.find((r) => r.key === 'checkout_blocked');
    expect(rule?.action).toBe('pending');
  });

  it('account erasure cancels the buyer’s pre-orders and those of the designer’s listings, and detaches the cards', async () => {
    async function confirmedFor(listingId: string) {
      const who = await register(t.app);
      const reserved = await post(`/api/listings/${listingId}/interest`, who.access_token, RESERVE_BODY);
      const reservationId = reserved.json().reservation.id as string;
      expect((await invite(reservationId)).statusCode).toBe(200);
      const checkout = (await setupIntent(who.access_token, reservationId)).json();
      await submitForm(checkout.card_collection.form_url, card(LOCAL_TEST_CARDS.succeeds));
      const res = await post('/api/checkout/confirm', who.access_token, confirmBody(checkout.checkout_id));
      expect(res.statusCode).toBe(201);
      return { who, preorder: res.json().preorder as { id: string; setup_intent_id: string } };
    }
    const erase = (who: { access_token: string; password: string; user: { username: string } }) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: bearer(who.access_token),
        payload: { confirm: who.user.username, password: who.password },
      });
    const state = (id: string) =>
      t.database.db
        .selectFrom('pre_orders')
        .select(['status', 'cancellation_reason', 'buyer_user_id', 'card_detached_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    // The buyer goes.
    const mine = await confirmedFor(listing.id);
    expect((await erase(mine.who)).statusCode).toBe(200);
    expect(await state(mine.preorder.id)).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'account_erased',
      buyer_user_id: null,
    });
    expect((await state(mine.preorder.id)).card_detached_at).not.toBeNull();

    // The designer goes: the pre-orders of their listing are cancelled and the buyer told.
    const leaving = await register(t.app);
    const theirs = await publishedListing(t.app, t, leaving.access_token, { title: 'Leaving tower' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/listings/${theirs.id}/designer-terms`,
      headers: bearer(leaving.access_token),
      payload: { accepted: true, version: DESIGNER_TERMS_VERSION },
    });
    const buyerOf = await confirmedFor(theirs.id);
    expect((await erase(leaving)).statusCode).toBe(200);
    expect(await state(buyerOf.preorder.id)).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'account_erased',
      buyer_user_id: buyerOf.who.user.id,
    });
    const listed = await t.app.inject({ url: '/api/pre-orders', headers: bearer(buyerOf.who.access_token) });
    expect(listed.json().items[0]).toMatchObject({ status: 'cancelled' });
    const notices = await t.app.inject({
      url: '/api/me/notifications',
      headers: bearer(buyerOf.who.access_token),
    });
    expect(JSON.stringify(notices.json())).toContain('closed their account');
  }, 60_000);

  describe('the payment webhook', () => {
    const SECRET = LOCAL_WEBHOOK_SECRET;
    let seq = 0;

    function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
      seq += 1;
      return JSON.stringify({
        id: `evt_test_${seq}_${Date.now()}`,
        object: 'event',
        type,
        created,
        livemode: false,
        data: { object },
      });
    }

    const deliver = (
      body: string,
      signature = signProviderWebhook(body, SECRET, Math.floor(Date.now() / 1000)),
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });

    it('refuses a missing, wrong, stale or future-dated signature, and a body changed after signing', async () => {
      const body = event('setup_intent.succeeded', {
        id: 'seti_unknown',
        object: 'setup_intent',
        status: 'succeeded',
      });
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(missing.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
      expect(
        (await deliver(body, signProviderWebhook(body, 'whsec_wrong', Math.floor(Date.now() / 1000))))
          .statusCode,
      ).toBe(400);
      expect(
        (await deliver(body, signProviderWebhook(body, SECRET, Math.floor(Date.now() / 1000) - 301)))
          .statusCode,
      ).toBe(400);
      // Signed with the local provider's secret but dated an hour ahead: the same refusal, nothing stored.
      const future = await deliver(
        body,
        signProviderWebhook(body, SECRET, Math.floor(Date.now() / 1000) + 3600),
      );
      expect(future.statusCode).toBe(400);
      expect(future.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
      const storedEarly = await t.database.db
        .selectFrom('payment_events')
        .select('id')
        .where('provider_event_id', '=', JSON.parse(body).id)
        .execute();
      expect(storedEarly).toEqual([]);
      const signature = signProviderWebhook(body, SECRET, Math.floor(Date.now() / 1000));
      expect((await deliver(body.replace('succeeded', 'canceled'), signature)).statusCode).toBe(400);
      // Signed but not an event: refused as input (400), never stored, never a 5xx or an alert.
      for (const bad of [
        '{"id":"evt_x","type":"setup_intent.succeeded","created":1}',
        '{"data":{"object":{}}}',
        'not json',
      ]) {
        const res = await deliver(bad);
        expect(res.statusCode, bad).toBe(400);
      }
      // The same bytes with their own signature are accepted (raw body, not re-serialised JSON).
      expect((await deliver(body, signature)).statusCode).toBe(200);
    });

    it('1,000 deliveries of one event make one record and one job', async () => {
      const body = event('setup_intent.requires_action', {
        id: 'seti_dupes',
        object: 'setup_intent',
        status: 'requires_action',
      });
      const id = JSON.parse(body).id as string;
      const answers = await Promise.all(Array.from({ length: 1000 }, () => deliver(body)));
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      expect(answers.filter((r) => r.json().duplicate === false)).toHaveLength(1);
      const rows = await t.database.db
        .selectFrom('payment_events')
        .select('id')
        .where('provider_event_id', '=', id)
        .execute();
      expect(rows).toHaveLength(1);
      const jobs = await t.database.db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'payment_event')
        .where('resource_id', '=', rows[0]?.id ?? '')
        .execute();
      expect(jobs).toHaveLength(1);
      await drain(t);
      const applied = await t.database.db
        .selectFrom('payment_events')
        .select('outcome')
        .where('provider_event_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(applied.outcome).toBe('unknown_setup_intent');
    });

    it('an older event never overwrites a newer state; one of the same second is settled by the provider', async () => {
      const { checkout } = await invitedCheckout();
      await submitForm(checkout.card_collection.form_url, card(LOCAL_TEST_CARDS.succeeds));
      await drain(t);
      const state = await checkoutState(checkout.checkout_id);
      expect(state.status).toBe('succeeded');
      const newest = Number(state.status_event_created);
      const object = { id: checkout.setup_intent_id, object: 'setup_intent' };
      // Delivered late: an event from before the success.
      await deliver(
        event('setup_intent.requires_action', { ...object, status: 'requires_action' }, newest - 60),
      );
      // Same second as the success, claiming a failure: the provider says it succeeded.
      await deliver(
        event(
          'setup_intent.setup_failed',
          { ...object, status: 'requires_payment_method', last_setup_error: { code: 'card_declined' } },
          newest,
        ),
      );
      await drain(t);
      expect(await checkoutState(checkout.checkout_id)).toMatchObject({
        status: 'succeeded',
        last_error_code: null,
      });
      const outcomes = await t.database.db
        .selectFrom('payment_events')
        .select(['type', 'outcome'])
        .where('object_id', '=', checkout.setup_intent_id)
        .orderBy('received_at')
        .execute();
      expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'stale_ignored', 'applied']);
    });

    it('a capture event in A.5 raises the "Checkout blocked" P0 at once', async () => {
      const res = await deliver(
        event('payment_intent.succeeded', { id: 'pi_test_1', object: 'payment_intent', amount: 4500 }),
      );
      expect(res.statusCode).toBe(200);
      const alerts = await t.database.db
        .selectFrom('alerts')
        .select(['alert_key', 'severity'])
        .where('alert_key', '=', 'checkout_blocked')
        .execute();
      expect(alerts).toEqual([{ alert_key: 'checkout_blocked', severity: 'P0' }]);
    });

    it('a valid webhook that cannot be stored answers 503 and raises the durable-store P0', async () => {
      const body = event('setup_intent.succeeded', {
        id: 'seti_store_fail',
        object: 'setup_intent',
        status: 'succeeded',
      });
      await sql`ALTER TABLE payment_events RENAME TO payment_events_away`.execute(t.database.db);
      try {
        const res = await deliver(body);
        expect(res.statusCode).toBe(503);
        expect(res.json().error.code).toBe('PAYMENT_WEBHOOK_UNAVAILABLE');
      } finally {
        await sql`ALTER TABLE payment_events_away RENAME TO payment_events`.execute(t.database.db);
      }
      const alerts = await t.database.db
        .selectFrom('alerts')
        .select(['alert_key', 'severity'])
        .where('alert_key', '=', 'webhook_store_failure')
        .execute();
      expect(alerts).toEqual([{ alert_key: 'webhook_store_failure', severity: 'P0' }]);
      // The provider retries; now it is stored.
      expect((await deliver(body)).json()).toEqual({ received: true, duplicate: false });
    });
  });
});
