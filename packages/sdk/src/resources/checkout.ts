/**
 * `kw.checkout`: Phase A.5 payment setup. Not open in Phase A: each call answers PHASE_CLOSED
 * (403), and the contracts do not describe their bodies or answers yet (unknown).
 */
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function checkoutResource(api: ApiClient) {
  return {
    createSetupIntent(options?: CallOptions) {
      return call(api, 'createSetupIntent', { ...options });
    },
    confirm(options?: CallOptions) {
      return call(api, 'confirmCheckout', { ...options });
    },
  };
}

export type CheckoutResource = ReturnType<typeof checkoutResource>;
