/**
 * The typed resources against the real server. First the coverage table: every operation of the
 * contracts is called through the SDK method the table names, and the request it sends must be that
 * operation's method and path (so the table cannot lie). Then journeys through the resources: a
 * visitor's reservation, a draft from prompt to published listing, jobs, the gallery, saving and
 * sharing, uploads with progress (fetch in Node, XMLHttpRequest as browsers and React Native send
 * them) with the same token handling as every request, and errors as KitwrightError.
 */
import { randomUUID } from 'node:crypto';
import { NOT_CALLED_BY_CLIENTS, OPERATIONS, type OperationName } from '@kitwright/contracts/operations';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoUsers } from '../../../apps/server/src/seed/demo';
import {
  CUBE_STL,
  drain,
  photoPng,
  publishedListing,
} from '../../../apps/server/test/support/create-helpers';
import {
  ApiClient,
  type CoveredOperation,
  call,
  isKitwrightError,
  type KitwrightClient,
  KitwrightError,
  newIdempotencyKey,
  type PublishInput,
  type ReservationInput,
  SDK_METHODS,
  type SdkMethodAt,
  type UploadProgress,
} from '../src/index';
import { newAccount } from './support/accounts';
import { clientFactory, type LiveServer, startServer } from './support/live-server';
import { nodeXhr } from './support/node-xhr';
import { REFRESH_PATH, recordingFetch } from './support/recording-fetch';

const MINUTE = 60_000;
const UPLOAD_PATH = OPERATIONS.uploadMedia.path;

const PUBLISH: PublishInput = {
  title: 'A small tower',
  description: 'A little tower of blocks that stands on a desk.',
  tags: ['tower', 'desk'],
  category: 'decor',
  visibility: 'public',
  use_case: 'decorative',
  safety: {
    intended_for_children: false,
    bears_loads_or_people: false,
    contains_electrics: false,
    used_outdoors_in_water: false,
  },
  licence: { accepted: true, version: '2026-11-01' },
};

const RESERVE: ReservationInput = {
  acknowledgement: { accepted: true, version: '2026-11-01' },
  jurisdiction: 'GB',
  intended_use: 'decorative',
  quantity: 1,
};

let server: LiveServer;
const clients = clientFactory(() => server.baseUrl);

interface Fixtures {
  founderToken: string;
  listing: { id: string; slug: string };
  draftId: string;
  jobId: string;
  mediaId: string;
  reservationId: string;
  conversationId: string;
  memberId: string;
  account: { username: string; password: string };
}
let fx: Fixtures;

beforeAll(async () => {
  server = await startServer();
  await seedDemoUsers(server.t.database.db);

  // A designer's published listing, made the way the server's own tests make one.
  const designer = clients.make();
  const { access_token } = await designer.auth.register(newAccount('designer'));
  const published = (await publishedListing(server.t.app, server.t, access_token)) as {
    id: string;
    slug: string;
  };

  const founder = clients.make();
  const { access_token: founderToken } = await founder.auth.login({
    username: 'founder',
    password: 'kitwright-demo',
  });
  const draft = await founder.drafts.create({ mode: 'B', prompt: 'a small bridge', settings: { size: 12 } });
  const job = await founder.drafts.startModelJob(draft.id);
  const { upload } = await founder.media.upload(new Blob([CUBE_STL]), { name: 'cube.stl' });
  const { reservation } = await founder.interest.reserve(published.id, RESERVE);
  const conversation = await founder.support.create({
    subject: 'A question',
    category: 'question',
    message: 'How big can a kit be?',
  });
  const account = newAccount('member');
  const member = await clients.make().auth.register(account);
  clients.closeAll();
  fx = {
    founderToken,
    listing: { id: published.id, slug: published.slug },
    draftId: draft.id,
    jobId: job.id,
    mediaId: upload.id,
    reservationId: reservation.id,
    conversationId: conversation.id,
    memberId: member.user.id,
    account,
  };
});
afterEach(() => clients.closeAll());
afterAll(async () => server.close());

// ── Coverage: every operation, through the method the table names ────────────────────────────

type Arguments<N extends CoveredOperation> = Parameters<SdkMethodAt<(typeof SDK_METHODS)[N]>>;

interface Invocation<N extends CoveredOperation> {
  /** founder (default): the founder's token, set directly; none: no session; fresh: a new account. */
  session?: 'founder' | 'none' | 'fresh';
  args: (fx: Fixtures) => Arguments<N>;
}

