/**
 * The listings module's part of a person's export and erasure: their listings with their full
 * text and translations and the links they shared; on erasure their listings go with what hangs
 * off them.
 */
import type { ExportedListing, ExportedShare } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../../db/schema';
import { changed, type ListingsContext } from './context';
import * as counters from './counters-repo';
import * as repo from './repo';
import * as shares from './shares-repo';

type OwnedRow = Awaited<ReturnType<typeof repo.allOwnedBy>>[number];

function exportedListing(ctx: ListingsContext, r: OwnedRow): Static<typeof ExportedListing> {
  return {
    id: r.id,
    slug: r.slug,
    url: `${ctx.publicBaseUrl}/l/${r.slug}`,
    title: r.title,
    description: r.description,
    tags: r.tags,
    category: r.category,
    source_language: r.source_language,
    visibility: r.visibility,
    moderation_state: r.moderation_state,
    use_case: r.use_case,
    mode: r.mode,
    draft_id: r.draft_id,
    state: r.state,
    licence_version: r.licence_version,
    licence_accepted_at: r.licence_accepted_at.toISOString(),
    media_ids: r.media_ids,
    kit_file_id: r.kit_file_id,
    preview_file_id: r.preview_file_id,
    preview_png_file_id: r.preview_png_file_id,
    counts: {
      views: r.view_count,
      saves: r.save_count,
      reservations: r.reservation_count,
      reserved_quantity: r.reservation_quantity,
    },
    translations: Object.fromEntries(
      Object.entries(r.i18n).map(([language, { title, description, tags }]) => [
        language,
        {
          ...(title !== undefined ? { title } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(tags !== undefined ? { tags } : {}),
        },
      ]),
    ),
    published_at: r.published_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** A person's listings with their full text and translations, and the links they shared (export). */
export async function exportFor(
  ctx: ListingsContext,
  userId: string,
): Promise<{ listings: Static<typeof ExportedListing>[]; shares: Static<typeof ExportedShare>[] }> {
  const [rows, made] = await Promise.all([repo.allOwnedBy(ctx.db, userId), shares.sharesBy(ctx.db, userId)]);
  return {
    listings: rows.map((r) => exportedListing(ctx, r)),
    shares: made.map((s) => ({
      listing_id: s.listing_id,
      code: s.code,
      channel: s.channel,
      visits: s.visits,
      created_at: s.created_at.toISOString(),
    })),
  };
}

/**
 * Erasing an account, in its transaction: its listings are deleted with what hangs off them
 * (text, view markers, other people's saves and share links; reservations on them are closed
 * by the interest module first), its share links of other listings are kept without it, and
 * its own view markers go. Pages that showed the listings are dropped from the caches.
 */
export async function eraseOwnedBy(
  ctx: ListingsContext,
  trx: Transaction<DB>,
  listingIds: readonly string[],
  who: { userId: string; visitorIds: readonly string[] },
): Promise<number> {
  const deleted = await repo.deleteListings(trx, listingIds);
  await shares.detachSharesOf(trx, who.userId, who.visitorIds);
  await counters.deleteViewMarkersOf(trx, [
    `user:${who.userId}`,
    ...who.visitorIds.map((id) => `visitor:${id}`),
  ]);
  changed(ctx);
  return deleted;
}
