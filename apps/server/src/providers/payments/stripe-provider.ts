/**
 * The `stripe` payments provider: Stripe's own library, setup intents only. It saves and verifies a
 * card for a later off-session charge and never moves money: there is no payment-intent or capture
 * call in this file, and the tests prove none reaches the API over a whole lifecycle.
 *
 * Stripe's errors become AppErrors here: an unreachable, failing or refusing Stripe (network, timeout,
 * 5xx, rate limit, a revoked key) is DEPENDENCY_UNAVAILABLE (503, try again); a card that is declined
 * or needs authentication is not an error at all, it lives on the intent as `last_error`.
 */
import { CHECKOUT_SETUP_STATUSES } from '@kitwright/contracts';
import Stripe from 'stripe';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type {
  CardCollection,
  PaymentsProvider,
  SavedCard,
  SetupIntentStatus,
  SetupIntentView,
} from './provider';

export interface StripeProviderOptions {
  /** sk_test_… / rk_test_… (staging, local) or sk_live_… (production, once live is approved; see config). */
  secretKey: string;
  /** pk_…, of the same mode as the secret key; handed to the client to collect the card. */
  publishableKey: string | null;
  /** Overrides of Stripe's API address (STRIPE_API_BASE, local and tests only). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Retries of failed calls (with the same idempotency key); Stripe's library backs off between them. */
  maxNetworkRetries?: number;
  /** How long one call may take before it counts as unreachable. */
  timeoutMs?: number;
}

/** The address parts of a STRIPE_API_BASE such as http://127.0.0.1:12111 (config has checked its form). */
export function stripeApiAddress(
  base: string | null,
): Pick<StripeProviderOptions, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** The payment provider cannot be used right now; the caller may try again. */
export function paymentsUnavailable(providerCode: string): AppError {
  return new AppError(
    'DEPENDENCY_UNAVAILABLE',
    'The payment provider is not reachable right now. Try again shortly.',
    { dependency: 'payments', provider_code: providerCode },
  );
}

const STATUSES: readonly SetupIntentStatus[] = CHECKOUT_SETUP_STATUSES;

/** Errors Stripe answers for a request it understood but cannot honour in the object's state. */
const UNEXPECTED_STATE = new Set(['setup_intent_unexpected_state', 'payment_method_unexpected_state']);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function savedCard(pm: string | Stripe.PaymentMethod | null): SavedCard | null {
  if (!pm) return null;
  if (typeof pm === 'string') return { id: pm, brand: null, last4: null, exp_month: null, exp_year: null };
  return {
    id: pm.id,
    brand: pm.card?.brand ?? null,
    last4: pm.card?.last4 ?? null,
    exp_month: pm.card?.exp_month ?? null,
    exp_year: pm.card?.exp_year ?? null,
  };
}

/** Stripe's SetupIntent → what the platform stores and decides on. */
export function toSetupIntentView(intent: Stripe.SetupIntent): SetupIntentView {
  if (!STATUSES.includes(intent.status as SetupIntentStatus))
    throw paymentsUnavailable(`unknown_status:${String(intent.status).slice(0, 40)}`);
  const error = intent.last_setup_error;
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(intent.metadata ?? {})) if (typeof v === 'string') metadata[k] = v;
  return {
    id: intent.id,
    status: intent.status as SetupIntentStatus,
    client_secret: intent.client_secret ?? null,
    customer: idOf(intent.customer),
    usage: intent.usage === 'on_session' ? 'on_session' : 'off_session',
    payment_method: savedCard(intent.payment_method),
    last_error: error
      ? { code: error.code ?? error.type ?? 'unknown', decline_code: error.decline_code ?? null }
      : null,
    created: intent.created,
    metadata,
  };
}

/**
 * Stripe's failures → AppError. Anything that says "Stripe is not usable now" is the 503 class; a request
 * Stripe refused as invalid is our mistake (500), except a missing object, which is NOT_FOUND.
 */
function translate(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (!(err instanceof Stripe.errors.StripeError)) return paymentsUnavailable('unknown');
  const status = err.statusCode ?? 0;
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    err instanceof Stripe.errors.StripeAuthenticationError ||
    err instanceof Stripe.errors.StripePermissionError ||
    status >= 500 ||
    status === 429
  )
    return paymentsUnavailable(err.code ?? err.type);
  if (err.code === 'resource_missing')
    return new AppError('NOT_FOUND', 'The payment provider has no such record.', { provider_code: err.code });
  return new AppError('INTERNAL_ERROR', undefined, { provider_code: err.code ?? err.type });
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw translate(err);
  }
}

function isUnexpectedState(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && UNEXPECTED_STATE.has(err.code ?? '');
}

export function createStripePaymentsProvider(options: StripeProviderOptions): PaymentsProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 15_000,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async ensureCustomer({ buyerRef, idempotencyKey }) {
      const customer = await call(() =>
        stripe.customers.create({ metadata: { buyer_ref: buyerRef } }, { idempotencyKey }),
      );
      return customer.id;
    },

    async createSetupIntent({ customer, metadata, idempotencyKey }) {
      const intent = await call(() =>
        stripe.setupIntents.create(
          {
            customer,
            // The card is saved for a charge the platform starts later, without the buyer present (Phase B).
            usage: 'off_session',
            automatic_payment_methods: { enabled: true },
            metadata,
          },
          { idempotencyKey },
        ),
      );
      return toSetupIntentView(intent);
    },

    async retrieveSetupIntent(id) {
      const intent = await call(() => stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }));
      return toSetupIntentView(intent);
    },

    async cancelSetupIntent(id) {
      try {
        await stripe.setupIntents.cancel(id);
      } catch (err) {
        // Already cancelled or succeeded: nothing left to cancel (a succeeded one's card is detached instead).
        if (isUnexpectedState(err)) return;
        throw translate(err);
      }
    },

    async detachPaymentMethod(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (err) {
        // Not attached (already detached): it can no longer be charged, which is what was asked.
        if (isUnexpectedState(err)) return;
        throw translate(err);
      }
    },

    cardCollection(intent): CardCollection {
      if (!intent.client_secret) throw paymentsUnavailable('no_client_secret');
      return {
        provider: 'stripe',
        client_secret: intent.client_secret,
        publishable_key: options.publishableKey,
      };
    },
  };
}

/** The stripe provider from the configuration (PAYMENTS_PROVIDER=stripe; config.ts has checked the keys). */
export function stripeProviderFromConfig(payments: Config['payments']): PaymentsProvider {
  if (!payments.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required for the stripe provider');
  return createStripePaymentsProvider({
    secretKey: payments.stripeSecretKey,
    publishableKey: payments.stripePublishableKey,
    ...stripeApiAddress(payments.stripeApiBase),
  });
}
