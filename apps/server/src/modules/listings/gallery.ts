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
  type ListingCard,
  resolveLocale,
} from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import { createResponseCache } from '../../platform/response-cache';
import { type Profiles, unknownProfile } from '../auth/profiles';
import { mediaUrl } from '../media/urls';
import { localiseListing } from '../translations/localise';
import { interestSummaryOf } from './interest-summary';
import { densityOf, type ParsedQuery, parseQuery, planRead, type SearchStats } from './search-plan';
import * as search from './search-repo';

/** How often the read plan's statistics are re-read from PostgreSQL. */
const STATS_REFRESH_MS = 60_000;
/** How long a vocabulary answer is kept at most, when no change was announced (see vocabularyOf). */
const VOCABULARY_KEEP_MS = 60_000;
/** How many vocabulary answers are kept (the least recently used go first). */
const VOCABULARY_ENTRIES = 5000;
/** How many designers' profiles cards keep at hand. */
const DESIGNERS_KEPT = 10_000;
/** The most vocabulary words a word being typed stands for (the most used ones). */
const MAX_COMPLETIONS = 20;

interface CursorValue {
  s: GallerySort;
  v: number | string;
  id: string;
}

function encodeCursor(c: CursorValue): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/**
 * Whether a cursor's value is one its sort could have written: "tier:views" for relevance, a
 * finite number for the counts, an ISO date for the newest. A forged value is refused here, not
 * handed to SQL (where a date that is not a date answered 500).
 */
function cursorValueFits(sort: GallerySort, v: unknown): boolean {
  if (sort === 'relevance') return typeof v === 'string' && /^[0-9]{1,2}:[0-9]{1,15}$/.test(v);
  if (search.SORT_COLUMNS[sort].numeric) return typeof v === 'number' && Number.isSafeInteger(v);
  return typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));
}

