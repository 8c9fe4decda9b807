/**
 * The pre-orders module's face: invitations to pre-order a reserved design, checkout through the
 * payments provider and its webhooks; a listing's owner sees their designer terms on its page.
 */
import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import type { PaymentsApi } from '../../providers/payments/face';
import type { Profiles } from '../auth/face';
import type { InterestApi } from '../interest/face';
import type { JobsApi } from '../jobs/face';
import type { ListingsApi } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import { preorderRoutes } from './routes';
import { createPreordersService, type PreordersDeps, type PreordersService } from './service';
import { createPaymentWebhooks } from './webhook';

export type PreordersApi = Pick<PreordersService, 'checkoutSignals'>;

type PreordersFaceDeps = Omit<
  PreordersDeps,
  'contact' | 'interest' | 'listings' | 'jobs' | 'payments' | 'frontendUrl' | 'notifications'
> & {
  config: Config;
  profiles: Profiles;
  interest: InterestApi;
  listings: ListingsApi;
  notifications: NotificationsApi;
  jobs: JobsApi;
  payments: PaymentsApi;
};

export function preordersFace(deps: PreordersFaceDeps): ModuleFace<PreordersApi> {
  const { interest, listings, jobs, payments } = deps;
  const preorders = createPreordersService({
    ...deps,
    contact: (userId) => deps.profiles.contact(userId),
    interest: () => interest,
    listings: () => listings,
    jobs,
    payments: payments.provider,
    frontendUrl: deps.config.frontendUrl,
  });
  const webhooks = createPaymentWebhooks({
    ...deps,
    payments: payments.provider,
    webhookSecret: payments.webhookSecret,
    jobs,
  });
  listings.provideViewerState({ designerTerms: (listingId) => preorders.termsOf(listingId) });
  return {
    name: 'preorders',
    api: preorders,
    routes: ({ app }) => app.register(preorderRoutes, { preorders, webhooks }),
    jobs: [webhooks.handler()],
    personalData: {
      export: async (s) => {
        const part = await preorders.exportFor(s.userId);
        return { pre_orders: part.pre_orders, designer_terms: part.designer_terms };
      },
      // The person's pre-orders, and those made of their listings, are cancelled; the saved cards
      // of the cancelled ones are detached at the provider once the erasure has committed.
      erase: async (s) => {
        const owned = await listings.lockOwnedBy(s.trx, s.userId);
        const cards = await preorders.eraseFor(
          s.trx,
          s.userId,
          owned.map((l) => l.id),
          s.actor,
          s.audit,
        );
        return { afterCommit: () => preorders.detachAfterErasure(cards) };
      },
    },
  };
}
