/**
 * SQL of what other modules and the public pages read of listings: short references, the
 * owner's list, the files a listing shows, the sitemap, a moderator's summaries and the seed's reads.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

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
