/**
 * Gallery cards: a listing as the gallery and a dashboard show it, in the reader's language, with
 * its designer (kept at hand: a profile never changes after sign-up).
 */
import type { ListingCard } from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Profiles, unknownProfile } from '../auth/profiles';
import { mediaUrl } from '../media/urls';
import { localiseListing } from '../translations/localise';
import { interestSummaryOf } from './interest-summary';
import * as search from './search-repo';

/** How many designers' profiles cards keep at hand. */
const DESIGNERS_KEPT = 10_000;

/**
 * Designers as cards name them. A profile never changes after sign-up (there is no rename), and
 * an erasure drops these caches in every process (the gallery's `invalidate`), so one read per
 * designer is enough until then; the least recently shown go first beyond DESIGNERS_KEPT.
 */
export interface CardsContext {
  db: Kysely<DB>;
  profiles: Profiles;
  designers: Map<string, ListingCard['designer']>;
}

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

async function designersOf(ctx: CardsContext, ids: string[]): Promise<Map<string, ListingCard['designer']>> {
  const { designers } = ctx;
  const missing = [...new Set(ids.filter((id) => !designers.has(id)))];
  if (missing.length) {
    const read = await ctx.profiles.byIds(missing);
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
export async function cardsOf(
  ctx: CardsContext,
  rows: search.CardRow[],
  locale: string | null,
): Promise<ListingCard[]> {
  if (rows.length === 0) return [];
  const people = await designersOf(
    ctx,
    rows.map((r) => r.owner_user_id),
  );
  return rows.map((r) => toCard(r, people.get(r.owner_user_id) ?? unknownProfile(r.owner_user_id), locale));
}

/** The cards of given listings, in the order given, visible ones only. */
export async function cardsFor(
  ctx: CardsContext,
  ids: string[],
  locale: string | null,
): Promise<ListingCard[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await search.cardRows(ctx.db, ids, { visibleOnly: true })).map((r) => [r.id, r]));
  return cardsOf(
    ctx,
    ids.map((id) => rows.get(id)).filter((r): r is search.CardRow => Boolean(r)),
    locale,
  );
}
