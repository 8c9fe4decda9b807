/**
 * The spec's Phase A.5 and B endpoints. This release implements Phase A only, and the delivery
 * controls refuse to open a phase whose capabilities the release lacks, so these addresses answer
 * PHASE_CLOSED: a client learns that the capability exists but is not open, never a bare 404.
 */
import { type Capability, ErrorEnvelope, PHASE_A_CAPABILITIES_IN_RELEASE } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';

const LATER_PHASE_ROUTES: Array<{ method: 'GET' | 'POST' | 'DELETE'; url: string; capability: Capability }> =
  [
    {
      method: 'POST',
      url: '/api/interest-reservations/:reservationId/invite-preorder',
      capability: 'preorder_invites',
    },
    { method: 'POST', url: '/api/checkout/setup-intent', capability: 'setup_intents' },
    { method: 'POST', url: '/api/checkout/confirm', capability: 'setup_intents' },
    { method: 'POST', url: '/api/payment/webhook', capability: 'setup_intents' },
    { method: 'GET', url: '/api/pre-orders', capability: 'setup_intents' },
    { method: 'DELETE', url: '/api/pre-orders/:preOrderId', capability: 'setup_intents' },
  ];

export function laterPhaseRoutes(app: FastifyInstance, deps: { controls: DeliveryControls }) {
  for (const route of LATER_PHASE_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      schema: {
        tags: ['phase A.5'],
        summary: `Phase A.5 capability "${route.capability}" (closed in Phase A)`,
        response: { 403: ErrorEnvelope },
      },
      handler: async () => {
        await deps.controls.requireCapability(route.capability);
        if (!PHASE_A_CAPABILITIES_IN_RELEASE.includes(route.capability)) {
          throw new AppError('PHASE_CLOSED', 'This capability is not part of this release.', {
            capability: route.capability,
          });
        }
        throw new AppError('NOT_FOUND');
      },
    });
  }
}
