/** Discover: the gallery, listing pages in other languages, views, saves and share links. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles } from '../src/modules/auth/profiles';
import { createGallery } from '../src/modules/listings/gallery';
import { ManualClock } from '../src/platform/clock';
import { withGlossary } from '../src/providers/translation/demo-glossary';
import { pseudoTranslate, pseudoTranslation } from '../src/providers/translation/pseudo-translation';
import { bearer, register } from './support/auth-helpers';
import { drain, publishedListing } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

describe('the gallery', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof register>>;
  let bob: Awaited<ReturnType<typeof register>>;
  const listings: Record<string, { id: string; slug: string }> = {};
  beforeAll(async () => {
    // Translated listings are what these tests read: the pseudo-translator makes them visible.
    t = await createTestApp({ env: { TRANSLATION_PROVIDER: 'pseudo' } });
    alice = await register(t.app, { display_name: 'Alice Architect' });
    bob = await register(t.app, { display_name: 'Bob Builder' });
    listings.tower = await publishedListing(t.app, t, alice.access_token, {
      prompt: 'a 30 cm tower with a red roof',
      title: 'Lighthouse tower',
      description: 'A tall striped lighthouse for the windowsill.',
      tags: ['lighthouse', 'coast'],
      category: 'architecture',
    });
    listings.bench = await publishedListing(t.app, t, bob.access_token, {
      prompt: 'garden bench 4 blocks deep',
      title: 'Garden bench model',
      description: 'A miniature garden bench to put next to your plants.',
      tags: ['garden', 'bench'],
      category: 'garden',
    });
    listings.pyramid = await publishedListing(t.app, t, bob.access_token, {
      prompt: 'a yellow pyramid',
      title: 'Desert pyramid',
      description: 'A stepped pyramid in sandy yellow blocks.',
      tags: ['pyramid'],
      category: 'architecture',
    });
    listings.hidden = await publishedListing(t.app, t, bob.access_token, {
      prompt: 'an arch',
      title: 'Unlisted arch',
      visibility: 'unlisted',
    });
  });
  afterAll(async () => t.close());

  const gallery = async (query: string) => (await t.app.inject(`/api/gallery/listings${query}`)).json();

  it('lists only approved public listings, newest first, as cards', async () => {
    const page = await gallery('');
    expect(page.sort).toBe('newest');
    expect(page.items.map((c: { slug: string }) => c.slug)).toEqual([
      listings.pyramid?.slug,
      listings.bench?.slug,
      listings.tower?.slug,
    ]);
    const card = page.items[2];
    expect(card).toMatchObject({
      title: 'Lighthouse tower',
      designer: { display_name: 'Alice Architect' },
      category: 'architecture',
      interest: { reservations: 0, saves: 0, views: 0 },
    });
    expect(card.preview_url).toMatch(/^\/api\/media\/.+\/content$/);
    expect(card.part_count).toBeGreaterThan(0);
    expect((await t.app.inject(card.preview_url)).statusCode).toBe(200);
  });

  it('searches titles, tags and descriptions, tolerates typos, and ranks', async () => {
    expect((await gallery('?q=lighthouse')).items.map((c: { slug: string }) => c.slug)).toEqual([
      listings.tower?.slug,
    ]);
    expect((await gallery('?q=ligthouse')).items.map((c: { slug: string }) => c.slug)).toEqual([
      listings.tower?.slug,
    ]);
    expect((await gallery('?q=plants')).items.map((c: { slug: string }) => c.slug)).toEqual([
      listings.bench?.slug,
    ]);
    expect((await gallery('?q=nothing-like-this-exists')).items).toEqual([]);
    expect((await gallery('?q=arch')).items.map((c: { slug: string }) => c.slug)).not.toContain(
      listings.hidden?.slug,
    );
  });

  it('filters by category, tags, designer, parts, size, colours, reservations and language', async () => {
    const slugs = async (q: string) => (await gallery(q)).items.map((c: { slug: string }) => c.slug).sort();
    expect(await slugs('?category=architecture')).toEqual(
      [listings.pyramid?.slug, listings.tower?.slug].sort(),
    );
    expect(await slugs('?tags=garden,bench')).toEqual([listings.bench?.slug]);
    expect(await slugs(`?designer=${alice.user.username}`)).toEqual([listings.tower?.slug]);
    expect(await slugs('?colours=red')).toContain(listings.tower?.slug);
    expect(await slugs('?colours=red')).not.toContain(listings.bench?.slug);
    expect(await slugs('?has_reservations=true')).toEqual([]);
    expect(await slugs('?language=de')).toEqual([]);
    const all = (await gallery('')).items as Array<{ slug: string; part_count: number; size_mm: number }>;
    const fewest = Math.min(...all.map((c) => c.part_count));
    expect(await slugs(`?max_parts=${fewest}`)).toEqual(
      all
        .filter((c) => c.part_count === fewest)
        .map((c) => c.slug)
        .sort(),
    );
    const biggest = Math.max(...all.map((c) => c.size_mm));
    expect(await slugs(`?min_size_mm=${biggest}`)).toEqual(
      all
        .filter((c) => c.size_mm === biggest)
        .map((c) => c.slug)
        .sort(),
    );
    const bad = await t.app.inject('/api/gallery/listings?category=spaceships');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('sorts by parts, views, saves and reservations, and pages with an opaque cursor', async () => {
    const parts = (await gallery('?sort=fewest_parts')).items.map(
      (c: { part_count: number }) => c.part_count,
    );
    expect(parts).toEqual([...parts].sort((a, b) => a - b));
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listings.bench?.id}/save`,
      headers: bearer(alice.access_token),
    });
    expect((await gallery('?sort=most_saved')).items[0].slug).toBe(listings.bench?.slug);
    const first = await gallery('?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await gallery(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const seen = [...first.items, ...second.items].map((c: { id: string }) => c.id);
    expect(new Set(seen).size).toBe(3);
    const wrongSort = await t.app.inject(
      `/api/gallery/listings?sort=fewest_parts&cursor=${first.next_cursor}`,
    );
    expect(wrongSort.json().error.code).toBe('VALIDATION_FAILED');
    // Every sort pages on (relevance, counts and dates alike).
    for (const sort of ['most_viewed', 'most_saved', 'most_reserved', 'fewest_parts', 'newest']) {
      const page = await gallery(`?sort=${sort}&limit=1`);
      const next = await t.app.inject(
        `/api/gallery/listings?sort=${sort}&limit=1&cursor=${page.next_cursor}`,
      );
      expect(next.statusCode, sort).toBe(200);
    }
    const word = await gallery('?q=tower&sort=relevance&limit=1');
    if (word.next_cursor)
      expect(
        (await t.app.inject(`/api/gallery/listings?q=tower&sort=relevance&cursor=${word.next_cursor}`))
          .statusCode,
      ).toBe(200);
    // A forged cursor with a value its sort never writes is a 400, not a 500 (issue 15 item 5).
    const id = '00000000-0000-4000-8000-000000000000';
    const forge = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64url');
    for (const [sort, v] of [
      ['newest', 'not-a-date'],
      ['newest', 12],
      ['most_viewed', 'many'],
      ['most_viewed', 1e300],
      ['relevance', 'x:y'],
    ] as const) {
      const res = await t.app.inject(
        `/api/gallery/listings?q=tower&sort=${sort}&cursor=${forge({ s: sort, v, id })}`,
      );
      expect(res.statusCode, `${sort} ${v}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('serves titles and summaries in the requested language, saying what it served', async () => {
    const fr = await gallery('?locale=fr&q=lighthouse');
    expect(fr.locale).toBe('fr');
    expect(fr.items[0].title).toBe('[fr] Lìghthôùsé tôwér'.replace('ì', 'î'));
    expect(fr.items[0].localisation).toEqual({
      language: 'fr',
      source_language: 'en',
      translated: true,
      stale: false,
    });
    // Search finds a listing by its translated words too.
    expect((await gallery('?q=Lîghthôùsé')).items.map((c: { slug: string }) => c.slug)).toEqual([
      listings.tower?.slug,
    ]);
    const browser = await t.app.inject({
      url: '/api/gallery/listings?q=lighthouse',
      headers: { 'accept-language': 'de-AT,de;q=0.9' },
    });
    expect(browser.json().items[0].localisation.language).toBe('de');
  });
});

describe('the gallery cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { GALLERY_CACHE_MS: '60000', TRANSLATION_PROVIDER: 'pseudo' } });
  });
  afterAll(async () => t.close());

  // The titles matched by the words themselves (not by a correction of them).
  const search = async (q: string, locale = 'en') => {
    const page = (
      await t.app.inject(`/api/gallery/listings?q=${encodeURIComponent(q)}&locale=${locale}`)
    ).json();
    return page.match === 'words' ? page.items.map((c: { title: string }) => c.title) : [];
  };

  it('reuses a page, but shows a newly published or edited listing at once', async () => {
    const alice = await register(t.app, { display_name: 'Alice' });
    expect(await search('windmill')).toEqual([]);
    const windmill = await publishedListing(t.app, t, alice.access_token, {
      prompt: 'a windmill with four sails',
      title: 'Windmill on a hill',
      tags: ['windmill'],
      category: 'architecture',
    });
    expect(await search('windmill')).toEqual(['Windmill on a hill']);

    // With its short cache, the same question asked twice is one computation: both get the very
    // same answer object (the gallery on its own, as the server builds it).
    const gallery = createGallery({
      db: t.database.db,
      profiles: createProfiles(t.database.db),
      cacheMs: 60_000,
    });
    const [a, b] = await Promise.all([gallery.search({ q: 'windmill' }), gallery.search({ q: 'windmill' })]);
    expect(a).toBe(b);
    expect(a.items.map((c) => c.title)).toEqual(['Windmill on a hill']);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${windmill.id}`,
      headers: { authorization: `Bearer ${alice.access_token}` },
      payload: { title: 'Windmill by the sea' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await search('windmill')).toEqual(['Windmill by the sea']);
  });

  it('knows new words at once: a published title, a word being typed, a translation', async () => {
    const carol = await register(t.app, { display_name: 'Carol' });
    // Asked before any listing holds the words: the vocabulary's answers ("unknown", no
    // completions) are kept by the gallery, and must not outlive the listing that brings them.
    expect(await search('quixotic')).toEqual([]);
    expect(await search('quixo')).toEqual([]);
    const listing = await publishedListing(t.app, t, carol.access_token, {
      prompt: 'a windmill to tilt at',
      title: 'Quixotic windmill',
      tags: ['windmill'],
      category: 'architecture',
    });
    expect(await search('quixotic')).toEqual(['Quixotic windmill']);
    expect(await search('quixo')).toEqual(['Quixotic windmill']);

    // A new source title: its German words exist only once the translation job has run.
    const german = pseudoTranslate('gallant', 'de').replace(/^\[de\] /, '');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: bearer(carol.access_token),
      payload: { title: 'Gallant windmill' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await search(german, 'de')).toEqual([]);
    await drain(t);
    expect(await search(german, 'de')).toEqual([pseudoTranslate('Gallant windmill', 'de')]);
  });
});

describe('the listing page', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof register>>;
  let listing: { id: string; slug: string };
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    // Translated listings are what these tests read: the pseudo-translator makes them visible.
    t = await createTestApp({ clock, env: { TRANSLATION_PROVIDER: 'pseudo' } });
    owner = await register(t.app, { display_name: 'Olivia Owner' });
    listing = await publishedListing(t.app, t, owner.access_token, {
      title: 'Harbour tower',
      description: 'A small harbour tower in red and white.',
      tags: ['harbour'],
    });
  });
  afterAll(async () => t.close());

  it('shows owner attribution, localised text with fallback, the kit and the call to action', async () => {
    const de = (await t.app.inject(`/api/listings/${listing.slug}?locale=de`)).json();
    expect(de.title).toBe('[de] Härböür töwer');
    expect(de.localisation.title).toEqual({
      language: 'de',
      source_language: 'en',
      translated: true,
      stale: false,
    });
    expect(de).toMatchObject({
      attribution: 'Designed and owned by Olivia Owner.',
      owner: { display_name: 'Olivia Owner' },
      commerce_state: 'interest_only',
    });
    expect(de.bill_of_materials.blocks.length).toBeGreaterThan(0);
    expect(de.build.steps).toBeGreaterThan(0);
    expect(de.cta).toEqual({ state: 'can_reserve', reason: null, reservation_id: null });
    const mine = (
      await t.app.inject({ url: `/api/listings/${listing.id}`, headers: bearer(owner.access_token) })
    ).json();
    expect(mine.cta.state).toBe('own_listing');
    expect(mine.viewer.owner).toBe(true);
    // An unsupported language falls back to English, the source.
    const es = (await t.app.inject(`/api/listings/${listing.slug}?locale=es`)).json();
    expect(es.localisation.title).toMatchObject({ language: 'en', translated: false });
  });

  it('editing the source makes translations stale until new ones arrive', async () => {
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: bearer(owner.access_token),
      payload: { title: 'Harbour light', description: 'A small harbour light in red and white.' },
    });
    expect(edit.statusCode).toBe(200);
    const records = await t.database.db
      .selectFrom('translation_records')
      .selectAll()
      .where('resource_id', '=', listing.id)
      .execute();
    expect(records.filter((r) => r.field !== 'tags').every((r) => r.stale)).toBe(true);
    const before = (await t.app.inject(`/api/listings/${listing.id}?locale=fr`)).json();
    expect(before.title).toBe('Harbour light');
    expect(before.localisation.title).toEqual({
      language: 'en',
      source_language: 'en',
      translated: false,
      stale: true,
    });
    await drain(t);
    const after = (await t.app.inject(`/api/listings/${listing.id}?locale=fr`)).json();
    expect(after.title).toBe('[fr] Hàrbôùr lîght');
    expect(after.localisation.title.stale).toBe(false);
    const other = await register(t.app);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/listings/${listing.id}`,
          headers: bearer(other.access_token),
          payload: { title: 'Mine now' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('translates again when the text returns to an earlier version (A → B → A)', async () => {
    const edit = (title: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/listings/${listing.id}`,
        headers: bearer(owner.access_token),
        payload: { title },
      });
    const french = async () => (await t.app.inject(`/api/listings/${listing.id}?locale=fr`)).json();
    expect((await french()).title).toBe('[fr] Hàrbôùr lîght');
    expect((await edit('Harbour lamp')).statusCode).toBe(200);
    await drain(t);
    expect((await french()).title).toBe('[fr] Hàrbôùr làmp');
    expect((await edit('Harbour light')).statusCode).toBe(200);
    const stale = await french();
    expect(stale.localisation.title.stale).toBe(true);
    // A job runs for the returning text, although one ran for the same words before.
    await drain(t);
    const back = await french();
    expect(back.title).toBe('[fr] Hàrbôùr lîght');
    expect(back.localisation.title).toMatchObject({ language: 'fr', translated: true, stale: false });
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select(['idempotency_key', 'status'])
      .where('type', '=', 'translation')
      .where('resource_id', '=', listing.id)
      .execute();
    expect(new Set(jobs.map((j) => j.idempotency_key)).size).toBe(jobs.length);
    expect(jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it('counts a view once per visitor per day, and sends listing_viewed with attribution', async () => {
    const visitor = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    const headers = { 'x-visitor-session': visitor.session_token, 'x-analytics-consent': 'granted' };
    const share = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/shares`,
      payload: { channel: 'whatsapp' },
    });
    expect(share.statusCode).toBe(201);
    expect(share.json().url).toMatch(new RegExp(`/l/${listing.slug}\\?s=[A-Za-z0-9_-]+$`));
    const code = share.json().code;
    const first = (await t.app.inject({ url: `/api/listings/${listing.id}?share=${code}`, headers })).json();
    const again = (await t.app.inject({ url: `/api/listings/${listing.id}`, headers })).json();
    expect(again.interest.views).toBe(first.interest.views);
    clock.advance(24 * 3600 * 1000);
    const tomorrow = (await t.app.inject({ url: `/api/listings/${listing.id}`, headers })).json();
    expect(tomorrow.interest.views).toBe(first.interest.views + 1);
    const events = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'listing_viewed')
      .where('session_id', '=', visitor.session_id)
      .execute();
    expect(events).toHaveLength(3);
    expect(events[0]?.properties).toMatchObject({
      listing_id: listing.id,
      designer_id: owner.user.id,
      signed_in: false,
      source_attribution: { source: 'share', share_code: code, channel: 'whatsapp' },
    });
    const visits = await t.database.db
      .selectFrom('listing_shares')
      .select('visits')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(visits.visits).toBe(1);
    // Without consent the optional event is dropped, but the view still counts.
    await t.app.inject({
      url: `/api/listings/${listing.id}`,
      headers: {
        'x-visitor-session': (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json()
          .session_token,
      },
    });
    expect(
      (
        await t.database.db
          .selectFrom('product_events')
          .select('id')
          .where('name', '=', 'listing_viewed')
          .execute()
      ).length,
    ).toBe(3);
  });

  it('saves and unsaves for visitors and users, keeping the count exact, and emits listing_saved', async () => {
    const visitor = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
    const vh = { 'x-visitor-session': visitor.session_token, 'x-analytics-consent': 'granted' };
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.slug}/save?surface=gallery`,
      headers: vh,
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/listings/${listing.slug}/save`,
      headers: vh,
    });
    expect([saved.json().saves, twice.json().saves]).toEqual([1, 1]);
    const user = await register(t.app);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/listings/${listing.id}/save`,
          headers: bearer(user.access_token),
        })
      ).json().saves,
    ).toBe(2);
    expect(
      (await t.app.inject({ url: `/api/listings/${listing.id}`, headers: bearer(user.access_token) })).json()
        .viewer.saved,
    ).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/listings/${listing.id}/save`,
          headers: bearer(user.access_token),
        })
      ).json(),
    ).toEqual({ saved: false, saves: 1 });
    const event = await t.database.db
      .selectFrom('product_events')
      .selectAll()
      .where('name', '=', 'listing_saved')
      .executeTakeFirstOrThrow();
    expect(event.properties).toEqual({
      listing_id: listing.id,
      user_id: null,
      session_id: visitor.session_id,
      source_surface: 'gallery',
    });
    // A save made without any session creates one.
    const fresh = await t.app.inject({ method: 'POST', url: `/api/listings/${listing.id}/save` });
    expect(fresh.cookies.find((c) => c.name === 'kw_visitor')).toBeDefined();
  });

  it('serves a crawler page with Open Graph and Twitter tags for shared links', async () => {
    const page = await t.app.inject(`/l/${listing.slug}?s=abc123def`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta property="og:title" content="Harbour light">');
    expect(page.body).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/api\/media\/[0-9a-f-]+\/content">/,
    );
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.body).toMatch(/Designed by <a href="\/gallery\?designer=[^"]+">Olivia Owner<\/a>/);
    expect((await t.app.inject('/l/no-such-design')).statusCode).toBe(404);
  });

  it('answers a crawler 404 as a page for a private listing too', async () => {
    const maker = await register(t.app);
    const hidden = await publishedListing(t.app, t, maker.access_token, {
      title: 'Private harbour',
      visibility: 'private',
    });
    const page = await t.app.inject(`/l/${hidden.slug}`);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This design is not available');
    expect(page.body).not.toContain('Private harbour');
  });
});

describe("typo correction in the reader's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Real translations of titles and tags (a pseudo-translation would keep French words in English).
    const glossary = {
      'Window planter': { fr: 'Jardinière de fenêtre', de: 'Fensterkasten' },
      'planter, window': { fr: 'jardinière, fenêtre', de: 'pflanzkasten, fenster' },
      'Plante grasse': { en: 'Succulent', de: 'Sukkulente' },
      'plante, bureau': { en: 'succulent, office', de: 'sukkulente, büro' },
    };
    t = await createTestApp({ translation: withGlossary(glossary, pseudoTranslation) });
    const maker = await register(t.app);
    await publishedListing(t.app, t, maker.access_token, {
      prompt: 'a red planter',
      title: 'Window planter',
      tags: ['planter', 'window'],
      category: 'garden',
    });
    await publishedListing(t.app, t, maker.access_token, {
      prompt: 'a green planter',
      title: 'Plante grasse',
      description: 'Une petite plante grasse pour le bureau.',
      tags: ['plante', 'bureau'],
      category: 'garden',
      source_language: 'fr',
    });
  });
  afterAll(async () => t.close());

  it("prefers, among similar words, one of the reader's language", async () => {
    const search = async (locale: string) =>
      (await t.app.inject(`/api/gallery/listings?q=plantr&locale=${locale}`)).json();
    // "plante" is the closer spelling, but an English reader meant "planter".
    expect(await search('en')).toMatchObject({ match: 'similar', corrected_query: 'planter' });
    expect(await search('fr')).toMatchObject({ match: 'similar', corrected_query: 'plante' });
  });
});
