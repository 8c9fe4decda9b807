/**
 * The interest module's face: reservations of interest and the staff's demand review; listings'
 * pages show a reader's reservation, and a withdrawn listing's reservations are cancelled here.
 */
import type { ModuleFace } from '../../platform/module';
import type { Profiles } from '../auth/face';
import type { ListingsApi } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import { createDemandReview } from './demand-review';
import { demandRoutes } from './demand-routes';
import { interestRoutes } from './routes';
import { createInterestService, type InterestService } from './service';

export * as stats from './stats';

export type InterestApi = Pick<InterestService, 'list' | 'heldBy' | 'holdersOf' | 'preorders'>;

type InterestFaceDeps = Omit<Parameters<typeof createInterestService>[0], 'listings' | 'notifications'> & {
  listings: ListingsApi;
  notifications: NotificationsApi;
  profiles: Profiles;
};

export function interestFace(deps: InterestFaceDeps): ModuleFace<InterestApi> {
  const { listings } = deps;
  const interest = createInterestService({ ...deps, listings });
  const demand = createDemandReview({ ...deps, listings });
  listings.provideViewerState({
    activeReservation: (owner, listingId) => interest.activeFor(owner, listingId),
    reservationsOpen: () => interest.open(),
  });
  // A listing's owner deleting it cancels its reservations (before its saves go: interest is
  // composed before saves).
  listings.onWithdrawn(async (trx, listing) => ({
    reservationsCancelled: await interest.cancelForListing(trx, listing, listing.reason, listing.ownerUserId),
  }));
  return {
    name: 'interest',
    api: interest,
    routes: async ({ app }) => {
      await app.register(interestRoutes, { interest });
      await app.register(demandRoutes, { demand });
    },
    personalData: {
      export: async (s) => {
        const reservations = await interest.exportFor(s.userId, s.locale);
        return {
          interest_reservations: reservations,
          // A reservation's acknowledgement is given again whenever it is refreshed.
          consents: {
            interest_notice: reservations.map((r) => ({
              reservation_id: r.id,
              version: r.acknowledgement_version,
              acknowledged_at: r.refreshed_at,
            })),
          },
        };
      },
      // The person's own reservations are cancelled; other people's on their listings end (and
      // those people are told) before the listings go.
      erase: async (s) => {
        const cancelled = await interest.eraseFor(s.trx, s.userId, s.actor, s.audit);
        const owned = await listings.lockOwnedBy(s.trx, s.userId);
        const closed = await interest.closeOn(s.trx, owned, s.audit);
        return { counts: { reservations_cancelled: cancelled, others_reservations_closed: closed } };
      },
      claim: (trx, visitorId, userId) => interest.claim(trx, visitorId, userId),
    },
  };
}
