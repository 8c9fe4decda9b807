/**
 * Founder endpoints over the delivery controls (flags, gate evidence, phase decisions) and role
 * changes. The same controls back `npm run admin`; here the actor is the signed-in founder.
 */
import {
  FEATURE_FLAG_DESCRIPTIONS,
  FEATURE_FLAGS,
  isFeatureFlag,
  isGate,
  PHASE_GATES,
} from '@kitwright/contracts';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole } from '../../platform/viewer';
import type { AuthApi } from '../auth/face';

const actorOf = (id: string) => ({ type: 'user' as const, id });

export const adminRoutes: RoutesPlugin<{ controls: DeliveryControls; auth: AuthApi['accounts'] }> = async (
  app,
  { controls, auth },
) => {
  app.route({
    ...operation('listFlags', {
      tags: ['founder'],
      auth: 'founder',
      summary: 'Feature flags with their descriptions',
    }),
    handler: async (request) => {
      await requireRole(request, 'founder');
      const { flags } = await controls.snapshot();
      return {
        flags: FEATURE_FLAGS.map((flag) => ({
          flag,
          enabled: flags[flag],
          description: FEATURE_FLAG_DESCRIPTIONS[flag],
        })),
      };
    },
  });

  app.route({
    ...operation('setFlag', {
      tags: ['founder'],
      auth: 'founder',
      summary: 'Switch a feature flag (audited)',
    }),
    handler: async (request) => {
      const founder = await requireRole(request, 'founder');
      const { flag } = request.params;
      if (!isFeatureFlag(flag)) throw new AppError('NOT_FOUND', 'Unknown feature flag.');
      const flags = await controls.setFlag(flag, request.body.enabled, actorOf(founder.id));
      return { flag, enabled: flags[flag] };
    },
  });

  app.route({
    ...operation('getPhase', {
      tags: ['founder'],
      auth: 'founder',
      summary: 'The delivery phase, the gates each next phase needs, and the latest evidence',
    }),
    handler: async (request) => {
      await requireRole(request, 'founder');
      return {
        phase: await controls.phase(),
        required_gates: Object.fromEntries(Object.entries(PHASE_GATES).map(([k, v]) => [k, [...v]])),
        gates: await controls.gates(),
      };
    },
  });

  app.route({
    ...operation('recordGate', {
      tags: ['founder'],
      auth: 'founder',
      summary: 'Record evidence for a phase gate (audited)',
    }),
    handler: async (request, reply) => {
      const founder = await requireRole(request, 'founder');
      const { gate } = request.body;
      if (!isGate(gate)) throw new AppError('VALIDATION_FAILED');
      return reply.code(201).send(await controls.recordGate({ ...request.body, gate }, actorOf(founder.id)));
    },
  });

  app.route({
    ...operation('decidePhase', {
      tags: ['founder'],
      auth: 'founder',
      summary: 'Open the next delivery phase by explicit decision (every gate must have passed)',
    }),
    handler: async (request) => {
      const founder = await requireRole(request, 'founder');
      return {
        phase: await controls.decidePhase(
          request.body.target,
          request.body.reason,
          actorOf(founder.id),
          request.body.release_tag,
        ),
      };
    },
  });

  app.route({
    ...operation('changeRole', {
      tags: ['founder'],
      auth: 'founder',
      summary: "Change a user's role (audited)",
    }),
    handler: async (request) => {
      await requireRole(request, 'founder');
      return auth.changeRole(await request.viewer(), request.params.userId, request.body.role);
    },
  });
};