/** Plausible arguments for each operation's method. Refusals are fine: the request is what counts. */
const INVOCATIONS: { [N in CoveredOperation]: Invocation<N> } = {
  health: { args: () => [] },
  livez: { args: () => [] },
  readyz: { args: () => [] },
  metrics: { args: () => [] },
  appShell: { args: () => [] },
  translationsConfig: { args: () => [] },
  productEventsConfig: { args: () => [] },
  ingestEvents: {
    args: () => [{ consent: 'denied', events: [{ name: 'session_started', properties: {} }] }],
  },
  setAnalyticsConsent: { args: () => [{ consent: 'granted' }] },
  reportClientError: { args: () => [{ kind: 'crash', message: 'resources test', route: '/test' }] },

  register: { session: 'none', args: () => [newAccount()] },
  login: { session: 'none', args: (f) => [{ username: f.account.username, password: f.account.password }] },
  refresh: { session: 'fresh', args: () => [] },
  logout: { session: 'fresh', args: () => [] },
  verifyEmail: { session: 'none', args: () => ['not-a-real-token'] },
  resendVerification: { session: 'none', args: () => [newAccount().email] },
  forgotPassword: { session: 'none', args: () => [newAccount().email] },
  resetPassword: { session: 'none', args: () => ['not-a-real-token', 'another-horse-battery'] },
  changePassword: { session: 'fresh', args: () => ['correct-horse-battery', 'another-horse-battery'] },
  me: { args: () => [] },
  startVisitorSession: { session: 'none', args: () => [] },
  oauthUrl: { session: 'none', args: () => ['google'] },
  oauthCallback: { session: 'none', args: () => ['google', { code: 'code', state: 'state' }] },

  uploadMedia: { args: () => [new Blob([CUBE_STL]), { name: 'cube.stl' }] },
  getMedia: { args: (f) => [f.mediaId] },
  mediaContent: { args: (f) => [f.mediaId] },
  createDraft: { args: () => [{ mode: 'B', prompt: 'a small boat', settings: { size: 12 } }] },
  listDrafts: { args: () => [{ limit: 5 }] },
  getDraft: { args: (f) => [f.draftId] },
  updateDraft: { args: (f) => [f.draftId, { title: 'Bridge' }] },
  // Someone else's (unknown) draft: the fixtures' draft is used by the operations after this one.
  deleteDraft: { args: () => [randomUUID()] },
  startModelJob: { args: (f) => [f.draftId, { idempotencyKey: newIdempotencyKey('model') }] },
  startBlockKitJob: { args: (f) => [f.draftId, { idempotencyKey: newIdempotencyKey('kit') }] },
  publishDraft: { args: (f) => [f.draftId, PUBLISH] },
  getJob: { args: (f) => [f.jobId] },
  retryJob: { args: (f) => [f.jobId] },
  cancelJob: { args: (f) => [f.jobId] },

  searchGallery: { args: () => [{ q: 'cube', limit: 5 }] },
  getListing: { args: (f) => [f.listing.slug, { locale: 'en', surface: 'test' }] },
  editListing: { args: (f) => [f.listing.id, { title: 'Not the founder’s' }] },
  unpublishListing: { args: (f) => [f.listing.id] },
  republishListing: { args: (f) => [f.listing.id, {}] },
  deleteListing: { args: (f) => [f.listing.id] },
  saveListing: { args: (f) => [f.listing.id, { surface: 'test' }] },
  unsaveListing: { args: (f) => [f.listing.id, { surface: 'test' }] },
  shareListing: { args: (f) => [f.listing.id, 'copy_link'] },
  reserveInterest: { args: (f) => [f.listing.id, RESERVE] },
  listReservations: { args: () => [{ limit: 5 }] },
  cancelReservation: { args: (f) => [f.reservationId, 'testing'] },

  dashboard: { args: () => ['en'] },
  listNotifications: { args: () => [] },
  readNotification: { args: () => [randomUUID()] },
  exportAccount: { args: () => [] },
  // A fresh account, and a confirmation that does not match: the request is what counts here.
  deleteAccount: {
    session: 'fresh',
    args: () => [{ confirm: 'not-my-name', password: 'correct-horse-battery' }],
  },

  createSupportConversation: {
    args: () => [{ subject: 'Another question', category: 'question', message: 'Hello' }],
  },
  listSupportConversations: { args: () => [] },
  getSupportConversation: { args: (f) => [f.conversationId] },
  replySupportConversation: { args: (f) => [f.conversationId, { message: 'More detail' }] },
  updateSupportConversation: { args: (f) => [f.conversationId, 'close'] },
  listSupportTickets: { args: () => [{ sla: 'overdue', limit: 5 }] },
  getSupportTicket: { args: () => [randomUUID()] },
  replySupportTicket: { args: () => [randomUUID(), { message: 'Hello', internal: true }] },
  updateSupportTicket: { args: () => [randomUUID(), { priority: 'high' }] },
  listSupportStaff: { args: () => [] },

  listFlags: { args: () => [] },
  setFlag: { args: () => ['modeB', true] },
  getPhase: { args: () => [] },
  recordGate: {
    args: () => [{ gate: 'designer_terms', passed: false, version: 'test', evidence: 'resources test' }],
  },
  decidePhase: {
    args: () => [{ target: 'A.5', reason: 'not ready: a test', release_tag: 'phase-a5-preorder-20261127.1' }],
  },
  changeRole: { args: (f) => [f.memberId, 'user'] },
  listErrors: { args: () => [{ days: 1, limit: 5 }] },
  jobQueueHealth: { args: () => [] },
  reviewDemand: { args: () => [{ status: 'active', limit: 5 }] },
  demandByListing: { args: () => [{ limit: 5 }] },
  exportDemand: { args: () => [{ view: 'listings' }] },
  qualifyReservation: { args: (f) => [f.reservationId, { state: 'qualified', note: 'SDK test' }] },
  listIncidents: { args: () => [{ state: 'unresolved', limit: 5 }] },
  getIncident: { args: () => [randomUUID()] },
  updateIncident: { args: () => [randomUUID(), { state: 'acknowledged' }] },
  listModerationQueue: { args: () => [{ kind: 'reported', limit: 5 }] },
  getModerationItem: { args: () => [randomUUID()] },
  decideModeration: { args: () => [randomUUID(), { action: 'restore' }] },
  founderDashboard: { args: () => [{ period: 'first_30_days' }] },
  exportFounderTable: { args: () => ['daily', { period: 'launch_week' }] },

  submitBetaFeedback: { args: () => [{ rating: 4, reason: 'praise', screen: 'gallery' }] },
  redeemBetaInvitation: { args: () => ['NOSUCHCODE1'] },
  myBeta: { args: () => [] },
  listBetaFeedback: { args: () => [{ reason: 'bug', limit: 5 }] },
  createBetaCohort: { args: () => [{ name: `SDK cohort ${randomUUID()}` }] },
  listBetaCohorts: { args: () => [] },
  createBetaInvitations: { args: () => [randomUUID(), { count: 1 }] },
  listBetaInvitations: { args: () => [randomUUID()] },
  revokeBetaInvitation: { args: () => [randomUUID()] },
  createBetaSession: {
    args: () => [{ tester_label: 'SDK tester', consent_given: true, consent_text_version: 'v1', tasks: [] }],
  },
  listBetaSessions: { args: () => [{ limit: 5 }] },
  getBetaSession: { args: () => [randomUUID()] },
  updateBetaSession: { args: () => [randomUUID(), { interview_notes: 'SDK test' }] },
  betaLearningReview: { args: () => [{ period: 'all' }] },

  getDesignerTerms: { args: (f) => [f.listing.id] },
  acceptDesignerTerms: { args: (f) => [f.listing.id, { accepted: true, version: '2026-12-01' }] },
  withdrawDesignerTerms: { args: (f) => [f.listing.id] },
  getPreorderCaps: { args: (f) => [f.listing.id] },
  setPreorderCaps: { args: (f) => [f.listing.id, { invitation_cap: 10, preorder_cap: 5 }] },
  invitePreorder: {
    args: (f) => [f.reservationId, { expected_price: { amount_minor: 4500, currency: 'GBP' } }],
  },
  createSetupIntent: { args: (f) => [{ reservation_id: f.reservationId }] },
  confirmCheckout: {
    args: () => [
      {
        checkout_id: randomUUID(),
        acknowledgement: { accepted: true, version: '2026-12-01', acknowledged_at: new Date().toISOString() },
        payment_agreement: { accepted: true, version: '2026-12-01' },
      },
    ],
  },
  listPreorders: { args: () => [] },
  cancelPreorder: { args: () => [randomUUID(), { reason: 'changed_mind' }] },

  devMailboxMessages: { args: (f) => [`${f.account.username}@example.com`] },
};

