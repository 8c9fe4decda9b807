/**
 * Founder endpoints over the delivery controls (flags, gate evidence, phase decisions) and role
 * changes. The same module backs `npm run admin`; here the actor is the signed-in founder.
 */
import {
  ErrorEnvelope,
  FEATURE_FLAG_DESCRIPTIONS,
  FEATURE_FLAGS,
  GATES,
  isFeatureFlag,
  isGate,
  PHASE_GATES,
  PHASES,
  ROLES,
  type Role,
  User,
} from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { requireRole } from '../../platform/viewer';
import type { AuthService } from '../auth/service';

const errors = {
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
  503: ErrorEnvelope,
};
const security = [{ bearer: [] }];

const GateState = Type.Object({
  gate: Type.String(),
  passed: Type.Boolean(),
  version: Type.String(),
  evidence: Type.String(),
  recorded_by: Type.String(),
  recorded_at: Type.String(),
});

export function adminRoutes(app: FastifyInstance, deps: { controls: DeliveryControls; auth: AuthService }) {
  const { controls } = deps;
  const actorOf = (id: string) => ({ type: 'user' as const, id });

  app.get(
    '/api/admin/flags',
    {
      schema: {
        tags: ['founder'],
        summary: 'Feature flags with their descriptions',
        security,
        response: {
          200: Type.Object({
            flags: Type.Array(
              Type.Object({ flag: Type.String(), enabled: Type.Boolean(), description: Type.String() }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
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
  );

  app.put(
    '/api/admin/flags/:flag',
    {
      schema: {
        tags: ['founder'],
        summary: 'Switch a feature flag (audited)',
        security,
        params: Type.Object({ flag: Type.String() }),
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: Type.Object({ flag: Type.String(), enabled: Type.Boolean() }), ...errors },
      },
    },
    async (request) => {
      const founder = await requireRole(request, 'founder');
      const { flag } = request.params as { flag: string };
      if (!isFeatureFlag(flag)) throw new AppError('NOT_FOUND', 'Unknown feature flag.');
      const flags = await controls.setFlag(
        flag,
        (request.body as { enabled: boolean }).enabled,
        actorOf(founder.id),
        request.id,
      );
      return { flag, enabled: flags[flag] };
    },
  );

  app.get(
    '/api/admin/phase',
    {
      schema: {
        tags: ['founder'],
        summary: 'The delivery phase, the gates each next phase needs, and the latest evidence',
        security,
        response: {
          200: Type.Object({
            phase: Type.Enum([...PHASES]),
            required_gates: Type.Record(Type.String(), Type.Array(Type.String())),
            gates: Type.Array(GateState),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      await requireRole(request, 'founder');
      return {
        phase: await controls.phase(),
        required_gates: Object.fromEntries(Object.entries(PHASE_GATES).map(([k, v]) => [k, [...v]])),
        gates: await controls.gates(),
      };
    },
  );

  app.post(
    '/api/admin/phase/gates',
    {
      schema: {
        tags: ['founder'],
        summary: 'Record evidence for a phase gate (audited)',
        security,
        body: Type.Object({
          gate: Type.Enum([...GATES]),
          passed: Type.Boolean(),
          version: Type.String({ minLength: 1, maxLength: 64 }),
          evidence: Type.String({ minLength: 1, maxLength: 4000 }),
        }),
        response: { 201: GateState, ...errors },
      },
    },
    async (request, reply) => {
      const founder = await requireRole(request, 'founder');
      const body = request.body as { gate: string; passed: boolean; version: string; evidence: string };
      if (!isGate(body.gate)) throw new AppError('VALIDATION_FAILED');
      const gate = await controls.recordGate({ ...body, gate: body.gate }, actorOf(founder.id), request.id);
      return reply.code(201).send(gate);
    },
  );

  app.post(
    '/api/admin/phase/decisions',
    {
      schema: {
        tags: ['founder'],
        summary: 'Open the next delivery phase by explicit decision (every gate must have passed)',
        security,
        body: Type.Object({
          target: Type.Enum(['A.5', 'B']),
          reason: Type.String({ minLength: 3, maxLength: 2000 }),
        }),
        response: { 200: Type.Object({ phase: Type.Enum([...PHASES]) }), ...errors },
      },
    },
    async (request) => {
      const founder = await requireRole(request, 'founder');
      const body = request.body as { target: 'A.5' | 'B'; reason: string };
      return { phase: await controls.decidePhase(body.target, body.reason, actorOf(founder.id), request.id) };
    },
  );

  app.patch(
    '/api/admin/users/:userId/role',
    {
      schema: {
        tags: ['founder'],
        summary: "Change a user's role (audited)",
        security,
        params: Type.Object({ userId: Type.String({ format: 'uuid' }) }),
        body: Type.Object({ role: Type.Enum([...ROLES]) }),
        response: { 200: User, ...errors },
      },
    },
    async (request) => {
      await requireRole(request, 'founder');
      const { userId } = request.params as { userId: string };
      return deps.auth.changeRole(
        await request.viewer(),
        userId,
        (request.body as { role: Role }).role,
        request.id,
      );
    },
  );
}
