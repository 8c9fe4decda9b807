/**
 * A person's own data (UK GDPR access and erasure): the export holds everything about them and
 * nothing of anyone else; deleting the account needs the typed username and the password (or a
 * fresh sign-in without one), then erases it in one transaction — sessions end, designs and their
 * files go, reservations are cancelled with the counts moved, support conversations stay detached,
 * and the audit chain still verifies with the account named only by its pseudonym.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AuthResponse } from '@kitwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/config/rate-limits';
import { pseudonymousRef, verifyAuditChain } from '../src/platform/audit';
import { ManualClock } from '../src/platform/clock';
import { deriveKey } from '../src/platform/secrets';
import { bearer, login, register } from './support/auth-helpers';
import {
  CUBE_STL,
  createDraft,
  drain,
  photoPng,
  publishedListing,
  RESERVE_BODY,
  upload,
} from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

type Account = AuthResponse & { password: string };

async function exportOf(t: TestApp, who: Account) {
  return t.app.inject({ url: '/api/me/export', headers: bearer(who.access_token) });
}

async function deleteAccount(t: TestApp, who: Account, body: Record<string, unknown>) {
  return t.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(who.access_token), payload: body });
}

async function verifyEmailOf(t: TestApp, who: Account) {
  const mail = (await t.app.inject(`/dev/mailbox/messages?to=${who.user.email}`)).json().messages[0];
  const link = new URL(/(https?:\/\/\S+)/.exec(mail.text)?.[1] as string);
  expect((await t.app.inject(`${link.pathname}${link.search}`)).statusCode).toBe(200);
}

/** How many rows of a table mention the value in the given column. */
async function rowsWith(t: TestApp, table: string, column: string, value: string): Promise<number> {
  // biome-ignore lint/suspicious/noExplicitAny: a test reads any table by name
  const db = t.database.db as any;
  const row = await db
    .selectFrom(table)
    .select((eb: { fn: { countAll: () => { as: (n: string) => unknown } } }) => eb.fn.countAll().as('n'))
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the account export and deletion', () => {
  let t: TestApp;
  let maker: Account;
  let fan: Account;
  let bystander: Account;
  let makerListing: { id: string; slug: string };
  let fanListing: { id: string; slug: string };
  let uploadKey: string;
  let makerReservationOnFan: string;
  let fanReservationOnMaker: string;
  let conversationId: string;
  let screenshotId: string;
  let makerVisitorId: string;

  beforeAll(async () => {
    t = await createTestApp();
    maker = await register(t.app, { display_name: 'Maya Maker' });
    fan = await register(t.app, { display_name: 'Felix Fan' });
    bystander = await register(t.app, { display_name: 'Bea Bystander' });
    await verifyEmailOf(t, maker);

    makerListing = await publishedListing(t.app, t, maker.access_token, {
      title: 'Maya tower of secrets',
      description: 'A tower only Maya describes like this, to find it in the export.',
    });
    fanListing = await publishedListing(t.app, t, fan.access_token, {
      title: 'Felix arch',
      prompt: 'an arch',
      description: 'The fan’s own arch, which must survive the maker leaving.',
    });
    await createDraft(t.app, fan.access_token, {
      mode: 'B',
      prompt: 'fan private shelf',
      title: 'Fan secret',
    });
    await createDraft(t.app, maker.access_token, { mode: 'B', prompt: 'a bench', title: 'Maker unfinished' });
    const up = await upload(t.app, maker.access_token, CUBE_STL, 'cube.stl');
    expect(up.statusCode).toBe(201);
    const file = await t.database.db
      .selectFrom('media_files')
      .select('storage_key')
      .where('id', '=', up.json().upload.id)
      .executeTakeFirstOrThrow();
    uploadKey = file.storage_key;

    const reserve = async (who: Account, listingId: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/listings/${listingId}/interest`,
          headers: bearer(who.access_token),
          payload: { ...RESERVE_BODY, quantity: 2 },
        })
      ).json().reservation.id as string;
    const save = (who: Account, listingId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/listings/${listingId}/save`,
        headers: bearer(who.access_token),
      });
    makerReservationOnFan = await reserve(maker, fanListing.id);
    fanReservationOnMaker = await reserve(fan, makerListing.id);
    await reserve(bystander, fanListing.id);
    await save(maker, fanListing.id);
    await save(fan, makerListing.id);
    await save(bystander, fanListing.id);
    conversationId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/support/conversations',
        headers: bearer(maker.access_token),
        payload: { subject: 'Maker question', category: 'question', message: 'Maker asks about pins.' },
      })
    ).json().id;
    for (const [who, body] of [
      [maker, 'Maker finds the steps slow to scroll.'],
      [fan, 'Fan feedback that is not the maker’s.'],
    ] as const) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/beta/feedback',
        headers: bearer(who.access_token),
        payload: { rating: 3, reason: 'slow', screen: 'listing', text: body },
      });
      expect(sent.statusCode).toBe(201);
    }
    // Feedback with a screenshot and its context (the maker's own listing and route).
    const shot = await upload(t.app, maker.access_token, await photoPng('#654321'), 'screen.png');
    expect(shot.statusCode, shot.body).toBe(201);
    screenshotId = shot.json().upload.id;
    const withShot = await t.app.inject({
      method: 'POST',
      url: '/api/beta/feedback',
      headers: bearer(maker.access_token),
      payload: {
        rating: 1,
        reason: 'bug',
        screen: 'listing',
        context: { route: `/listing/${makerListing.slug}`, listing_id: makerListing.id },
        text: 'Maya cannot rotate the tower of secrets.',
        screenshot_media_id: screenshotId,
      },
    });
    expect(withShot.statusCode, withShot.body).toBe(201);
    // Feedback the maker sent as a visitor before signing in (the session is theirs since).
    makerVisitorId = randomUUID();
    await t.database.db
      .insertInto('visitor_sessions')
      .values({
        id: makerVisitorId,
        created_at: new Date(),
        last_seen_at: new Date(),
        claimed_by_user_id: maker.user.id,
        claimed_at: new Date(),
      })
      .execute();
    await t.database.db
      .insertInto('beta_feedback')
      .values({
        id: randomUUID(),
        visitor_id: makerVisitorId,
        rating: 4,
        reason: 'praise',
        screen: 'gallery',
        route: '/gallery',
        server_version: 'v',
        release_tag: 'r',
        body: 'Maya liked the gallery before signing up.',
        body_language: 'en',
        translation_language: 'en',
        translation_status: 'not_needed',
        created_at: new Date(),
      })
      .execute();
    // A beta invitation the founder emailed to the maker's address.
    const cohortId = randomUUID();
    await t.database.db
      .insertInto('beta_cohorts')
      .values({ id: cohortId, name: 'Account data cohort', created_at: new Date() })
      .execute();
    await t.database.db
      .insertInto('beta_invitations')
      .values({
        id: randomUUID(),
        cohort_id: cohortId,
        code: 'ACCOUNTDATA42',
        max_redemptions: 1,
        email: maker.user.email.toLowerCase(),
        locale: 'en',
        created_at: new Date(),
      })
      .execute();
  });
  afterAll(async () => t.close());

  it('exports everything about the person as versioned JSON, and nothing of anyone else', async () => {
    const res = await exportOf(t, maker);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="kitwright-${maker.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data).toMatchObject({
      format: 'kitwright.account-export',
      version: 1,
      account: {
        id: maker.user.id,
        username: maker.user.username,
        email: maker.user.email,
        display_name: 'Maya Maker',
        password_set: true,
        sign_up_provider: 'password',
      },
    });
    expect(data.account.email_verified_at).toEqual(expect.any(String));
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({ current: true, revoked_at: null });
    expect(data.listings.map((l: { id: string }) => l.id)).toEqual([makerListing.id]);
    expect(data.listings[0]).toMatchObject({
      title: 'Maya tower of secrets',
      description: 'A tower only Maya describes like this, to find it in the export.',
      counts: { reservations: 1, reserved_quantity: 2, saves: 1 },
    });
    expect(Object.keys(data.listings[0].translations).sort()).toEqual(['de', 'fr']);
    expect(data.drafts.map((d: { title: string | null }) => d.title)).toContain('Maker unfinished');
    expect(data.drafts.map((d: { listing_id: string | null }) => d.listing_id)).toContain(makerListing.id);
    expect(data.files.map((f: { original_name: string | null }) => f.original_name)).toContain('cube.stl');
    expect(data.saves.map((s: { listing_id: string }) => s.listing_id)).toEqual([fanListing.id]);
    expect(data.interest_reservations.map((r: { id: string }) => r.id)).toEqual([makerReservationOnFan]);
    expect(data.support_conversations).toHaveLength(1);
    expect(data.support_conversations[0]).toMatchObject({
      id: conversationId,
      subject: 'Maker question',
      messages: [{ body: 'Maker asks about pins.' }],
    });
    expect(data.beta_programme.feedback).toEqual([
      expect.objectContaining({
        rating: 3,
        reason: 'slow',
        screen: 'listing',
        body: 'Maker finds the steps slow to scroll.',
      }),
      expect.objectContaining({
        rating: 1,
        body: 'Maya cannot rotate the tower of secrets.',
        listing_id: makerListing.id,
        screenshot_media_id: screenshotId,
      }),
      expect.objectContaining({ rating: 4, body: 'Maya liked the gallery before signing up.' }),
    ]);
    expect(data.beta_programme.cohorts).toEqual([]);
    expect(data.notifications.map((n: { kind: string }) => n.kind)).toContain('interest_received');
    expect(data.consents.content_licence).toEqual([
      expect.objectContaining({ listing_id: makerListing.id, version: '2026-11-01' }),
    ]);
    expect(data.consents.interest_notice).toEqual([
      expect.objectContaining({ reservation_id: makerReservationOnFan }),
    ]);
    const actions = data.audit_records.map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.registered',
        'auth.signed_in',
        'user.email_verified',
        'listing.published',
      ]),
    );
    expect(actions).toContain('interest.reserved');
    expect(data.product_events.map((e: { name: string }) => e.name)).toContain('signup_completed');
    expect(data.jobs.length).toBeGreaterThan(0);

    // No secret of the person and nothing private of anyone else.
    const text = res.body;
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(maker.refresh_token);
    expect(text).not.toContain(fan.user.email);
    expect(text).not.toContain(bystander.user.email);
    expect(text).not.toContain('fan private shelf');
    expect(text).not.toContain('Fan secret');
    expect(data.audit_records.every((a: { actor_id: string | null }) => a.actor_id !== fan.user.id)).toBe(
      true,
    );
    expect(data.drafts).toHaveLength(2);
  });

  it('refuses an export to a visitor', async () => {
    const res = await t.app.inject({ url: '/api/me/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses to delete without the typed username, with a wrong or missing password, or for a visitor', async () => {
    const wrongName = await deleteAccount(t, maker, { confirm: 'someone-else', password: maker.password });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { confirm: 'does not match your username' } },
    });
    const wrongPassword = await deleteAccount(t, maker, {
      confirm: maker.user.username.toUpperCase(),
      password: 'not-my-password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('WRONG_PASSWORD');
    const noPassword = await deleteAccount(t, maker, { confirm: maker.user.username });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.details).toEqual({ fields: { password: 'is required' } });
    const visitor = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { confirm: maker.user.username, password: maker.password },
    });
    expect(visitor.statusCode).toBe(401);
    // Nothing happened: the account still signs in and its listing is still there.
    expect((await login(t.app, maker.user.username, maker.password)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/listings/${makerListing.id}`)).statusCode).toBe(200);
  });

  it('deletes the account at once: sessions end, data goes, others keep theirs, the audit chain verifies', async () => {
    const fanBefore = (await t.app.inject(`/api/listings/${fanListing.id}`)).json();
    expect(fanBefore.interest).toMatchObject({ reservations: 2, quantity: 4, saves: 2 });
    expect(fs.existsSync(path.join(t.storageDir, uploadKey))).toBe(true);
    const seqBefore = (await verifyAuditChain(t.database.db)).entries;

    const res = await deleteAccount(t, maker, { confirm: maker.user.username, password: maker.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      deleted: true,
      removed: { listings: 1, drafts: 2, saves: 1, sessions: 2 },
      reservations_cancelled: 1,
      support_conversations_kept: 1,
      confirmation_email: true,
    });
    expect(res.json().removed.files).toBeGreaterThanOrEqual(4);

    // Every session ended: the access token and the refresh token stop working, and so does the password.
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: bearer(maker.access_token) });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: maker.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(t.app, maker.user.username, maker.password)).json().error.code).toBe(
      'INVALID_CREDENTIALS',
    );

    // The listing is gone from its page and from the gallery; the other designer's stays, its
    // interest summary and save count moved by the cancelled reservation and the removed save.
    expect((await t.app.inject(`/api/listings/${makerListing.id}`)).statusCode).toBe(404);
    const gallery = (await t.app.inject('/api/gallery/listings?limit=60')).json();
    const shown = gallery.items.map((i: { id: string }) => i.id);
    expect(shown).not.toContain(makerListing.id);
    expect(shown).toContain(fanListing.id);
    expect((await t.app.inject(`/api/listings/${fanListing.id}`)).json().interest).toMatchObject({
      reservations: 1,
      quantity: 2,
      saves: 1,
    });

    // The fan's reservation on the deleted design ended, and the fan was told why.
    const fanDashboard = (
      await t.app.inject({ url: '/api/me/dashboard', headers: bearer(fan.access_token) })
    ).json();
    const fanReservations = [...fanDashboard.reservations.active, ...fanDashboard.reservations.cancelled];
    expect(fanReservations.map((r: { id: string }) => r.id)).not.toContain(fanReservationOnMaker);
    expect(fanDashboard.notifications.map((n: { kind: string }) => n.kind)).toContain('interest_closed');
    expect(fanDashboard.listings.map((l: { id: string }) => l.id)).toEqual([fanListing.id]);
    // Everyone else's data is untouched.
    const fanExport = (await exportOf(t, fan)).json();
    expect(fanExport.drafts.map((d: { title: string | null }) => d.title)).toContain('Fan secret');
    expect(fanExport.saves).toEqual([]);
    const bystanderExport = (await exportOf(t, bystander)).json();
    expect(bystanderExport.saves.map((s: { listing_id: string }) => s.listing_id)).toEqual([fanListing.id]);
    expect(bystanderExport.interest_reservations).toHaveLength(1);
    expect(bystanderExport.interest_reservations[0].status).toBe('active');

    // Nothing of the account is left under its id.
    const id = maker.user.id;
    for (const [table, column] of [
      ['users', 'id'],
      ['auth_sessions', 'user_id'],
      ['design_drafts', 'owner_user_id'],
      ['listings', 'owner_user_id'],
      ['media_files', 'owner_user_id'],
      ['listing_saves', 'user_id'],
      ['interest_reservations', 'user_id'],
      ['interest_reservations', 'design_owner_id'],
      ['beta_notifications', 'user_id'],
      ['jobs', 'owner_user_id'],
      ['product_events', 'user_id'],
      ['support_conversations', 'requester_user_id'],
      ['visitor_sessions', 'claimed_by_user_id'],
    ] as const)
      expect(await rowsWith(t, table, column, id), `${table}.${column}`).toBe(0);
    expect(await rowsWith(t, 'translation_records', 'resource_id', makerListing.id)).toBe(0);

    // The maker's feedback is kept for the counts (rating, reason, screen, release, time) and
    // nothing else: no link to them, no words, no screenshot, no route or listing. The fan's is whole.
    const feedback = await t.database.db
      .selectFrom('beta_feedback')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const fans = feedback.filter((f) => f.user_id === fan.user.id);
    expect(fans.map((f) => f.body)).toEqual(['Fan feedback that is not the maker’s.']);
    const kept = feedback.filter((f) => f.user_id !== fan.user.id);
    expect(kept.map((f) => [f.rating, f.reason, f.screen]).sort()).toEqual([
      [1, 'bug', 'listing'],
      [3, 'slow', 'listing'],
      [4, 'praise', 'gallery'],
    ]);
    for (const f of kept)
      expect(f).toMatchObject({
        user_id: null,
        visitor_id: null,
        body: null,
        translation: null,
        translation_provider: null,
        route: null,
        listing_id: null,
        draft_id: null,
        screenshot_media_id: null,
      });
    expect(JSON.stringify(feedback)).not.toMatch(/Maya|Maker finds|tower of secrets/);
    expect(await rowsWith(t, 'media_files', 'id', screenshotId)).toBe(0);
    // The invitation stays; the address it was sent to does not.
    expect(await rowsWith(t, 'beta_invitations', 'code', 'ACCOUNTDATA42')).toBe(1);
    expect(await rowsWith(t, 'beta_invitations', 'email', maker.user.email.toLowerCase())).toBe(0);
    // The database refuses to detach feedback that still holds words (migration 0031).
    await expect(
      t.database.db
        .insertInto('beta_feedback')
        .values({
          id: randomUUID(),
          rating: 2,
          reason: 'other',
          screen: 'listing',
          server_version: 'v',
          release_tag: 'r',
          body: 'Words of nobody.',
          body_language: 'en',
          translation_language: 'en',
          translation_status: 'not_needed',
          created_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow(/beta_feedback_detached_keeps_nothing/);

    // The support conversation is kept, detached, under the account's pseudonym.
    const ref = pseudonymousRef(
      deriveKey(t.config.secrets.authToken, 'kitwright/erased-account-pseudonym/v1'),
      id,
    );
    const conversation = await t.database.db
      .selectFrom('support_conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(conversation).toMatchObject({
      requester_user_id: null,
      requester_visitor_id: null,
      contact_email: null,
      former_requester_ref: ref,
    });

    // The audit chain still verifies; what the erasure wrote names the account only by its pseudonym.
    const chain = await verifyAuditChain(t.database.db);
    expect(chain.ok).toBe(true);
    const written = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>', seqBefore)
      .orderBy('seq')
      .execute();
    expect(written.map((e) => e.action)).toEqual([
      'interest.cancelled',
      'interest.cancelled',
      'listing.deleted',
      'user.erased',
    ]);
    expect(JSON.stringify(written)).not.toContain(id);
    expect(written.at(-1)).toMatchObject({ actor_id: ref, resource_type: 'user', resource_id: ref });
    expect(written.at(-1)?.details).toMatchObject({
      listings: 1,
      reservations_cancelled: 1,
      beta_feedback_anonymised: 3,
    });

    // The stored bytes go once the purge job (queued in the same transaction) runs.
    await drain(t);
    expect(fs.existsSync(path.join(t.storageDir, uploadKey))).toBe(false);

    // A verified address is told; the username and the address are free again.
    await t.flush();
    const mail = (await t.app.inject(`/dev/mailbox/messages?to=${maker.user.email}`)).json().messages;
    expect(mail.map((m: { subject: string }) => m.subject)).toContain('Your Kitwright account is deleted');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: maker.user.username, email: maker.user.email, password: 'a-whole-new-start-1' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(id);
  });
});

describe('deleting an account without a password, the export limit, staff', () => {
  const clock = new ManualClock(new Date());
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  it('needs a sign-in within the last 10 minutes instead', async () => {
    const who = await register(t.app);
    // As an account made through Google or Apple is: no password at all.
    await t.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', who.user.id)
      .execute();
    clock.advance(11 * 60_000);
    const stale = await deleteAccount(t, who, { confirm: who.user.username });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toMatchObject({
      code: 'REAUTHENTICATION_REQUIRED',
      details: { window_minutes: 10 },
    });
    expect(await rowsWith(t, 'users', 'id', who.user.id)).toBe(1);

    const fresh = await register(t.app);
    await t.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', fresh.user.id)
      .execute();
    clock.advance(60_000);
    const res = await deleteAccount(t, fresh, { confirm: fresh.user.username });
    expect(res.statusCode).toBe(200);
    // Not verified: no confirmation email is promised.
    expect(res.json().confirmation_email).toBe(false);
    expect(await rowsWith(t, 'users', 'id', fresh.user.id)).toBe(0);
  });

  it('lets a person export a few times an hour (each export reads everything they have)', async () => {
    const who = await register(t.app);
    const { limit } = RATE_LIMITS.accountExportsPerUser;
    for (let i = 0; i < limit; i++) expect((await exportOf(t, who)).statusCode).toBe(200);
    const refused = await exportOf(t, who);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held back by it.
    expect((await exportOf(t, await register(t.app))).statusCode).toBe(200);
  });

  it('is not offered to staff, whose role another founder changes first', async () => {
    const staff = await register(t.app);
    await t.database.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.user.id).execute();
    const res = await deleteAccount(t, staff, { confirm: staff.user.username, password: staff.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INVALID_STATE');
  });
});
