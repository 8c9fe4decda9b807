/**
 * SQL of the public gallery: filtered pages in each sort order, the two relevance tiers of a
 * full-text search, card rows for a page of ids, and typo correction against the search vocabulary.
 */
import type { GallerySort } from '@kitwright/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';

export interface GalleryFilter {
  category?: string | undefined;
  tags: string[];
  colours: string[];
  /** The listing owner, when the search names a designer (null: a designer nobody is). */
  ownerUserId?: string | null | undefined;
  minParts?: number | undefined;
  maxParts?: number | undefined;
  minSizeMm?: number | undefined;
  maxSizeMm?: number | undefined;
  hasReservations?: boolean | undefined;
  language?: string | undefined;
}

export type TsQuery = RawBuilder<unknown>;

export function tsQuery(words: string): TsQuery {
  return sql`websearch_to_tsquery('simple', ${words})`;
}

/** What the gallery can order by: one indexed column each, ties broken by id in the same direction. */
export const SORT_COLUMNS = {
  newest: { column: 'published_at', dir: 'desc', numeric: false },
  most_viewed: { column: 'view_count', dir: 'desc', numeric: true },
  most_saved: { column: 'save_count', dir: 'desc', numeric: true },
  most_reserved: { column: 'reservation_count', dir: 'desc', numeric: true },
  fewest_parts: { column: 'part_count', dir: 'asc', numeric: true },
} as const satisfies Partial<Record<GallerySort, unknown>>;

export type ColumnSort = keyof typeof SORT_COLUMNS;

/** Matches in tags or description only are weak: ordered by views among the first this many found. */
const TIER_TWO_CANDIDATES = 2000;

function filtered(db: Kysely<DB>, f: GalleryFilter) {
  let select = db
    .selectFrom('listings as l')
    .where('l.moderation_state', '=', 'approved')
    .where('l.visibility', '=', 'public')
    .where('l.state', '=', 'published');
  if (f.category) select = select.where('l.category', '=', f.category);
  if (f.tags.length) select = select.where(sql<SqlBool>`l.tags @> ${sql.val(f.tags)}::text[]`);
  if (f.colours.length) select = select.where(sql<SqlBool>`l.colours @> ${sql.val(f.colours)}::text[]`);
  if (f.ownerUserId !== undefined)
    select =
      f.ownerUserId === null
        ? select.where(sql<SqlBool>`false`)
        : select.where('l.owner_user_id', '=', f.ownerUserId);
  if (f.minParts !== undefined) select = select.where('l.part_count', '>=', f.minParts);
  if (f.maxParts !== undefined) select = select.where('l.part_count', '<=', f.maxParts);
  if (f.minSizeMm !== undefined) select = select.where('l.size_mm', '>=', f.minSizeMm);
  if (f.maxSizeMm !== undefined) select = select.where('l.size_mm', '<=', f.maxSizeMm);
  if (f.hasReservations !== undefined)
    select = select.where('l.reservation_count', f.hasReservations ? '>' : '=', 0);
  if (f.language) select = select.where('l.source_language', '=', f.language);
  return select;
}

/** One page of ids in a column order, after the cursor's (value, id) when there is one. */
export async function sortedPage(
  db: Kysely<DB>,
  f: GalleryFilter,
  sort: ColumnSort,
  options: { words: TsQuery | null; after: { value: number | Date; id: string } | null; limit: number },
) {
  const spec = SORT_COLUMNS[sort];
  let select = filtered(db, f);
  if (options.words) select = select.where(sql<SqlBool>`l.search_vector @@ ${options.words}`);
  if (options.after) {
    const cmp = spec.dir === 'desc' ? sql`<` : sql`>`;
    select = select.where(
      sql<SqlBool>`(${sql.ref(`l.${spec.column}`)}, l.id) ${cmp} (${options.after.value}, ${options.after.id}::uuid)`,
    );
  }
  const rows = await select
    .select(['l.id', sql<number | Date>`${sql.ref(`l.${spec.column}`)}`.as('sort_key')])
    .orderBy(sql.ref(`l.${spec.column}`), spec.dir)
    .orderBy('l.id', spec.dir)
    .limit(options.limit)
    .execute();
  return rows;
}

/**
 * One tier of a relevance page. Tier 0: the title (in any of its languages) matches, ordered
 * exactly by views. Tier 1: only tags or description match, ordered by views among the first
 * TIER_TWO_CANDIDATES found, which keeps a word that is in thousands of descriptions cheap.
 */
export async function relevanceTier(
  db: Kysely<DB>,
  f: GalleryFilter,
  tier: 0 | 1,
  options: { words: TsQuery; after: { views: number; id: string } | null; limit: number },
) {
  const after = options.after
    ? sql<SqlBool>`(l.view_count, l.id) < (${options.after.views}, ${options.after.id}::uuid)`
    : sql<SqlBool>`true`;
  if (tier === 0) {
    return filtered(db, f)
      .where(sql<SqlBool>`l.title_vector @@ ${options.words}`)
      .where(after)
      .select(['l.id', 'l.view_count'])
      .orderBy('l.view_count', 'desc')
      .orderBy('l.id', 'desc')
      .limit(options.limit)
      .execute();
  }
  const candidates = filtered(db, f)
    .where(sql<SqlBool>`l.search_vector @@ ${options.words}`)
    .where(sql<SqlBool>`NOT l.title_vector @@ ${options.words}`)
    .where(after)
    .select(['l.id', 'l.view_count'])
    .limit(TIER_TWO_CANDIDATES);
  return db
    .selectFrom(candidates.as('c'))
    .select(['c.id', 'c.view_count'])
    .orderBy('c.view_count', 'desc')
    .orderBy('c.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** The card columns of the given listings, long text included (read only for the page served). */
export function cardRows(db: Kysely<DB>, ids: string[], options: { visibleOnly: boolean }) {
  let q = db
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
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
      'l.verified_reservation_count',
      'l.visitor_reservation_count',
      'l.household_count',
      'l.preview_png_file_id',
      'l.preview_file_id',
      'l.published_at',
      'l.owner_user_id',
    ])
    .where('l.id', 'in', ids);
  if (options.visibleOnly)
    q = q
      .where('l.moderation_state', '=', 'approved')
      .where('l.visibility', '<>', 'private')
      .where('l.state', '=', 'published');
  return q.execute();
}

export type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

/**
 * The vocabulary word most like `word`: a word of the reader's language counts as a little more
 * similar (+0.1); ties go to the word recorded most often (a usage weight, not a listing count).
 */
export async function closestWord(
  db: Kysely<DB>,
  word: string,
  locale: string | null,
): Promise<string | null> {
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
    .orderBy('listings', 'desc')
    .limit(1)
    .executeTakeFirst();
  return best?.word ?? null;
}
