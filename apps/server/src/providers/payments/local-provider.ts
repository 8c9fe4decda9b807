/**
 * The `local` payments provider: Stripe's setup-intent lifecycle served and signed on this machine,
 * so the whole A.5 flow runs with `npm start` and no network. Its state is in tables it owns
 * (migration 0025), so every process sees the same intents.
 *
 * Lifecycle (as Stripe's test cards behave):
 *   requires_payment_method --card 4242…--> succeeded
 *   requires_payment_method --card 4000 0025 0000 3155--> requires_action --approve--> succeeded
 *                                                                        --fail-----> requires_payment_method (authentication failure)
 *   requires_payment_method --card 4000…9995 / 4000…0002--> requires_payment_method (card_declined)
 *   any but succeeded --cancel--> canceled
 * Each change is delivered as a webhook in Stripe's event shape, signed with Stripe's scheme, to
 * the server's own /api/payment/webhook through the real route. There is no payment intent, no
 * charge and no capture here: nothing in this provider can move money.
 */
import { authenticate, cancelSetupIntent, submitCard } from './local-card-steps';
import {
  type CardInput,
  type CardOutcome,
  cardCollection,
  createSetupIntent,
  detachPaymentMethod,
  ensureCustomer,
  forForm,
  type LocalProviderContext,
  retrieveSetupIntent,
  type WebhookDelivery,
} from './local-setup-intents';
import type { PaymentsProvider, SetupIntentView } from './provider';

export type { CardInput, CardOutcome, WebhookDelivery } from './local-setup-intents';

/** The webhook secret the local provider signs with when STRIPE_WEBHOOK_SECRET is not set. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_kitwright_development_only';

export interface LocalPaymentsProvider extends PaymentsProvider {
  readonly name: 'local';
  /** The intent behind a card form, if the client secret matches (never otherwise). */
  forForm(id: string, clientSecret: string): Promise<SetupIntentView | null>;
  submitCard(id: string, clientSecret: string, card: CardInput): Promise<CardOutcome>;
  /** The authentication step of a card that needs it: approved → succeeded, else failed. */
  authenticate(id: string, clientSecret: string, approve: boolean): Promise<CardOutcome>;
  /** Where webhooks go (the app sets it once its routes exist). */
  deliverTo(delivery: WebhookDelivery): void;
}

export function createLocalPaymentsProvider(
  deps: Omit<LocalProviderContext, 'delivery'>,
): LocalPaymentsProvider {
  const ctx: LocalProviderContext = { ...deps, delivery: null };
  return {
    name: 'local',
    ensureCustomer: (input) => ensureCustomer(ctx, input),
    createSetupIntent: (input) => createSetupIntent(ctx, input),
    retrieveSetupIntent: (id) => retrieveSetupIntent(ctx, id),
    cancelSetupIntent: (id) => cancelSetupIntent(ctx, id),
    detachPaymentMethod: (paymentMethodId) => detachPaymentMethod(ctx, paymentMethodId),
    cardCollection: (intent) => cardCollection(ctx, intent),
    forForm: (id, clientSecret) => forForm(ctx, id, clientSecret),
    submitCard: (id, clientSecret, card) => submitCard(ctx, id, clientSecret, card),
    authenticate: (id, clientSecret, approve) => authenticate(ctx, id, clientSecret, approve),
    deliverTo: (delivery) => {
      ctx.delivery = delivery;
    },
  };
}
