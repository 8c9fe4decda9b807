/**
 * Short references to listings (title in the reader's language, preview, designer, availability):
 * what a reservation, a save or a support request names, deleted listings included.
 */
import type { ListingRef as ListingRefSchema } from '@kitwright/contracts';
import type { Static } from 'typebox';
import { isUuid } from '../../platform/ids';
import { type Profile, unknownProfile } from '../auth/profiles';
import { mediaUrl } from '../media/urls';
import { localiseListing } from '../translations/localise';
import type { ListingsContext } from './context';
import { isPublic } from './detail';
import * as reads from './reads-repo';
import type { ListingRow } from './repo';
import * as repo from './repo';

export type ListingRef = Static<typeof ListingRefSchema>;

/** What a listing reference is made from: a listing row (a deleted one has no text or files). */
type RefRow = Awaited<ReturnType<typeof reads.refRows>>[number];

function availabilityOf(
  row: Pick<RefRow, 'state' | 'moderation_state' | 'visibility'>,
): ListingRef['availability'] {
  if (row.state === 'deleted') return 'deleted';
  return isPublic({ ...row, state: row.state }) ? 'available' : 'unavailable';
}

function refOf(row: RefRow, designer: Profile | undefined, locale: string | null): ListingRef {
  const availability = availabilityOf(row);
  const preview = row.preview_png_file_id ?? row.preview_file_id;
  return {
    id: row.id,
    slug: row.slug,
    // A deleted listing has no translations left: its title as written.
    title:
      row.description === null
        ? row.title
        : localiseListing({ ...row, description: row.description, i18n: row.i18n ?? {} }, locale).title,
    preview_url: availability === 'available' && preview ? mediaUrl(preview) : null,
    designer: designer ?? unknownProfile(row.owner_user_id),
    availability,
  };
}

/** References to listings by id, deleted ones included. */
export async function refs(
  ctx: ListingsContext,
  ids: readonly string[],
  locale: string | null,
): Promise<Map<string, ListingRef>> {
  const rows = await reads.refRows(ctx.db, ids);
  const people = await ctx.profiles.byIds(rows.map((r) => r.owner_user_id));
  return new Map(rows.map((r) => [r.id, refOf(r, people.get(r.owner_user_id), locale)]));
}

/** The reference to a listing already read (a reservation just made). */
export async function refOfRow(
  ctx: ListingsContext,
  row: ListingRow,
  locale: string | null,
): Promise<ListingRef> {
  const people = await ctx.profiles.byIds([row.owner_user_id]);
  return refOf(row, people.get(row.owner_user_id), locale);
}

/** Whether a person (null: a visitor) may name the listing in support: any not deleted, a private one only its owner. */
export async function referableBy(
  ctx: ListingsContext,
  userId: string | null,
  listingId: string,
): Promise<boolean> {
  const row = isUuid(listingId) ? await repo.findListing(ctx.db, { id: listingId }) : undefined;
  return row !== undefined && (row.visibility !== 'private' || row.owner_user_id === userId);
}
