/** The dashboard in one request: drafts, own listings with counts, saves, reservations, support, notifications. */

import type { DashboardResponse } from '@kitwright/contracts';
import type { Config } from '../../config';
import type { Owner, SignedInUser } from '../../platform/viewer';
import type { DraftsApi } from '../drafts/face';
import type { InterestApi } from '../interest/face';
import type { ListingsApi } from '../listings/face';
import { interestSummaryOf } from '../listings/interest-summary';
import { mediaUrl } from '../media/urls';
import type { NotificationsApi } from '../notifications/face';
import type { SavesApi } from '../saves/face';
import type { SupportApi } from '../support/face';

export function createDashboardService(deps: {
  config: Config;
  drafts: DraftsApi;
  listings: ListingsApi;
  saves: SavesApi;
  interest: InterestApi;
  support: SupportApi;
  notifications: NotificationsApi;
}) {
  /** Saved listings as cards, and those that cannot be shown now as references to remove. */
  async function savedListings(ids: string[], locale: string | null) {
    const saved = await deps.listings.cards(ids, locale);
    const shown = new Set(saved.map((c) => c.id));
    const hidden = ids.filter((id) => !shown.has(id));
    const refs = hidden.length ? await deps.listings.refs(hidden, locale) : new Map();
    return {
      saved,
      saved_unavailable: hidden.flatMap((id) => {
        const ref = refs.get(id);
        return ref ? [ref] : [];
      }),
    };
  }

  return {
    async forViewer(
      user: SignedInUser | null,
      visitorId: string | null,
      locale: string | null,
    ): Promise<DashboardResponse> {
      const owner: Owner = { userId: user?.id ?? null, visitorId: user ? null : visitorId };
      const [drafts, listings, savedIds, reservations, conversations, notifications] = await Promise.all([
        // Filtered in SQL: the 20 newest unpublished drafts, however many published ones are newer.
        user
          ? deps.drafts.list(user, 20, null, { publishState: 'unpublished' })
          : Promise.resolve({ items: [], next_cursor: null }),
        user ? deps.listings.ownedBy(user.id, 50) : Promise.resolve([]),
        deps.saves.savedListingIds(owner, 50),
        deps.interest.list(owner, 100, null, locale),
        deps.support.list(owner),
        user ? deps.notifications.list(user.id) : Promise.resolve([]),
      ]);
      return {
        viewer: user
          ? { kind: 'user', id: user.id, display_name: user.displayName }
          : { kind: 'visitor', id: visitorId ?? '', display_name: null },
        drafts: drafts.items,
        listings: listings.map((l) => ({
          id: l.id,
          slug: l.slug,
          title: l.title,
          // Owned listings are never deleted ones, which always have their preview.
          preview_url: mediaUrl((l.preview_png_file_id ?? l.preview_file_id) as string),
          visibility: l.visibility,
          moderation_state: l.moderation_state,
          state: l.state === 'unpublished' ? 'unpublished' : 'published',
          interest: interestSummaryOf(l),
          published_at: l.published_at.toISOString(),
        })),
        ...(await savedListings(savedIds, locale)),
        reservations: {
          active: reservations.items.filter((r) => r.status === 'active'),
          cancelled: reservations.items.filter((r) => r.status === 'cancelled'),
        },
        support: { conversations, contact: deps.config.operations.supportInbox },
        notifications,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
