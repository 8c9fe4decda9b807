/**
 * SQL for listings and what hangs off them: their long text (listing_details), per-day view
 * markers, share links, and the counters other modules move through the listings service.
 *
 * Why one file of ~480 lines: it is the listings tables' only SQL (a data file); the search
 * statements already live in search-repo.ts.
 */
import {
  type Insertable,
  type InsertObject,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
  type UpdateObject,
} from 'kysely';
import type { DB, ListingDetailsTable, ListingsTable } from '../../db/schema';
import { deleteBatch } from '../../platform/batch-delete';

type Q = Kysely<DB> | Transaction<DB>;

/**
 * A listing that is not deleted, with its long text. The database holds a live listing's draft and
 * kit files (CHECK listings_live_has_kit), so they are typed as present.
 */
export type ListingRow = Omit<
  Selectable<ListingsTable>,
  'draft_id' | 'kit_file_id' | 'preview_file_id' | 'state'
> & {
  draft_id: string;
  kit_file_id: string;
  preview_file_id: string;
  state: 'published' | 'unpublished';
} & Omit<Selectable<ListingDetailsTable>, 'listing_id'>;

const DETAIL_COLUMNS = [
  'd.description',
  'd.kit_summary',
  'd.safety',
  'd.moderation_flags',
  'd.i18n',
] as const;

/** A listing that is not deleted, with its long text, by id or by slug. */
export async function findListing(
  q: Q,
  by: { id: string } | { slug: string },
  options: { lock?: boolean } = {},
): Promise<ListingRow | undefined> {
  let query = q
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
    .selectAll('l')
    .select(DETAIL_COLUMNS)
    .where('l.state', '<>', 'deleted');
  query = 'id' in by ? query.where('l.id', '=', by.id) : query.where('l.slug', '=', by.slug);
  if (options.lock) query = query.forUpdate('l');
  return (await query.executeTakeFirst()) as ListingRow | undefined;
}

/** Inserts a listing unless its slug is taken (ON CONFLICT waits for a concurrent insert of the same slug). */
export async function insertListingIfSlugFree(
  q: Q,
  values: InsertObject<DB, 'listings'> & { draft_id: string; kit_file_id: string; preview_file_id: string },
) {
  const row = await q
    .insertInto('listings')
    .values(values)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row as Omit<ListingRow, keyof Omit<Selectable<ListingDetailsTable>, 'listing_id'>> | undefined;
}

export function insertDetails(q: Q, values: Insertable<ListingDetailsTable>) {
  return q
    .insertInto('listing_details')
    .values(values)
    .returning(['description', 'kit_summary', 'safety', 'moderation_flags', 'i18n'])
    .executeTakeFirstOrThrow();
}

/** Changes a live listing; answers the listing row (without its long text). */
export async function updateListing(q: Q, id: string, values: UpdateObject<DB, 'listings'>) {
  const row = await q
    .updateTable('listings')
    .set(values)
    .where('id', '=', id)
    .where('state', '<>', 'deleted')
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as Omit<ListingRow, keyof Omit<Selectable<ListingDetailsTable>, 'listing_id'>>;
}

/**
 * Makes a listing a tombstone: deleted, pointing at no draft, file or photo, found by no search,
 * its long text (description, kit summary, safety answers, translations) gone. The row keeps its
 * id, slug, title and owner for the reservations and records that name it.
 */
export async function tombstone(trx: Transaction<DB>, id: string, at: Date) {
  await trx
    .updateTable('listings')
    .set({
      state: 'deleted',
      state_changed_at: at,
      updated_at: at,
      draft_id: null,
      kit_file_id: null,
      preview_file_id: null,
      preview_png_file_id: null,
      media_ids: [],
      search_vector: sql<string>`''::tsvector`,
      title_vector: sql<string>`''::tsvector`,
    })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('listing_details').where('listing_id', '=', id).execute();
}

