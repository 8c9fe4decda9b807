/**
 * The pre-orders' job: `payment_event` applies one stored provider event (a `payment_events` row,
 * queued by the webhook) to its checkout (payment-events.ts).
 */
import Type from 'typebox';
import { defineJob, jobSpec } from '../../platform/jobs';
import type { WebhookContext } from './context';
import { applyPaymentEvent } from './payment-events';

export const paymentEventJob = jobSpec({
  type: 'payment_event',
  payload: Type.Object({ payment_event_id: Type.String() }),
  result: Type.Object({ outcome: Type.String() }),
  steps: ['apply'],
});

export function paymentEventHandler(ctx: WebhookContext) {
  return defineJob(paymentEventJob, {
    async run(job) {
      const outcome = await job.step('apply', () =>
        applyPaymentEvent(ctx, job.payload.payment_event_id, job.job.correlation_id),
      );
      return { outcome };
    },
  });
}
