/**
 * Owners manage what they published and their drafts: edit (photos included), unpublish,
 * republish, delete a listing, delete a draft. Each operation: the owner may, anyone else gets the
 * 404 of a listing that does not exist, a visitor is refused, the state rules hold, asking twice
 * changes nothing more, and what a deleted listing leaves behind (reservations, saves, files,
 * records) is what docs/decisions.md says.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, register } from './support/auth-helpers';
import {
  createDraft,
  drain,
  kitReadyDraft,
  photoPng,
  publishedListing,
  RESERVE_BODY,
  upload,
} from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

type Account = Awaited<ReturnType<typeof register>>;
interface Listing {
  id: string;
  slug: string;
  media: { preview_url: string; kit_url: string; preview_png_url: string | null };
}

let t: TestApp;
let owner: Account;
let other: Account;
beforeAll(async () => {
  t = await createTestApp();
  owner = await register(t.app, { display_name: 'Olive Owner' });
  other = await register(t.app, { display_name: 'Otto Other' });
});
afterAll(async () => t.close());

const as = (who: Account | null) => (who ? bearer(who.access_token) : {});
const post = (url: string, who: Account | null, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: as(who), ...(payload ? { payload } : {}) });
const del = (url: string, who: Account | null) => t.app.inject({ method: 'DELETE', url, headers: as(who) });
const get = (url: string, who: Account | null = null) => t.app.inject({ url, headers: as(who) });
const gallerySlugs = async (query = '') =>
  ((await get(`/api/gallery/listings${query}`)).json().items as Array<{ slug: string }>).map((c) => c.slug);
const auditActions = async (resourceId: string) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource_id', '=', resourceId)
      .orderBy('seq')
      .execute()
  ).map((r) => r.action);
const mediaRows = (ids: string[]) =>
  t.database.db.selectFrom('media_files').select(['id', 'storage_key']).where('id', 'in', ids).execute();
const idOf = (url: string) => url.split('/')[3] as string;

async function publish(title: string, extra: Record<string, unknown> = {}): Promise<Listing> {
  return publishedListing(t.app, t, owner.access_token, {
    title,
    description: `${title}: a small design for a desk.`,
    ...extra,
  });
}

describe('unpublish', () => {
  let listing: Listing;
  beforeAll(async () => {
    listing = await publish('Quiet lantern', { tags: ['lantern'] });
  });

  it('is the owner’s alone: anyone else 404, a visitor 401', async () => {
    expect((await post(`/api/listings/${listing.id}/unpublish`, other)).statusCode).toBe(404);
    const visitor = await post(`/api/listings/${listing.id}/unpublish`, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBeDefined();
    expect((await get(`/api/listings/${listing.slug}`)).statusCode).toBe(200);
  });

  it('hides it from the gallery, search, its page, its share link and its files; saves and reservations stay', async () => {
    const saver = await register(t.app);
    expect((await post(`/api/listings/${listing.id}/save`, saver)).statusCode).toBe(200);
    const reserved = await post(`/api/listings/${listing.id}/interest`, saver, RESERVE_BODY);
    expect(reserved.statusCode).toBe(201);
    expect(await gallerySlugs('?q=lantern')).toEqual([listing.slug]);

    const res = await post(`/api/listings/${listing.id}/unpublish`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: listing.id, state: 'unpublished', viewer: { owner: true } });

    expect(await gallerySlugs()).not.toContain(listing.slug);
    expect(await gallerySlugs('?q=lantern')).toEqual([]);
    expect((await get(`/api/listings/${listing.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/listings/${listing.slug}`, other)).statusCode).toBe(404);
    expect((await get(`/l/${listing.slug}`)).statusCode).toBe(404);
    expect((await get(listing.media.preview_url)).statusCode).toBe(404);
    // Its owner still reads it, files included.
    const mine = await get(`/api/listings/${listing.slug}`, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().state).toBe('unpublished');
    expect((await get(listing.media.preview_url, owner)).statusCode).toBe(200);
    // Nobody can reserve it meanwhile.
    expect((await post(`/api/listings/${listing.id}/interest`, other, RESERVE_BODY)).statusCode).toBe(404);

    // The saver and holder see it as unavailable, and can still take their save off it.
    const dashboard = (await get('/api/me/dashboard', saver)).json();
    expect(dashboard.saved).toEqual([]);
    expect(dashboard.saved_unavailable).toEqual([
      expect.objectContaining({ id: listing.id, availability: 'unavailable', preview_url: null }),
    ]);
    expect(dashboard.reservations.active).toEqual([
      expect.objectContaining({
        status: 'active',
        listing: expect.objectContaining({ availability: 'unavailable' }),
      }),
    ]);
    expect((await del(`/api/listings/${listing.id}/save`, saver)).json()).toMatchObject({ saved: false });
    expect((await get('/api/me/dashboard', saver)).json().saved_unavailable).toEqual([]);
    // Someone who never saved it cannot learn it exists.
    expect((await del(`/api/listings/${listing.id}/save`, other)).statusCode).toBe(404);
  });

  it('asking again changes nothing, and is audited once', async () => {
    const again = await post(`/api/listings/${listing.id}/unpublish`, owner);
    expect(again.statusCode).toBe(200);
    expect(again.json().state).toBe('unpublished');
    expect((await auditActions(listing.id)).filter((a) => a === 'listing.unpublished')).toHaveLength(1);
  });

  it('the owner can still edit it; the dashboard lists it as unpublished', async () => {
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: as(owner),
      payload: { description: 'A quiet lantern for the windowsill, lit by nothing.' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      state: 'unpublished',
      description: expect.stringMatching(/windowsill/),
    });
    const mine = (await get('/api/me/dashboard', owner)).json();
    expect(mine.listings.find((l: { id: string }) => l.id === listing.id)).toMatchObject({
      state: 'unpublished',
    });
  });
});

describe('republish', () => {
  it('goes back through the automatic checks: clean text is live again, findings wait for review', async () => {
    const clean = await publish('Tidy windmill', { tags: ['windmill'] });
    expect((await post(`/api/listings/${clean.id}/republish`, other, {})).statusCode).toBe(404);
    expect((await post(`/api/listings/${clean.id}/republish`, null, {})).statusCode).toBe(401);
    // Republishing a published listing changes nothing.
    const noop = await post(`/api/listings/${clean.id}/republish`, owner, {});
    expect(noop.statusCode).toBe(200);
    expect(noop.json().state).toBe('published');
    expect(await auditActions(clean.id)).not.toContain('listing.republished');

    await post(`/api/listings/${clean.id}/unpublish`, owner);
    const back = await post(`/api/listings/${clean.id}/republish`, owner, {});
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ state: 'published', moderation_state: 'approved' });
    expect(await gallerySlugs('?q=windmill')).toEqual([clean.slug]);
    expect((await get(`/l/${clean.slug}`)).statusCode).toBe(200);
    expect(await auditActions(clean.id)).toEqual(
      expect.arrayContaining(['listing.unpublished', 'listing.republished']),
    );

    // Words edited in while unpublished are checked like a new listing's.
    const flagged = await publish('Garden gnome house', { tags: ['gnome'] });
    await post(`/api/listings/${flagged.id}/unpublish`, owner);
    await t.database.db
      .updateTable('listings')
      .set({ moderation_state: 'approved' })
      .where('id', '=', flagged.id)
      .execute();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${flagged.id}`,
      headers: as(owner),
      payload: { description: 'Write to gnomes@example.com for the plans of this house.' },
    });
    const review = await post(`/api/listings/${flagged.id}/republish`, owner, {});
    expect(review.json()).toMatchObject({ state: 'published', moderation_state: 'pending' });
    expect(await gallerySlugs('?q=gnome')).toEqual([]);
    expect((await get(`/api/listings/${flagged.slug}`)).statusCode).toBe(404);
  });

  it('refuses a prompt’s design whose prompt describes a use kits are not allowed for, by today’s rule', async () => {
    const listing = await publish('Garden seat', { prompt: 'a planter' });
    await post(`/api/listings/${listing.id}/unpublish`, owner);
    // Published before the rule read its prompt: the prompt describes a seat for people.
    const draftId = (
      await t.database.db
        .selectFrom('listings')
        .select('draft_id')
        .where('id', '=', listing.id)
        .executeTakeFirstOrThrow()
    ).draft_id as string;
    await t.database.db
      .updateTable('design_drafts')
      .set({ prompt: 'a bench for two' })
      .where('id', '=', draftId)
      .execute();
    const refused = await post(`/api/listings/${listing.id}/republish`, owner, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'USE_CASE_BLOCKED', details: { source: 'prompt' } });
    expect(await gallerySlugs('?q=seat')).toEqual([]);
  });

  it('asks for the current owner licence when it changed since publishing', async () => {
    const old = await publish('Old licence tower');
    await post(`/api/listings/${old.id}/unpublish`, owner);
    await t.database.db
      .updateTable('listings')
      .set({ licence_version: '2025-01-01' })
      .where('id', '=', old.id)
      .execute();
    const refused = await post(`/api/listings/${old.id}/republish`, owner, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'GATE_NOT_MET', details: { gate: 'licence' } });
    const accepted = await post(`/api/listings/${old.id}/republish`, owner, {
      licence: { accepted: true, version: '2026-11-01' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'published', licence_version: '2026-11-01' });
  });

  it('a listing a moderator rejected stays down', async () => {
    const rejected = await publish('Rejected arch');
    await post(`/api/listings/${rejected.id}/unpublish`, owner);
    await t.database.db
      .updateTable('listings')
      .set({ moderation_state: 'rejected' })
      .where('id', '=', rejected.id)
      .execute();
    const res = await post(`/api/listings/${rejected.id}/republish`, owner, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INVALID_STATE');
  });
});

describe('photos', () => {
  it('the owner adds their own photos, takes one off (its file goes), and cannot show someone else’s', async () => {
    const listing = await publish('Photo bridge');
    const first = (await upload(t.app, owner.access_token, await photoPng('#a33'), 'a.png')).json().upload;
    const second = (await upload(t.app, owner.access_token, await photoPng('#33a'), 'b.png')).json().upload;
    const theirs = (await upload(t.app, other.access_token, await photoPng('#3a3'), 'c.png')).json().upload;
    const patch = (who: Account, media_ids: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/listings/${listing.id}`,
        headers: as(who),
        payload: { media_ids },
      });

    const refused = await patch(owner, [first.id, theirs.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    expect((await patch(other, [theirs.id])).statusCode).toBe(404);

    const both = await patch(owner, [first.id, second.id]);
    expect(both.statusCode).toBe(200);
    expect(both.json().media.photos.map((p: { id: string }) => p.id)).toEqual([first.id, second.id]);
    // Shown on a public listing, anyone may load them.
    expect((await get(`/api/media/${first.id}/content`)).statusCode).toBe(200);

    const one = await patch(owner, [second.id]);
    expect(one.json().media.photos.map((p: { id: string }) => p.id)).toEqual([second.id]);
    expect(await mediaRows([first.id])).toEqual([]);
    expect((await get(`/api/media/${first.id}`, owner)).statusCode).toBe(404);
    // A photo another of the owner's listings shows is kept when one listing drops it.
    const twin = await publish('Photo twin');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${twin.id}`,
      headers: as(owner),
      payload: { media_ids: [second.id] },
    });
    await patch(owner, []);
    expect(await mediaRows([second.id])).toHaveLength(1);
  });
});

describe('delete a listing', () => {
  it('is the owner’s alone', async () => {
    const listing = await publish('Guarded castle');
    expect((await del(`/api/listings/${listing.id}`, other)).statusCode).toBe(404);
    expect((await del(`/api/listings/${listing.id}`, null)).statusCode).toBe(401);
    expect((await get(`/api/listings/${listing.slug}`)).statusCode).toBe(200);
  });

  it('cancels reservations with a reason and tells their holders, removes saves, text, files and draft; the slug stays taken', async () => {
    const listing = await publish('Doomed pavilion', { tags: ['pavilion'] });
    const holder = await register(t.app);
    await post(`/api/listings/${listing.id}/save`, holder);
    const reservation = (await post(`/api/listings/${listing.id}/interest`, holder, RESERVE_BODY)).json()
      .reservation;
    const visitorRes = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      payload: RESERVE_BODY,
    });
    const visitor = {
      cookie: `kw_visitor=${visitorRes.cookies.find((c) => c.name === 'kw_visitor')?.value}`,
      origin: 'http://localhost:3000',
    };
    const draftId = (
      await t.database.db
        .selectFrom('listings')
        .select('draft_id')
        .where('id', '=', listing.id)
        .executeTakeFirstOrThrow()
    ).draft_id as string;
    const fileIds = [
      listing.media.kit_url,
      listing.media.preview_url,
      listing.media.preview_png_url as string,
    ].map(idOf);
    const stored = await mediaRows(fileIds);
    expect(stored).toHaveLength(3);

    const res = await del(`/api/listings/${listing.id}`, owner);
    expect(res.statusCode).toBe(204);

    // Gone for everyone, by slug and by id, in the gallery, search and the share link.
    for (const who of [null, owner, other]) {
      expect((await get(`/api/listings/${listing.slug}`, who)).statusCode).toBe(404);
      expect((await get(`/api/listings/${listing.id}`, who)).statusCode).toBe(404);
    }
    expect(await gallerySlugs()).not.toContain(listing.slug);
    expect(await gallerySlugs('?q=pavilion')).toEqual([]);
    expect((await get(`/l/${listing.slug}`)).statusCode).toBe(404);
    expect((await get(`/l/${listing.slug}?s=abcdefgh`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/listings/${listing.id}/save`, headers: as(other) }))
        .statusCode,
    ).toBe(404);

    // The holders' reservations are cancelled with the reason; the signed-in one is told.
    const dashboard = (await get('/api/me/dashboard', holder)).json();
    expect(dashboard.reservations.active).toEqual([]);
    expect(dashboard.reservations.cancelled).toEqual([
      expect.objectContaining({
        id: reservation.id,
        cancellation_reason: expect.stringMatching(/designer deleted this design/),
        listing: expect.objectContaining({
          title: 'Doomed pavilion',
          availability: 'deleted',
          preview_url: null,
        }),
      }),
    ]);
    expect(dashboard.saved).toEqual([]);
    expect(dashboard.saved_unavailable).toEqual([]);
    expect(dashboard.notifications[0]).toMatchObject({
      kind: 'reservation_cancelled',
      body: expect.stringMatching(/Doomed pavilion/),
    });
    const visitorView = (await t.app.inject({ url: '/api/me/dashboard', headers: visitor })).json();
    expect(visitorView.reservations.cancelled[0]).toMatchObject({ status: 'cancelled' });
    // No notification without a person: a visitor's would have been one for everyone.
    expect(
      await t.database.db
        .selectFrom('beta_notifications')
        .select('id')
        .where('user_id', 'is', null)
        .execute(),
    ).toEqual([]);

    // What stays: a tombstone with the name, zero counts; what goes: text, files, draft, translations.
    const tomb = await t.database.db
      .selectFrom('listings')
      .selectAll()
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(tomb).toMatchObject({
      state: 'deleted',
      title: 'Doomed pavilion',
      slug: listing.slug,
      draft_id: null,
      kit_file_id: null,
      reservation_count: 0,
      save_count: 0,
    });
    expect(
      await t.database.db
        .selectFrom('listing_details')
        .select('listing_id')
        .where('listing_id', '=', listing.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('translation_records')
        .select('id')
        .where('resource_id', '=', listing.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.database.db.selectFrom('design_drafts').select('id').where('id', '=', draftId).execute(),
    ).toEqual([]);
    expect(await mediaRows(fileIds)).toEqual([]);
    for (const file of stored) expect(fs.existsSync(path.join(t.storageDir, file.storage_key))).toBe(false);
    expect((await get(listing.media.preview_url, owner)).statusCode).toBe(404);

    // Audited: the deletion and each cancellation, in the same chain.
    expect(await auditActions(listing.id)).toContain('listing.deleted');
    expect(await auditActions(reservation.id)).toEqual(['interest.reserved', 'interest.cancelled']);

    // Asking again changes nothing; the address is never given to another design.
    const again = await del(`/api/listings/${listing.id}`, owner);
    expect(again.statusCode).toBe(404);
    expect((await auditActions(listing.id)).filter((a) => a === 'listing.deleted')).toHaveLength(1);
    const successor = await publish('Doomed pavilion');
    expect(successor.slug).not.toBe(listing.slug);
    expect((await get(`/api/listings/${listing.slug}`)).statusCode).toBe(404);
  });

  it('an unpublished listing can be deleted too, and a deleted one cannot be edited, unpublished or republished', async () => {
    const listing = await publish('Short-lived hut');
    await post(`/api/listings/${listing.id}/unpublish`, owner);
    expect((await del(`/api/listings/${listing.id}`, owner)).statusCode).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/listings/${listing.id}`,
          headers: as(owner),
          payload: { title: 'Back again' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await post(`/api/listings/${listing.id}/unpublish`, owner)).statusCode).toBe(404);
    expect((await post(`/api/listings/${listing.id}/republish`, owner, {})).statusCode).toBe(404);
    expect(
      (await get('/api/me/dashboard', owner)).json().listings.map((l: { id: string }) => l.id),
    ).not.toContain(listing.id);
  });
});

describe('delete a draft', () => {
  it('removes the draft with its source model and every artefact, for its owner only', async () => {
    const draft = await kitReadyDraft(t.app, t, owner.access_token);
    expect(draft.stage).toBe('kit_ready');
    const uploadId = draft.source_upload.id as string;
    const artefacts = [
      draft.artefacts.kit_url,
      draft.artefacts.preview_url,
      draft.artefacts.preview_png_url,
    ].map(idOf);
    const stored = await mediaRows([uploadId, ...artefacts]);
    expect(stored).toHaveLength(4);

    expect((await del(`/api/design-drafts/${draft.id}`, other)).statusCode).toBe(404);
    expect((await del(`/api/design-drafts/${draft.id}`, null)).statusCode).toBe(401);
    expect((await del(`/api/design-drafts/${draft.id}`, owner)).statusCode).toBe(204);

    expect((await get(`/api/design-drafts/${draft.id}`, owner)).statusCode).toBe(404);
    expect(await mediaRows([uploadId, ...artefacts])).toEqual([]);
    for (const file of stored) expect(fs.existsSync(path.join(t.storageDir, file.storage_key))).toBe(false);
    expect(await auditActions(draft.id)).toEqual(['draft.deleted']);
    // Asking again finds nothing and records nothing.
    expect((await del(`/api/design-drafts/${draft.id}`, owner)).statusCode).toBe(404);
    expect(await auditActions(draft.id)).toEqual(['draft.deleted']);
  });

  it('keeps an upload another draft is made from', async () => {
    const a = await kitReadyDraft(t.app, t, owner.access_token);
    const b = await createDraft(t.app, owner.access_token, {
      mode: 'A',
      source_upload_id: a.source_upload.id,
      settings: { size: 16 },
    });
    expect((await del(`/api/design-drafts/${a.id}`, owner)).statusCode).toBe(204);
    expect(await mediaRows([a.source_upload.id])).toHaveLength(1);
    expect((await get(`/api/design-drafts/${b.id}`, owner)).statusCode).toBe(200);
  });

  it('refuses a published draft (its listing is deleted instead) and one whose job is still running', async () => {
    const listing = await publish('Kept tower');
    const row = await t.database.db
      .selectFrom('listings')
      .select('draft_id')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    const published = await del(`/api/design-drafts/${row.draft_id}`, owner);
    expect(published.statusCode).toBe(409);
    expect(published.json().error.code).toBe('INVALID_STATE');

    const busy = await createDraft(t.app, owner.access_token, { mode: 'B', prompt: 'a small boat' });
    await post(`/api/design-drafts/${busy.id}/model-jobs`, owner);
    const queued = await del(`/api/design-drafts/${busy.id}`, owner);
    expect(queued.statusCode).toBe(409);
    expect(queued.json().error.message).toMatch(/still being processed/);
    await drain(t);
    expect((await del(`/api/design-drafts/${busy.id}`, owner)).statusCode).toBe(204);
  });
});