/** Which of these photos another live listing of the owner still shows. */
export async function photosShownElsewhere(
  q: Q,
  ownerId: string,
  photoIds: readonly string[],
  exceptListingId: string,
): Promise<Set<string>> {
  if (photoIds.length === 0) return new Set();
  const rows = await q
    .selectFrom('listings')
    .select(sql<string>`unnest(media_ids)`.as('id'))
    .where('owner_user_id', '=', ownerId)
    .where('id', '<>', exceptListingId)
    .where('state', '<>', 'deleted')
    .where(sql<SqlBool>`media_ids && ${sql.val([...photoIds])}::uuid[]`)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Short references to listings (deleted ones included): what a reservation or save names. */
export function refRows(q: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('listings as l')
    .leftJoin('listing_details as d', 'd.listing_id', 'l.id')
    .select([
      'l.id',
      'l.slug',
      'l.title',
      'l.tags',
      'l.source_language',
      'd.i18n',
      'd.description',
      'l.preview_png_file_id',
      'l.preview_file_id',
      'l.owner_user_id',
      'l.state',
      'l.visibility',
      'l.moderation_state',
    ])
    .where('l.id', 'in', [...new Set(ids)])
    .execute();
}

export function updateDetails(
  q: Q,
  listingId: string,
  values: { description?: string; moderation_flags?: string; i18n?: string },
) {
  return q
    .updateTable('listing_details')
    .set(values)
    .where('listing_id', '=', listingId)
    .returning(['description', 'kit_summary', 'safety', 'moderation_flags', 'i18n'])
    .executeTakeFirstOrThrow();
}

/** Differences to a listing's interest summary, moved by the interest module in its transaction. */
export interface InterestDelta {
  reservations: number;
  quantity: number;
  /** Reservations by signed-in people with a verified email address. */
  verified: number;
  /** Reservations by anonymous visitor sessions. */
  visitors: number;
  /** Networks (households) with at least one active reservation. */
  households: number;
}

/** Moves the interest summary by the given differences (counts always equal the rows). */
export async function adjustInterest(q: Q, listingId: string, d: InterestDelta) {
  await q
    .updateTable('listings')
    .set({
      reservation_count: sql`reservation_count + ${d.reservations}`,
      reservation_quantity: sql`reservation_quantity + ${d.quantity}`,
      verified_reservation_count: sql`verified_reservation_count + ${d.verified}`,
      visitor_reservation_count: sql`visitor_reservation_count + ${d.visitors}`,
      household_count: sql`household_count + ${d.households}`,
    })
    .where('id', '=', listingId)
    .execute();
}

/** Moves the save count; returns the new count. */
export async function adjustSaves(q: Q, listingId: string, by: number): Promise<number> {
  const row = await q
    .updateTable('listings')
    .set({ save_count: sql`greatest(save_count + ${by}, 0)` })
    .where('id', '=', listingId)
    .returning('save_count')
    .executeTakeFirst();
  return row?.save_count ?? 0;
}

/**
 * Counts the view when this viewer has not viewed the listing on this day yet, in one statement;
 * true when it counted.
 */
export async function countView(q: Q, listingId: string, viewerKey: string, day: string): Promise<boolean> {
  const result = await sql<{ id: string }>`
    WITH marker AS (
      INSERT INTO listing_views (listing_id, viewer_key, day) VALUES (${listingId}, ${viewerKey}, ${day})
      ON CONFLICT DO NOTHING RETURNING listing_id
    )
    UPDATE listings SET view_count = view_count + 1
    WHERE id IN (SELECT listing_id FROM marker)
    RETURNING id`.execute(q);
  return result.rows.length > 0;
}

/** Deletes up to `limit` view markers of days before `firstKeptDay`; returns how many. */
export function pruneViewMarkers(q: Q, firstKeptDay: string, limit: number): Promise<number> {
  return deleteBatch(q, 'listing_views', sql<SqlBool>`day < ${firstKeptDay}::date`, limit);
}

export async function insertShare(
  q: Q,
  share: {
    id: string;
    code: string;
    listingId: string;
    channel: string;
    userId: string | null;
    visitorId: string | null;
    at: Date;
  },
) {
  await q
    .insertInto('listing_shares')
    .values({
      id: share.id,
      code: share.code,
      listing_id: share.listingId,
      channel: share.channel,
      user_id: share.userId,
      visitor_id: share.visitorId,
      created_at: share.at,
    })
    .execute();
}

/** Counts a visit through a share link of this listing; the link's code and channel, if it exists. */
export function countShareVisit(q: Q, listingId: string, code: string) {
  return q
    .updateTable('listing_shares')
    .set({ visits: sql`visits + 1` })
    .where('code', '=', code)
    .where('listing_id', '=', listingId)
    .returning(['code', 'channel'])
    .executeTakeFirst();
}

/** A person's own listings that are not deleted, newest first. */
export function ownedBy(q: Q, userId: string, limit: number) {
  return q
    .selectFrom('listings')
    .selectAll()
    .where('owner_user_id', '=', userId)
    .where('state', '<>', 'deleted')
    .orderBy('published_at', 'desc')
    .limit(limit)
    .execute();
}

/** Whether a visible (published, public or unlisted, approved) listing shows this stored file. */
export async function showsFile(q: Q, fileId: string): Promise<boolean> {
  const row = await q
    .selectFrom('listings')
    .select('id')
    .where('state', '=', 'published')
    .where('visibility', 'in', ['public', 'unlisted'])
    .where('moderation_state', '=', 'approved')
    .where((eb) =>
      eb.or([
        eb('kit_file_id', '=', fileId),
        eb('preview_file_id', '=', fileId),
        eb('preview_png_file_id', '=', fileId),
        eb(eb.val(fileId), '=', eb.fn.any('media_ids')),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/** The listing text a translation job starts from (none once the listing is deleted). */
export function sourceText(q: Q, listingId: string, options: { lock?: boolean } = {}) {
  let query = q
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
    .select(['l.id', 'l.title', 'd.description', 'l.tags', 'l.source_language'])
    .where('l.id', '=', listingId)
    .where('l.state', '<>', 'deleted');
  if (options.lock) query = query.forUpdate('l');
  return query.executeTakeFirst();
}

/** Whether any listing exists (the demo gallery is seeded once). */
export async function anyListing(q: Q): Promise<boolean> {
  return Boolean(await q.selectFrom('listings').select('id').limit(1).executeTakeFirst());
}

/** Ids of approved listings, oldest first (the demo seed's engagement pass). */
export async function approvedIds(q: Q): Promise<string[]> {
  const rows = await q
    .selectFrom('listings')
    .select('id')
    .where('moderation_state', '=', 'approved')
    .where('state', '=', 'published')
    .orderBy('published_at')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Adds words of a listing's titles and tags in one language to the search vocabulary. `listings`
 * goes up by one each time a word is recorded (publish, text edit, translation): a usage weight
 * that prefers common words among equally similar ones, not an exact count of listings.
 */
export async function recordSearchWords(q: Q, words: string[], language: string) {
  if (words.length === 0) return;
  await sql`
    INSERT INTO search_words (word, languages)
    SELECT w, ARRAY[${language}::text] FROM unnest(${sql.val(words)}::text[]) AS w
    ON CONFLICT (word) DO UPDATE SET
      listings = search_words.listings + 1,
      languages = CASE WHEN ${language}::text = ANY (search_words.languages) THEN search_words.languages
                       ELSE search_words.languages || ${language}::text END`.execute(q);
}

/** The weighted full-text document of a listing's texts (A: titles, B: tags, C: descriptions). */
export function searchVectorSql(parts: { weight: 'A' | 'B' | 'C'; text: string }[]) {
  return sql<string>`${sql.join(
    parts.map((p) => sql`setweight(to_tsvector('simple', ${p.text}), ${sql.lit(p.weight)})`),
    sql` || `,
  )}`;
}

/** The search document of a listing's own text, before any translation is added. */
export function listingSearchVector(text: { title: string; tags: string[]; description: string }) {
  return searchVectorSql([
    { weight: 'A', text: text.title },
    { weight: 'B', text: text.tags.join(' ') },
    { weight: 'C', text: text.description },
  ]);
}

export function titleVectorSql(titles: string) {
  return sql<string>`to_tsvector('simple', ${titles})`;
}

/** Every listing a person owns, with its long text, oldest first (the account export). */
export function allOwnedBy(q: Q, userId: string) {
  return q
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
    .selectAll('l')
    .select(DETAIL_COLUMNS)
    .where('l.owner_user_id', '=', userId)
    .where('l.state', '<>', 'deleted')
    .orderBy('l.published_at')
    .orderBy('l.id')
    .execute();
}

/** The share links a person made, oldest first. */
export function sharesBy(q: Q, userId: string) {
  return q
    .selectFrom('listing_shares')
    .select(['listing_id', 'code', 'channel', 'visits', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Locks listings in any state, in id order (the order every locker of several listings uses). */
export async function lockRows(trx: Transaction<DB>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .selectFrom('listings')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The listings a person owns or created, locked for their deletion. */
export function lockOwnedBy(trx: Transaction<DB>, userId: string) {
  return trx
    .selectFrom('listings')
    .select(['id', 'slug', 'title'])
    .where((eb) => eb.or([eb('owner_user_id', '=', userId), eb('creator_user_id', '=', userId)]))
    .orderBy('published_at')
    .forUpdate()
    .execute();
}

/**
 * Deletes the given listings; their details, view markers, saves, shares and reservations go with
 * them (ON DELETE CASCADE). Returns how many.
 */
export async function deleteListings(trx: Transaction<DB>, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await trx
    .deleteFrom('listings')
    .where('id', 'in', [...ids])
    .returning('id')
    .execute();
  return rows.length;
}

/** Share links a person made of other people's listings stay (their visits count) without the person. */
export async function detachSharesOf(trx: Transaction<DB>, userId: string, visitorIds: readonly string[]) {
  await trx.updateTable('listing_shares').set({ user_id: null }).where('user_id', '=', userId).execute();
  if (visitorIds.length > 0)
    await trx
      .updateTable('listing_shares')
      .set({ visitor_id: null })
      .where('visitor_id', 'in', [...visitorIds])
      .execute();
}

/** Deletes the per-day view markers of these viewers (the counts they added stay). */
export async function deleteViewMarkersOf(trx: Transaction<DB>, viewerKeys: readonly string[]) {
  if (viewerKeys.length === 0) return;
  await trx
    .deleteFrom('listing_views')
    .where('viewer_key', 'in', [...viewerKeys])
    .execute();
}

/**
 * The sitemap's pages of public listings: listings that anyone may find (approved and public), in
 * publication order, cut into pages of `size`; each page with its count and newest change. One
 * pass over the gallery's partial index.
 */
export async function sitemapPages(
  q: Q,
  size: number,
): Promise<Array<{ page: number; count: number; lastmod: Date }>> {
  const { rows } = await sql<{ page: number; count: number; lastmod: Date }>`
    SELECT page::int AS page, count(*)::int AS count, max(updated_at) AS lastmod
    FROM (
      SELECT updated_at, (row_number() OVER (ORDER BY published_at, id) - 1) / ${size} AS page
      FROM listings
      WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published'
    ) numbered
    GROUP BY page
    ORDER BY page`.execute(q);
  return rows.map((r) => ({ ...r, lastmod: new Date(r.lastmod) }));
}

/**
 * One sitemap page (0-based): its first listing is found on the index alone (published_at, id),
 * then the page is read from there, so a late page does not read every earlier listing's row.
 */
export async function sitemapEntries(
  q: Q,
  page: number,
  size: number,
): Promise<Array<{ slug: string; lastmod: Date }>> {
  const { rows } = await sql<{ slug: string; lastmod: Date }>`
    WITH first AS (
      SELECT published_at, id FROM listings
      WHERE moderation_state = 'approved' AND visibility = 'public' AND state = 'published'
      ORDER BY published_at, id
      OFFSET ${page * size} LIMIT 1
    )
    SELECT l.slug, l.updated_at AS lastmod
    FROM listings l, first
    WHERE l.moderation_state = 'approved' AND l.visibility = 'public' AND l.state = 'published'
      AND (l.published_at, l.id) >= (first.published_at, first.id)
    ORDER BY l.published_at, l.id
    LIMIT ${size}`.execute(q);
  return rows.map((r) => ({ slug: r.slug, lastmod: new Date(r.lastmod) }));
}

/** What a moderator reads of listings that are not deleted: state, owner, automatic findings. */
export function moderationRows(q: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
    .select([
      'l.id',
      'l.slug',
      'l.title',
      'l.owner_user_id',
      'l.state',
      'l.visibility',
      'l.moderation_state',
      'l.published_at',
      'l.updated_at',
      'l.reservation_count',
      'l.preview_png_file_id',
      'l.preview_file_id',
      'd.moderation_flags',
    ])
    .where('l.id', 'in', [...new Set(ids)])
    .where('l.state', '<>', 'deleted')
    .execute();
}
