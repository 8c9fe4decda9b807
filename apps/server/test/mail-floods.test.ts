/**
 * Mass mail from one address (issue 42, item 4): verification and reset emails are limited per
 * client address (answered 429, known address or not), per account and across the service (not
 * sent, answered exactly as if sent), with the counters in the database. What was sent is read
 * from the outbox.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/config/rate-limits';
import { ManualClock } from '../src/platform/clock';
import { register, uniqueName } from './support/auth-helpers';
import { createTestApp, type TestApp } from './support/test-app';

type Flow = 'forgot-password' | 'resend-verification';

const MINUTE = 60_000;

function harness(get: () => TestApp) {
  return {
    ask: (flow: Flow, email: string, remoteAddress: string) =>
      get().app.inject({ method: 'POST', url: `/api/v1/auth/${flow}`, remoteAddress, payload: { email } }),

    /** Accounts (unverified, with no mail sent yet) made straight in the database. */
    async accounts(n: number): Promise<string[]> {
      const rows = Array.from({ length: n }, () => {
        const username = uniqueName('mf');
        return { id: randomUUID(), username, email: `${username}@example.com`, display_name: username };
      });
      await get().database.db.insertInto('users').values(rows).execute();
      return rows.map((r) => r.email);
    },

    /** Emails in the outbox for these addresses, once the work after the answers is done. */
    async sentTo(addresses: readonly string[]): Promise<Array<{ to_address: string; text_body: string }>> {
      await get().flush();
      return get()
        .database.db.selectFrom('email_outbox')
        .select(['to_address', 'text_body'])
        .where('to_address', 'in', [...addresses])
        .orderBy('created_at')
        .execute();
    },
  };
}

/** The answer without what differs per request (its correlation id). */
function answer(res: LightMyRequestResponse) {
  const body = res.json();
  if (body.error) delete body.error.correlation_id;
  return { status: res.statusCode, retryAfter: res.headers['retry-after'] ?? null, body };
}

describe('account emails from one client address', () => {
  let t: TestApp;
  // A still clock: answers compared whole must not differ by a second of Retry-After.
  const clock = new ManualClock('2026-03-10T08:00:00Z');
  const h = harness(() => t);
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('sends at most the address’s budget of 200 resets for 200 accounts, and answers known and unknown alike', async () => {
    const { limit } = RATE_LIMITS.emailRequestsPerIp;
    const emails = await h.accounts(200);
    const answers = [];
    for (const email of emails) answers.push(await h.ask('forgot-password', email, '203.0.113.9'));
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(200 - limit);
    const retryAfter = Number(refused[0]?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused[0]?.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retry_after_seconds: retryAfter },
    });
    const sent = await h.sentTo(emails);
    expect(sent).toHaveLength(limit);
    expect(new Set(sent.map((m) => m.to_address))).toEqual(new Set(emails.slice(0, limit)));

    // Past the budget an unknown address is answered exactly like a known one.
    const unknown = await h.ask('forgot-password', `${uniqueName('nobody')}@example.com`, '203.0.113.9');
    const known = await h.ask('forgot-password', emails[199] as string, '203.0.113.9');
    expect(answer(unknown)).toEqual(answer(known));
    // Within a budget too (another address).
    const [a, b] = [
      await h.ask('forgot-password', emails[198] as string, '198.51.100.40'),
      await h.ask('forgot-password', `${uniqueName('nobody')}@example.com`, '198.51.100.40'),
    ];
    expect(a.statusCode).toBe(202);
    expect(answer(a)).toEqual(answer(b));
    expect(await h.sentTo([emails[198] as string])).toHaveLength(1);
  });

  it('limits verification resends the same way, both flows sharing the address’s budget', async () => {
    const { limit } = RATE_LIMITS.emailRequestsPerIp;
    const emails = await h.accounts(200);
    const ip = '203.0.113.10';
    for (const email of emails.slice(0, 5)) await h.ask('forgot-password', email, ip);
    const answers = [];
    for (const email of emails.slice(5)) answers.push(await h.ask('resend-verification', email, ip));
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(limit - 5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(200 - limit);
    const sent = await h.sentTo(emails);
    expect(sent).toHaveLength(limit);
    expect(sent.filter((m) => m.text_body.includes('/api/v1/auth/verify?token='))).toHaveLength(limit - 5);
  });
});

