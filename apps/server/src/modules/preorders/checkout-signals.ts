/**
 * What the "Checkout blocked" alert reads: the confirmation attempts and failures over a window
 * (signals the confirmation flow records) and any capture event the webhook received.
 */

import * as repo from './checkout-repo';
import type { PreordersContext } from './context';

/** Signal keys the "Checkout blocked" rule reads (confirmation failure rate over ten minutes). */
export const CONFIRM_ATTEMPT_SIGNAL = 'checkout_confirm_attempt';
export const CONFIRM_FAILURE_SIGNAL = 'checkout_confirm_failure';

export async function confirmations(ctx: PreordersContext, from: Date, to: Date) {
  const [attempts, failures] = await Promise.all([
    ctx.alerts.countSignals(CONFIRM_ATTEMPT_SIGNAL, from, to),
    ctx.alerts.countSignals(CONFIRM_FAILURE_SIGNAL, from, to),
  ]);
  return { attempts: attempts.count, failures: failures.count };
}

export function accidentalCaptures(ctx: PreordersContext, from: Date, to: Date) {
  return repo.captureEvents(ctx.db, from, to);
}
