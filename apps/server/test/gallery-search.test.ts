/**
 * Gallery search at scale, on the real database: every way a page can be read (a bounded walk of
 * the order's index, a bounded collection from the full-text index, each falling back to the
 * other) gives exactly the page a plain ORDER BY gives; filters applied as facet lexemes agree
 * with the columns they come from; two words and a word being typed find what people expect.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema';
import { createProfiles } from '../src/modules/auth/profiles';
import { createGallery, type Gallery } from '../src/modules/listings/gallery';
import { type ParsedQuery, parseQuery, type ReadPlan } from '../src/modules/listings/search-plan';
import * as search from '../src/modules/listings/search-repo';
import { openTestDatabase, type TestDatabase } from './support/test-app';

const ADJECTIVES = ['red', 'tiny', 'stone', 'nordic', 'coastal', 'golden'];
const NOUNS = ['tower', 'bench', 'benches', 'bridge', 'lighthouse', 'planter', 'owl'];
const CATEGORIES = ['garden', 'decor', 'architecture'];
const COLOURS = ['red', 'blue', 'green', 'white'];
const COUNT = 240;

/** Listing `g`'s words and columns, the same rule in the seed and in the expectations. */
function listingOf(g: number) {
  const adjective = ADJECTIVES[(g * 7) % ADJECTIVES.length] as string;
  const noun = NOUNS[(g * 5) % NOUNS.length] as string;
  return {
    title: `${adjective} ${noun} number ${g}`,
    tags: [noun, g % 3 === 0 ? 'miniature' : 'model'],
    description: g % 4 === 0 ? 'Sturdy enough for a windowsill.' : 'Built from universal blocks.',
    category: CATEGORIES[g % CATEGORIES.length] as string,
    colours: [COLOURS[g % COLOURS.length] as string, COLOURS[(g * 3 + 1) % COLOURS.length] as string],
    language: g % 5 === 0 ? 'fr' : 'en',
    // Many ties on purpose: the id must break them the same way on every path.
    views: (g * 37) % 50,
    visible: g % 11 !== 0,
  };
}

