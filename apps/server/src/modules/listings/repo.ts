/**
 * SQL for a listing's rows: the listing and its long text (listing_details), written by publish,
 * edit, removal and erasure, and the locks other modules take on them. Counters, share links,
 * search text and the reads other modules make live beside it (counters-repo.ts, shares-repo.ts,
 * text-repo.ts, reads-repo.ts); the gallery's statements in search-repo.ts.
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
import type { StoredKitSummary } from '../drafts/kit-summary';

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
} & ListingDetails;

/** A listing's long text, its kit summary read as publish stored it (drafts/kit-summary.ts). */
export type ListingDetails = Omit<Selectable<ListingDetailsTable>, 'listing_id' | 'kit_summary'> & {
  kit_summary: StoredKitSummary;
};

/** A listing row without its long text (what writes to `listings` return). */
type ListingOnly = Omit<ListingRow, keyof ListingDetails>;

const DETAIL_COLUMNS = ['d.description', 'd.safety', 'd.moderation_flags', 'd.i18n'] as const;

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
    .select((eb) => eb.ref('d.kit_summary').$castTo<StoredKitSummary>().as('kit_summary'))
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
  return row as ListingOnly | undefined;
}

export function insertDetails(q: Q, values: Insertable<ListingDetailsTable>) {
  return q
    .insertInto('listing_details')
    .values(values)
    .returning((eb) => [
      'description',
      eb.ref('kit_summary').$castTo<StoredKitSummary>().as('kit_summary'),
      'safety',
      'moderation_flags',
      'i18n',
    ])
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
  return row as ListingOnly;
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

export function updateDetails(
  q: Q,
  listingId: string,
  values: { description?: string; moderation_flags?: string; i18n?: string },
) {
  return q
    .updateTable('listing_details')
    .set(values)
    .where('listing_id', '=', listingId)
    .returning((eb) => [
      'description',
      eb.ref('kit_summary').$castTo<StoredKitSummary>().as('kit_summary'),
      'safety',
      'moderation_flags',
      'i18n',
    ])
    .executeTakeFirstOrThrow();
}

/** Every listing a person owns, with its long text, oldest first (the account export). */
export function allOwnedBy(q: Q, userId: string) {
  return q
    .selectFrom('listings as l')
    .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
    .selectAll('l')
    .select(DETAIL_COLUMNS)
    .select((eb) => eb.ref('d.kit_summary').$castTo<StoredKitSummary>().as('kit_summary'))
    .where('l.owner_user_id', '=', userId)
    .where('l.state', '<>', 'deleted')
    .orderBy('l.published_at')
    .orderBy('l.id')
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
