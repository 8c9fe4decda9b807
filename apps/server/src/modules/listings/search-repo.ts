/**
 * SQL of the public gallery: pages of matches in an indexed order read by a bounded walk or a
 * bounded collection from the full-text index (see search-plan.ts), filtered pages in each sort
 * order (each page read with its cards' columns, in one statement), card rows for given ids, the statistics the read plan is chosen from, and typo
 * correction against the search vocabulary.
 */
import type { GallerySort } from '@kitwright/contracts';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { ParsedQuery, ReadPlan, SearchStats, VectorStats } from './search-plan';

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

/** A tsquery lexeme, quoted: any text stands for itself. */
const lexeme = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The query's words, matched exactly (web search syntax: quotes, "or", -word). */
export function tsQuery(words: string): TsQuery {
  return sql`websearch_to_tsquery('simple', ${words})`;
}

/**
 * The query's words with its last word as typed: that word, or any word of the vocabulary it
 * begins (`completions`: "brid" → bridge, bridges), so "red brid" finds red bridges.
 */
export function typedQuery(query: ParsedQuery, completions: string[]): TsQuery {
  if (!query.prefix || completions.length === 0) return tsQuery(query.text);
  const typing = sql`${[...new Set([query.prefix, ...completions])].map(lexeme).join(' | ')}::tsquery`;
  return query.head ? sql`(websearch_to_tsquery('simple', ${query.head}) && (${typing}))` : typing;
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

const VISIBLE = sql<SqlBool>`l.moderation_state = 'approved' AND l.visibility = 'public' AND l.state = 'published'`;

/** The filter as conditions on `l` (the table or a walk over it); the category apart, as it leads an index of each order. */
function conditions(f: GalleryFilter): { category: RawBuilder<SqlBool> | null; rest: RawBuilder<SqlBool>[] } {
  const rest: RawBuilder<SqlBool>[] = [];
  if (f.tags.length) rest.push(sql<SqlBool>`l.tags @> ${sql.val(f.tags)}::text[]`);
  if (f.colours.length) rest.push(sql<SqlBool>`l.colours @> ${sql.val(f.colours)}::text[]`);
  if (f.ownerUserId !== undefined)
    rest.push(
      f.ownerUserId === null ? sql<SqlBool>`false` : sql<SqlBool>`l.owner_user_id = ${f.ownerUserId}`,
    );
  if (f.minParts !== undefined) rest.push(sql<SqlBool>`l.part_count >= ${f.minParts}`);
  if (f.maxParts !== undefined) rest.push(sql<SqlBool>`l.part_count <= ${f.maxParts}`);
  if (f.minSizeMm !== undefined) rest.push(sql<SqlBool>`l.size_mm >= ${f.minSizeMm}`);
  if (f.maxSizeMm !== undefined) rest.push(sql<SqlBool>`l.size_mm <= ${f.maxSizeMm}`);
  if (f.hasReservations !== undefined)
    rest.push(
      f.hasReservations ? sql<SqlBool>`l.reservation_count > 0` : sql<SqlBool>`l.reservation_count = 0`,
    );
  if (f.language) rest.push(sql<SqlBool>`l.source_language = ${f.language}`);
  return { category: f.category ? sql<SqlBool>`l.category = ${f.category}` : null, rest };
}

function all(list: Array<RawBuilder<SqlBool> | null>): RawBuilder<SqlBool> {
  const present = list.filter((c): c is RawBuilder<SqlBool> => c !== null);
  return present.length ? sql<SqlBool>`${sql.join(present, sql` AND `)}` : sql<SqlBool>`true`;
}

/** A position in an order: the sort column's value and the id that breaks ties. */
export interface OrderPosition {
  value: number | Date;
  id: string;
}

/** Listings match a search when this holds for `l`. */
export type MatchCondition = RawBuilder<SqlBool>;

/**
 * The filters that are lexemes of the search vectors too (migration 0029: "category garden",
 * "colour red", "language fr"), so the full-text index applies them with the words.
 */
export function facetLexemes(f: GalleryFilter): string[] {
  return [
    ...(f.category ? [`category ${f.category}`] : []),
    ...f.colours.map((c) => `colour ${c}`),
    ...(f.language ? [`language ${f.language}`] : []),
  ];
}

/** Listings whose facets include every faceted filter; null when the filter has none. */
export function facetMatches(f: GalleryFilter): MatchCondition | null {
  const facets = facetLexemes(f);
  return facets.length ? sql<SqlBool>`l.search_vector @@ ${facets.map(lexeme).join(' & ')}::tsquery` : null;
}

function withFacets(words: TsQuery, f: GalleryFilter): TsQuery {
  const facets = facetLexemes(f);
  return facets.length ? sql`(${words} && ${facets.map(lexeme).join(' & ')}::tsquery)` : words;
}

/** Tier one of relevance: the title (in any of its languages) holds every word. */
export const titleMatches = (words: TsQuery, f: GalleryFilter): MatchCondition =>
  sql<SqlBool>`numnode(${words}) > 0 AND l.title_vector @@ ${withFacets(words, f)}`;

/** Matched anywhere: the title, the tags or the description. */
export const anywhereMatches = (words: TsQuery, f: GalleryFilter): MatchCondition =>
  sql<SqlBool>`numnode(${words}) > 0 AND l.search_vector @@ ${withFacets(words, f)}`;

/** Tier two: matched in the tags, the description or by the word being typed, and not already by the title's words. */
export const otherMatches = (anywhere: TsQuery, title: TsQuery, f: GalleryFilter): MatchCondition =>
  sql<SqlBool>`numnode(${anywhere}) > 0 AND l.search_vector @@ ${withFacets(anywhere, f)} AND NOT l.title_vector @@ ${title}`;

export interface PageRead {
  order: ColumnSort;
  match: MatchCondition;
  after: OrderPosition | null;
  limit: number;
  plan: ReadPlan;
}

function orderParts(order: ColumnSort) {
  const spec = SORT_COLUMNS[order];
  return {
    column: sql.ref(`l.${spec.column}`),
    dir: sql.raw(spec.dir === 'desc' ? 'DESC' : 'ASC'),
    cmp: sql.raw(spec.dir === 'desc' ? '<' : '>'),
  };
}

function afterCondition(order: ColumnSort, after: OrderPosition | null): RawBuilder<SqlBool> | null {
  if (!after) return null;
  const { column, cmp } = orderParts(order);
  return sql<SqlBool>`(${column}, l.id) ${cmp} (${after.value}, ${after.id}::uuid)`;
}

/** Runs `read` with some of the planner's ways of reading turned off, for this transaction only. */
function onlyReadingBy<T>(
  db: Kysely<DB>,
  off: Array<'enable_seqscan' | 'enable_indexscan' | 'enable_bitmapscan' | 'enable_sort'>,
  read: (tx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT ${sql.join(off.map((name) => sql`set_config(${name}, 'off', true)`))}`.execute(tx);
    return read(tx);
  });
}

/**
 * Follows the order's index over visible listings (within the category, when there is one: it
 * leads an index of each order), testing each, until the page is full or `width` listings were
 * read. Rows flow one at a time from the index, so a common match stops early. With no bound
 * (`width` null, only once matches are known to be common) the planner is kept on the index.
 */
async function walk(
  db: Kysely<DB>,
  f: GalleryFilter,
  read: PageRead,
  width: number | null,
): Promise<PageRow[]> {
  const { column, dir } = orderParts(read.order);
  const { category, rest } = conditions(f);
  const statement = (bound: RawBuilder<unknown>) =>
    withCards(
      sql`
      SELECT l.id, ${column} AS sort_key FROM (
        SELECT l.id, l.view_count, l.save_count, l.reservation_count, l.part_count, l.published_at,
               l.title_vector, l.search_vector, l.tags, l.colours, l.owner_user_id, l.size_mm, l.source_language
        FROM listings l
        WHERE ${all([VISIBLE, category, afterCondition(read.order, read.after)])}
        ORDER BY ${column} ${dir}, l.id ${dir} ${bound}
      ) l
      WHERE ${all([...rest, read.match])}
      ORDER BY ${column} ${dir}, l.id ${dir}
      LIMIT ${read.limit}`,
      read.order,
    );
  if (width !== null) return (await statement(sql`LIMIT ${width}`).execute(db)).rows;
  return onlyReadingBy(
    db,
    ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'],
    async (tx) => (await statement(sql``).execute(tx)).rows,
  );
}

/**
 * Takes the matches through the full-text index, at most `cap` of them, and sorts those. Fewer
 * than `cap` found means that was every match, so the page is exact; null means there are at
 * least `cap` (common enough for a short walk). Where the statistics expected few matches the
 * planner reads the index by itself; after a walk proved them rarer than expected (`forced`),
 * it is kept off the sequential and ordered scans its estimate would choose.
 */
async function collect(
  db: Kysely<DB>,
  f: GalleryFilter,
  read: PageRead,
  cap: number,
  forced: boolean,
): Promise<PageRow[] | null> {
  const { column, dir } = orderParts(read.order);
  const { category, rest } = conditions(f);
  const run = async (q: Kysely<DB>) => {
    const result = await withCards<{ found: string }>(
      sql`
      SELECT c.id, c.sort_key, c.found FROM (
        SELECT m.id, m.sort_key, count(*) OVER () AS found FROM (
          SELECT l.id, ${column} AS sort_key FROM listings l
          WHERE ${all([VISIBLE, category, ...rest, read.match, afterCondition(read.order, read.after)])}
          LIMIT ${cap}
        ) m
      ) c
      ORDER BY c.sort_key ${dir}, c.id ${dir}
      LIMIT ${read.limit}`,
      read.order,
      ['found'],
    ).execute(q);
    const found = Number(result.rows[0]?.found ?? 0);
    return found >= cap ? null : result.rows.map(({ found: _, ...row }) => row);
  };
  return forced ? onlyReadingBy(db, ['enable_seqscan', 'enable_indexscan'], run) : run(db);
}

/**
 * The first `limit` listings matching a search in a column order, after a position: exact, read
 * the way the plan chose (see search-plan.ts), each pass bounded and each corrected by the next.
 */
export async function pageOfMatches(db: Kysely<DB>, f: GalleryFilter, read: PageRead): Promise<PageRow[]> {
  const { width, strategy } = read.plan;
  if (strategy === 'collect-first')
    return (await collect(db, f, read, width, false)) ?? walk(db, f, read, null);
  if (strategy === 'check-first') {
    const few = await collect(db, f, read, 2 * read.limit, false);
    if (few) return few;
  }
  const walked = await walk(db, f, read, width);
  if (walked.length >= read.limit) return walked;
  // Less than a page in `width` rows: matches are rare, so collecting them all is cheap.
  return (await collect(db, f, read, width * 4, true)) ?? walk(db, f, read, null);
}

/** One page of listings in a column order with no words to match: the filters alone, planned by PostgreSQL. */
export async function sortedPage(
  db: Kysely<DB>,
  f: GalleryFilter,
  sort: ColumnSort,
  options: { after: OrderPosition | null; limit: number },
): Promise<PageRow[]> {
  const { column, dir } = orderParts(sort);
  const { category, rest } = conditions(f);
  const result = await withCards(
    sql`
    SELECT l.id, ${column} AS sort_key FROM listings l
    WHERE ${all([VISIBLE, category, ...rest, afterCondition(sort, options.after)])}
    ORDER BY ${column} ${dir}, l.id ${dir}
    LIMIT ${options.limit}`,
    sort,
  ).execute(db);
  return result.rows;
}

/** Visible listings (an estimate) and the most common lexemes of both search vectors, from PostgreSQL's statistics. */
export async function searchStatistics(db: Kysely<DB>): Promise<SearchStats> {
  const columns = await sql<{ attname: string; elems: string[] | null; freqs: number[] | null }>`
    SELECT attname::text AS attname, most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
    FROM pg_stats
    WHERE schemaname = current_schema() AND tablename = 'listings'
      AND attname IN ('title_vector', 'search_vector')`.execute(db);
  const count = await sql<{ visible: number }>`
    SELECT GREATEST(c.reltuples, 0)::float8 AS visible FROM pg_class c
    WHERE c.oid = to_regclass(quote_ident(current_schema()) || '.listings')`.execute(db);
  const vector = (name: string): VectorStats | null => {
    const row = columns.rows.find((r) => r.attname === name);
    if (!row?.elems?.length || !row.freqs) return null;
    const freqs = row.freqs;
    const frequency = new Map(row.elems.map((lexeme, i) => [lexeme, Number(freqs[i] ?? 0)]));
    return { frequency, floor: Math.min(...frequency.values()) };
  };
  return {
    visible: Number(count.rows[0]?.visible ?? 0),
    title: vector('title_vector'),
    all: vector('search_vector'),
  };
}

/** What a card shows, long text included: read only for the listings of the page served. */
const CARD_COLUMNS = [
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
] as const;

/** The card columns of the given listings (in no order). */
export function cardRows(db: Kysely<DB>, ids: string[], options: { visibleOnly: boolean }) {
  let q = db
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
    .select(CARD_COLUMNS)
    .where('l.id', 'in', ids);
  if (options.visibleOnly)
    q = q
      .where('l.moderation_state', '=', 'approved')
      .where('l.visibility', '<>', 'private')
      .where('l.state', '=', 'published');
  return q.execute();
}

export type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

/** A listing of a page: its place in the order and its card, read in the statement that found it. */
export type PageRow = CardRow & { sort_key: number | Date };

/**
 * A statement of page keys (`id`, `sort_key`, and `extra` columns) with each row's card columns
 * joined on, in the page's order: the page and its cards in one round trip.
 */
function withCards<T extends object = object>(
  keys: RawBuilder<unknown>,
  order: ColumnSort,
  extra: string[] = [],
): RawBuilder<PageRow & T> {
  const dir = sql.raw(SORT_COLUMNS[order].dir === 'desc' ? 'DESC' : 'ASC');
  return sql<PageRow & T>`
    SELECT p.sort_key, ${sql.join([...extra.map((c) => sql.ref(`p.${c}`)), ...CARD_COLUMNS.map((c) => sql.ref(c))])}
    FROM (${keys}) p
    JOIN listings l ON l.id = p.id
    JOIN listing_details d ON d.listing_id = p.id
    ORDER BY p.sort_key ${dir}, p.id ${dir}`;
}

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

/**
 * What the vocabulary holds for a query, in one round trip: which of `words` some listing's title
 * or tags hold, and the most used words that begin with `prefix` (at most `limit`).
 */
export async function vocabulary(
  db: Kysely<DB>,
  words: string[],
  prefix: string | null,
  limit: number,
): Promise<{ known: Set<string>; completions: string[] }> {
  if (words.length === 0 && !prefix) return { known: new Set(), completions: [] };
  const rows = await sql<{ word: string; completion: boolean }>`
    (SELECT word, false AS completion FROM search_words WHERE word = ANY (${sql.val(words)}::text[]))
    UNION ALL
    (SELECT word, true AS completion FROM search_words
     WHERE ${prefix !== null} AND word LIKE ${`${prefix ?? ''}%`} AND word <> ${prefix ?? ''}
     ORDER BY listings DESC, word LIMIT ${limit})`.execute(db);
  return {
    known: new Set(rows.rows.filter((r) => !r.completion).map((r) => r.word)),
    completions: rows.rows.filter((r) => r.completion).map((r) => r.word),
  };
}
