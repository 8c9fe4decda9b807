/**
 * The moderation module's face: reports and the review queue. Listings sent to review and deleted
 * reach it through listings' hooks; support reads the conversations about a listing through it.
 */

import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import { fingerprintKey } from '../../platform/network';
import type { Profiles } from '../auth/face';
import type { InterestApi } from '../interest/face';
import type { ListingsApi } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import { moderationRoutes } from './routes';
import { createModerationService, type ModerationService } from './service';

export { automaticChecks } from './checks';

export type ModerationApi = Pick<ModerationService, 'conversations'>;

type ModerationFaceDeps = Omit<
  Parameters<typeof createModerationService>[0],
  'listings' | 'holders' | 'notifications' | 'fingerprintKey' | 'reportsToHide' | 'publicBaseUrl'
> & {
  config: Config;
  listings: ListingsApi;
  interest: InterestApi;
  notifications: NotificationsApi;
  profiles: Profiles;
};

export function moderationFace(deps: ModerationFaceDeps): ModuleFace<ModerationApi> {
  const { config, listings } = deps;
  const moderation = createModerationService({
    ...deps,
    holders: deps.interest,
    fingerprintKey: fingerprintKey(config.secrets.cookie),
    reportsToHide: config.moderationReportsToHide,
    publicBaseUrl: config.publicBaseUrl,
  });
  listings.onSentToReview((trx, listingId) => moderation.sentToReview(trx, listingId));
  listings.onDeleted((trx, listingId) => moderation.forget(trx, listingId));
  return {
    name: 'moderation',
    api: moderation,
    routes: ({ app }) => app.register(moderationRoutes, { moderation }),
    personalData: {
      // Reports the person made are kept, naming them by their pseudonymous reference.
      erase: async (s) => {
        await moderation.detachReporter(s.trx, s.userId, s.visitorIds, s.ref);
        return {};
      },
    },
  };
}