/** The method a table entry names, bound to its resource. */
function methodAt(client: KitwrightClient, name: string): (...args: unknown[]) => Promise<unknown> {
  const [resource, method] = name.split('.') as [string, string];
  const target = (client as unknown as Record<string, Record<string, unknown>>)[resource];
  const fn = target?.[method];
  if (typeof fn !== 'function') throw new Error(`the client has no method ${name}`);
  return (...args) => Promise.resolve(fn.apply(target, args));
}

function pathPattern(name: OperationName): RegExp {
  const pattern = OPERATIONS[name].path.replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${pattern}$`);
}

describe('coverage: every operation has an SDK method, and it sends that operation', () => {
  it('the table and NOT_CALLED_BY_CLIENTS together name every operation once', () => {
    const covered = Object.keys(SDK_METHODS).sort();
    const notCalled = Object.keys(NOT_CALLED_BY_CLIENTS).sort();
    expect(notCalled).toEqual(['oauthFormCallback', 'paymentWebhook']);
    expect([...covered, ...notCalled].sort()).toEqual(Object.keys(OPERATIONS).sort());
    expect(covered.filter((name) => notCalled.includes(name))).toEqual([]);
    // One method per operation.
    expect(new Set(Object.values(SDK_METHODS)).size).toBe(covered.length);
  });

  for (const name of Object.keys(SDK_METHODS) as CoveredOperation[]) {
    const { method, path } = OPERATIONS[name];
    it(`${name} → ${SDK_METHODS[name]} sends ${method} ${path}`, async () => {
      const invocation = INVOCATIONS[name] as Invocation<CoveredOperation>;
      const recorder = recordingFetch();
      const client = clients.make({ fetch: recorder.fetch });
      const session = invocation.session ?? 'founder';
      if (session === 'founder') client.setToken(fx.founderToken);
      if (session === 'fresh') await client.auth.register(newAccount());
      const before = recorder.requests.length;

      const outcome = await methodAt(
        client,
        SDK_METHODS[name],
      )(...invocation.args(fx)).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );

      // A refusal is fine here, but it must be the server's (a KitwrightError with its status).
      if ('error' in outcome) {
        expect(isKitwrightError(outcome.error), String(outcome.error)).toBe(true);
        expect((outcome.error as KitwrightError).status).toBeGreaterThan(0);
      }
      const sent = recorder.requests
        .slice(before)
        .filter((r) => name === 'refresh' || r.path !== REFRESH_PATH);
      expect(sent.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
      expect(sent[0]?.method).toBe(method);
      expect(sent[0]?.path).toMatch(pathPattern(name));
    });
  }
});

// ── Journeys ─────────────────────────────────────────────────────────────────────────────────

describe('a visitor reserves interest, finds it, cancels it, and the account they open keeps it', () => {
  it('reserve → list → dashboard → cancel → register', async () => {
    const visitor = clients.make();
    await visitor.auth.startVisitorSession();
    const listing = await visitor.listings.get(fx.listing.slug, { locale: 'en', surface: 'listing' });
    expect(listing.id).toBe(fx.listing.id);
    expect(listing.viewer).toMatchObject({ saved: false });

    const reserved = await visitor.interest.reserve(listing.id, {
      ...RESERVE,
      quantity: 2,
      source: { surface: 'listing' },
    });
    expect(reserved).toMatchObject({ refreshed: false, reservation: { status: 'active', quantity: 2 } });
    const again = await visitor.interest.reserve(listing.id, RESERVE);
    expect(again).toMatchObject({ refreshed: true, reservation: { id: reserved.reservation.id } });

    const page = await visitor.interest.list({ limit: 10 });
    expect(page.items.map((r) => r.id)).toEqual([reserved.reservation.id]);
    const dashboard = await visitor.me.dashboard('en');
    expect(dashboard.viewer.kind).toBe('visitor');
    expect(dashboard.reservations.active.map((r) => r.id)).toEqual([reserved.reservation.id]);

    const cancelled = await visitor.interest.cancel(reserved.reservation.id, 'Changed my mind');
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellation_reason: 'Changed my mind' });
    const second = await visitor.interest.cancel(reserved.reservation.id).catch((e: unknown) => e);
    expect(isKitwrightError(second)).toBe(true);

    const { user } = await visitor.auth.register(newAccount());
    const mine = await visitor.me.dashboard();
    expect(mine.viewer).toMatchObject({ kind: 'user', id: user.id });
    expect(mine.reservations.cancelled.map((r) => r.id)).toEqual([reserved.reservation.id]);
  });
});

describe('a designer takes a draft from prompt to published listing', () => {
  it('create → list → get → model job (idempotent) → update → publish → edit the listing', async () => {
    const recorder = recordingFetch();
    const kw = clients.make({ fetch: recorder.fetch });
    await kw.auth.register(newAccount('maker'));

    const draft = await kw.drafts.create({ mode: 'B', prompt: 'a small castle', settings: { size: 12 } });
    expect(draft).toMatchObject({ mode: 'B', prompt: 'a small castle', stage: expect.any(String) });
    expect((await kw.drafts.list()).items.map((d) => d.id)).toEqual([draft.id]);
    expect((await kw.drafts.get(draft.id)).id).toBe(draft.id);

    const key = newIdempotencyKey('model');
    const job = await kw.drafts.startModelJob(draft.id, { idempotencyKey: key });
    const repeated = await kw.drafts.startModelJob(draft.id, { idempotencyKey: key });
    expect(repeated.id).toBe(job.id);
    expect(job.idempotency_key).toBe(key);
    expect(recorder.requests.at(-1)?.headers['idempotency-key']).toBe(key);

    await drain(server.t);
    expect(await kw.jobs.get(job.id)).toMatchObject({ id: job.id, status: 'succeeded' });

    const renamed = await kw.drafts.update(draft.id, { title: 'Castle' });
    expect(renamed.title).toBe('Castle');
    const listing = await kw.drafts.publish(draft.id, { ...PUBLISH, title: 'A small castle' });
    expect(listing).toMatchObject({ title: 'A small castle', visibility: 'public' });
    expect((await kw.drafts.get(draft.id)).listing_id).toBe(listing.id);

    const edited = await kw.listings.edit(listing.id, { title: 'A small stone castle' });
    expect(edited.title).toBe('A small stone castle');
    const read = await kw.listings.get(listing.slug, { locale: 'en' });
    expect(read.title).toBe('A small stone castle');
  });

  it('a queued job is cancelled; retrying it is refused with INVALID_STATE', async () => {
    const kw = clients.make();
    await kw.auth.register(newAccount('maker'));
    const draft = await kw.drafts.create({ mode: 'B', prompt: 'a small windmill', settings: { size: 12 } });
    const job = await kw.drafts.startModelJob(draft.id);
    expect(job.status).toBe('queued');
    expect(await kw.jobs.cancel(job.id)).toMatchObject({ id: job.id, status: 'cancelled' });
    const refused = await kw.jobs.retry(job.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(KitwrightError);
    expect(refused).toMatchObject({ code: 'INVALID_STATE', status: 409 });
  });
});

describe('a designer manages what they published and their drafts', () => {
  it('photos → unpublish → republish → delete the listing; delete a draft', async () => {
    const kw = clients.make();
    await kw.auth.register(newAccount('owner'));
    const draft = await kw.drafts.create({ mode: 'B', prompt: 'a small lighthouse', settings: { size: 12 } });
    await kw.drafts.startModelJob(draft.id);
    await drain(server.t);
    const listing = await kw.drafts.publish(draft.id, { ...PUBLISH, title: 'A small lighthouse' });
    expect(listing.state).toBe('published');

    const { upload: photo } = await kw.media.upload(new Blob([await photoPng()]), { name: 'photo.png' });
    const withPhoto = await kw.listings.edit(listing.id, { media_ids: [photo.id] });
    expect(withPhoto.media.photos).toEqual([{ id: photo.id, url: `/api/media/${photo.id}/content` }]);

    const reader = clients.make();
    const hidden = await kw.listings.unpublish(listing.id);
    expect(hidden.state).toBe('unpublished');
    expect(await reader.listings.get(listing.slug).catch((e: unknown) => e)).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    // Asking again changes nothing.
    expect((await kw.listings.unpublish(listing.id)).state).toBe('unpublished');

    const back = await kw.listings.republish(listing.id);
    expect(back).toMatchObject({ state: 'published', moderation_state: 'approved' });
    expect((await reader.listings.get(listing.slug)).id).toBe(listing.id);

    await kw.listings.delete(listing.id);
    for (const client of [kw, reader])
      expect(await client.listings.get(listing.slug).catch((e: unknown) => e)).toMatchObject({ status: 404 });
    expect(await kw.listings.delete(listing.id).catch((e: unknown) => e)).toMatchObject({ status: 404 });
    // Its draft and photo went with it.
    expect(await kw.drafts.get(draft.id).catch((e: unknown) => e)).toMatchObject({ status: 404 });
    expect(await kw.media.get(photo.id).catch((e: unknown) => e)).toMatchObject({ status: 404 });

    const other = await kw.drafts.create({ mode: 'B', prompt: 'a small boat', settings: { size: 12 } });
    await kw.drafts.delete(other.id);
    expect((await kw.drafts.list()).items.map((d) => d.id)).not.toContain(other.id);
  });
});

describe('discover: the gallery and one listing', () => {
  it('finds the published listing by its words, a page at a time', async () => {
    const kw = clients.make();
    const found = await kw.gallery.search({ q: 'cube', locale: 'en', limit: 24 });
    expect(found.items.map((item) => item.id)).toContain(fx.listing.id);
    expect(found).toMatchObject({ locale: 'en', match: expect.any(String) });
    const first = await kw.gallery.search({ limit: 1 });
    expect(first.items).toHaveLength(1);
  });

  it('saves, unsaves and shares a listing; a visit through the share link reads it', async () => {
    const kw = clients.make();
    await kw.auth.register(newAccount());
    expect(await kw.listings.save(fx.listing.id, { surface: 'listing' })).toMatchObject({ saved: true });
    expect((await kw.listings.get(fx.listing.slug)).viewer).toMatchObject({ saved: true });
    expect(await kw.listings.unsave(fx.listing.id)).toMatchObject({ saved: false });

    const share = await kw.listings.share(fx.listing.id, 'copy_link');
    expect(share).toMatchObject({ channel: 'copy_link', code: expect.any(String) });
    expect(share.url).toContain(share.code);
    const reader = clients.make();
    const read = await reader.listings.get(fx.listing.slug, { share: share.code, surface: 'share' });
    expect(read.id).toBe(fx.listing.id);
  });
});

// ── Uploads ──────────────────────────────────────────────────────────────────────────────────

function expectProgress(events: UploadProgress[], size: number) {
  expect(events.length).toBeGreaterThanOrEqual(2);
  expect(events[0]).toEqual({ loaded: 0, total: size });
  expect(events.at(-1)).toEqual({ loaded: size, total: size });
  for (const [i, event] of events.entries()) {
    expect(event.total).toBe(size);
    expect(event.loaded).toBeLessThanOrEqual(size);
    if (i > 0) expect(event.loaded).toBeGreaterThanOrEqual(events[i - 1]?.loaded ?? 0);
  }
}

describe('uploads', () => {
  it('in Node (fetch): progress at the start and at the end, the file readable back', async () => {
    const recorder = recordingFetch();
    const kw = clients.make({ fetch: recorder.fetch });
    await kw.auth.register(newAccount());
    const events: UploadProgress[] = [];
    const { upload } = await kw.media.upload(new Blob([CUBE_STL]), {
      name: 'cube.stl',
      onProgress: (p) => events.push(p),
    });
    expectProgress(events, CUBE_STL.length);
    expect(upload).toMatchObject({ kind: 'source_model', format: 'stl', original_name: 'cube.stl' });
    const sent = recorder.to(UPLOAD_PATH)[0];
    expect(sent?.method).toBe('POST');
    // The runtime writes the multipart content type, with its boundary.
    expect(sent?.headers['content-type']).toBeUndefined();
    expect(sent?.headers.authorization).toBe(`Bearer ${kw.auth.getAccessToken()}`);

    expect((await kw.media.get(upload.id)).upload.id).toBe(upload.id);
    const bytes = await kw.media.content(upload.id);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(CUBE_STL)).toBe(true);
    expect(new URL(kw.media.contentUrl(upload.id)).pathname).toBe(`/api/media/${upload.id}/content`);
    // The same bytes by the address an answer gives, relative or absolute; no other address is read.
    for (const address of [
      kw.media.contentUrl(upload.id),
      new URL(kw.media.contentUrl(upload.id)).pathname,
    ]) {
      const again = await kw.media.contentAt(address);
      expect(Buffer.from(await again.arrayBuffer()).equals(CUBE_STL)).toBe(true);
    }
    const before = recorder.requests.length;
    await expect(kw.media.contentAt('/api/listings/x')).rejects.toThrow(TypeError);
    await expect(kw.media.contentAt(`/api/media/${upload.id}`)).rejects.toThrow(TypeError);
    expect(recorder.requests.length).toBe(before);
  });

  it('with XMLHttpRequest (browsers, React Native): progress as bytes go out, with the client’s headers', async () => {
    const xhr = nodeXhr({ chunkSize: 128 });
    const kw = clients.make({
      XMLHttpRequest: xhr.XMLHttpRequest,
      locale: 'de',
      headers: () => ({ 'x-analytics-consent': 'granted' }),
    });
    await kw.auth.register(newAccount());
    const draft = await kw.drafts.create({ mode: 'A', settings: { size: 16 } });
    const events: UploadProgress[] = [];
    const { upload } = await kw.media.upload(new Blob([CUBE_STL]), {
      name: 'cube.stl',
      draftId: draft.id,
      onProgress: (p) => events.push(p),
    });
    expectProgress(events, CUBE_STL.length);
    // Several steps in between: the body went out in 128-byte chunks.
    expect(events.length).toBeGreaterThan(4);
    expect(upload.format).toBe('stl');

    const [sent] = xhr.to(UPLOAD_PATH);
    expect(sent?.url.searchParams.get('draft_id')).toBe(draft.id);
    expect(sent?.withCredentials).toBe(true);
    expect(sent?.headers).toMatchObject({
      accept: 'application/json',
      'accept-language': 'de',
      'x-analytics-consent': 'granted',
      authorization: `Bearer ${kw.auth.getAccessToken()}`,
    });
    // Other requests still go through fetch, with the same extra header.
    expect(xhr.requests).toHaveLength(1);
  });

  it('without onProgress an upload goes through fetch even where XMLHttpRequest exists', async () => {
    const xhr = nodeXhr();
    const recorder = recordingFetch();
    const kw = clients.make({ XMLHttpRequest: xhr.XMLHttpRequest, fetch: recorder.fetch });
    await kw.auth.register(newAccount());
    await kw.media.upload(new Blob([CUBE_STL]), { name: 'cube.stl' });
    expect(xhr.requests).toHaveLength(0);
    expect(recorder.to(UPLOAD_PATH)).toHaveLength(1);
  });

  for (const transport of ['fetch', 'XMLHttpRequest'] as const) {
    describe(`token handling, over ${transport}`, () => {
      /** A client whose uploads go over `transport`; `rewrite` may break an upload's token. */
      function uploader(options: { breakFirstUploadToken?: boolean; now?: () => number } = {}) {
        let broken = false;
        const breakOnce = (headers: Record<string, string>) => {
          if (!options.breakFirstUploadToken || broken) return headers;
          broken = true;
          return { ...headers, authorization: 'Bearer broken' };
        };
        const recorder = recordingFetch((url, init) =>
          url.pathname === UPLOAD_PATH
            ? { ...init, headers: breakOnce(init.headers as Record<string, string>) }
            : undefined,
        );
        const xhr = nodeXhr({
          rewrite: (record) => {
            if (record.path === UPLOAD_PATH) Object.assign(record.headers, breakOnce(record.headers));
          },
        });
        const kw = clients.make({
          fetch: recorder.fetch,
          ...(transport === 'XMLHttpRequest' ? { XMLHttpRequest: xhr.XMLHttpRequest } : {}),
          ...(options.now ? { now: options.now } : {}),
        });
        const uploads = () =>
          transport === 'fetch'
            ? recorder.to(UPLOAD_PATH).map((r) => r.status)
            : xhr.to(UPLOAD_PATH).map((r) => r.status);
        return { kw, recorder, uploads };
      }

      it('refreshes first when the token expires within 5 minutes', async () => {
        // Eleven minutes on for this client: its 15-minute token now looks nearly spent.
        let offset = 0;
        const { kw, recorder, uploads } = uploader({ now: () => Date.now() + offset });
        const { refresh_token } = await kw.auth.register(newAccount());
        offset = 11 * MINUTE;
        const events: UploadProgress[] = [];
        await kw.media.upload(new Blob([CUBE_STL]), { name: 'cube.stl', onProgress: (p) => events.push(p) });
        expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
        expect(kw.auth.getSession()?.refresh_token).not.toBe(refresh_token);
        expect(uploads()).toEqual([201]);
        expectProgress(events, CUBE_STL.length);
      });

      it('after 401 INVALID_TOKEN refreshes once and sends the upload again', async () => {
        const { kw, recorder, uploads } = uploader({ breakFirstUploadToken: true });
        await kw.auth.register(newAccount());
        const events: UploadProgress[] = [];
        const { upload } = await kw.media.upload(new Blob([CUBE_STL]), {
          name: 'cube.stl',
          onProgress: (p) => events.push(p),
        });
        expect(upload.format).toBe('stl');
        expect(uploads()).toEqual([401, 201]);
        expect(recorder.to(REFRESH_PATH)).toHaveLength(1);
        expectProgress(events, CUBE_STL.length);
      });

      it('SESSION_REVOKED signs the client out', async () => {
        const { kw, uploads } = uploader();
        await kw.auth.register(newAccount());
        // The same session signed out elsewhere (another device holding a copy of it).
        const elsewhere = new ApiClient({ baseUrl: server.baseUrl });
        await call(elsewhere, 'logout', {
          body: { refresh_token: kw.auth.getSession()?.refresh_token ?? '' },
          auth: 'none',
        });
        const signedOut = new Promise((resolve) => kw.once('unauthenticated', () => resolve(true)));
        const error = await kw.media
          .upload(new Blob([CUBE_STL]), { name: 'cube.stl', onProgress: () => {} })
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ code: 'SESSION_REVOKED', status: 401 });
        expect(await signedOut).toBe(true);
        expect(kw.auth.isAuthenticated()).toBe(false);
        expect(uploads()).toEqual([401]);
      });

      it('a refused file is a KitwrightError with the code, details and correlation id', async () => {
        const { kw } = uploader();
        await kw.auth.register(newAccount());
        const error = await kw.media
          .upload(new Blob(['%PDF-1.7 not a model at all']), { name: 'model.stl', onProgress: () => {} })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(KitwrightError);
        expect(error).toMatchObject({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          status: 415,
          details: { reason_code: 'UNSUPPORTED_FORMAT' },
          correlation_id: expect.any(String),
        });
      });

      it('an upload aborted before or while it is sent rejects with the abort reason', async () => {
        const { kw, uploads } = uploader();
        await kw.auth.register(newAccount());
        const early = new AbortController();
        early.abort(new Error('the user left'));
        const before = await kw.media
          .upload(new Blob([CUBE_STL]), { signal: early.signal, onProgress: () => {} })
          .catch((e: unknown) => e);
        expect(isKitwrightError(before)).toBe(false);
        expect((before as Error).message).toBe('the user left');

        // Over XMLHttpRequest once bytes are going out; fetch reports no progress before its end.
        const late = new AbortController();
        const during = await kw.media
          .upload(new Blob([CUBE_STL]), {
            signal: late.signal,
            onProgress: (p) => {
              if (transport === 'fetch' || p.loaded > 0) late.abort(new Error('the user left'));
            },
          })
          .catch((e: unknown) => e);
        expect(isKitwrightError(during)).toBe(false);
        expect((during as Error).message).toBe('the user left');
        expect(uploads().every((status) => status === null || status === 201)).toBe(true);
      });
    });
  }

  it('a React Native file reference is refused outside React Native, before anything is sent', async () => {
    const recorder = recordingFetch();
    const kw = clients.make({ fetch: recorder.fetch });
    const error = await kw.media
      .upload({ uri: 'file:///tmp/cube.stl', name: 'cube.stl', type: 'model/stl' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(recorder.requests).toHaveLength(0);
  });
});

// ── Errors and types ─────────────────────────────────────────────────────────────────────────

describe('errors and types', () => {
  it('a refusal surfaces as KitwrightError with the server’s code', async () => {
    const kw = clients.make();
    await kw.auth.register(newAccount());
    const missing = await kw.drafts.get(randomUUID()).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(KitwrightError);
    expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404, correlation_id: expect.any(String) });
    expect(await kw.listings.get('no-such-listing').catch((e: unknown) => e)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await kw.preorders.list().catch((e: unknown) => e)).toMatchObject({
      code: 'PHASE_CLOSED',
      status: 403,
    });
    expect(await kw.admin.flags().catch((e: unknown) => e)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const signedOut = clients.make();
    expect(await signedOut.drafts.list().catch((e: unknown) => e)).toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
  });

  it('answers that are not JSON come back as they are: metrics as text', async () => {
    const kw = clients.make();
    kw.setToken(fx.founderToken);
    const metrics = await kw.health.metrics();
    expect(typeof metrics).toBe('string');
    expect(metrics).toMatch(/^# (HELP|TYPE) /m);
    expect(await kw.health.livez()).toEqual({ status: 'alive' });
  });

  it('inputs are checked against the contracts at compile time', () => {
    const kw = clients.make();
    // Never run: what matters is that each line below fails the typecheck (npx tsc -p packages/sdk/test).
    const typeChecks = () => [
      // @ts-expect-error a query field getListing does not take
      kw.listings.get('slug', { language: 'en' }),
      // @ts-expect-error a body field createDraft does not take
      kw.drafts.create({ mode: 'B', colour: 'red' }),
      // @ts-expect-error not a share channel
      kw.listings.share('id', 'carrier_pigeon'),
      // @ts-expect-error getJob's path needs jobId
      call(kw.api, 'getJob', { params: { id: 'x' } }),
      // @ts-expect-error getJob takes no body
      call(kw.api, 'getJob', { params: { jobId: 'x' }, body: {} }),
      // @ts-expect-error createDraft needs its body
      call(kw.api, 'createDraft', {}),
      // @ts-expect-error an operation that does not exist
      call(kw.api, 'getEverything'),
    ];
    expect(typeChecks).toBeTypeOf('function');
  });
});
