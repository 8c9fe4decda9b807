/**
 * Support floods and references (issue 42, items 5 and 6c): new conversations limited per
 * account (an hour and a day) and per client address, a requester never setting a staff-only
 * priority, and every resource a conversation points at checked against its requester before it
 * is stored, answering a foreign one exactly like an unknown one.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/config/rate-limits';
import { ManualClock } from '../src/platform/clock';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { createDraft, publishedListing, RESERVE_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

type Json = Record<string, unknown>;
const HOUR = 3600_000;

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.json().error).toMatchObject({
    code: 'RATE_LIMITED',
    details: { retry_after_seconds: retryAfter },
  });
}

describe('new support conversations', () => {
  let t: TestApp;
  // 01:00 UTC: three hours of the same day ahead.
  const clock = new ManualClock('2026-03-10T01:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const open = (headers: Record<string, string>, payload: Json, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/support/conversations', headers, remoteAddress, payload });
  const opened = async (userId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('support_conversations')
          .select((e) => e.fn.countAll<string>().as('n'))
          .where('requester_user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes an account’s hourly and daily share of 150 reports and refuses the rest with Retry-After', async () => {
    const maker = await register(t.app);
    const listing = await publishedListing(t.app, t, maker.access_token);
    const reporter = await register(t.app);
    const report = {
      subject: 'This looks unsafe',
      category: 'report_listing',
      report_reason: 'safety',
      message: 'Please check it.',
      resource: { type: 'listing', id: listing.id },
    };
    const hourly = RATE_LIMITS.supportPerAccount.limit;
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        open(bearer(reporter.access_token), report, `198.51.100.${(i % 50) + 1}`),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(hourly);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(150 - hourly);
    expectLimited(refused[0] as LightMyRequestResponse);
    expect(refused[0]?.json().error.message).toContain('opened many conversations');
    expect(await opened(reporter.user.id)).toBe(hourly);

    // Each new hour the account has another share, up to its day's.
    const daily = RATE_LIMITS.supportPerAccountPerDay.limit;
    // (Signed in again each hour: an access token lasts less.)
    const later = async () => {
      clock.advance(HOUR);
      return bearer((await login(t.app, reporter.user.username, reporter.password)).json().access_token);
    };
    for (let accepted = hourly; accepted < daily; ) {
      const headers = await later();
      for (let i = 0; i < hourly && accepted < daily; i++, accepted++)
        expect((await open(headers, report)).statusCode).toBe(201);
    }
    expectLimited(await open(await later(), report));
    expect(await opened(reporter.user.id)).toBe(daily);
    // Someone else is not held back by it.
    const other = await register(t.app);
    expect((await open(bearer(other.access_token), report)).statusCode).toBe(201);
  });

  it('limits conversations from one client address across accounts', async () => {
    const { limit } = RATE_LIMITS.supportPerIp;
    const perAccount = RATE_LIMITS.supportPerAccount.limit;
    const ip = '203.0.113.77';
    const people = await Promise.all(
      Array.from({ length: Math.ceil(limit / perAccount) + 1 }, () => register(t.app)),
    );
    const question = { subject: 'A question', category: 'question', message: 'Hi' };
    let accepted = 0;
    for (const person of people)
      for (let i = 0; i < perAccount && accepted < limit; i++, accepted++)
        expect((await open(bearer(person.access_token), question, ip)).statusCode).toBe(201);
    const last = people.at(-1) as (typeof people)[number];
    const refused = await open(bearer(last.access_token), question, ip);
    expectLimited(refused);
    expect(refused.json().error.message).toContain('from your network');
    // Visitors from that address are refused too, before a visitor session is made for them.
    const anonymous = await open({}, { ...question, contact_email: 'v@example.com' }, ip);
    expectLimited(anonymous);
    expect(anonymous.cookies.find((c) => c.name === 'kw_visitor')).toBeUndefined();
    expect((await open(bearer(last.access_token), question, '203.0.113.78')).statusCode).toBe(201);
  });

  it('lets a requester say low or normal, never high or urgent; staff set those', async () => {
    const member = await register(t.app);
    const mh = bearer(member.access_token);
    const base = { subject: 'Where is my kit?', category: 'question', message: 'Hi' };
    for (const priority of ['high', 'urgent']) {
      const refused = await open(mh, { ...base, priority });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: { priority: expect.any(String) } },
      });
    }
    expect(await opened(member.user.id)).toBe(0);
    expect((await open(mh, { ...base, priority: 'low' })).json().priority).toBe('low');
    const normal = (await open(mh, base)).json();
    expect(normal.priority).toBe('normal');

    await seedDemoUsers(t.database.db);
    const staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    const raised = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/support/conversations/${normal.id}`,
      headers: bearer(staff),
      payload: { priority: 'urgent' },
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().priority).toBe('urgent');
  });
});

describe('what a support conversation points at', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const open = (headers: Record<string, string>, resource: { type: string; id: string }, extra: Json = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers,
      payload: { subject: 'About this one', category: 'bug', message: 'It broke.', resource, ...extra },
    });
  const count = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('support_conversations')
          .select((e) => e.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A refusal that says nothing about whether the resource exists. */
  const refusal = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    const { code, message, details } = res.json().error;
    return { code, message, details };
  };

  it('takes the requester’s own draft, job and reservation, and refuses anyone else’s exactly like an unknown one', async () => {
    const owner = await register(t.app);
    const oh = bearer(owner.access_token);
    const stranger = await register(t.app);
    const sh = bearer(stranger.access_token);
    const maker = await register(t.app);
    const listing = await publishedListing(t.app, t, maker.access_token);
    const draft = await createDraft(t.app, owner.access_token, { mode: 'B', prompt: 'a shelf' });
    const job = (
      await t.app.inject({
        method: 'POST',
        url: `/api/design-drafts/${draft.id}/model-jobs`,
        headers: oh,
      })
    ).json();
    expect(job.id).toEqual(expect.any(String));
    const reservation = (
      await t.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/interest`,
        headers: oh,
        payload: RESERVE_BODY,
      })
    ).json().reservation;

    const before = await count();
    for (const [type, id] of [
      ['draft', draft.id],
      ['job', job.id],
      ['reservation', reservation.id],
    ] as const) {
      const foreign = await open(sh, { type, id });
      const unknown = await open(sh, { type, id: randomUUID() });
      const notAnId = await open(sh, { type, id: 'not-an-id' });
      expect(refusal(foreign)).toEqual(refusal(unknown));
      expect(refusal(notAnId)).toEqual(refusal(unknown));
      expect(refusal(foreign).details).toEqual({ fields: { 'resource.id': expect.any(String) } });
      // A visitor has no drafts or jobs, and holds only their own session's reservations.
      expect(refusal(await open({}, { type, id }, { contact_email: 'v@example.com' }))).toEqual(
        refusal(unknown),
      );
    }
    expect(await count()).toBe(before);

    for (const [type, id] of [
      ['draft', draft.id],
      ['job', job.id],
      ['reservation', reservation.id],
    ] as const) {
      const own = await open(oh, { type, id });
      expect(own.statusCode).toBe(201);
      expect(own.json().resource).toEqual({ type, id });
    }
  });

  it('takes a visitor’s own reservation, not another visitor’s', async () => {
    const maker = await register(t.app);
    const listing = await publishedListing(t.app, t, maker.access_token);
    const session = async () =>
      ({
        'x-visitor-session': (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json()
          .session_token,
      }) as Record<string, string>;
    const [mine, theirs] = [await session(), await session()];
    const reservation = (
      await t.app.inject({
        method: 'POST',
        url: `/api/listings/${listing.id}/interest`,
        headers: mine,
        payload: RESERVE_BODY,
      })
    ).json().reservation;
    const contact = { contact_email: 'visitor@example.com' };
    expect(refusal(await open(theirs, { type: 'reservation', id: reservation.id }, contact))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await open(mine, { type: 'reservation', id: reservation.id }, contact)).statusCode).toBe(201);
  });

  it('takes any listing its requester can see, and someone else’s private one only as an unknown one', async () => {
    const maker = await register(t.app);
    const mh = bearer(maker.access_token);
    const other = await register(t.app);
    const visible = await publishedListing(t.app, t, maker.access_token, { title: 'Open tower' });
    const hidden = await publishedListing(t.app, t, maker.access_token, {
      title: 'Private tower',
      visibility: 'private',
    });
    const oh = bearer(other.access_token);
    expect((await open(oh, { type: 'listing', id: visible.id })).statusCode).toBe(201);
    expect(refusal(await open(oh, { type: 'listing', id: hidden.id }))).toEqual(
      refusal(await open(oh, { type: 'listing', id: randomUUID() })),
    );
    expect((await open(mh, { type: 'listing', id: hidden.id })).statusCode).toBe(201);
  });
});
