/**
 * The payments module's face: the configured provider (local or Stripe), and, with the local one,
 * its card form routes and its signed webhooks posted to this process's own webhook route.
 */
import { injectFetch } from '../../platform/inject-fetch';
import type { ModuleFace } from '../../platform/module';
import { createPaymentsProvider } from './create-provider';
import { localPaymentRoutes } from './local-routes';
import type { PaymentsProvider } from './provider';

export {
  type ProviderEvent,
  type SetupIntentView,
  verifyProviderWebhook,
} from './provider';

export type { PaymentsProvider };

export interface PaymentsApi {
  provider: PaymentsProvider;
  /** The secret inbound webhooks are verified with. */
  webhookSecret: string;
}

export function paymentsFace(
  deps: Parameters<typeof createPaymentsProvider>[0] & {
    /** Wraps the configured provider (tests record its calls). */
    wrap?: ((provider: PaymentsProvider) => PaymentsProvider) | undefined;
  },
): ModuleFace<PaymentsApi> {
  const choice = createPaymentsProvider(deps);
  const { local } = choice;
  return {
    name: 'payments',
    api: {
      provider: deps.wrap ? deps.wrap(choice.provider) : choice.provider,
      webhookSecret: choice.webhookSecret,
    },
    ...(local
      ? {
          routes: async ({ app, base }) => {
            await app.register(localPaymentRoutes, { local });
            // The local provider posts its signed webhooks through the real route, in this process.
            const fetchHere = injectFetch(base);
            const webhookUrl = new URL('/api/payment/webhook', deps.config.publicBaseUrl).toString();
            local.deliverTo(async (body, signature) => {
              const res = await fetchHere(webhookUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'stripe-signature': signature },
                body,
              });
              return res.status;
            });
          },
        }
      : {}),
  };
}
