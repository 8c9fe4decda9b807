/** The dashboard aggregate, support and report entry, notifications, and DeepL behind the provider interface. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeeplTranslation } from '../src/providers/translation/deepl-translation';
import { bearer, register } from './support/auth-helpers';
import { createDraft, drain, publishedListing, RESERVE_BODY } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('the dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRANSLATION_PROVIDER: 'pseudo' } });
  });
  afterAll(async () => t.close());

  it('gathers drafts, own listings with counts, saves, reservations, support and notifications', async () => {
    const maker = await register(t.app, { display_name: 'Maya Maker' });
    const fan = await register(t.app);
    const listing = await publishedListing(t.app, t, maker.access_token, { title: 'Dashboard tower' });
    const other = await publishedListing(t.app, t, fan.access_token, {
      title: 'Fan arch',
      prompt: 'an arch',
    });
    const draft = await createDraft(t.app, maker.access_token, {
      mode: 'B',
      prompt: 'a shelf',
      title: 'Unfinished shelf',
    });
    await t.app.inject({ url: `/api/listings/${listing.id}`, headers: bearer(fan.access_token) });
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/save`,
      headers: bearer(fan.access_token),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      headers: bearer(fan.access_token),
      payload: { ...RESERVE_BODY, quantity: 2 },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${other.id}/save`,
      headers: bearer(maker.access_token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: bearer(maker.access_token),
      payload: { subject: 'How do fasteners work?', category: 'question', message: 'Which pins go where?' },
    });

    const res = await t.app.inject({ url: '/api/me/dashboard', headers: bearer(maker.access_token) });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.viewer).toMatchObject({ kind: 'user', display_name: 'Maya Maker' });
    expect(d.drafts.map((x: { id: string }) => x.id)).toEqual([draft.id]);
    expect(d.listings).toHaveLength(1);
    expect(d.listings[0]).toMatchObject({
      id: listing.id,
      interest: { views: 1, saves: 1, reservations: 1, quantity: 2 },
    });
    expect(d.saved.map((c: { id: string }) => c.id)).toEqual([other.id]);
    expect(d.support.conversations).toHaveLength(1);
    expect(d.support.conversations[0]).toMatchObject({
      subject: 'How do fasteners work?',
      status: 'open',
      messages: [{ author_role: 'requester', body: 'Which pins go where?' }],
    });
    expect(d.notifications.map((n: { kind: string }) => n.kind)).toEqual(
      expect.arrayContaining(['listing_published', 'interest_received']),
    );
    const fanView = (
      await t.app.inject({ url: '/api/me/dashboard', headers: bearer(fan.access_token) })
    ).json();
    expect(fanView.reservations.active.map((r: { listing: { id: string } }) => r.listing.id)).toEqual([
      listing.id,
    ]);
    expect(fanView.saved.map((c: { id: string }) => c.id)).toEqual([listing.id]);
    expect(fanView.reservations.active[0].listing.title).toBe('Dashboard tower');
    // In French, the reservation shows the listing's French title, as the listing page does.
    await drain(t);
    const french = { ...bearer(fan.access_token), 'accept-language': 'fr' };
    const frenchTitle = (await t.app.inject({ url: `/api/listings/${listing.id}`, headers: french })).json()
      .title;
    expect(frenchTitle).not.toBe('Dashboard tower');
    const fanViewFr = (await t.app.inject({ url: '/api/me/dashboard', headers: french })).json();
    expect(fanViewFr.reservations.active[0].listing.title).toBe(frenchTitle);
    // So does the answer to reserving (here a refresh of the same reservation).
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      headers: french,
      payload: { ...RESERVE_BODY, quantity: 2 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().reservation.listing.title).toBe(frenchTitle);

    const note = d.notifications[0];
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/me/notifications/${note.id}/read`,
          headers: bearer(maker.access_token),
        })
      ).statusCode,
    ).toBe(204);
    const list = (
      await t.app.inject({ url: '/api/me/notifications', headers: bearer(maker.access_token) })
    ).json();
    expect(list.items.find((n: { id: string }) => n.id === note.id).read).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/me/notifications/${note.id}/read`,
          headers: bearer(fan.access_token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('needs a user or a visitor session', async () => {
    expect((await t.app.inject('/api/me/dashboard')).statusCode).toBe(401);
    const visitor = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    const d = (
      await t.app.inject({
        url: '/api/me/dashboard',
        headers: { 'x-visitor-session': visitor.session_token },
      })
    ).json();
    expect(d).toMatchObject({
      viewer: { kind: 'visitor', id: visitor.session_id },
      drafts: [],
      listings: [],
    });
  });
});

describe('the dashboard under load of published drafts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('shows every unpublished draft even when more than a page of newer drafts are published', async () => {
    const maker = await register(t.app);
    const unfinished = await createDraft(t.app, maker.access_token, {
      mode: 'B',
      prompt: 'a shelf',
      title: 'Still working on it',
    });
    const newer: string[] = [];
    for (let i = 0; i < 21; i++)
      newer.push((await createDraft(t.app, maker.access_token, { mode: 'B', prompt: `tower ${i}` })).id);
    // Published drafts (the state publishing leaves), all newer than the unfinished one.
    await t.database.db
      .updateTable('design_drafts')
      .set({ publish_state: 'published', stage: 'published', updated_at: new Date(Date.now() + 60_000) })
      .where('id', 'in', newer)
      .execute();
    const d = (await t.app.inject({ url: '/api/me/dashboard', headers: bearer(maker.access_token) })).json();
    expect(d.drafts.map((x: { id: string }) => x.id)).toEqual([unfinished.id]);
  });
});

describe('notifications for everyone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are read by each person for themselves', async () => {
    const ann = await register(t.app);
    const ben = await register(t.app);
    const id = '01a20000-0000-7000-8000-000000000001';
    await t.database.db
      .insertInto('beta_notifications')
      .values({
        id,
        user_id: null,
        kind: 'beta_update',
        title: 'New in the beta',
        body: 'Mode B is open to everyone.',
        created_at: new Date(),
      })
      .execute();
    const readState = async (token: string) =>
      (await t.app.inject({ url: '/api/me/notifications', headers: bearer(token) }))
        .json()
        .items.find((n: { id: string }) => n.id === id)?.read;
    expect(await readState(ann.access_token)).toBe(false);
    const mark = await t.app.inject({
      method: 'POST',
      url: `/api/me/notifications/${id}/read`,
      headers: bearer(ann.access_token),
    });
    expect(mark.statusCode).toBe(204);
    // Twice is fine.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/me/notifications/${id}/read`,
          headers: bearer(ann.access_token),
        })
      ).statusCode,
    ).toBe(204);
    expect(await readState(ann.access_token)).toBe(true);
    expect(await readState(ben.access_token)).toBe(false);
    const dashboard = (
      await t.app.inject({ url: '/api/me/dashboard', headers: bearer(ann.access_token) })
    ).json();
    expect(dashboard.notifications.find((n: { id: string }) => n.id === id).read).toBe(true);
    // The shared row itself stays unread for everyone else.
    const row = await t.database.db
      .selectFrom('beta_notifications')
      .select('read_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
  });
});

describe('support and report entry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('takes a report about a listing from a visitor, with a due time and the event, and keeps it private', async () => {
    const maker = await register(t.app);
    const listing = await publishedListing(t.app, t, maker.access_token);
    const visitor = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    const vh = { 'x-visitor-session': visitor.session_token };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: vh,
      payload: {
        subject: 'This copies my design',
        category: 'report_listing',
        message: 'I published this first.',
        contact_email: 'reporter@example.com',
        resource: { type: 'listing', id: listing.id },
      },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      category: 'report_listing',
      priority: 'high',
      status: 'open',
      resource: { type: 'listing', id: listing.id },
    });
    expect(new Date(c.first_response_due_at).getTime()).toBeGreaterThan(new Date(c.created_at).getTime());
    const event = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'support_conversation_created')
      .executeTakeFirstOrThrow();
    expect(event.properties).toEqual({
      support_id: c.id,
      category: 'report_listing',
      source_surface: 'web',
      resource_reference: `listing:${listing.id}`,
    });
    expect((await t.app.inject({ url: `/api/support/conversations/${c.id}`, headers: vh })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: `/api/support/conversations/${c.id}`, headers: bearer(maker.access_token) }))
        .statusCode,
    ).toBe(404);
    // Signing up keeps the visitor's conversations.
    const account = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: vh,
      payload: { username: 'reporter1', email: 'reporter1@example.com', password: 'long-enough-pw' },
    });
    const mine = (
      await t.app.inject({ url: '/api/support/conversations', headers: bearer(account.json().access_token) })
    ).json();
    expect(mine.items.map((x: { id: string }) => x.id)).toEqual([c.id]);
  });

  it('needs an email address from anyone who is not signed in, since it is the only way to reply', async () => {
    const without = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      payload: { subject: 'Hello there', category: 'question', message: 'Hi' },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { contact_email: 'is required' } },
    });
    // Refused before anything was made: no visitor session, no conversation.
    expect(without.cookies.find((k) => k.name === 'kw_visitor')).toBeUndefined();
    // A visitor session alone is no reply path either.
    const visitor = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    const vh = { 'x-visitor-session': visitor.session_token };
    const sessionOnly = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: vh,
      payload: { subject: 'Hello again', category: 'question', message: 'Hi' },
    });
    expect(sessionOnly.statusCode).toBe(400);
    expect(sessionOnly.json().error.details.fields.contact_email).toBe('is required');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      payload: {
        subject: 'Hello there',
        category: 'question',
        message: 'Hi',
        contact_email: 'Ann@Example.com',
      },
    });
    // With the address, a session is made on the spot so they can read the thread later.
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((k) => k.name === 'kw_visitor')).toBeDefined();
    const row = await t.database.db
      .selectFrom('support_conversations')
      .select(['contact_email', 'requester_visitor_id'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.contact_email).toBe('ann@example.com');
    expect(row.requester_visitor_id).not.toBeNull();
    // A signed-in person is answered at their account's address and need not give one.
    const member = await register(t.app);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      headers: bearer(member.access_token),
      payload: { subject: 'Account question', category: 'account', message: 'Hi' },
    });
    expect(signedIn.statusCode).toBe(201);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/support/conversations',
      payload: { subject: 'x', category: 'nope', message: '' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('DeepL behind the translation provider interface', () => {
  it('translates through the official client against a DeepL-compatible endpoint', async () => {
    const seen: Array<{ target: string; texts: string[]; auth: string | undefined }> = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const params = req.headers['content-type']?.includes('json')
          ? JSON.parse(body)
          : { target_lang: form.get('target_lang'), text: form.getAll('text') };
        const texts: string[] = Array.isArray(params.text) ? params.text : [params.text];
        seen.push({ target: params.target_lang, texts, auth: req.headers.authorization });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            translations: texts.map((t) => ({
              detected_source_language: 'EN',
              text: `${params.target_lang}:${t}`,
            })),
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const provider = createDeeplTranslation(
        'test-key:fx',
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      );
      expect(await provider.translate(['Red tower', 'A small tower'], 'en', 'fr')).toEqual([
        'fr:Red tower',
        'fr:A small tower',
      ]);
      expect(seen[0]?.auth).toBe('DeepL-Auth-Key test-key:fx');
      expect(seen[0]?.target.toLowerCase()).toBe('fr');
      const t = await createTestApp({ translation: provider });
      try {
        const maker = await register(t.app);
        const listing = await publishedListing(t.app, t, maker.access_token, { title: 'Blue boat' });
        await drain(t);
        const de = (await t.app.inject(`/api/listings/${listing.id}?locale=de`)).json();
        expect(de.title.toLowerCase()).toBe('de:blue boat');
        const record = await t.database.db
          .selectFrom('translation_records')
          .selectAll()
          .where('field', '=', 'title')
          .executeTakeFirstOrThrow();
        expect(record).toMatchObject({ status: 'complete', stale: false, provider: 'deepl' });
      } finally {
        await t.close();
      }
    } finally {
      server.close();
    }
  });
});
