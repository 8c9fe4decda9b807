/**
 * The spec's Phase A.5 and B endpoints. This release implements Phase A only, and the delivery
 * controls refuse to open a phase whose capabilities the release lacks, so these addresses answer
 * PHASE_CLOSED: a client learns that the capability exists but is not open, never a bare 404.
 */
import { type Capability, type OperationName, PHASE_A_CAPABILITIES_IN_RELEASE } from '@kitwright/contracts';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';

const LATER_PHASE_OPERATIONS: Array<{ name: OperationName; capability: Capability }> = [
  { name: 'invitePreorder', capability: 'preorder_invites' },
  { name: 'createSetupIntent', capability: 'setup_intents' },
  { name: 'confirmCheckout', capability: 'setup_intents' },
  { name: 'paymentWebhook', capability: 'setup_intents' },
  { name: 'listPreorders', capability: 'setup_intents' },
  { name: 'cancelPreorder', capability: 'setup_intents' },
];

export const laterPhaseRoutes: RoutesPlugin<{ controls: DeliveryControls }> = async (app, { controls }) => {
  for (const { name, capability } of LATER_PHASE_OPERATIONS) {
    app.route({
      ...operation(name, {
        tags: ['phase A.5'],
        summary: `Phase A.5 capability "${capability}" (closed in Phase A)`,
      }),
      handler: async () => {
        await controls.requireCapability(capability);
        if (!PHASE_A_CAPABILITIES_IN_RELEASE.includes(capability)) {
          throw new AppError('PHASE_CLOSED', 'This capability is not part of this release.', { capability });
        }
        throw new AppError('NOT_FOUND');
      },
    });
  }
};
