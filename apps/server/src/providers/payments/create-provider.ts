/**
 * Picks the payments provider from `config.payments.provider`: `local` (this machine, no network)
 * or `stripe` (Stripe's own library, `providers/payments/stripe-provider.ts`; config has checked its
 * keys for the environment).
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import {
  createLocalPaymentsProvider,
  LOCAL_WEBHOOK_SECRET,
  type LocalPaymentsProvider,
} from './local-provider';
import type { PaymentsProvider } from './provider';
import { stripeProviderFromConfig } from './stripe-provider';

export interface ProviderChoice {
  provider: PaymentsProvider;
  /** The local provider when it is the one in use (its card form routes are served then). */
  local: LocalPaymentsProvider | null;
  /** The secret inbound webhooks are verified with. */
  webhookSecret: string;
}

/** The webhook secret: STRIPE_WEBHOOK_SECRET, or the local provider's constant. */
export function webhookSecretOf(config: Config): string {
  return config.payments.stripeWebhookSecret ?? LOCAL_WEBHOOK_SECRET;
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
  return { provider: stripeProviderFromConfig(config.payments), local: null, webhookSecret };
}
