/**
 * Identity, consent and attribution of product events come from the server: a client-chosen
 * anonymous id is never stored, the consent stored on the visitor session or account is what the
 * server applies (a stored withdrawal beats the request's header), giving and withdrawing consent
 * is audited, and events carry the session's real first- and last-touch attribution, captured from
 * the request that made the visitor session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuid } from '../src/platform/ids';
import { register } from './support/auth-helpers';
import { createDraft } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const LANDING =
  'http://localhost:3000/discover?utm_source=newsletter&utm_medium=email&utm_campaign=launch&email=a@b.c';

describe('analytics identity, consent and attribution', () => {
  let t: TestApp;
  let visitorId: string;
  let visitorToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/anonymous',
      headers: { referer: LANDING },
    });
    expect(res.statusCode).toBe(201);
    ({ session_id: visitorId, session_token: visitorToken } = res.json());
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const eventsNamed = (name: string) =>
    db().selectFrom('product_events').selectAll().where('name', '=', name).orderBy('received_at').execute();
  const consentAudit = () =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'resource_type', 'resource_id', 'details'])
      .where('action', 'like', 'consent.%')
      .orderBy('seq')
      .execute();
  const sessionStarted = (
    consent: 'granted' | 'denied' | 'unset',
    lastTouch: Record<string, unknown> = {},
  ) => ({
    consent,
    events: [
      {
        name: 'session_started',
        properties: {
          anonymous_session_id: 'someone@example.com',
          user_id: null,
          first_touch_attribution: { source: 'made-up' },
          last_touch_attribution: lastTouch,
          referrer: 'https://news.example.org/some/article?id=42',
          device_class: 'mobile',
          consent_state: 'granted',
        },
      },
    ],
  });
  const ingest = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/events', headers, payload: body as object });
  const setConsent = (consent: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/analytics/consent', headers, payload: { consent } });

  it('captures the first touch from the request that made the visitor session', async () => {
    const row = await db()
      .selectFrom('visitor_sessions')
      .select(['source_attribution', 'consent_state'])
      .where('id', '=', visitorId)
      .executeTakeFirstOrThrow();
    const touch = { source: 'newsletter', medium: 'email', campaign: 'launch', landing_path: '/discover' };
    expect(row.source_attribution).toEqual({ first_touch: touch, last_touch: touch });
    expect(row.consent_state).toBe('unset');
  });

  it('replaces a client-chosen anonymous id without a visitor session by a server-issued one', async () => {
    const res = await ingest(sessionStarted('granted'));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1, dropped: 0 });
    const [event] = await eventsNamed('session_started');
    const props = event?.properties as Record<string, unknown>;
    expect(props.anonymous_session_id).not.toBe('someone@example.com');
    expect(isUuid(String(props.anonymous_session_id))).toBe(true);
    expect(JSON.stringify(event)).not.toContain('someone@example.com');
    expect(props.referrer).toBe('news.example.org');
    expect(event?.session_id).toBeNull();
  });

  it('stores consent on the visitor session, audits it, and applies the stored answer over the header', async () => {
    const visitor = { 'x-visitor-session': visitorToken };
    const denied = await setConsent('denied', visitor);
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toEqual({ consent: 'denied', stored_on: 'visitor_session', changed: true });

    // The request says "granted", the stored answer says no: dropped.
    const before = (await eventsNamed('session_started')).length;
    const res = await ingest(sessionStarted('granted', { source: 'twitter' }), visitor);
    expect(res.json()).toEqual({ accepted: 0, dropped: 1 });
    expect(await eventsNamed('session_started')).toHaveLength(before);

    expect((await setConsent('granted', visitor)).json()).toEqual({
      consent: 'granted',
      stored_on: 'visitor_session',
      changed: true,
    });
    // Repeating the answer changes nothing and is not audited again.
    expect((await setConsent('granted', visitor)).json()).toMatchObject({ changed: false });
    expect(await consentAudit()).toEqual([
      {
        action: 'consent.withdrawn',
        resource_type: 'visitor_session',
        resource_id: visitorId,
        details: { class: 'product_analytics', from: 'unset', to: 'denied' },
      },
      {
        action: 'consent.granted',
        resource_type: 'visitor_session',
        resource_id: visitorId,
        details: { class: 'product_analytics', from: 'denied', to: 'granted' },
      },
    ]);

    // Now the header says "denied"… the stored grant is what applies; and a new visit moves the last touch.
    const ok = await ingest(sessionStarted('denied', { source: 'twitter', medium: 'social' }), visitor);
    expect(ok.json()).toEqual({ accepted: 1, dropped: 0 });
    const event = (await eventsNamed('session_started')).at(-1);
    const props = event?.properties as Record<string, unknown>;
    expect(props.anonymous_session_id).toBe(visitorId);
    expect(props.consent_state).toBe('granted');
    expect(props.first_touch_attribution).toMatchObject({ source: 'newsletter', campaign: 'launch' });
    expect(props.last_touch_attribution).toMatchObject({ source: 'twitter', medium: 'social' });
    expect(event?.source_attribution).toMatchObject({
      first_touch: { source: 'newsletter' },
      last_touch: { source: 'twitter' },
    });
    const stored = await db()
      .selectFrom('visitor_sessions')
      .select('source_attribution')
      .where('id', '=', visitorId)
      .executeTakeFirstOrThrow();
    expect(stored.source_attribution).toMatchObject({
      first_touch: { source: 'newsletter' },
      last_touch: { source: 'twitter' },
    });
  });

  it('an account takes the claimed session’s consent and attribution; server events carry them', async () => {
    const maker = await register(t.app, {}, { 'x-visitor-session': visitorToken });
    const user = await db()
      .selectFrom('users')
      .select(['consent_state', 'source_attribution'])
      .where('id', '=', maker.user.id)
      .executeTakeFirstOrThrow();
    expect(user.consent_state).toBe('granted');
    expect(user.source_attribution).toMatchObject({ first_touch: { source: 'newsletter' } });

    const signup = (await eventsNamed('signup_completed')).at(-1);
    expect((signup?.properties as Record<string, unknown> | undefined)?.source_attribution).toMatchObject({
      first_touch: { source: 'newsletter', campaign: 'launch' },
      last_touch: { source: 'twitter' },
    });

    // No header at all: the stored grant applies, and create_started carries the real attribution.
    await createDraft(t.app, maker.access_token, { mode: 'B', prompt: 'a small planter' });
    const started = (await eventsNamed('create_started')).at(-1);
    expect(started?.user_id).toBe(maker.user.id);
    expect((started?.properties as Record<string, unknown> | undefined)?.source_attribution).toMatchObject({
      first_touch: { source: 'newsletter' },
      last_touch: { source: 'twitter' },
    });
    expect(started?.source_attribution).toMatchObject({ first_touch: { source: 'newsletter' } });

    // Withdrawn on the account: analytics events stop even when a request's header says granted.
    const bearer = { authorization: `Bearer ${maker.access_token}` };
    expect((await setConsent('denied', bearer)).json()).toEqual({
      consent: 'denied',
      stored_on: 'account',
      changed: true,
    });
    const count = (await eventsNamed('create_started')).length;
    await createDraft(
      t.app,
      maker.access_token,
      { mode: 'B', prompt: 'a bird house' },
      {
        'x-analytics-consent': 'granted',
      },
    );
    expect(await eventsNamed('create_started')).toHaveLength(count);
    expect((await consentAudit()).at(-1)).toMatchObject({
      action: 'consent.withdrawn',
      resource_type: 'user',
      resource_id: maker.user.id,
    });
  });

  it('refuses an answer that is not one (400, never 5xx)', async () => {
    const res = await setConsent('maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});
