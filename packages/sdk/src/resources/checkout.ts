/**
 * `kw.checkout`: Phase A.5 no-capture checkout. Refused with PHASE_CLOSED (403) until A.5 is open.
 * createSetupIntent gives what the client needs to collect the card (Stripe's client secret, or the
 * local provider's form URL); confirm makes the pre-order once the provider verified the card.
 */
import type { ConfirmCheckoutRequest, CreateSetupIntentRequest } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function checkoutResource(api: ApiClient) {
  return {
    createSetupIntent(body: CreateSetupIntentRequest, options?: CallOptions) {
      return call(api, 'createSetupIntent', { body, ...options });
    },
    confirm(body: ConfirmCheckoutRequest, options?: CallOptions) {
      return call(api, 'confirmCheckout', { body, ...options });
    },
  };
}

export type CheckoutResource = ReturnType<typeof checkoutResource>;