describe('account emails to one account', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-03-10T08:00:00Z');
  const h = harness(() => t);
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('sends an account its day’s emails and then none, answering as if sent and keeping the last link valid', async () => {
    const { limit } = RATE_LIMITS.accountEmailsPerAccount;
    const [email] = (await h.accounts(1)) as [string];
    // From a new address each time, 5 minutes apart: only the account's own budget applies.
    const flows: Flow[] = ['forgot-password', 'resend-verification'];
    for (let i = 0; i < limit; i++) {
      expect((await h.ask(flows[i % 2] as Flow, email, `192.0.2.${i + 1}`)).statusCode).toBe(202);
      clock.advance(5 * MINUTE);
    }
    const sent = await h.sentTo([email]);
    expect(sent).toHaveLength(limit);
    const lastReset = sent.findLast((m) => m.text_body.includes('reset-password?token='));
    const token = /reset-password\?token=([\w-]+)/.exec(lastReset?.text_body ?? '')?.[1];
    expect(token).toBeTruthy();

    const over = await h.ask('forgot-password', email, '192.0.2.100');
    const unknown = await h.ask('forgot-password', `${uniqueName('nobody')}@example.com`, '192.0.2.100');
    expect(over.statusCode).toBe(202);
    expect(answer(over)).toEqual(answer(unknown));
    clock.advance(5 * MINUTE);
    expect((await h.ask('resend-verification', email, '192.0.2.101')).statusCode).toBe(202);
    expect(await h.sentTo([email])).toHaveLength(limit);
    expect(t.logs.some((l) => l.includes('the account had its emails for the day'))).toBe(true);

    // The requests that were not sent did not retire the link the owner has.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, new_password: 'flood-survivor-password' },
    });
    expect(reset.statusCode).toBe(200);

    // The next day the account is sent its emails again.
    clock.advance(24 * 60 * MINUTE);
    expect((await h.ask('forgot-password', email, '192.0.2.102')).statusCode).toBe(202);
    expect(await h.sentTo([email])).toHaveLength(limit + 1);
  });
});

describe('account emails across the service', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-03-10T10:00:00Z');
  const h = harness(() => t);
  const CEILING = 5;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ACCOUNT_EMAILS_PER_HOUR: String(CEILING) } });
  });
  afterAll(async () => t.close());

  it('stops sending at the hourly ceiling, answering alike and warning once, and sends again the next hour', async () => {
    const emails = await h.accounts(8);
    // Every request from its own address: no other limit applies.
    const answers = [];
    for (const [i, email] of emails.entries())
      answers.push(
        await h.ask(i % 2 ? 'resend-verification' : 'forgot-password', email, `198.51.100.${i + 1}`),
      );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(202));
    expect(new Set(answers.map((a) => JSON.stringify(answer(a))))).toEqual(
      new Set([JSON.stringify(answer(answers[0] as LightMyRequestResponse))]),
    );
    // Which five went depends on the order the work after the answers ran in.
    const sent = await h.sentTo(emails);
    expect(sent).toHaveLength(CEILING);
    expect(new Set(sent.map((m) => m.to_address)).size).toBe(CEILING);
    const warnings = t.logs.filter((l) => l.includes('account email ceiling reached'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] as string)).toMatchObject({ level: 40, ceiling: CEILING });

    // A sign-up past the ceiling is made; its verification email waits for the next hour.
    const late = await register(t.app);
    expect(await h.sentTo([late.user.email])).toHaveLength(0);

    clock.advance(60 * MINUTE);
    expect((await h.ask('resend-verification', late.user.email, '198.51.100.50')).statusCode).toBe(202);
    const unsent = emails.find((e) => !sent.some((m) => m.to_address === e)) as string;
    expect((await h.ask('forgot-password', unsent, '198.51.100.51')).statusCode).toBe(202);
    expect((await h.sentTo([late.user.email, unsent])).map((m) => m.to_address).sort()).toEqual(
      [late.user.email, unsent].sort(),
    );
    // The refused emails were not counted against their accounts.
    const counters = await t.database.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', '=', `account-email:${late.user.id}`)
      .execute();
    expect(counters).toEqual([{ key: `account-email:${late.user.id}`, count: 1 }]);
  });
});
