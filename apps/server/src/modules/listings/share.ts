/** Share links: a link whose code tells the funnel where visits came from. */
import { RATE_LIMITS } from '../../config/rate-limits';
import { newId } from '../../platform/ids';
import { enforceLimit } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { SignedInUser } from '../../platform/viewer';
import type { ListingsContext } from './context';
import { findVisible } from './detail';
import * as shares from './shares-repo';

export async function share(
  ctx: ListingsContext,
  viewer: SignedInUser | null,
  idOrSlug: string,
  channel: string,
  who: { visitorId: string | null; ip: string | null },
) {
  const listing = await findVisible(ctx, viewer, idOrSlug);
  // Anyone may make links, so one person, visitor or address cannot fill the table.
  const sharer = viewer
    ? `user:${viewer.id}`
    : who.visitorId
      ? `visitor:${who.visitorId}`
      : `ip:${sha256Hex(who.ip ?? 'unknown')}`;
  await enforceLimit(
    ctx.limiter,
    `shares:${sharer}`,
    RATE_LIMITS.sharesPerViewer,
    'You have made a lot of share links in the last hour. Try again later.',
  );
  const code = newId().replaceAll('-', '').slice(-10);
  await shares.insertShare(ctx.db, {
    id: newId(),
    code,
    listingId: listing.id,
    channel,
    userId: viewer?.id ?? null,
    visitorId: who.visitorId,
    at: ctx.clock.now(),
  });
  return { code, channel, url: `${ctx.publicBaseUrl}/l/${listing.slug}?s=${code}` };
}