function decodeCursor(raw: string, sort: GallerySort): CursorValue {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CursorValue;
    if (c.s !== sort || !isUuid(c.id) || !cursorValueFits(sort, c.v)) throw new Error('bad cursor');
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

export function toCard(
  r: search.CardRow,
  designer: ListingCard['designer'],
  locale: string | null,
): ListingCard {
  const text = localiseListing(r, locale);
  return {
    id: r.id,
    slug: r.slug,
    title: text.title,
    summary: summaryOf(text.description),
    localisation: text.localisation,
    // A live listing always has its preview (CHECK listings_live_has_kit); cards are never deleted ones.
    preview_url: mediaUrl((r.preview_png_file_id ?? r.preview_file_id) as string),
    designer,
    category: r.category as ListingCard['category'],
    tags: text.tags,
    part_count: r.part_count,
    size_mm: r.size_mm,
    colours: r.colours,
    interest: interestSummaryOf(r),
    published_at: r.published_at.toISOString(),
  };
}

type Match = 'words' | 'similar';

interface PageKey {
  row: search.CardRow;
  tier: number;
  key: number | string;
}

export function createGallery(deps: { db: Kysely<DB>; profiles: Profiles; cacheMs?: number }) {
  const { db } = deps;

  async function filterOf(query: GalleryQuery): Promise<search.GalleryFilter> {
    return {
      category: query.category,
      tags: csv(query.tags),
      colours: csv(query.colours),
      ...(query.designer ? { ownerUserId: await deps.profiles.idByUsername(query.designer) } : {}),
      minParts: query.min_parts,
      maxParts: query.max_parts,
      minSizeMm: query.min_size_mm,
      maxSizeMm: query.max_size_mm,
      hasReservations: query.has_reservations,
      language: query.language ? resolveLocale(query.language) : undefined,
    };
  }

  // Designers as cards name them. A profile never changes after sign-up (there is no rename), and
  // an erasure drops these caches in every process (`invalidate`), so one read per designer is
  // enough until then; the least recently shown go first beyond DESIGNERS_KEPT.
  const designers = new Map<string, ListingCard['designer']>();
  async function designersOf(ids: string[]): Promise<Map<string, ListingCard['designer']>> {
    const missing = [...new Set(ids.filter((id) => !designers.has(id)))];
    if (missing.length) {
      const read = await deps.profiles.byIds(missing);
      for (const id of missing) {
        const profile = read.get(id);
        if (profile) designers.set(id, profile);
      }
      for (const id of designers.keys()) {
        if (designers.size <= DESIGNERS_KEPT) break;
        designers.delete(id);
      }
    }
    const out = new Map<string, ListingCard['designer']>();
    for (const id of ids) {
      const profile = designers.get(id);
      if (!profile) continue;
      designers.delete(id);
      designers.set(id, profile);
      out.set(id, profile);
    }
    return out;
  }

  /** Cards for card rows, in their order, with their designers. */
  async function cardsOf(rows: search.CardRow[], locale: string | null): Promise<ListingCard[]> {
    if (rows.length === 0) return [];
    const people = await designersOf(rows.map((r) => r.owner_user_id));
    return rows.map((r) => toCard(r, people.get(r.owner_user_id) ?? unknownProfile(r.owner_user_id), locale));
  }

  /** The cards of given listings, in the order given, visible ones only. */
  async function cardsFor(ids: string[], locale: string | null): Promise<ListingCard[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await search.cardRows(db, ids, { visibleOnly: true })).map((r) => [r.id, r]));
    return cardsOf(
      ids.map((id) => rows.get(id)).filter((r): r is search.CardRow => Boolean(r)),
      locale,
    );
  }

  // What the search vocabulary says of a query's words, and the closest word to a typo: both
  // change only when a listing's words do, so they are kept until any process announces a change
  // (`invalidate`), and at most a minute (a word recorded by a path that announces nothing).
  const vocabularyOf = createResponseCache<{ known: Set<string>; completions: string[] }>(
    VOCABULARY_KEEP_MS,
    VOCABULARY_ENTRIES,
  );
  const closestOf = createResponseCache<string | null>(VOCABULARY_KEEP_MS, VOCABULARY_ENTRIES);

  // The read plan's statistics, refreshed in the background once a minute (PostgreSQL's
  // autovacuum re-samples them as listings change); before the first load, every read walks first.
  let stats: SearchStats = { visible: 0, title: null, all: null };
  let statsAt = Number.NEGATIVE_INFINITY;
  let statsLoading: Promise<void> | null = null;
  async function searchStats(): Promise<SearchStats> {
    const now = Date.now();
    if (now - statsAt > STATS_REFRESH_MS && !statsLoading) {
      statsLoading = search
        .searchStatistics(db)
        .then((fresh) => {
          stats = fresh;
        })
        .catch(() => undefined)
        .finally(() => {
          statsAt = Date.now();
          statsLoading = null;
        });
    }
    if (statsAt === Number.NEGATIVE_INFINITY && statsLoading) await statsLoading;
    return stats;
  }

  /**
   * A query as the tiers match it — its words exactly (tier one), and with the last word as
   * typed (tier two, other sorts) — and how each is best read, from the statistics and the
   * vocabulary (one round trip: the words no title holds, and the typed word's completions).
   */
  async function readingOf(query: ParsedQuery, filter: search.GalleryFilter, pageSize: number) {
    const s = await searchStats();
    const facets = search.facetLexemes(filter);
    // A word the statistics do not list may still be in new listings: the vocabulary says
    // whether any title holds it at all (none: tier one has nothing to walk towards).
    const unlisted = query.required.filter((w) => !s.title?.frequency.has(w));
    const words = await vocabularyOf.get(JSON.stringify([unlisted, query.prefix]), () =>
      search.vocabulary(db, unlisted, query.prefix, MAX_COMPLETIONS),
    );
    const typing = words.completions.length > 0;
    const absent = unlisted.some((w) => !words.known.has(w));
    const titleWords = [...query.required, ...facets];
    const typedWords = [...(typing ? query.required.slice(0, -1) : query.required), ...facets];
    const anyOf = typing ? [query.prefix as string, ...words.completions] : null;
    const titlePlan = planRead(
      absent ? { bound: 0, estimate: 0, unlisted: true } : densityOf(s.title, query, titleWords),
      s.visible,
      pageSize,
    );
    const typedPlan = planRead(densityOf(s.all, query, typedWords, anyOf), s.visible, pageSize);
    return {
      exact: search.tsQuery(query.text),
      typed: search.typedQuery(query, words.completions),
      titlePlan,
      typedPlan,
    };
  }

  /** One page of the two relevance tiers, continuing from the cursor's tier and position. */
  async function relevancePage(
    filter: search.GalleryFilter,
    query: ParsedQuery,
    limit: number,
    cursor: CursorValue | null,
  ): Promise<PageKey[]> {
    const [tierText, viewsText] = cursor ? String(cursor.v).split(':') : ['0', ''];
    const startTier = Number(tierText ?? 0);
    const after = (tier: number) =>
      cursor && tier === startTier ? { value: Number(viewsText), id: cursor.id } : null;
    const { exact, typed, titlePlan, typedPlan } = await readingOf(query, filter, limit + 1);
    const out: PageKey[] = [];
    if (startTier === 0) {
      const rows = await search.pageOfMatches(db, filter, {
        order: 'most_viewed',
        match: search.titleMatches(exact, filter),
        after: after(0),
        limit: limit + 1,
        plan: titlePlan,
      });
      out.push(...rows.map((r) => ({ row: r, tier: 0, key: Number(r.sort_key) })));
    }
    if (out.length <= limit) {
      const rows = await search.pageOfMatches(db, filter, {
        order: 'most_viewed',
        match: search.otherMatches(typed, exact, filter),
        after: after(1),
        limit: limit + 1 - out.length,
        plan: typedPlan,
      });
      out.push(...rows.map((r) => ({ row: r, tier: 1, key: Number(r.sort_key) })));
    }
    return out;
  }

  /** Each word of the query replaced by the closest word listings use, if any is close enough. */
  async function correct(q: string, locale: string | null): Promise<string | null> {
    const words = q
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3)
      .slice(0, 5);
    if (words.length === 0) return null;
    const fixed: string[] = [];
    for (const word of words)
      fixed.push(
        (await closestOf.get(JSON.stringify([word, locale]), () => search.closestWord(db, word, locale))) ??
          word,
      );
    const result = fixed.join(' ');
    return result === words.join(' ') ? null : result;
  }

  async function searchUncached(query: GalleryQuery): Promise<GalleryResponse> {
    const locale = resolveLocale(query.locale);
    const q = query.q?.trim() ?? '';
    const sort: GallerySort = query.sort ?? (q ? 'relevance' : 'newest');
    if (sort === 'relevance' && !q)
      throw new AppError('VALIDATION_FAILED', 'Sorting by relevance needs a search.', {
        fields: { sort: 'needs q' },
      });
    const limit = query.limit ?? 24;
    const cursor = query.cursor ? decodeCursor(query.cursor, sort) : null;
    const filter = await filterOf(query);

    let keys: PageKey[];
    let match: Match = 'words';
    let corrected: string | null = null;
    if (sort === 'relevance') {
      keys = await relevancePage(filter, parseQuery(q), limit, cursor);
      if (keys.length === 0 && !cursor) {
        // Nothing matches the words: try the closest words that do exist (a typo, most often).
        corrected = await correct(q, locale);
        if (corrected) {
          match = 'similar';
          keys = await relevancePage(filter, parseQuery(corrected), limit, null);
        }
      }
    } else {
      const spec = search.SORT_COLUMNS[sort];
      const after = cursor
        ? { value: spec.numeric ? Number(cursor.v) : new Date(String(cursor.v)), id: cursor.id }
        : null;
      let rows: search.PageRow[];
      if (q) {
        // Words in another order than relevance: the words anywhere, the last one as typed.
        const { typed, typedPlan } = await readingOf(parseQuery(q), filter, limit + 1);
        rows = await search.pageOfMatches(db, filter, {
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
          const s = await searchStats();
          rows = await search.pageOfMatches(db, filter, {
            order: sort,
            match,
            after,
            limit: limit + 1,
            plan: planRead(densityOf(s.all, null, facets), s.visible, limit + 1),
          });
        } else {
          rows = await search.sortedPage(db, filter, sort, { after, limit: limit + 1 });
        }
      }
      keys = rows.map((r) => ({
        row: r,
        tier: 0,
        key: r.sort_key instanceof Date ? r.sort_key.toISOString() : r.sort_key,
      }));
    }

    const more = keys.length > limit;
    const page = keys.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: await cardsOf(
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

  // Gallery pages are the same for every viewer, so a few seconds of reuse absorbs bursts; a
  // listing published or edited through this process clears it at once.
  const cache = createResponseCache<GalleryResponse>(deps.cacheMs ?? 0);
  return {
    search(query: GalleryQuery): Promise<GalleryResponse> {
      const params = { ...query, locale: resolveLocale(query.locale) };
      const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
      return cache.get(key, () => searchUncached(params));
    },
    /** Cards for given listing ids (saved listings in a dashboard), in the order given, visible ones only. */
    cards: cardsFor,
    /** Forgets cached pages and vocabulary (after a listing changed). */
    invalidate(): void {
      cache.clear();
      vocabularyOf.clear();
      closestOf.clear();
      designers.clear();
    },
  };
}

export type Gallery = ReturnType<typeof createGallery>;
