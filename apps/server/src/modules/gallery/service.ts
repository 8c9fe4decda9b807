/**
 * The public gallery: approved, public listings only. Full-text search over titles, tags and
 * descriptions in every language they were translated into (PostgreSQL tsvector with GIN indexes,
 * title matches first), a search that finds nothing corrected once against the `search_words`
 * vocabulary (pg_trgm similarity), filters, six sorts and keyset pagination with an opaque cursor.
 * Cards carry the title and summary in the requested language.
 */
import {
  type GalleryQuery,
  type GalleryResponse,
  type GallerySort,
  type ListingCard,
  resolveLocale,
} from '@kitwright/contracts';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { createResponseCache } from '../../platform/response-cache';
import { mediaUrl } from '../media/service';
import { localiseListing } from '../translations/service';

interface CursorValue {
  s: GallerySort;
  v: number | string;
  id: string;
}

function encodeCursor(c: CursorValue): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string, sort: GallerySort): CursorValue {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CursorValue;
    if (c.s !== sort || !isUuid(c.id) || (typeof c.v !== 'number' && typeof c.v !== 'string'))
      throw new Error('bad cursor');
    return c;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor does not belong to this search.', {
      fields: { cursor: 'is invalid' },
    });
  }
}

const csv = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 10);

function summaryOf(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= 160) return clean;
  const cut = clean.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`;
}

interface CardRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  tags: string[];
  source_language: string;
  i18n: unknown;
  category: string;
  part_count: number;
  size_mm: number;
  colours: string[];
  view_count: number;
  save_count: number;
  reservation_count: number;
  reservation_quantity: number;
  preview_png_file_id: string | null;
  preview_file_id: string;
  published_at: Date;
  designer_id: string;
  username: string;
  display_name: string;
}

export function toCard(r: CardRow, locale: string | null): ListingCard {
  const text = localiseListing(r, locale);
  return {
    id: r.id,
    slug: r.slug,
    title: text.title,
    summary: summaryOf(text.description),
    localisation: text.localisation,
    preview_url: mediaUrl(r.preview_png_file_id ?? r.preview_file_id),
    designer: { id: r.designer_id, username: r.username, display_name: r.display_name },
    category: r.category as ListingCard['category'],
    tags: text.tags,
    part_count: r.part_count,
    size_mm: r.size_mm,
    colours: r.colours,
    interest: {
      reservations: r.reservation_count,
      quantity: r.reservation_quantity,
      saves: r.save_count,
      views: r.view_count,
    },
    published_at: r.published_at.toISOString(),
  };
}

/** What the gallery can order by: one indexed column each, ties broken by id in the same direction. */
const SORT_COLUMNS = {
  newest: { column: 'published_at', dir: 'desc', numeric: false },
  most_viewed: { column: 'view_count', dir: 'desc', numeric: true },
  most_saved: { column: 'save_count', dir: 'desc', numeric: true },
  most_reserved: { column: 'reservation_count', dir: 'desc', numeric: true },
  fewest_parts: { column: 'part_count', dir: 'asc', numeric: true },
} as const;

/**
 * Relevance in tiers that indexes can serve: listings whose title (in any of its languages)
 * matches come first, then those that match in tags or description; within a tier the most
 * viewed first. A query with no match at all falls back to titles that look alike (typos).
 */
type Match = 'words' | 'similar';

const TIER_TWO_CANDIDATES = 2000;

interface PageKey {
  id: string;
  tier: number;
  key: number | string;
}

export function createGalleryService(deps: { db: Kysely<DB>; cacheMs?: number }) {
  const { db } = deps;

  function filtered(query: GalleryQuery) {
    let select = db
      .selectFrom('listings as l')
      .where('l.moderation_state', '=', 'approved')
      .where('l.visibility', '=', 'public');
    if (query.category) select = select.where('l.category', '=', query.category);
    const tags = csv(query.tags);
    if (tags.length) select = select.where(sql<SqlBool>`l.tags @> ${sql.val(tags)}::text[]`);
    const colours = csv(query.colours);
    if (colours.length) select = select.where(sql<SqlBool>`l.colours @> ${sql.val(colours)}::text[]`);
    if (query.designer) {
      select = select.where(
        'l.owner_user_id',
        'in',
        db.selectFrom('users').select('id').where(sql<SqlBool>`lower(username) = lower(${query.designer})`),
      );
    }
    if (query.min_parts !== undefined) select = select.where('l.part_count', '>=', query.min_parts);
    if (query.max_parts !== undefined) select = select.where('l.part_count', '<=', query.max_parts);
    if (query.min_size_mm !== undefined) select = select.where('l.size_mm', '>=', query.min_size_mm);
    if (query.max_size_mm !== undefined) select = select.where('l.size_mm', '<=', query.max_size_mm);
    if (query.has_reservations !== undefined)
      select = select.where('l.reservation_count', query.has_reservations ? '>' : '=', 0);
    if (query.language) select = select.where('l.source_language', '=', resolveLocale(query.language));
    return select;
  }

  /** The cards for a page of ids, in that order, with their long text read only now. */
  async function cardsFor(
    ids: string[],
    locale: string | null,
    extra?: (q: ReturnType<typeof cardQuery>) => ReturnType<typeof cardQuery>,
  ) {
    if (ids.length === 0) return [];
    let q = cardQuery().where('l.id', 'in', ids);
    if (extra) q = extra(q);
    const rows = await q.execute();
    const byId = new Map(rows.map((r) => [r.id, toCard(r, locale)]));
    return ids.map((id) => byId.get(id)).filter((c): c is ListingCard => Boolean(c));
  }

  function cardQuery() {
    return db
      .selectFrom('listings as l')
      .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
      .innerJoin('users as u', 'u.id', 'l.owner_user_id')
      .select([
        'l.id',
        'l.slug',
        'l.title',
        'd.description',
        'l.tags',
        'l.source_language',
        'd.i18n',
        'l.category',
        'l.part_count',
        'l.size_mm',
        'l.colours',
        'l.view_count',
        'l.save_count',
        'l.reservation_count',
        'l.reservation_quantity',
        'l.preview_png_file_id',
        'l.preview_file_id',
        'l.published_at',
        'u.id as designer_id',
        'u.username',
        'u.display_name',
      ]);
  }

  const service = {
    async search(query: GalleryQuery): Promise<GalleryResponse> {
      const locale = resolveLocale(query.locale);
      const q = query.q?.trim() ?? '';
      const sort: GallerySort = query.sort ?? (q ? 'relevance' : 'newest');
      if (sort === 'relevance' && !q)
        throw new AppError('VALIDATION_FAILED', 'Sorting by relevance needs a search.', {
          fields: { sort: 'needs q' },
        });
      const limit = query.limit ?? 24;
      const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
      const tsQuery = sql`websearch_to_tsquery('simple', ${q})`;

      let keys: PageKey[];
      let match: Match = 'words';
      let corrected: string | null = null;
      if (sort === 'relevance') {
        keys = await this.relevancePage(query, tsQuery, limit, cursor);
        if (keys.length === 0 && !cursor) {
          // Nothing matches the words: try the closest words that do exist (a typo, most often).
          corrected = await this.correct(q, locale);
          if (corrected) {
            match = 'similar';
            keys = await this.relevancePage(
              query,
              sql`websearch_to_tsquery('simple', ${corrected})`,
              limit,
              null,
            );
          }
        }
      } else {
        const spec = SORT_COLUMNS[sort];
        let select = filtered(query);
        if (q) select = select.where(sql<SqlBool>`l.search_vector @@ ${tsQuery}`);
        if (cursor) {
          const value = spec.numeric ? sql`${Number(cursor.v)}` : sql`${new Date(String(cursor.v))}`;
          const cmp = spec.dir === 'desc' ? sql`<` : sql`>`;
          select = select.where(
            sql<SqlBool>`(${sql.ref(`l.${spec.column}`)}, l.id) ${cmp} (${value}, ${cursor.id}::uuid)`,
          );
        }
        const rows = await select
          .select(['l.id', sql<unknown>`${sql.ref(`l.${spec.column}`)}`.as('sort_key')])
          .orderBy(sql.ref(`l.${spec.column}`), spec.dir)
          .orderBy('l.id', spec.dir)
          .limit(limit + 1)
          .execute();
        keys = rows.map((r) => ({
          id: r.id,
          tier: 0,
          key: r.sort_key instanceof Date ? r.sort_key.toISOString() : (r.sort_key as number),
        }));
      }

      const more = keys.length > limit;
      const page = keys.slice(0, limit);
      const last = page[page.length - 1];
      const items = await cardsFor(
        page.map((k) => k.id),
        locale,
      );
      return {
        items,
        next_cursor:
          more && last && match === 'words'
            ? encodeCursor({
                s: sort,
                v: sort === 'relevance' ? `${last.tier}:${last.key}` : last.key,
                id: last.id,
              })
            : null,
        sort,
        locale,
        match,
        corrected_query: corrected,
      };
    },

    /**
     * One page of the two relevance tiers. Title matches are ordered exactly by views (through
     * the views index when the words are common, the search index when they are rare). Matches
     * only in tags or description are weak: they are ordered by views among the first
     * TIER_TWO_CANDIDATES found, which keeps a word that is in thousands of descriptions cheap.
     */
    async relevancePage(
      query: GalleryQuery,
      tsQuery: ReturnType<typeof sql>,
      limit: number,
      cursor: CursorValue | null,
    ): Promise<PageKey[]> {
      const [tierText, viewsText] = cursor ? String(cursor.v).split(':') : ['0', ''];
      const startTier = Number(tierText ?? 0);
      const after = (tier: number) =>
        cursor && tier === startTier
          ? sql<SqlBool>`(l.view_count, l.id) < (${Number(viewsText)}, ${cursor.id}::uuid)`
          : sql<SqlBool>`true`;
      const out: PageKey[] = [];
      if (startTier === 0) {
        const rows = await filtered(query)
          .where(sql<SqlBool>`l.title_vector @@ ${tsQuery}`)
          .where(after(0))
          .select(['l.id', 'l.view_count'])
          .orderBy('l.view_count', 'desc')
          .orderBy('l.id', 'desc')
          .limit(limit + 1)
          .execute();
        out.push(...rows.map((r) => ({ id: r.id, tier: 0, key: r.view_count })));
      }
      if (out.length <= limit) {
        const candidates = filtered(query)
          .where(sql<SqlBool>`l.search_vector @@ ${tsQuery}`)
          .where(sql<SqlBool>`NOT l.title_vector @@ ${tsQuery}`)
          .where(after(1))
          .select(['l.id', 'l.view_count'])
          .limit(TIER_TWO_CANDIDATES);
        const rows = await db
          .selectFrom(candidates.as('c'))
          .select(['c.id', 'c.view_count'])
          .orderBy('c.view_count', 'desc')
          .orderBy('c.id', 'desc')
          .limit(limit + 1 - out.length)
          .execute();
        out.push(...rows.map((r) => ({ id: r.id, tier: 1, key: r.view_count })));
      }
      return out;
    },

    /**
     * Each word of the query replaced by the closest word listings use, if any is close enough. A
     * word of the reader's language counts as a little more similar (+0.1), so "plantr" becomes
     * "planter" for an English reader and "plante" for a French one.
     */
    async correct(q: string, locale: string | null = null): Promise<string | null> {
      const words = q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3)
        .slice(0, 5);
      if (words.length === 0) return null;
      const fixed: string[] = [];
      for (const word of words) {
        const best = await db
          .selectFrom('search_words')
          .select([
            'word',
            sql<number>`similarity(word, ${word}) + CASE WHEN ${locale}::text = ANY (languages) THEN 0.1 ELSE 0 END`.as(
              'score',
            ),
          ])
          .where(sql<SqlBool>`word % ${word}`)
          .orderBy('score', 'desc')
          // Ties go to the word recorded most often (a usage weight, not a listing count).
          .orderBy('listings', 'desc')
          .limit(1)
          .executeTakeFirst();
        fixed.push(best?.word ?? word);
      }
      const result = fixed.join(' ');
      return result === words.join(' ') ? null : result;
    },

    /** Cards for given listing ids (saved listings in a dashboard), in the order given. */
    async cards(ids: string[], locale: string | null): Promise<ListingCard[]> {
      return cardsFor(ids, locale, (q) =>
        q.where('l.moderation_state', '=', 'approved').where('l.visibility', '<>', 'private'),
      );
    },
  };

  // Gallery pages are the same for every viewer, so a few seconds of reuse absorbs bursts; a
  // listing published or edited through this process clears it at once.
  const cache = createResponseCache<GalleryResponse>(deps.cacheMs ?? 0);
  return {
    ...service,
    search(query: GalleryQuery): Promise<GalleryResponse> {
      const params = { ...query, locale: resolveLocale(query.locale) };
      const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
      return cache.get(key, () => service.search(params));
    },
    /** Forgets cached pages (after a listing changed). */
    invalidate(): void {
      cache.clear();
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
