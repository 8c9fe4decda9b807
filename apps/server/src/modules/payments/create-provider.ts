/**
 * Picks the payments provider from `config.payments.provider`. `local` is built here; `stripe`
 * (modules/payments/stripe-provider.ts, Stripe's own library) is wired in one line below when that
 * adapter is in the tree. Until then a process configured for Stripe starts, and every payment
 * call answers a clear configuration error (503), so nothing pretends to take a card.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import {
  createLocalPaymentsProvider,
  LOCAL_WEBHOOK_SECRET,
  type LocalPaymentsProvider,
} from './local-provider';
import type { PaymentsProvider } from './provider';

export interface ProviderChoice {
  provider: PaymentsProvider;
  /** The local provider when it is the one in use (its card form routes are served then). */
  local: LocalPaymentsProvider | null;
  /** The secret inbound webhooks are verified with. */
  webhookSecret: string;
}

export class PaymentsConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentsConfigurationError';
  }
}

/** The webhook secret: STRIPE_WEBHOOK_SECRET, or the local provider's constant. */
export function webhookSecretOf(config: Config): string {
  return config.payments.stripeWebhookSecret ?? LOCAL_WEBHOOK_SECRET;
}

/** A provider that refuses every call: the configured one is not available in this build. */
function unavailableProvider(name: 'stripe', reason: string, logger: Logger): PaymentsProvider {
  const refuse = async (): Promise<never> => {
    logger.error({ provider: name }, reason);
    throw new AppError('DEPENDENCY_UNAVAILABLE', 'Card payments are not configured on this server.', {
      provider: name,
    });
  };
  return {
    name,
    ensureCustomer: refuse,
    createSetupIntent: refuse,
    retrieveSetupIntent: refuse,
    cancelSetupIntent: refuse,
    detachPaymentMethod: refuse,
    cardCollection: () => {
      throw new PaymentsConfigurationError(reason);
    },
  };
}

export function createPaymentsProvider(deps: {
  config: Config;
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
}): ProviderChoice {
  const { config } = deps;
  const webhookSecret = webhookSecretOf(config);
  if (config.payments.provider === 'local') {
    const local = createLocalPaymentsProvider({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      publicBaseUrl: config.publicBaseUrl,
      webhookSecret,
    });
    return { provider: local, local, webhookSecret };
  }
  // PAYMENTS_PROVIDER=stripe: `return { provider: createStripePaymentsProvider(config), local: null, webhookSecret };`
  // once modules/payments/stripe-provider.ts is in the tree.
  const reason =
    'PAYMENTS_PROVIDER=stripe, but this build has no Stripe adapter (modules/payments/stripe-provider.ts).';
  return { provider: unavailableProvider('stripe', reason, deps.logger), local: null, webhookSecret };
}
