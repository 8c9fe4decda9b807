/** Email verification and password reset, delivered over real SMTP and followed from the mail. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/platform/clock';
import { createLogger } from '../src/platform/logging';
import type { EmailMessage, EmailProvider } from '../src/providers/email/email-provider';
import { createFsStorage } from '../src/providers/storage/fs-storage';
import { bearer, login, register, uniqueName } from './support/auth-helpers';
import { linkIn, startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

async function auditCount(t: TestApp): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const VERIFY_LINK = /http:\/\/localhost:3000\/api\/v1\/auth\/verify\?token=[\w-]+/;
const RESET_LINK = /http:\/\/localhost:3000\/account\/reset-password\?token=[\w-]+/;

describe('email verification and password reset over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ clock, env: { EMAIL_PROVIDER: 'smtp', SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends a verification mail on sign-up whose link verifies the address once', async () => {
    const user = await register(t.app);
    const mail = await smtp.next(user.user.email);
    expect(mail.decoded).toContain('Subject: Confirm your email for Kitwright');
    const link = linkIn(mail, VERIFY_LINK);
    const res = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified: true, user_id: user.user.id, already_verified: false });
    expect(
      (await t.app.inject({ url: '/api/v1/users/me', headers: bearer(user.access_token) })).json()
        .email_verified,
    ).toBe(true);
    // Opened again (a second click, another device): the address is verified, and the answer says
    // so rather than calling the link broken; nothing is written a second time.
    const entries = await auditCount(t);
    const again = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ verified: true, user_id: user.user.id, already_verified: true });
    expect(await auditCount(t)).toBe(entries);
    const browser = await t.app.inject({
      url: `${link.pathname}${link.search}`,
      headers: { accept: 'text/html' },
    });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('http://localhost:3000/account/verified?status=already');
  });

  it('still calls a used link invalid while the address is not verified (a newer link replaced it)', async () => {
    const user = await register(t.app);
    const first = linkIn(await smtp.next(user.user.email), VERIFY_LINK);
    clock.advance(5 * 60 * 1000 + 1000);
    const count = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: user.user.email },
    });
    await smtp.next(user.user.email, count);
    const res = await t.app.inject({
      url: `${first.pathname}${first.search}`,
      headers: { accept: 'text/html' },
    });
    expect(res.headers.location).toBe('http://localhost:3000/account/verified?status=invalid');
    const unknown = await t.app.inject({ url: '/api/v1/auth/verify?token=kwv_never-issued' });
    expect(unknown.json().error.code).toBe('INVALID_LINK');
  });

  it("writes the mails in the account's language", async () => {
    const french = await register(t.app, { display_name: 'Camille' }, { 'accept-language': 'fr-FR' });
    const verify = await smtp.next(french.user.email);
    expect(verify.decoded).toContain('Bonjour Camille,');
    expect(verify.decoded).toContain('Confirmer mon e-mail');
    expect(verify.decoded).not.toContain('Confirm my email');
    linkIn(verify, VERIFY_LINK);

    const german = await register(t.app, { display_name: 'Jonas' }, { 'accept-language': 'de' });
    await smtp.next(german.user.email);
    const before = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: german.user.email },
    });
    const reset = await smtp.next(german.user.email, before);
    expect(reset.decoded).toContain('Hallo Jonas,');
    expect(reset.decoded).toContain('Neues Passwort');
    linkIn(reset, RESET_LINK);
  });

  it('verification links expire after 24 hours', async () => {
    const user = await register(t.app);
    const link = linkIn(await smtp.next(user.user.email), VERIFY_LINK);
    clock.advance(24 * 3600 * 1000 + 1000);
    const res = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(res.json().error.code).toBe('INVALID_LINK');
  });

  it('resends verification once per 5 minutes per email, and answers alike for unknown addresses', async () => {
    const user = await register(t.app);
    await smtp.next(user.user.email);
    const count = smtp.messages.length;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: user.user.email },
    });
    expect(first.statusCode).toBe(202);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: user.user.email.toUpperCase() },
    });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(300);
    const unknownEmail = `${uniqueName('nobody')}@example.com`;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      payload: { email: unknownEmail },
    });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(first.json());
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/resend-verification',
          payload: { email: unknownEmail },
        })
      ).statusCode,
    ).toBe(429);
    const mail = await smtp.next(user.user.email, count);
    // The new mail's link works; the old one was retired.
    const link = linkIn(mail, VERIFY_LINK);
    expect((await t.app.inject({ url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    clock.advance(5 * 60 * 1000);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/resend-verification',
          payload: { email: unknownEmail },
        })
      ).statusCode,
    ).toBe(202);
  });

  it('resets a password from the mailed link: once, within an hour, ending every session', async () => {
    const user = await register(t.app);
    const before = smtp.messages.length;
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.user.email },
    });
    expect(ask.statusCode).toBe(202);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: `${uniqueName()}@example.com` },
    });
    expect(unknown.json()).toEqual(ask.json());
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email: user.user.email },
        })
      ).statusCode,
    ).toBe(429);
    const mail = await smtp.next(user.user.email, before);
    expect(mail.decoded).toContain('Subject: Reset your Kitwright password');
    const token = linkIn(mail, RESET_LINK).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, new_password: 'reset-password-ok' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refresh_token: user.refresh_token },
        })
      ).json().error.code,
    ).toBe('SESSION_REVOKED');
    expect((await login(t.app, user.user.username, 'reset-password-ok')).statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, new_password: 'another-password' },
    });
    expect(reuse.json().error.code).toBe('INVALID_LINK');

    clock.advance(5 * 60 * 1000);
    const n = smtp.messages.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.user.email },
    });
    const late = linkIn(await smtp.next(user.user.email, n), RESET_LINK).searchParams.get('token');
    clock.advance(3600 * 1000 + 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: late, new_password: 'too-late-password' },
    });
    expect(expired.json().error.code).toBe('INVALID_LINK');
  });

  it('holds the 5-minute limit across two server processes sharing the database', async () => {
    const user = await register(t.app);
    const second = await buildApp({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
      storage: createFsStorage(t.storageDir),
      clock,
    });
    try {
      const a = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: user.user.email },
      });
      const b = await second.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: user.user.email },
      });
      expect([a.statusCode, b.statusCode]).toEqual([202, 429]);
    } finally {
      await second.app.close();
    }
  });
});

describe('the local mailbox', () => {
  it('keeps local mail in the outbox, readable at /dev/mailbox', async () => {
    const t = await createTestApp();
    try {
      const user = await register(t.app);
      const list = (await t.app.inject(`/dev/mailbox/messages?to=${user.user.email}`)).json();
      expect(list.messages).toHaveLength(1);
      expect(list.messages[0].text).toMatch(VERIFY_LINK);
      const page = await t.app.inject('/dev/mailbox');
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Confirm your email for Kitwright');
    } finally {
      await t.close();
    }
  });

  it('does not exist outside local', async () => {
    const t = await createTestApp({ env: { EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect((await t.app.inject('/dev/mailbox')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('the account-email answers do not wait for the mail', () => {
  /** A mail server that holds every message until let go, and can be made to fail. */
  function heldEmail() {
    const held: Array<{ message: EmailMessage; release: () => void; fail: (err: Error) => void }> = [];
    const waiters: Array<() => void> = [];
    const provider: EmailProvider = {
      kind: 'smtp',
      send: (message) =>
        new Promise<void>((release, fail) => {
          held.push({ message, release, fail });
          for (const w of waiters.splice(0)) w();
        }),
    };
    return {
      provider,
      held,
      async next() {
        while (held.length === 0) await new Promise<void>((r) => waiters.push(r));
        return held.shift() as (typeof held)[number];
      },
    };
  }

  it('answers forgot-password and resend-verification for a real account before the mail is sent; failures are logged only', async () => {
    const mail = heldEmail();
    const t = await createTestApp({ email: mail.provider });
    try {
      const registering = register(t.app);
      // Registration itself still sends its verification mail before answering.
      (await mail.next()).release();
      const user = await registering;
      const ask = (path: string, email: string) =>
        t.app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, payload: { email } });

      // Known and unknown addresses are answered alike while the mail server holds the message.
      const known = await ask('forgot-password', user.user.email);
      const unknown = await ask('forgot-password', `${uniqueName('nobody')}@example.com`);
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.json()).toEqual(unknown.json());
      const reset = await mail.next();
      expect(reset.message.to).toBe(user.user.email);
      expect(reset.message.subject).toBe('Reset your Kitwright password');
      reset.release();

      const resend = await ask('resend-verification', user.user.email);
      expect(resend.statusCode).toBe(202);
      const verification = await mail.next();
      verification.fail(new Error('SMTP server went away'));
      // The failure is logged with the request's correlation id, never answered.
      const correlation = resend.headers['x-request-id'] as string;
      for (let i = 0; i < 100 && !t.logs.some((l) => l.includes('email could not be sent')); i++)
        await new Promise((r) => setTimeout(r, 10));
      const line = t.logs.find((l) => l.includes('email could not be sent'));
      expect(line).toBeDefined();
      expect(JSON.parse(line as string)).toMatchObject({ correlation_id: correlation, stage: 'email' });
      expect(line).not.toContain(user.user.email);
    } finally {
      for (const h of mail.held.splice(0)) h.release();
      await t.close();
    }
  });
});
