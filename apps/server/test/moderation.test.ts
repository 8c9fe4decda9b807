/**
 * Reports and moderation that can act (issue 14): reports by distinct reporters hide a listing at
 * once (the gallery's cache included), staff read the queue and decide — approve, reject, hide,
 * restore, request changes — each decision audited and told to the owner (in-app and by email over
 * real SMTP, in the owner's language), and an owner appeals a decision once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '../src/seed/demo';
import { bearer, login, register } from './support/auth-helpers';
import { publishedListing, RESERVE_BODY } from './support/create-helpers';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

describe('reports and moderation', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let staff: string;
  let staffId: string;

  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });
  const queue = (query = '', token = staff) =>
    t.app.inject({ url: `/api/admin/moderation/listings${query}`, headers: bearer(token) });
  const item = (id: string) =>
    t.app.inject({ url: `/api/admin/moderation/listings/${id}`, headers: bearer(staff) });
  const decide = (id: string, payload: object, token = staff) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/moderation/listings/${id}/decisions`,
      headers: bearer(token),
      payload,
    });
  /** Ids the gallery (optionally a search) lists now, read through its response cache. */
  const galleryIds = async (q?: string) => {
    const res = await t.app.inject({ url: `/api/gallery/listings${q ? `?q=${encodeURIComponent(q)}` : ''}` });
    expect(res.statusCode).toBe(200);
    return (res.json().items as Array<{ id: string }>).map((l) => l.id);
  };
  const visitor = async (ip: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous', headers: from(ip) });
    return { 'x-visitor-session': res.json().session_token as string };
  };
  const report = (listingId: string, headers: Record<string, string>, reason = 'safety') =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers,
      payload: {
        subject: 'This design looks unsafe',
        category: 'report_listing',
        report_reason: reason,
        message: `Reported from ${headers['x-forwarded-for']}`,
        ...(headers.authorization ? {} : { contact_email: 'reporter@example.com' }),
        resource: { type: 'listing', id: listingId },
      },
    });
  const appeal = (listingId: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: bearer(token),
      payload: {
        subject: 'Please look again at my design',
        category: 'appeal',
        message: 'The wall hook is decorative only.',
        resource: { type: 'listing', id: listingId },
      },
    });
  const notifications = async (token: string) =>
    (await t.app.inject({ url: '/api/me/notifications', headers: bearer(token) })).json().items as Array<{
      kind: string;
      title: string;
      body: string;
    }>;
  /** The mail to an address with this text: a decision's email is sent before its answer returns. */
  const mailTo = (address: string, text: string) =>
    smtp.messages.filter((m) => m.to.includes(address) && m.decoded.includes(text));
  const audited = async (listingId: string, action: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('resource_id', '=', listingId)
      .where('action', '=', action)
      .execute();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      env: {
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'true',
        // Gallery pages stay cached for ten minutes: only an invalidation makes a change show.
        GALLERY_CACHE_MS: '600000',
        MODERATION_REPORTS_TO_HIDE: '3',
      },
    });
    await seedDemoUsers(t.database.db);
    const staffLogin = (await login(t.app, 'staff', 'kitwright-demo')).json();
    staff = staffLogin.access_token;
    staffId = staffLogin.user.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is for staff and founders only', async () => {
    expect((await t.app.inject({ url: '/api/admin/moderation/listings' })).statusCode).toBe(401);
    const user = await register(t.app);
    expect((await queue('', user.access_token)).statusCode).toBe(403);
    const someone = await register(t.app);
    const listing = await publishedListing(t.app, t, someone.access_token);
    expect((await decide(listing.id, { action: 'hide', reason: 'x' }, user.access_token)).statusCode).toBe(
      403,
    );
    expect((await queue()).statusCode).toBe(200);
    expect((await item('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('queues a listing the automatic checks held, with the text that caused it; approving shows it at once', async () => {
    const owner = await register(t.app);
    const listing = await publishedListing(t.app, t, owner.access_token, {
      title: 'Quokka desk tidy',
      description: 'A tidy for pens. Questions? Write to maker@example.com any time.',
    });
    expect(listing.moderation_state).toBe('pending');
    // Others are told, neutrally, that it is under review.
    const page = await t.app.inject({ url: `/api/listings/${listing.id}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.message).toBe('This listing is under review.');
    const review = (await queue('?kind=review')).json();
    const queued = review.items.find((i: { listing: { id: string } }) => i.listing.id === listing.id);
    expect(queued.queue.kind).toBe('review');
    expect(queued.listing.owner.id).toBe(owner.user.id);
    // Its picture, so a moderator sees what is being reviewed.
    expect(queued.listing.preview_url).toMatch(/^\/api\/media\/[0-9a-f-]+\/content$/);
    expect(queued.flags).toEqual([
      expect.objectContaining({ code: 'CONTACT_DETAILS', excerpt: 'maker@example.com' }),
    ]);
    expect(await galleryIds()).not.toContain(listing.id);
    const approved = await decide(listing.id, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      listing: { moderation_state: 'approved' },
      queue: null,
      decisions: [
        { action: 'approve', from_state: 'pending', to_state: 'approved', moderator: { id: staffId } },
      ],
    });
    // The cached gallery page is dropped: the listing is there at once.
    expect(await galleryIds()).toContain(listing.id);
    expect((await t.app.inject({ url: `/api/listings/${listing.id}` })).statusCode).toBe(200);
    expect(await audited(listing.id, 'moderation.approve')).toHaveLength(1);
    // Approving it again, out of the queue, is not a transition.
    expect((await decide(listing.id, { action: 'approve' })).statusCode).toBe(409);
  });

  it('hides a listing reported by three distinct reporters at once, from the gallery and search; one person counts once', async () => {
    const owner = await register(t.app);
    const listing = await publishedListing(t.app, t, owner.access_token, { title: 'Zephyr lantern' });
    expect(await galleryIds()).toContain(listing.id);
    expect(await galleryIds('Zephyr')).toContain(listing.id);

    // One person: a visitor reporting twice, then again from another visitor session on the same network.
    const first = await visitor('203.0.113.10');
    expect((await report(listing.id, from('203.0.113.10', first))).statusCode).toBe(201);
    expect((await report(listing.id, from('203.0.113.10', first))).statusCode).toBe(201);
    const second = await visitor('203.0.113.11');
    expect((await report(listing.id, from('203.0.113.11', second), 'spam')).statusCode).toBe(201);
    let history = (await item(listing.id)).json();
    expect(history.report_counts).toMatchObject({ open: 2, total: 2, open_networks: 1 });
    expect(history.queue.kind).toBe('reported');
    // A signed-in reporter elsewhere: two networks, still public.
    const user = await register(t.app);
    expect(
      (await report(listing.id, from('198.51.100.7', bearer(user.access_token)), 'intellectual_property'))
        .statusCode,
    ).toBe(201);
    expect(await galleryIds()).toContain(listing.id);
    expect((await t.app.inject({ url: `/api/listings/${listing.id}` })).statusCode).toBe(200);

    // The third network hides it, and the cached gallery and search pages forget it at once.
    const third = await visitor('192.0.2.5');
    expect((await report(listing.id, from('192.0.2.5', third))).statusCode).toBe(201);
    expect(await galleryIds()).not.toContain(listing.id);
    expect(await galleryIds('Zephyr')).not.toContain(listing.id);
    const page = await t.app.inject({ url: `/api/listings/${listing.id}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.message).toBe('This listing is under review.');
    // Its owner and staff still see it.
    const own = await t.app.inject({
      url: `/api/listings/${listing.id}`,
      headers: bearer(owner.access_token),
    });
    expect(own.json().moderation_state).toBe('hidden');
    expect(
      (await t.app.inject({ url: `/api/listings/${listing.id}`, headers: bearer(staff) })).statusCode,
    ).toBe(200);
    history = (await item(listing.id)).json();
    expect(history.listing.moderation_state).toBe('hidden');
    expect(history.queue.kind).toBe('hidden_by_reports');
    expect(history.report_counts).toEqual({
      open: 4,
      total: 4,
      open_networks: 3,
      by_reason: { safety: 2, spam: 1, intellectual_property: 1 },
    });
    expect(history.reports.map((r: { message: string }) => r.message)).toContain('Reported from 192.0.2.5');
    expect(
      history.reports.every((r: { conversation_id: string }) => typeof r.conversation_id === 'string'),
    ).toBe(true);
    expect(await audited(listing.id, 'moderation.hidden_by_reports')).toHaveLength(1);
    expect((await notifications(owner.access_token)).map((n) => n.kind)).toContain('listing_moderation');
    // The queue filters by kind and by reason.
    const hidden = (await queue('?kind=hidden_by_reports&reason=intellectual_property')).json();
    expect(hidden.items.map((i: { listing: { id: string } }) => i.listing.id)).toEqual([listing.id]);
    expect(
      (await queue('?kind=review')).json().items.map((i: { listing: { id: string } }) => i.listing.id),
    ).not.toContain(listing.id);

    // A reporter who erases their account: the report stays for the moderators, without them.
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(user.access_token),
      payload: { confirm: user.user.username, password: user.password },
    });
    expect(erased.statusCode).toBe(200);
    const kinds = (await item(listing.id))
      .json()
      .reports.map((r: { reporter_kind: string }) => r.reporter_kind);
    expect(kinds.sort()).toEqual(['erased', 'visitor', 'visitor', 'visitor']);

    // Reports of a hidden listing are still recorded.
    const fourth = await visitor('100.64.0.9');
    expect((await report(listing.id, from('100.64.0.9', fourth))).statusCode).toBe(201);
    expect((await item(listing.id)).json().report_counts.total).toBe(5);

    // Restored: public again at once, its reports settled.
    const restored = await decide(listing.id, { action: 'restore' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().report_counts).toMatchObject({ open: 0, total: 5 });
    expect(await galleryIds('Zephyr')).toContain(listing.id);
    expect(await audited(listing.id, 'moderation.restore')).toHaveLength(1);
    // Restoring a public listing is not a transition.
    expect((await decide(listing.id, { action: 'restore' })).statusCode).toBe(409);
  });

  it('rejects with a reason told to the owner in-app and by email in their language; the owner appeals once', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username: 'heronmaker',
        email: 'heronmaker@example.com',
        password: 'correct-horse-battery',
        display_name: 'Hélène',
        locale: 'fr',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const owner = signUp.json();
    expect(owner.user.locale).toBe('fr');
    const listing = await publishedListing(t.app, t, owner.access_token, { title: 'Heron bookend' });
    // No decision yet: nothing to appeal.
    expect((await appeal(listing.id, owner.access_token)).statusCode).toBe(409);
    // A reason is required to reject.
    const bare = await decide(listing.id, { action: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.details.fields.reason).toBeDefined();
    const rejected = await decide(listing.id, { action: 'reject', reason: 'Copies a protected design' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().listing.moderation_state).toBe('rejected');
    expect(await galleryIds()).not.toContain(listing.id);
    const [mail] = mailTo(owner.user.email, 'Motif : Copies a protected design');
    // Quoted-printable bytes decoded as UTF-8: the French wording, as written.
    const text = Buffer.from(mail?.decoded ?? '', 'latin1').toString('utf8');
    expect(text).toContain('Bonjour Hélène,');
    expect(text).toContain('« Heron bookend » a été refusée par un modérateur');
    const note = (await notifications(owner.access_token)).find((n) => n.kind === 'listing_moderation');
    expect(note?.body).toContain('Copies a protected design');
    const entries = await audited(listing.id, 'moderation.reject');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor_id).toBe(staffId);
    // Rejecting again is not a transition.
    expect((await decide(listing.id, { action: 'reject', reason: 'again' })).statusCode).toBe(409);

    // Only the owner appeals; once.
    const stranger = await register(t.app);
    expect((await appeal(listing.id, stranger.access_token)).statusCode).toBe(403);
    const appealed = await appeal(listing.id, owner.access_token);
    expect(appealed.statusCode).toBe(201);
    const history = (await item(listing.id)).json();
    expect(history.queue.kind).toBe('appealed');
    expect(history.appeals).toEqual([
      expect.objectContaining({
        decision_id: history.decisions[0].id,
        conversation_id: appealed.json().id,
        message: 'The wall hook is decorative only.',
        answered_by: null,
      }),
    ]);
    const again = await appeal(listing.id, owner.access_token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already appealed/);
    // The appeal is answered by the next decision.
    const granted = await decide(listing.id, { action: 'approve' });
    expect(granted.json().appeals[0].answered_by).toBe(granted.json().decisions[0].id);
    expect(await galleryIds()).toContain(listing.id);
  });

  it('hides a listing by decision, keeping its reservations and telling their holders', async () => {
    const owner = await register(t.app);
    const listing = await publishedListing(t.app, t, owner.access_token, { title: 'Ibis plant stand' });
    const holder = await register(t.app);
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      headers: bearer(holder.access_token),
      payload: RESERVE_BODY,
    });
    expect(reserved.statusCode).toBe(201);
    expect((await decide(listing.id, { action: 'hide' })).statusCode).toBe(400);
    const hidden = await decide(listing.id, { action: 'hide', reason: 'Checking a safety complaint' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().listing).toMatchObject({ moderation_state: 'hidden', active_reservations: 1 });
    expect(await galleryIds()).not.toContain(listing.id);
    const mine = (
      await t.app.inject({ url: '/api/me/interest-reservations', headers: bearer(holder.access_token) })
    ).json();
    expect(mine.items.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [reserved.json().reservation.id, 'active'],
    ]);
    expect((await notifications(holder.access_token)).map((n) => n.kind)).toContain(
      'reservation_under_review',
    );
    expect(mailTo(owner.user.email, 'Reason: Checking a safety complaint')).toHaveLength(1);
    expect(await audited(listing.id, 'moderation.hide')).toHaveLength(1);
    // Hiding a hidden listing is not a transition.
    expect((await decide(listing.id, { action: 'hide', reason: 'again' })).statusCode).toBe(409);
  });

  it('requests changes; the owner’s edit sends the listing back to review', async () => {
    const owner = await register(t.app);
    const listing = await publishedListing(t.app, t, owner.access_token, { title: 'Puffin key rack' });
    expect((await decide(listing.id, { action: 'request_changes' })).statusCode).toBe(400);
    const asked = await decide(listing.id, {
      action: 'request_changes',
      reason: 'Say the rack is decorative, not for heavy keys',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().listing.moderation_state).toBe('changes_requested');
    expect(asked.json().queue).toBeNull();
    expect(await galleryIds()).not.toContain(listing.id);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: bearer(owner.access_token),
      payload: { description: 'A decorative key rack for a hallway; not for heavy keys.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().moderation_state).toBe('pending');
    const history = (await item(listing.id)).json();
    expect(history.queue.kind).toBe('review');
    expect(history.decisions.map((d: { action: string }) => d.action)).toEqual(['request_changes']);
    expect(await audited(listing.id, 'moderation.request_changes')).toHaveLength(1);
    // Restoring a pending listing is not a transition; approving it is.
    expect((await decide(listing.id, { action: 'restore' })).statusCode).toBe(409);
    expect((await decide(listing.id, { action: 'approve' })).statusCode).toBe(200);
    expect(await galleryIds()).toContain(listing.id);
  });

  it('pages the queue oldest first with a cursor', async () => {
    const owner = await register(t.app);
    const older = await publishedListing(t.app, t, owner.access_token, {
      title: 'Gannet shelf',
      description: 'Call 0123 456 789 for a custom size.',
    });
    const newer = await publishedListing(t.app, t, owner.access_token, {
      title: 'Tern shelf',
      description: 'See http://a.example and http://b.example for photos.',
    });
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ listing: { id: string } }>; next_cursor: string | null } = (
        await queue(`?kind=review&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.items.length).toBeLessThanOrEqual(1);
      ids.push(...page.items.map((i: { listing: { id: string } }) => i.listing.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect((await queue('?cursor=not-a-cursor')).statusCode).toBe(400);
  });
});
