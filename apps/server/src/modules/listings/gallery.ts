/**
 * The public gallery: approved, public listings only. Full-text search over titles, tags and
 * descriptions in every language they were translated into (title matches first), a search that
 * finds nothing corrected once against the search vocabulary (pg_trgm similarity), filters, six
 * sorts and keyset pagination with an opaque cursor. Cards carry the reader's language.
 */

import {
  type GalleryQuery,
  type GalleryResponse,
  type GallerySort,
  resolveLocale,
} from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createResponseCache } from '../../platform/response-cache';
import type { Profiles } from '../auth/profiles';
import { cardsFor, cardsOf } from './gallery-cards';
import { type CursorValue, decodeCursor, encodeCursor } from './gallery-cursor';
import {
  correct,
  type GalleryContext,
  type PageKey,
  readingOf,
  relevancePage,
  searchStats,
} from './gallery-reading';
import { densityOf, parseQuery, planRead } from './search-plan';
import * as search from './search-repo';

export { toCard } from './gallery-cards';

/** How long a vocabulary answer is kept at most, when no change was announced (see vocabularyOf). */
const VOCABULARY_KEEP_MS = 60_000;
/** How many vocabulary answers are kept (the least recently used go first). */
const VOCABULARY_ENTRIES = 5000;

type Match = 'words' | 'similar';

const csv = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 10);

async function filterOf(ctx: GalleryContext, query: GalleryQuery): Promise<search.GalleryFilter> {
  return {
    category: query.category,
    tags: csv(query.tags),
    colours: csv(query.colours),
    ...(query.designer ? { ownerUserId: await ctx.profiles.idByUsername(query.designer) } : {}),
    minParts: query.min_parts,
    maxParts: query.max_parts,
    minSizeMm: query.min_size_mm,
    maxSizeMm: query.max_size_mm,
    hasReservations: query.has_reservations,
    language: query.language ? resolveLocale(query.language) : undefined,
  };
}

/** One page in a sort other than relevance: the words anywhere, the filters, or all listings. */
async function sortedKeys(
  ctx: GalleryContext,
  filter: search.GalleryFilter,
  sort: Exclude<GallerySort, 'relevance'>,
  q: string,
  cursor: CursorValue | null,
  limit: number,
): Promise<PageKey[]> {
  const spec = search.SORT_COLUMNS[sort];
  const after = cursor
    ? { value: spec.numeric ? Number(cursor.v) : new Date(String(cursor.v)), id: cursor.id }
    : null;
  let rows: search.PageRow[];
  if (q) {
    // Words in another order than relevance: the words anywhere, the last one as typed.
    const { typed, typedPlan } = await readingOf(ctx, parseQuery(q), filter, limit + 1);
    rows = await search.pageOfMatches(ctx.db, filter, {
      order: sort,
      match: search.anywhereMatches(typed, filter),
      after,
      limit: limit + 1,
      plan: typedPlan,
    });
  } else {
    const facets = search.facetLexemes(filter);
    const match = search.facetMatches(filter);
    if (match) {
      // Filters the full-text index holds too (category, colours, language): read like words,
      // so a combination no listing has is found empty from the index, not by walking a category.
      const s = await searchStats(ctx);
      rows = await search.pageOfMatches(ctx.db, filter, {
        order: sort,
        match,
        after,
        limit: limit + 1,
        plan: planRead(densityOf(s.all, null, facets), s.visible, limit + 1),
      });
    } else {
      rows = await search.sortedPage(ctx.db, filter, sort, { after, limit: limit + 1 });
    }
  }
  return rows.map((r) => ({
    row: r,
    tier: 0,
    key: r.sort_key instanceof Date ? r.sort_key.toISOString() : r.sort_key,
  }));
}

async function searchUncached(ctx: GalleryContext, query: GalleryQuery): Promise<GalleryResponse> {
  const locale = resolveLocale(query.locale);
  const q = query.q?.trim() ?? '';
  const sort: GallerySort = query.sort ?? (q ? 'relevance' : 'newest');
  if (sort === 'relevance' && !q)
    throw new AppError('VALIDATION_FAILED', 'Sorting by relevance needs a search.', {
      fields: { sort: 'needs q' },
    });
  const limit = query.limit ?? 24;
  const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
  const filter = await filterOf(ctx, query);

  let keys: PageKey[];
  let match: Match = 'words';
  let corrected: string | null = null;
  if (sort === 'relevance') {
    keys = await relevancePage(ctx, filter, parseQuery(q), limit, cursor);
    if (keys.length === 0 && !cursor) {
      // Nothing matches the words: try the closest words that do exist (a typo, most often).
      corrected = await correct(ctx, q, locale);
      if (corrected) {
        match = 'similar';
        keys = await relevancePage(ctx, filter, parseQuery(corrected), limit, null);
      }
    }
  } else {
    keys = await sortedKeys(ctx, filter, sort, q, cursor, limit);
  }

  const more = keys.length > limit;
  const page = keys.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await cardsOf(
      ctx,
      page.map((k) => k.row),
      locale,
    ),
    next_cursor:
      more && last && match === 'words'
        ? encodeCursor({
            s: sort,
            v: sort === 'relevance' ? `${last.tier}:${last.key}` : last.key,
            id: last.row.id,
          })
        : null,
    sort,
    locale,
    match,
    corrected_query: corrected,
  };
}

/** A page of the gallery, through the short cache of pages every viewer gets alike. */
function searchGallery(ctx: GalleryContext, query: GalleryQuery): Promise<GalleryResponse> {
  const params = { ...query, locale: resolveLocale(query.locale) };
  const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  return ctx.pages.get(key, () => searchUncached(ctx, params));
}

/** Forgets cached pages and vocabulary (after a listing changed). */
function invalidate(ctx: GalleryContext): void {
  ctx.pages.clear();
  ctx.vocabularyOf.clear();
  ctx.closestOf.clear();
  ctx.designers.clear();
}

export function createGallery(deps: { db: Kysely<DB>; profiles: Profiles; cacheMs?: number }) {
  const ctx: GalleryContext = {
    db: deps.db,
    profiles: deps.profiles,
    designers: new Map(),
    vocabularyOf: createResponseCache(VOCABULARY_KEEP_MS, VOCABULARY_ENTRIES),
    closestOf: createResponseCache(VOCABULARY_KEEP_MS, VOCABULARY_ENTRIES),
    stats: { value: { visible: 0, title: null, all: null }, at: Number.NEGATIVE_INFINITY, loading: null },
    pages: createResponseCache(deps.cacheMs ?? 0),
  };
  return {
    search: (query: GalleryQuery) => searchGallery(ctx, query),
    /** Cards for given listing ids (saved listings in a dashboard), in the order given, visible ones only. */
    cards: (ids: string[], locale: string | null) => cardsFor(ctx, ids, locale),
    invalidate: () => invalidate(ctx),
  };
}

export type Gallery = ReturnType<typeof createGallery>;
