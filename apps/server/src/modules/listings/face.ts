/**
 * The listings module's face: published designs, their pages and the gallery. Later modules fill its
 * hooks: what a reader's page shows of their saves, reservations and terms (provideViewerState),
 * what goes when a listing is withdrawn (onWithdrawn), text changes, reviews and deletions.
 */

import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import type { RealtimePublisher } from '../../platform/realtime-relay';
import type { Profiles } from '../auth/face';
import type { DraftsApi } from '../drafts/face';
import type { MediaApi } from '../media/face';
import type { NotificationsApi } from '../notifications/face';
import type { ListingsDeps } from './context';
import { listingRoutes } from './routes';
import { createListingsService, type ListingsService } from './service';

export { interestSummaryOf } from './interest-summary';
export type { ListingRefs, ListingsForInterest, ListingsForPreorders, ListingsForSaves } from './interfaces';
export type { ListingRef, ListingRow, Owner, ViewerState } from './service';
export * as stats from './stats';

/** The announcement that cached gallery and listing pages are stale in every process. */
const LISTINGS_CHANGED = 'listings_changed';
const DAY = 24 * 3600_000;

export type ListingsApi = Pick<
  ListingsService,
  | 'onTextChanged'
  | 'onSentToReview'
  | 'onDeleted'
  | 'dropCaches'
  | 'sourceText'
  | 'applyTranslations'
  | 'moderationSummaries'
  | 'setModeration'
  | 'sitemapPages'
  | 'sitemapEntries'
  | 'visible'
  | 'search'
  | 'cards'
  | 'preview'
  | 'refs'
  | 'refOfRow'
  | 'existing'
  | 'ownedBy'
  | 'referableBy'
  | 'lockLive'
  | 'lockForInterest'
  | 'forReservation'
  | 'adjustInterest'
  | 'interestSettled'
  | 'adjustSaves'
  | 'saveCount'
  | 'lockOwnedBy'
  | 'provideViewerState'
  | 'onWithdrawn'
>;

type ListingsFaceDeps = Omit<
  ListingsDeps,
  | 'drafts'
  | 'media'
  | 'notifications'
  | 'publicBaseUrl'
  | 'galleryCacheMs'
  | 'announceChanged'
  | 'onListingsChanged'
> & {
  config: Config;
  drafts: DraftsApi;
  media: MediaApi;
  notifications: NotificationsApi;
  profiles: Profiles;
  publisher: Pick<RealtimePublisher, 'announce' | 'onAnnounce'>;
  /** How many days of view markers are kept (workers/housekeeping's RETENTION). */
  listingViewDays: number;
};

export function listingsFace(deps: ListingsFaceDeps): ModuleFace<ListingsApi> {
  const { config, publisher } = deps;
  const listings = createListingsService({
    ...deps,
    publicBaseUrl: config.publicBaseUrl,
    galleryCacheMs: config.galleryCacheMs,
    // A publish, edit or removal in any process drops every process's cached pages (NOTIFY).
    announceChanged: () => void publisher.announce(LISTINGS_CHANGED),
    onListingsChanged: (drop) => publisher.onAnnounce(LISTINGS_CHANGED, drop),
  });
  deps.media.provideFilePublicity((fileId) => listings.showsFile(fileId));
  return {
    name: 'listings',
    api: listings,
    routes: ({ app }) => app.register(listingRoutes, { listings }),
    prune: [
      {
        table: 'listing_views',
        pruneBatch: (now, limit) =>
          listings.pruneViewMarkers(
            new Date(now.getTime() - (deps.listingViewDays - 1) * DAY).toISOString().slice(0, 10),
            limit,
          ),
      },
    ],
    personalData: {
      export: async (s) => {
        const published = await listings.exportFor(s.userId);
        return {
          listings: published.listings,
          shares: published.shares,
          consents: {
            content_licence: published.listings.map((l) => ({
              listing_id: l.id,
              version: l.licence_version,
              accepted_at: l.licence_accepted_at,
            })),
          },
        };
      },
      // The person's listings go with what hangs off them; the drafts they came from are unlinked first.
      erase: async (s) => {
        const owned = await listings.lockOwnedBy(s.trx, s.userId);
        const listingIds = owned.map((l) => l.id);
        await deps.drafts.unlinkListingsOf(s.trx, s.userId);
        const erased = await listings.eraseOwnedBy(s.trx, listingIds, {
          userId: s.userId,
          visitorIds: s.visitorIds,
        });
        for (const l of owned)
          await s.audit({
            actor: s.actor,
            action: 'listing.deleted',
            resourceType: 'listing',
            resourceId: l.id,
            details: { reason: 'account_erased' },
          });
        return { counts: { listings: erased }, afterCommit: async () => listings.dropCaches() };
      },
    },
  };
}
