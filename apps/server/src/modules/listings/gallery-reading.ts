/**
 * How the gallery reads a search: the read plan's statistics (refreshed in the background), a
 * query's words as the two relevance tiers match them, one page of those tiers, and the closest
 * words to a search that found nothing.
 */
import type { GalleryResponse } from '@kitwright/contracts';
import type { ResponseCache } from '../../platform/response-cache';
import type { CardsContext } from './gallery-cards';
import type { CursorValue } from './gallery-cursor';
import { densityOf, type ParsedQuery, planRead, type SearchStats } from './search-plan';
import * as search from './search-repo';

/** How often the read plan's statistics are re-read from PostgreSQL. */
const STATS_REFRESH_MS = 60_000;
/** The most vocabulary words a word being typed stands for (the most used ones). */
const MAX_COMPLETIONS = 20;

export interface GalleryContext extends CardsContext {
  /**
   * What the search vocabulary says of a query's words, and the closest word to a typo: both
   * change only when a listing's words do, so they are kept until any process announces a change
   * (`invalidate`), and at most a minute (a word recorded by a path that announces nothing).
   */
  vocabularyOf: ResponseCache<{ known: Set<string>; completions: string[] }>;
  closestOf: ResponseCache<string | null>;
  /**
   * The read plan's statistics, refreshed in the background once a minute (PostgreSQL's
   * autovacuum re-samples them as listings change); before the first load, every read walks first.
   */
  stats: { value: SearchStats; at: number; loading: Promise<void> | null };
  /**
   * Gallery pages are the same for every viewer, so a few seconds of reuse absorbs bursts; a
   * listing published or edited through this process clears it at once.
   */
  pages: ResponseCache<GalleryResponse>;
}

/** A card row with the key it sorts by, and the relevance tier it came from. */
export interface PageKey {
  row: search.CardRow;
  tier: number;
  key: number | string;
}

export async function searchStats(ctx: GalleryContext): Promise<SearchStats> {
  const stats = ctx.stats;
  const now = Date.now();
  if (now - stats.at > STATS_REFRESH_MS && !stats.loading) {
    stats.loading = search
      .searchStatistics(ctx.db)
      .then((fresh) => {
        stats.value = fresh;
      })
      .catch(() => undefined)
      .finally(() => {
        stats.at = Date.now();
        stats.loading = null;
      });
  }
  if (stats.at === Number.NEGATIVE_INFINITY && stats.loading) await stats.loading;
  return stats.value;
}

/**
 * A query as the tiers match it — its words exactly (tier one), and with the last word as
 * typed (tier two, other sorts) — and how each is best read, from the statistics and the
 * vocabulary (one round trip: the words no title holds, and the typed word's completions).
 */
export async function readingOf(
  ctx: GalleryContext,
  query: ParsedQuery,
  filter: search.GalleryFilter,
  pageSize: number,
) {
  const s = await searchStats(ctx);
  const facets = search.facetLexemes(filter);
  // A word the statistics do not list may still be in new listings: the vocabulary says
  // whether any title holds it at all (none: tier one has nothing to walk towards).
  const unlisted = query.required.filter((w) => !s.title?.frequency.has(w));
  const words = await ctx.vocabularyOf.get(JSON.stringify([unlisted, query.prefix]), () =>
    search.vocabulary(ctx.db, unlisted, query.prefix, MAX_COMPLETIONS),
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
export async function relevancePage(
  ctx: GalleryContext,
  filter: search.GalleryFilter,
  query: ParsedQuery,
  limit: number,
  cursor: CursorValue | null,
): Promise<PageKey[]> {
  const [tierText, viewsText] = cursor ? String(cursor.v).split(':') : ['0', ''];
  const startTier = Number(tierText ?? 0);
  const after = (tier: number) =>
    cursor && tier === startTier ? { value: Number(viewsText), id: cursor.id } : null;
  const { exact, typed, titlePlan, typedPlan } = await readingOf(ctx, query, filter, limit + 1);
  const out: PageKey[] = [];
  if (startTier === 0) {
    const rows = await search.pageOfMatches(ctx.db, filter, {
      order: 'most_viewed',
      match: search.titleMatches(exact, filter),
      after: after(0),
      limit: limit + 1,
      plan: titlePlan,
    });
    out.push(...rows.map((r) => ({ row: r, tier: 0, key: Number(r.sort_key) })));
  }
  if (out.length <= limit) {
    const rows = await search.pageOfMatches(ctx.db, filter, {
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
export async function correct(ctx: GalleryContext, q: string, locale: string | null): Promise<string | null> {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3)
    .slice(0, 5);
  if (words.length === 0) return null;
  const fixed: string[] = [];
  for (const word of words)
    fixed.push(
      (await ctx.closestOf.get(JSON.stringify([word, locale]), () =>
        search.closestWord(ctx.db, word, locale),
      )) ?? word,
    );
  const result = fixed.join(' ');
  return result === words.join(' ') ? null : result;
}