async function seed(db: Kysely<DB>) {
  const owner = randomUUID();
  await db
    .insertInto('users')
    .values({ id: owner, username: 'gs-owner', email: 'gs@example.com', display_name: 'Search owner' })
    .execute();
  const [kit, preview] = [randomUUID(), randomUUID()];
  await db
    .insertInto('media_files')
    .values(
      [kit, preview].map((id, i) => ({
        id,
        owner_user_id: owner,
        kind: i === 0 ? ('kit' as const) : ('preview' as const),
        format: 'json',
        content_type: 'application/json',
        byte_size: 10,
        sha256: 'a'.repeat(64),
        storage_key: `gs/${id}`,
        created_at: new Date(),
      })),
    )
    .execute();
  for (let g = 1; g <= COUNT; g++) {
    const l = listingOf(g);
    const draft = randomUUID();
    await db
      .insertInto('design_drafts')
      .values({
        id: draft,
        owner_user_id: owner,
        mode: 'B',
        prompt: l.title,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    await db
      .insertInto('listings')
      .values({
        id: randomUUID(),
        slug: `gs-${g}`,
        draft_id: draft,
        owner_user_id: owner,
        creator_user_id: owner,
        title: l.title,
        source_language: l.language,
        category: l.category,
        tags: l.tags,
        colours: l.colours,
        visibility: l.visible ? 'public' : 'unlisted',
        mode: 'B',
        use_case: 'decorative',
        licence_version: '2026-11-01',
        licence_accepted_at: new Date(),
        moderation_state: 'approved',
        kit_file_id: kit,
        preview_file_id: preview,
        published_at: new Date(Date.UTC(2026, 10, 1) + g * 60_000),
        updated_at: new Date(),
        view_count: l.views,
        part_count: 20 + g,
        size_mm: 100,
        search_vector: sql<string>`setweight(to_tsvector('simple', ${l.title}), 'A') || setweight(to_tsvector('simple', ${l.tags.join(' ')}), 'B') || setweight(to_tsvector('simple', ${l.description}), 'C')`,
        title_vector: sql<string>`to_tsvector('simple', ${l.title})`,
      })
      .execute();
    await db
      .insertInto('listing_details')
      .values({
        listing_id: sql<string>`(SELECT id FROM listings WHERE slug = ${`gs-${g}`})`,
        description: l.description,
        kit_summary: JSON.stringify({ part_count: 20 + g }),
        safety: JSON.stringify({}),
      })
      .execute();
  }
  // The vocabulary the typo correction reads, as publishing keeps it.
  await sql`INSERT INTO search_words (word, listings, languages)
    SELECT word, ndoc, ARRAY['en'] FROM ts_stat('SELECT title_vector FROM listings')
    WHERE length(word) BETWEEN 2 AND 64 AND strpos(word, ' ') = 0`.execute(db);
}

describe('gallery search: the read paths', () => {
  let t: TestDatabase;
  let db: Kysely<DB>;
  let gallery: Gallery;
  beforeAll(async () => {
    t = await openTestDatabase();
    db = t.database.db;
    await seed(db);
    gallery = createGallery({ db, profiles: createProfiles(db) });
  }, 120_000);
  afterAll(async () => t?.cleanup());

  /** The page a plain query gives: every condition on the columns, ORDER BY views, id. */
  async function reference(
    words: {
      column: 'title_vector' | 'search_vector';
      query: search.TsQuery;
      notTitle?: search.TsQuery;
    } | null,
    f: search.GalleryFilter,
    after: search.OrderPosition | null,
    limit: number,
  ): Promise<string[]> {
    const rows = await sql<{ id: string }>`
      SELECT id FROM listings
      WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published'
        AND ${words ? sql`${sql.ref(words.column)} @@ ${words.query}` : sql`true`}
        AND ${words?.notTitle ? sql`NOT title_vector @@ ${words.notTitle}` : sql`true`}
        AND (${f.category ?? null}::text IS NULL OR category = ${f.category ?? null})
        AND colours @> ${sql.val(f.colours)}::text[]
        AND (${f.language ?? null}::text IS NULL OR source_language = ${f.language ?? null})
        AND (${after?.value ?? null}::int IS NULL OR (view_count, id) < (${after?.value ?? null}, ${after?.id ?? null}::uuid))
      ORDER BY view_count DESC, id DESC LIMIT ${limit}`.execute(db);
    return rows.rows.map((r) => r.id);
  }

  const completionsOf = async (prefix: string) => (await search.vocabulary(db, [], prefix, 20)).completions;

  const plans: Array<[string, ReadPlan]> = [
    ['a walk that fills the page', { strategy: 'walk-first', width: 1000 }],
    ['a check of two pages, then a walk', { strategy: 'check-first', width: 1000 }],
    ['a check, a walk cut short, a collection, a walk to the end', { strategy: 'check-first', width: 2 }],
    ['a walk cut short, then a collection', { strategy: 'walk-first', width: 3 }],
    ['a collection of every match', { strategy: 'collect-first', width: 1000 }],
    ['a collection that overflows, then a walk to the end', { strategy: 'collect-first', width: 2 }],
  ];
  const filters: Array<[string, search.GalleryFilter]> = [
    ['no filter', { tags: [], colours: [] }],
    ['a category', { category: 'garden', tags: [], colours: [] }],
    ['a category and a colour', { category: 'decor', tags: [], colours: ['blue'] }],
    ['a colour and a language', { tags: [], colours: ['red'], language: 'fr' }],
    ['a category nothing matches with', { category: 'vehicles', tags: [], colours: [] }],
  ];
  const queries = [
    'tower',
    'red tower',
    'coastal lighthouse',
    'tiny bench',
    'red owl bench',
    'windowsill',
    'nothing',
    'ligh',
    'red tow',
    'tower -red',
  ];

  for (const [planName, plan] of plans) {
    it(`reads the same pages as a plain ORDER BY: ${planName}`, async () => {
      for (const q of queries) {
        const parsed: ParsedQuery = parseQuery(q);
        const exact = search.tsQuery(parsed.text);
        const typed = search.typedQuery(parsed, parsed.prefix ? await completionsOf(parsed.prefix) : []);
        for (const [filterName, f] of filters) {
          for (const limit of [1, 5, 200]) {
            // Tier one (the title) and tier two (elsewhere, or the word being typed), page by page.
            const facets = search.facetMatches(f);
            const tiers: Array<{ match: search.MatchCondition; words: Parameters<typeof reference>[0] }> = [
              {
                match: search.titleMatches(exact, f),
                words: { column: 'title_vector' as const, query: exact },
              },
              {
                match: search.otherMatches(typed, exact, f),
                words: { column: 'search_vector' as const, query: typed, notTitle: exact },
              },
              // The filters alone, from the facets (once per filter is enough, but cheap).
              ...(facets ? [{ match: facets, words: null }] : []),
            ];
            for (const tier of tiers) {
              let after: search.OrderPosition | null = null;
              for (let page = 0; page < 4; page++) {
                const got = await search.pageOfMatches(db, f, {
                  order: 'most_viewed',
                  match: tier.match,
                  after,
                  limit,
                  plan,
                });
                const want = await reference(tier.words, f, after, limit);
                expect(
                  got.map((r) => r.id),
                  `${q} / ${filterName} / limit ${limit} / page ${page}`,
                ).toEqual(want);
                const last = got[got.length - 1];
                if (!last || got.length < limit) break;
                after = { value: Number(last.sort_key), id: last.id };
              }
            }
          }
        }
      }
    }, 120_000);
  }

  it('keeps facet lexemes in step with the columns, and no typed word reaches them', async () => {
    const id = (
      await db.selectFrom('listings').select('id').where('slug', '=', 'gs-2').executeTakeFirstOrThrow()
    ).id;
    const inCategory = async (category: string) =>
      (
        await search.pageOfMatches(
          db,
          { category, tags: [], colours: [] },
          {
            order: 'most_viewed',
            match: search.titleMatches(search.tsQuery('number 2'), { category, tags: [], colours: [] }),
            after: null,
            limit: 50,
            plan: { strategy: 'collect-first', width: 1000 },
          },
        )
      ).map((r) => r.id);
    const before = listingOf(2).category;
    expect(await inCategory(before)).toContain(id);
    await db.updateTable('listings').set({ category: 'vehicles' }).where('id', '=', id).execute();
    expect(await inCategory('vehicles')).toContain(id);
    expect(await inCategory(before)).not.toContain(id);
    // A view count update leaves the vectors alone (the trigger fires only for their columns).
    const vectors = async () =>
      db
        .selectFrom('listings')
        .select(['title_vector', 'search_vector'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const was = await vectors();
    await db.updateTable('listings').set({ view_count: 999 }).where('id', '=', id).execute();
    expect(await vectors()).toEqual(was);
    expect(was.title_vector).toContain("'category vehicles'");
    // Words typed as the facet's text match nothing: the parser never makes a lexeme with a space.
    const typed = await gallery.search({ q: 'category vehicles', limit: 100 });
    expect(typed.items.map((c) => c.id)).not.toContain(id);
  });
});

describe('gallery search: what people type', () => {
  let t: TestDatabase;
  let gallery: Gallery;
  beforeAll(async () => {
    t = await openTestDatabase();
    await seed(t.database.db);
    gallery = createGallery({ db: t.database.db, profiles: createProfiles(t.database.db) });
  }, 120_000);
  afterAll(async () => t?.cleanup());

  const titles = async (q: string, extra: Record<string, string> = {}) =>
    (await gallery.search({ q, limit: 100, ...extra })).items.map((c) => c.title);
  const expected = (keep: (l: ReturnType<typeof listingOf>) => boolean) =>
    Array.from({ length: COUNT }, (_, i) => listingOf(i + 1)).filter((l) => l.visible && keep(l));

  it('two words find listings holding both, in any order, and none that hold one', async () => {
    const both = expected((l) => l.title.startsWith('red tower '));
    expect(both.length).toBeGreaterThan(0);
    const found = await titles('red tower');
    expect([...found].sort()).toEqual(both.map((l) => l.title).sort());
    expect((await titles('tower red')).sort()).toEqual([...found].sort());
    // Most viewed first among equals in relevance.
    const views = (title: string) => both.find((l) => l.title === title)?.views ?? -1;
    expect(found.map(views)).toEqual([...found.map(views)].sort((a, b) => b - a));
    expect(await titles('golden owl planter')).toEqual([]);
  });

  it('a word being typed matches as a prefix, after the whole-word matches of the title', async () => {
    const bench = await titles('tiny bench');
    const exact = expected((l) => l.title.startsWith('tiny bench '));
    const typedOn = expected((l) => l.title.startsWith('tiny benches '));
    expect(exact.length).toBeGreaterThan(0);
    expect(typedOn.length).toBeGreaterThan(0);
    // "bench" as typed also finds "benches", ranked after every title holding "bench" itself.
    expect(bench.slice(0, exact.length).sort()).toEqual(exact.map((l) => l.title).sort());
    expect(bench.slice(exact.length).sort()).toEqual(typedOn.map((l) => l.title).sort());
    // Three letters are enough: "ligh" finds every lighthouse.
    const lighthouses = expected((l) => l.title.includes(' lighthouse '));
    expect((await titles('ligh')).sort()).toEqual(lighthouses.map((l) => l.title).sort());
    expect((await titles('coastal ligh')).sort()).toEqual(
      lighthouses
        .filter((l) => l.title.startsWith('coastal '))
        .map((l) => l.title)
        .sort(),
    );
    // Two letters are not a prefix; a negated or quoted last word is read as written.
    expect(await titles('li')).toEqual([]);
    expect((await titles('tower -red')).every((title) => !title.startsWith('red '))).toBe(true);
  });

  it('combines words with filters, and corrects a typo with them', async () => {
    const garden = expected((l) => l.title.startsWith('red tower ') && l.category === 'garden');
    expect(garden.length).toBeGreaterThan(0);
    expect((await titles('red tower', { category: 'garden' })).sort()).toEqual(
      garden.map((l) => l.title).sort(),
    );
    expect(await titles('red tower', { category: 'decor' })).toEqual([]);
    const blue = expected((l) => l.title.includes(' owl ') && l.colours.includes('blue'));
    expect((await titles('owl', { colours: 'blue' })).sort()).toEqual(blue.map((l) => l.title).sort());
    const page = await gallery.search({ q: 'lighthuose', limit: 100 });
    expect(page).toMatchObject({ match: 'similar', corrected_query: 'lighthouse' });
    expect(page.items.length).toBe(expected((l) => l.title.includes(' lighthouse ')).length);
  });

  it('reads any text as text: quotes, backslashes and operators in words and filters', async () => {
    for (const q of [
      "o'brien",
      'back\\slash',
      'a & b | !c',
      "tower's",
      '":*',
      'bench:*',
      "'",
      'x'.repeat(200),
    ]) {
      const page = await gallery.search({ q, colours: "re'd,bl\\ue", limit: 5 });
      expect(page.items).toEqual([]);
    }
  });
});
