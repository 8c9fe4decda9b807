/** /api/design-drafts: create, read, list, update, and start a draft's model and block-kit jobs. */
import {
  CreateDraftRequest,
  Draft,
  ErrorEnvelope,
  Job,
  Page,
  PageQuery,
  UpdateDraftRequest,
} from '@kitwright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../platform/errors';
import { consentOf } from '../../platform/product-events';
import { requireUser } from '../../platform/viewer';
import type { DraftsService } from './service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
};
const security = [{ bearer: [] }];
const Params = Type.Object({ draftId: Type.String({ maxLength: 64 }) });
const IDEMPOTENCY = /^[A-Za-z0-9._:-]{8,128}$/;

function idempotencyKey(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !IDEMPOTENCY.test(key)) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 8–128 letters, digits or . _ : -', {
      fields: { 'Idempotency-Key': 'is invalid' },
    });
  }
  return key;
}

export function draftRoutes(app: FastifyInstance, deps: { drafts: DraftsService }) {
  const { drafts } = deps;

  app.post(
    '/api/design-drafts',
    {
      schema: {
        tags: ['create'],
        summary: 'Create a draft from an upload (mode A) or a prompt (mode B)',
        security,
        body: CreateDraftRequest,
        response: { 201: Draft, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const draft = await drafts.create(user, request.body as CreateDraftRequest, {
        correlationId: request.id,
        consent: consentOf(request.headers),
      });
      return reply.code(201).send(draft);
    },
  );

  app.get(
    '/api/design-drafts',
    {
      schema: {
        tags: ['create'],
        summary: 'Your drafts, most recently changed first',
        security,
        querystring: PageQuery,
        response: { 200: Page(Draft), ...errors },
      },
    },
    async (request) => {
      const q = request.query as { limit?: number; cursor?: string };
      return drafts.list(await requireUser(request), q.limit ?? 20, q.cursor ?? null);
    },
  );

  app.get(
    '/api/design-drafts/:draftId',
    {
      schema: {
        tags: ['create'],
        summary: 'One of your drafts',
        security,
        params: Params,
        response: { 200: Draft, ...errors },
      },
    },
    async (request) =>
      drafts.get(await requireUser(request), (request.params as { draftId: string }).draftId),
  );

  app.patch(
    '/api/design-drafts/:draftId',
    {
      schema: {
        tags: ['create'],
        summary: 'Update a draft (a new source or new settings make its kit stale)',
        security,
        params: Params,
        body: UpdateDraftRequest,
        response: { 200: Draft, ...errors },
      },
    },
    async (request) =>
      drafts.update(
        await requireUser(request),
        (request.params as { draftId: string }).draftId,
        request.body as UpdateDraftRequest,
        {
          correlationId: request.id,
          consent: consentOf(request.headers),
        },
      ),
  );

  app.post(
    '/api/design-drafts/:draftId/model-jobs',
    {
      schema: {
        tags: ['create'],
        summary: 'Start Mode A model checks or Mode B prompt generation (Idempotency-Key header supported)',
        security,
        params: Params,
        response: { 200: Job, 202: Job, ...errors },
      },
    },
    async (request, reply) => {
      const { job, created } = await drafts.startModelJob(
        await requireUser(request),
        (request.params as { draftId: string }).draftId,
        idempotencyKey(request),
        request.id,
      );
      return reply.code(created ? 202 : 200).send(job);
    },
  );

  app.post(
    '/api/design-drafts/:draftId/block-kit-jobs',
    {
      schema: {
        tags: ['create'],
        summary: 'Start voxelising and laying out the block kit (Idempotency-Key header supported)',
        security,
        params: Params,
        response: { 200: Job, 202: Job, ...errors },
      },
    },
    async (request, reply) => {
      const { job, created } = await drafts.startBlockKitJob(
        await requireUser(request),
        (request.params as { draftId: string }).draftId,
        idempotencyKey(request),
        request.id,
      );
      return reply.code(created ? 202 : 200).send(job);
    },
  );
}
