/**
 * What to tell a buyer when the server refuses a pre-order step, and what a card attempt's
 * provider error means, in plain words (nothing was charged, and what to do next).
 */
import type { Checkout } from '@kitwright/contracts';
import { isKitwrightError } from '@kitwright/sdk';
import type { MessageKey, Translate } from '../../i18n';
import { problemText } from '../discover/request-problems';

const REASONS: Record<string, MessageKey> = {
  already_preordered: 'buyer.done.already',
  reservation_cancelled: 'buyer.problem.reservationCancelled',
  preorder_cancelled: 'buyer.problem.preorderCancelled',
};

const CODES: Record<string, MessageKey> = {
  NOT_INVITED: 'buyer.problem.notInvited',
  INVITATION_EXPIRED: 'buyer.problem.expired',
  OUTSIDE_UK: 'buyer.problem.outsideUk',
  PHASE_CLOSED: 'buyer.problem.closed',
  FEATURE_DISABLED: 'buyer.problem.paused',
  DEPENDENCY_UNAVAILABLE: 'buyer.problem.provider',
  NOT_FOUND: 'buyer.problem.notFound',
  CARD_NOT_VERIFIED: 'buyer.problem.cardNotVerified',
  ACKNOWLEDGEMENT_STALE: 'buyer.confirm.stale',
};

export function preorderProblem(t: Translate, error: unknown): string {
  if (isKitwrightError(error)) {
    const reason = (error.details as { reason?: string; gate?: string } | undefined) ?? {};
    if (error.code === 'INVALID_STATE' && reason.reason && REASONS[reason.reason])
      return t(REASONS[reason.reason] as MessageKey);
    if (error.code === 'GATE_NOT_MET' && reason.gate === 'designer_terms')
      return t('buyer.problem.termsWithdrawn');
    const key = CODES[error.code];
    if (key) return t(key);
  }
  return problemText(error, t);
}

/** Whether asking again may help (the provider or the network, a pause); a final refusal is not. */
export function isTransient(error: unknown): boolean {
  if (!isKitwrightError(error)) return true;
  return (
    error.status >= 500 ||
    ['DEPENDENCY_UNAVAILABLE', 'NETWORK_ERROR', 'RATE_LIMITED', 'FEATURE_DISABLED'].includes(error.code)
  );
}

/** Whether the server said this reservation is already a pre-order (the confirmation is done). */
export function isAlreadyPreordered(error: unknown): boolean {
  return (
    isKitwrightError(error) &&
    error.code === 'INVALID_STATE' &&
    (error.details as { reason?: string } | undefined)?.reason === 'already_preordered'
  );
}

export type CardState =
  | { tone: 'success'; key: MessageKey; verified: true }
  | { tone: 'info' | 'warning' | 'error'; key: MessageKey; verified: false; code?: string };

/** The setup intent's status and last error (read from the provider), as the buyer should read it. */
export function cardState(checkout: Pick<Checkout, 'status' | 'last_error'>): CardState {
  switch (checkout.status) {
    case 'succeeded':
      return { tone: 'success', key: 'buyer.card.verified', verified: true };
    case 'requires_action':
      return { tone: 'warning', key: 'buyer.card.authRequired', verified: false };
    case 'processing':
      return { tone: 'info', key: 'buyer.card.processing', verified: false };
    case 'canceled':
      return { tone: 'error', key: 'buyer.card.cancelledIntent', verified: false };
    default:
      break;
  }
  const e = checkout.last_error;
  if (!e) return { tone: 'info', key: 'buyer.card.needed', verified: false };
  if (e.decline_code === 'insufficient_funds')
    return { tone: 'error', key: 'buyer.card.declinedFunds', verified: false };
  if (e.code === 'setup_intent_authentication_failure')
    return { tone: 'error', key: 'buyer.card.authFailed', verified: false };
  if (e.code === 'expired_card') return { tone: 'error', key: 'buyer.card.expired', verified: false };
  if (e.code === 'card_declined' || e.decline_code)
    return { tone: 'error', key: 'buyer.card.declined', verified: false };
  return { tone: 'error', key: 'buyer.card.otherError', verified: false, code: e.code };
}
