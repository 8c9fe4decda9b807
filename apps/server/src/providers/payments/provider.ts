/**
 * The payments provider seam for Phase A.5: setup intents that verify and save a card for a later
 * off-session charge, and nothing that moves money. There is deliberately no payment-intent or
 * capture operation here: A.5 forbids charges, so no code path can make one.
 *
 * Two implementations: `stripe` (Stripe's own library) and `local` (the same lifecycle, served and
 * signed on this machine so the whole flow runs with `npm start` and no network). Both deliver
 * webhooks signed with Stripe's scheme, verified here with Stripe's library.
 */
import type { CheckoutSetupStatus } from '@kitwright/contracts';
import Stripe from 'stripe';
import { datedInFuture } from '../../platform/clock';
import { AppError } from '../../platform/errors';

/** Stripe's SetupIntent statuses (contracts' CHECKOUT_SETUP_STATUSES), which the local provider mirrors. */
export type SetupIntentStatus = CheckoutSetupStatus;

export interface SavedCard {
  /** The provider's payment-method id (pm_…). */
  id: string;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
}

/** What the platform needs to know about a setup intent; read from the provider, never from a client. */
export interface SetupIntentView {
  id: string;
  status: SetupIntentStatus;
  client_secret: string | null;
  customer: string | null;
  usage: 'off_session' | 'on_session';
  payment_method: SavedCard | null;
  /** The provider's error on the last attempt (a decline, an authentication failure), safe to store. */
  last_error: { code: string; decline_code: string | null } | null;
  /** Unix seconds, as Stripe gives it. */
  created: number;
  metadata: Record<string, string>;
}

/** How the client collects the card for a setup intent. */
export type CardCollection =
  | { provider: 'stripe'; client_secret: string; publishable_key: string | null }
  | { provider: 'local'; client_secret: string; form_url: string };

/** A verified inbound provider event (Stripe's Event shape, narrowed to what we read). */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Unix seconds when the provider created the event: orders events for one object. */
  created: number;
  /** The event's object; for setup_intent.* events, the setup intent. */
  object: Record<string, unknown> & { id?: string; object?: string };
  livemode: boolean;
}

export interface PaymentsProvider {
  readonly name: 'stripe' | 'local';
  /** Creates (idempotently, by key) the provider's customer record for a buyer; returns its id. */
  ensureCustomer(input: { buyerRef: string; idempotencyKey: string }): Promise<string>;
  /** Creates a setup intent with usage off_session; the same idempotency key returns the same intent. */
  createSetupIntent(input: {
    customer: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<SetupIntentView>;
  retrieveSetupIntent(id: string): Promise<SetupIntentView>;
  /** Cancels a setup intent that has not succeeded (a succeeded one is left; detach its card instead). */
  cancelSetupIntent(id: string): Promise<void>;
  /** Detaches a saved card from its customer so it can never be charged. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** What the client needs to collect the card for this setup intent. */
  cardCollection(intent: SetupIntentView): CardCollection;
}

/** Stripe's default: a signature older than five minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// The webhook helpers need no API key or network; one instance serves every verification.
const signer = new Stripe('sk_test_webhook_verification_only');

/** The signed time of a `Stripe-Signature` header, read as Stripe's library reads it (the last `t=`). */
function signedAt(header: string): number | null {
  let at: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') at = Number.parseInt(value ?? '', 10);
  }
  return at !== null && Number.isFinite(at) ? at : null;
}

/**
 * The event's object as the platform reads it: Stripe's typed object (a setup intent, a charge …)
 * taken field by field, so each field is read with its own check (`typeof object.status`), never
 * trusted as a type the event claims.
 */
function eventObject(object: Stripe.Event.Data.Object): ProviderEvent['object'] {
  return { ...object };
}

/**
 * Verifies a provider webhook with Stripe's own library (HMAC-SHA256 over `t.payload`, constant-time
 * compare, 300 s tolerance) and returns the event. The library only checks a signature's age, so one
 * dated more than the allowed skew in the future (SIGNED_TIME_SKEW_SECONDS) is refused here, the
 * same way. Refuses with WEBHOOK_SIGNATURE_INVALID otherwise. Both providers' webhooks come here.
 */
export function verifyProviderWebhook(
  rawBody: string | Buffer,
  signature: string | undefined,
  secret: string,
  nowSeconds?: number,
): ProviderEvent {
  if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The webhook has no signature.');
  const now = nowSeconds ?? Math.floor(Date.now() / 1000);
  let event: Stripe.Event;
  try {
    const at = signedAt(signature);
    if (at !== null && datedInFuture(at, now)) throw new Error('signed in the future');
    event = signer.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      // Stripe's library takes the receiving time in milliseconds (it divides by 1000); seconds here
      // would make every signature look fresh and switch the replay protection off.
      now * 1000,
    );
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not verify.');
  }
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    object: eventObject(event.data.object),
    livemode: event.livemode,
  };
}

/** Signs a payload with Stripe's scheme (the local provider's webhooks and the tests use this). */
export function signProviderWebhook(payload: string, secret: string, timestampSeconds: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}
