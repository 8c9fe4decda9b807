/**
 * The beta programme (issue 14) through the real server: feedback from people and visitors (its
 * context checked, its release recorded, its text kept with a translation for staff, its screenshot
 * an own image, its rate limits), cohorts and invitations (codes, limits under parallel redemption,
 * expiry, withdrawal, an emailed link over SMTP), invite-only sign-up, observed sessions, the
 * learning review's windows, and who may call what.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { startLocalOidcProvider } from '../src/providers/oauth/local-oidc-provider';
import { createOpenIdOAuth } from '../src/providers/oauth/openid-oauth';
import { pseudoTranslation } from '../src/providers/translation/pseudo-translation';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register, uniqueName } from './support/auth-helpers';
import { createDraft, photoPng, upload } from './support/create-helpers';
import { attemptCookie, signInAtProvider } from './support/oauth-flow';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

const NOW = '2026-05-10T12:00:00Z';
const LAUNCH = '2026-05-01T09:00:00Z';

describe('beta programme', () => {
  let t: TestApp;
  let clock: ManualClock;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let founder: string;
  let staff: string;
  let member: Awaited<ReturnType<typeof register>>;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const newCohort = async (name = `Cohort ${randomUUID().slice(0, 8)}`) => {
    const res = await call('POST', '/api/admin/beta/cohorts', founder, { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string };
  };
  const invite = async (cohortId: string, body: Record<string, unknown>) => {
    const res = await call('POST', `/api/admin/beta/cohorts/${cohortId}/invitations`, founder, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().items as Array<{ id: string; code: string; link: string; status: string }>;
  };

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    smtp = await startSmtpSink();
    t = await createTestApp({
      clock,
      translation: pseudoTranslation,
      env: { EMAIL_PROVIDER: 'smtp', SMTP_URL: smtp.url, BETA_LAUNCH_AT: LAUNCH },
    });
    await seedDemoUsers(t.database.db);
    founder = (await login(t.app, 'founder', 'kitwright-demo')).json().access_token;
    staff = (await login(t.app, 'staff', 'kitwright-demo')).json().access_token;
    member = await register(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  describe('feedback', () => {
    it('keeps a signed-in person’s feedback with its context, release and translated text', async () => {
      // beta_feedback_submitted is an analytics event: recorded for someone who allowed analytics.
      const consent = await t.app.inject({
        method: 'PUT',
        url: '/api/analytics/consent',
        headers: bearer(member.access_token),
        payload: { consent: 'granted' },
      });
      expect(consent.statusCode, consent.body).toBeLessThan(300);
      const draft = await createDraft(t.app, member.access_token, { mode: 'B', prompt: 'a small boat' });
      const shot = await upload(t.app, member.access_token, await photoPng('#123456'), 'screen.png');
      expect(shot.statusCode, shot.body).toBe(201);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/beta/feedback',
        headers: { ...bearer(member.access_token), 'accept-language': 'fr-FR,fr;q=0.9' },
        payload: {
          rating: 2,
          reason: 'confusing',
          screen: 'create',
          context: { route: '/create', draft_id: draft.id },
          app_version: '0.9.0-beta.7',
          text: '  Je ne trouve pas le bouton.  ',
          screenshot_media_id: shot.json().upload.id,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const health = (await call('GET', '/api/health')).json();
      expect(res.json()).toMatchObject({
        rating: 2,
        reason: 'confusing',
        screen: 'create',
        release: { server_version: health.version, release_tag: health.release, app_version: '0.9.0-beta.7' },
      });

      const list = await call('GET', '/api/admin/beta/feedback?screen=create', staff);
      expect(list.statusCode, list.body).toBe(200);
      const item = list.json().items.find((i: { id: string }) => i.id === res.json().id);
      expect(item).toMatchObject({
        context: { route: '/create', draft_id: draft.id, listing_id: null },
        screenshot_media_id: shot.json().upload.id,
        author: { kind: 'user', user_id: member.user.id, cohorts: [] },
        text: {
          original: 'Je ne trouve pas le bouton.',
          language: 'fr',
          translation_language: 'en',
          translation_status: 'translated',
          translation_provider: 'pseudo/1',
          note: null,
        },
      });
      expect(item.text.translation).toMatch(/^\[en\] /);

      const event = await sql<{ properties: Record<string, unknown> }>`
        SELECT properties FROM product_events WHERE name = 'beta_feedback_submitted' AND user_id = ${member.user.id}`.execute(
        t.database.db,
      );
      expect(event.rows[0]?.properties).toMatchObject({
        user_id: member.user.id,
        beta_tester_id: null,
        flow: 'create',
        rating: 2,
        reason_category: 'confusing',
        free_text: { stored_in: 'beta_feedback', feedback_id: res.json().id, language: 'fr' },
      });
      // The text itself is not sent to analytics.
      expect(JSON.stringify(event.rows[0]?.properties)).not.toContain('bouton');
    });

    it('takes a visitor’s feedback (making a visitor session) and refuses what belongs to accounts', async () => {
      const res = await call('POST', '/api/beta/feedback', undefined, {
        rating: 5,
        reason: 'praise',
        screen: 'gallery',
        text: 'Lovely gallery',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(String(res.headers['set-cookie'])).toMatch(/visitor/i);
      const row = await t.database.db
        .selectFrom('beta_feedback')
        .selectAll()
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBeNull();
      expect(row.visitor_id).not.toBeNull();
      expect(row.translation_status).toBe('not_needed');

      for (const extra of [{ context: { draft_id: randomUUID() } }, { screenshot_media_id: randomUUID() }]) {
        const refused = await call('POST', '/api/beta/feedback', undefined, {
          rating: 3,
          reason: 'other',
          screen: 'gallery',
          ...extra,
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('checks the context and the screenshot belong to the sender', async () => {
      const other = await register(t.app);
      const theirDraft = await createDraft(t.app, other.access_token, { mode: 'B', prompt: 'a tower' });
      const theirShot = await upload(t.app, other.access_token, await photoPng('#654321'), 'a.png');
      const base = { rating: 3, reason: 'bug', screen: 'create' };
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ context: { draft_id: theirDraft.id } }, 404],
        [{ context: { listing_id: randomUUID() } }, 404],
        [{ screenshot_media_id: theirShot.json().upload.id }, 404],
        [{ rating: 6 }, 400],
        [{ reason: 'angry' }, 400],
        [{ screen: 'Not A Screen!' }, 400],
      ];
      for (const [extra, status] of cases) {
        const res = await call('POST', '/api/beta/feedback', member.access_token, { ...base, ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      }
      // An upload that is not an image is not a screenshot.
      const model = await upload(
        t.app,
        member.access_token,
        (await import('./support/create-helpers')).CUBE_STL,
        'cube.stl',
      );
      expect(model.statusCode, model.body).toBe(201);
      const res = await call('POST', '/api/beta/feedback', member.access_token, {
        ...base,
        screenshot_media_id: model.json().upload.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields).toEqual({ screenshot_media_id: 'is not an image' });
    });

    it('says honestly when the translation provider does not translate', async () => {
      const local = await createTestApp({ clock });
      try {
        const res = await local.app.inject({
          method: 'POST',
          url: '/api/beta/feedback',
          payload: { rating: 4, reason: 'other', screen: 'home', text: 'Sehr schön', language: 'de' },
        });
        expect(res.statusCode, res.body).toBe(201);
        await seedDemoUsers(local.database.db);
        const token = (await login(local.app, 'staff', 'kitwright-demo')).json().access_token;
        const list = (
          await local.app.inject({ url: '/api/admin/beta/feedback', headers: bearer(token) })
        ).json();
        expect(list.items[0].text).toMatchObject({
          original: 'Sehr schön',
          language: 'de',
          translation: null,
          translation_status: 'unavailable',
          translation_provider: 'glossary+off',
        });
        expect(list.items[0].text.note).toMatch(/does not translate/);
      } finally {
        await local.close();
      }
    });

    it('limits feedback per person', async () => {
      const sender = await register(t.app);
      const send = () =>
        call('POST', '/api/beta/feedback', sender.access_token, {
          rating: 3,
          reason: 'other',
          screen: 'home',
        });
      for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });

    it('limits feedback per client address across visitors', async () => {
      const local = await createTestApp({ clock });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 61; i++) {
          const res = await local.app.inject({
            method: 'POST',
            url: '/api/beta/feedback',
            remoteAddress: '203.0.113.9',
            payload: { rating: 3, reason: 'other', screen: 'home' },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
        expect(statuses[60]).toBe(429);
      } finally {
        await local.close();
      }
    });

    it('filters the staff list and pages it with a cursor', async () => {
      const first = await call('GET', '/api/admin/beta/feedback?limit=2', staff);
      expect(first.statusCode).toBe(200);
      expect(first.json().items).toHaveLength(2);
      const next = await call(
        'GET',
        `/api/admin/beta/feedback?limit=2&cursor=${first.json().next_cursor}`,
        staff,
      );
      expect(next.statusCode).toBe(200);
      const ids = new Set([...first.json().items, ...next.json().items].map((i: { id: string }) => i.id));
      expect(ids.size).toBe(4);
      const praise = (await call('GET', '/api/admin/beta/feedback?reason=praise&rating=5', staff)).json();
      expect(praise.items.length).toBeGreaterThan(0);
      expect(
        praise.items.every(
          (i: { reason: string; rating: number }) => i.reason === 'praise' && i.rating === 5,
        ),
      ).toBe(true);
      const release = (await call('GET', '/api/admin/beta/feedback?release=0.9.0-beta.7', staff)).json();
      expect(release.items.map((i: { release: { app_version: string } }) => i.release.app_version)).toEqual([
        '0.9.0-beta.7',
      ]);
      expect((await call('GET', '/api/admin/beta/feedback?cursor=nonsense', staff)).statusCode).toBe(400);
    });
  });

  describe('cohorts and invitations', () => {
    it('lets only the founder create; staff read; users and visitors are refused', async () => {
      expect((await call('POST', '/api/admin/beta/cohorts', undefined, { name: 'x' })).statusCode).toBe(401);
      expect(
        (await call('POST', '/api/admin/beta/cohorts', member.access_token, { name: 'x' })).statusCode,
      ).toBe(403);
      expect((await call('POST', '/api/admin/beta/cohorts', staff, { name: 'x' })).statusCode).toBe(403);
      const cohort = await newCohort('Private rehearsal');
      expect(
        (await call('POST', '/api/admin/beta/cohorts', founder, { name: 'Private rehearsal' })).statusCode,
      ).toBe(409);
      expect((await call('GET', '/api/admin/beta/cohorts', member.access_token)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/beta/cohorts')).statusCode).toBe(401);
      const list = await call('GET', '/api/admin/beta/cohorts', staff);
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((c: { name: string }) => c.name)).toContain('Private rehearsal');
      expect(
        (await call('POST', `/api/admin/beta/cohorts/${cohort.id}/invitations`, staff, { count: 1 }))
          .statusCode,
      ).toBe(403);
      expect((await call('GET', `/api/admin/beta/cohorts/${cohort.id}/invitations`, staff)).statusCode).toBe(
        200,
      );
      expect(
        (await call('GET', `/api/admin/beta/cohorts/${randomUUID()}/invitations`, staff)).statusCode,
      ).toBe(404);
      const audit = await sql<{ action: string }>`
        SELECT action FROM audit_log WHERE resource_id = ${cohort.id}`.execute(t.database.db);
      expect(audit.rows.map((r) => r.action)).toContain('beta.cohort_created');
    });

    it('redeems a code once per person and never past its limit, even in parallel', async () => {
      const cohort = await newCohort();
      const [code] = await invite(cohort.id, { count: 1, max_redemptions: 3 });
      const people = await Promise.all(Array.from({ length: 8 }, () => register(t.app)));
      const results = await Promise.all(
        people.map((p) => call('POST', `/api/beta/invitations/${code?.code}/redeem`, p.access_token)),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json().error).toMatchObject({
          code: 'INVITATION_UNAVAILABLE',
          details: { reason: 'used_up' },
        });
      const invitations = (
        await call('GET', `/api/admin/beta/cohorts/${cohort.id}/invitations`, founder)
      ).json();
      expect(invitations.items[0]).toMatchObject({ redemptions: 3, max_redemptions: 3, status: 'used_up' });
      const testers = await t.database.db
        .selectFrom('beta_testers')
        .select('user_id')
        .where('cohort_id', '=', cohort.id)
        .execute();
      expect(testers).toHaveLength(3);

      // A tester redeeming again keeps their place and uses nothing.
      const winner = people[results.findIndex((r) => r.statusCode === 200)] as (typeof people)[number];
      const [other] = await invite(cohort.id, { count: 1 });
      const again = await call('POST', `/api/beta/invitations/${other?.code}/redeem`, winner.access_token);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ already_tester: true, membership: { cohort_id: cohort.id } });
      const me = await call('GET', '/api/me/beta', winner.access_token);
      expect(me.json()).toMatchObject({
        tester: true,
        cohorts: [{ cohort_id: cohort.id, cohort_name: cohort.name }],
      });
      expect((await call('GET', '/api/me/beta', member.access_token)).json()).toEqual({
        tester: false,
        cohorts: [],
      });

      // A tester's feedback carries their cohort, and the staff list filters by it.
      const sent = await call('POST', '/api/beta/feedback', winner.access_token, {
        rating: 4,
        reason: 'missing_feature',
        screen: 'dashboard',
      });
      expect(sent.statusCode).toBe(201);
      const byCohort = (await call('GET', `/api/admin/beta/feedback?cohort=${cohort.id}`, staff)).json();
      expect(byCohort.items.map((i: { id: string }) => i.id)).toEqual([sent.json().id]);
      expect(byCohort.items[0].author.cohorts).toEqual([{ id: cohort.id, name: cohort.name }]);
      const none = (await call('GET', `/api/admin/beta/feedback?cohort=${randomUUID()}`, staff)).json();
      expect(none.items).toEqual([]);
      expect((await call('GET', '/api/me/beta')).statusCode).toBe(401);
      expect((await call('POST', `/api/beta/invitations/${other?.code}/redeem`)).statusCode).toBe(401);
    });

    it('keeps one tester row per person under parallel redemption of several codes', async () => {
      const cohort = await newCohort();
      const codes = await invite(cohort.id, { count: 4 });
      const person = await register(t.app);
      const results = await Promise.all(
        codes.map((c) => call('POST', `/api/beta/invitations/${c.code}/redeem`, person.access_token)),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const invitations = (
        await call('GET', `/api/admin/beta/cohorts/${cohort.id}/invitations`, founder)
      ).json();
      const used = invitations.items.reduce((n: number, i: { redemptions: number }) => n + i.redemptions, 0);
      expect(used).toBe(1);
      const rows = await t.database.db
        .selectFrom('beta_testers')
        .selectAll()
        .where('cohort_id', '=', cohort.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses expired, withdrawn and unknown codes clearly', async () => {
      const cohort = await newCohort();
      const [soon] = await invite(cohort.id, { expires_at: '2026-05-11T00:00:00Z' });
      const [revoked] = await invite(cohort.id, {});
      const rv = await call('POST', `/api/admin/beta/invitations/${revoked?.id}/revoke`, founder);
      expect(rv.statusCode).toBe(200);
      expect(rv.json().status).toBe('revoked');
      expect(
        (await call('POST', `/api/admin/beta/invitations/${revoked?.id}/revoke`, staff)).statusCode,
      ).toBe(403);
      let person = await register(t.app);
      const redeem = (code: string) =>
        call('POST', `/api/beta/invitations/${code}/redeem`, person.access_token);
      expect((await redeem(revoked?.code as string)).json().error.details.reason).toBe('revoked');
      expect((await redeem('NOSUCHCODE99')).json().error.details.reason).toBe('unknown');
      expect(
        (
          await call('POST', `/api/admin/beta/cohorts/${cohort.id}/invitations`, founder, {
            expires_at: '2026-05-01T00:00:00Z',
          })
        ).statusCode,
      ).toBe(400);
      clock.advance(13 * 3600_000);
      try {
        // Signed in again after the jump (the earlier access token has expired with it).
        person = await register(t.app);
        const expired = await redeem(soon?.code as string);
        expect(expired.statusCode).toBe(409);
        expect(expired.json().error.details.reason).toBe('expired');
        expect(expired.json().error.message).toMatch(/expired/);
      } finally {
        clock.set(NOW);
      }
    });

    it('emails an invitation link in the chosen language over SMTP', async () => {
      const cohort = await newCohort();
      const address = `${uniqueName('invitee')}@example.com`;
      const before = smtp.messages.length;
      const [made] = await invite(cohort.id, {
        email: address,
        locale: 'fr',
        expires_at: '2026-06-01T00:00:00Z',
      });
      const mail = await smtp.next(address, before);
      const text = Buffer.from(mail.decoded, 'latin1').toString('utf8');
      expect(text).toContain('Rejoindre la bêta');
      expect(text).toContain('Votre code d’invitation');
      expect(mail.decoded).toContain(made?.code as string);
      expect(mail.decoded).toContain(made?.link as string);
      expect(made?.link).toBe(`http://localhost:3000/invite/${made?.code}`);
      expect(
        (
          await call('POST', `/api/admin/beta/cohorts/${cohort.id}/invitations`, founder, {
            email: address,
            count: 2,
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('invite-only sign-up', () => {
    it('refuses registration without a code, and a code makes the account a tester', async () => {
      const local = await createTestApp({ clock, env: { BETA_INVITE_ONLY_SIGN_UP: 'true' } });
      try {
        await seedDemoUsers(local.database.db);
        const boss = (await login(local.app, 'founder', 'kitwright-demo')).json().access_token;
        const cohort = (
          await local.app.inject({
            method: 'POST',
            url: '/api/admin/beta/cohorts',
            headers: bearer(boss),
            payload: { name: 'Invited' },
          })
        ).json();
        const code = (
          await local.app.inject({
            method: 'POST',
            url: `/api/admin/beta/cohorts/${cohort.id}/invitations`,
            headers: bearer(boss),
            payload: { max_redemptions: 1 },
          })
        ).json().items[0].code as string;
        const signUp = (username: string, invitation?: string) =>
          local.app.inject({
            method: 'POST',
            url: '/api/v1/auth/register',
            payload: {
              username,
              email: `${username}@example.com`,
              password: 'correct-horse-battery',
              ...(invitation ? { invitation_code: invitation } : {}),
            },
          });
        const without = await signUp(uniqueName());
        expect(without.statusCode).toBe(403);
        expect(without.json().error.code).toBe('INVITATION_REQUIRED');
        const wrong = await signUp(uniqueName(), 'WRONGCODE1');
        expect(wrong.statusCode).toBe(409);
        const name = uniqueName();
        const ok = await signUp(name, code.toLowerCase());
        expect(ok.statusCode, ok.body).toBe(201);
        const me = await local.app.inject({ url: '/api/me/beta', headers: bearer(ok.json().access_token) });
        expect(me.json()).toMatchObject({ tester: true, cohorts: [{ cohort_id: cohort.id }] });
        // Used up: the next sign-up with it is refused, and no account is left behind.
        const late = uniqueName();
        const refused = await signUp(late, code);
        expect(refused.json().error).toMatchObject({
          code: 'INVITATION_UNAVAILABLE',
          details: { reason: 'used_up' },
        });
        const users = await local.database.db
          .selectFrom('users')
          .select('username')
          .where('username', 'in', [late, name])
          .execute();
        expect(users.map((u) => u.username)).toEqual([name]);
      } finally {
        await local.close();
      }
    });

    it('applies to OAuth sign-up too: the code travels with the attempt to the new account', async () => {
      const BASE = 'http://localhost:3000';
      const provider = await startLocalOidcProvider({
        port: 0,
        redirectUri: (p) => `${BASE}/api/v1/auth/oauth/${p}/callback`,
      });
      const local = await createTestApp({
        clock,
        env: { BETA_INVITE_ONLY_SIGN_UP: 'true' },
        oauth: createOpenIdOAuth({ providers: provider.settings, publicBaseUrl: BASE }),
      });
      try {
        await seedDemoUsers(local.database.db);
        const boss = (await login(local.app, 'founder', 'kitwright-demo')).json().access_token;
        const cohort = (
          await local.app.inject({
            method: 'POST',
            url: '/api/admin/beta/cohorts',
            headers: bearer(boss),
            payload: { name: 'OAuth invited' },
          })
        ).json();
        const code = (
          await local.app.inject({
            method: 'POST',
            url: `/api/admin/beta/cohorts/${cohort.id}/invitations`,
            headers: bearer(boss),
            payload: {},
          })
        ).json().items[0].code as string;
        const oauthSignUp = async (email: string, invitation?: string) => {
          const start = await local.app.inject({
            url: `/api/v1/auth/oauth/google/url${invitation ? `?invitation_code=${invitation}` : ''}`,
          });
          expect(start.statusCode, start.body).toBe(200);
          const cookie = attemptCookie(start);
          const query = await signInAtProvider(
            start.json().url,
            `${BASE}/api/v1/auth/oauth/google/callback`,
            {
              email,
            },
          );
          return local.app.inject({
            url: `/api/v1/auth/oauth/google/callback?${query}`,
            headers: { cookie, accept: 'application/json' },
          });
        };
        const refusedEmail = `${uniqueName('o')}@example.com`;
        const refused = await oauthSignUp(refusedEmail);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('INVITATION_REQUIRED');
        const left = await local.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', refusedEmail)
          .execute();
        expect(left).toEqual([]);
        const ok = await oauthSignUp(`${uniqueName('o')}@example.com`, code);
        expect(ok.statusCode, ok.body).toBe(200);
        const me = await local.app.inject({ url: '/api/me/beta', headers: bearer(ok.json().access_token) });
        expect(me.json()).toMatchObject({ tester: true, cohorts: [{ cohort_id: cohort.id }] });
      } finally {
        await local.close();
        await provider.close();
      }
    });

    it('is off by default: registration works without a code', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          username: uniqueName(),
          email: `${uniqueName()}@example.com`,
          password: 'correct-horse-battery',
        },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('sessions and the learning review', () => {
    it('records observed sessions with consent, and lets the founder change them', async () => {
      const body = {
        tester_user_id: member.user.id,
        consent_given: true,
        consent_text_version: 'observe-v1',
        observed_at: '2026-05-02T10:00:00Z',
        tasks: [
          { task: 'publish', outcome: 'struggled', notes: 'Missed the licence step' },
          { task: 'reserve', outcome: 'success' },
        ],
        linked_issues: ['#41'],
        interview_notes: 'Liked the gallery.',
      };
      expect((await call('POST', '/api/admin/beta/sessions', undefined, body)).statusCode).toBe(401);
      expect((await call('POST', '/api/admin/beta/sessions', member.access_token, body)).statusCode).toBe(
        403,
      );
      expect((await call('POST', '/api/admin/beta/sessions', staff, body)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/admin/beta/sessions', founder, { ...body, consent_given: false }))
          .statusCode,
      ).toBe(400);
      const { tester_user_id: _, ...anonymous } = body;
      expect((await call('POST', '/api/admin/beta/sessions', founder, anonymous)).statusCode).toBe(400);
      expect(
        (await call('POST', '/api/admin/beta/sessions', founder, { ...body, tester_user_id: randomUUID() }))
          .statusCode,
      ).toBe(404);
      const made = await call('POST', '/api/admin/beta/sessions', founder, body);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({
        tester: { user_id: member.user.id, display_name: 'Test Maker', label: null },
        consent_given: true,
        tasks: [
          { task: 'publish', outcome: 'struggled', notes: 'Missed the licence step' },
          { task: 'reserve', outcome: 'success', notes: null },
        ],
        linked_issues: ['#41'],
      });
      const labelled = await call('POST', '/api/admin/beta/sessions', founder, {
        ...anonymous,
        tester_label: 'Café visitor',
        observed_at: '2026-05-05T10:00:00Z',
        tasks: [{ task: 'publish', outcome: 'failed' }],
      });
      expect(labelled.statusCode).toBe(201);

      const id = made.json().id;
      expect(
        (await call('PATCH', `/api/admin/beta/sessions/${id}`, staff, { interview_notes: 'x' })).statusCode,
      ).toBe(403);
      const patched = await call('PATCH', `/api/admin/beta/sessions/${id}`, founder, {
        tasks: [{ task: 'publish', outcome: 'failed' }],
        linked_issues: ['#41', '#42'],
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({
        tasks: [{ task: 'publish', outcome: 'failed', notes: null }],
        linked_issues: ['#41', '#42'],
        interview_notes: 'Liked the gallery.',
      });
      expect((await call('GET', `/api/admin/beta/sessions/${id}`, staff)).json().tasks).toHaveLength(1);
      expect((await call('GET', `/api/admin/beta/sessions/${randomUUID()}`, staff)).statusCode).toBe(404);
      expect((await call('GET', '/api/admin/beta/sessions', member.access_token)).statusCode).toBe(403);
      const page = await call('GET', '/api/admin/beta/sessions?limit=1', staff);
      expect(page.json().items[0].id).toBe(labelled.json().id);
      expect(page.json().next_cursor).not.toBeNull();
      const audit = await sql<{ action: string }>`
        SELECT action FROM audit_log WHERE resource_id = ${id} ORDER BY id`.execute(t.database.db);
      expect(audit.rows.map((r) => r.action)).toEqual(['beta.session_recorded', 'beta.session_updated']);
    });

    it('reviews the first 72 hours after launch, then each week', async () => {
      const db = t.database.db;
      const row = (
        createdAt: string,
        screen: string,
        rating: number,
        reason: 'bug' | 'slow',
        body: string | null,
      ) => ({
        id: randomUUID(),
        // Sent by someone: feedback without a sender keeps no words (migration 0031).
        user_id: member.user.id,
        rating,
        reason,
        screen,
        server_version: 'v',
        release_tag: 'r',
        body,
        body_language: 'en',
        translation_language: 'en',
        translation_status: 'not_needed' as const,
        created_at: createdAt,
      });
      await db
        .insertInto('beta_feedback')
        .values([
          row('2026-05-01T10:00:00Z', 'listing', 1, 'bug', 'Broken'),
          row('2026-05-03T10:00:00Z', 'listing', 4, 'slow', null),
          row('2026-05-04T10:00:00Z', 'listing', 2, 'slow', 'Too slow'),
        ])
        .execute();
      const all = await call('GET', '/api/admin/beta/learning-review?period=all', staff);
      expect(all.statusCode, all.body).toBe(200);
      const review = all.json();
      expect(review).toMatchObject({ launch_at: '2026-05-01T09:00:00.000Z', launch_source: 'config' });
      expect(
        review.windows.map((w: { from: string; to: string; complete: boolean }) => [
          w.from,
          w.to,
          w.complete,
        ]),
      ).toEqual([
        ['2026-05-01T09:00:00.000Z', '2026-05-04T09:00:00.000Z', true],
        ['2026-05-04T09:00:00.000Z', '2026-05-11T09:00:00.000Z', false],
      ]);
      const [first, second] = review.windows;
      const listing = first.feedback.by_screen.find((s: { screen: string }) => s.screen === 'listing');
      expect(listing).toEqual({
        screen: 'listing',
        count: 2,
        mean_rating: 2.5,
        by_reason: expect.arrayContaining([
          { reason: 'bug', count: 1 },
          { reason: 'slow', count: 1 },
        ]),
      });
      expect(first.sessions).toEqual({
        count: 1,
        tasks: [{ task: 'publish', success: 0, struggled: 0, failed: 1 }],
      });
      expect(first.top_text.map((x: { text: { original: string } }) => x.text.original)).toEqual(['Broken']);
      expect(second.sessions).toEqual({
        count: 1,
        tasks: [{ task: 'publish', success: 0, struggled: 0, failed: 1 }],
      });
      expect(second.feedback.by_screen.find((s: { screen: string }) => s.screen === 'listing')).toMatchObject(
        {
          count: 1,
          mean_rating: 2,
        },
      );
      // The French feedback sent "now" (05-10) is in the second window, with its translation.
      expect(
        second.top_text.some(
          (x: { text: { language: string; translation: string } }) => x.text.language === 'fr',
        ),
      ).toBe(true);
      const latest = (await call('GET', '/api/admin/beta/learning-review', staff)).json();
      expect(latest.windows.map((w: { index: number }) => w.index)).toEqual([1]);
      expect((await call('GET', '/api/admin/beta/learning-review', member.access_token)).statusCode).toBe(
        403,
      );
      expect((await call('GET', '/api/admin/beta/learning-review')).statusCode).toBe(401);
    });
  });
});
