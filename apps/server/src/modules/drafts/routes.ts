/** /api/design-drafts: create, read, list, update, delete, and start a draft's model and block-kit jobs. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { consentOf } from '../../platform/product-events';
import { requireUser } from '../../platform/viewer';
import type { DraftsService } from './service';

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

export const draftRoutes: RoutesPlugin<{ drafts: DraftsService }> = async (app, { drafts }) => {
  app.route({
    ...operation('createDraft', {
      tags: ['create'],
      auth: 'user',
      summary: 'Create a draft from an upload (mode A) or a prompt (mode B)',
    }),
    handler: async (request, reply) => {
      const draft = await drafts.create(await requireUser(request), request.body, {
        consent: consentOf(request.headers),
      });
      return reply.code(201).send(draft);
    },
  });

  app.route({
    ...operation('listDrafts', {
      tags: ['create'],
      auth: 'user',
      summary: 'Your drafts, most recently changed first',
    }),
    handler: async (request) =>
      drafts.list(await requireUser(request), request.query.limit ?? 20, request.query.cursor ?? null),
  });

  app.route({
    ...operation('getDraft', { tags: ['create'], auth: 'user', summary: 'One of your drafts' }),
    handler: async (request) => drafts.get(await requireUser(request), request.params.draftId),
  });

  app.route({
    ...operation('updateDraft', {
      tags: ['create'],
      auth: 'user',
      summary: 'Update a draft (a new source or new settings make its kit stale)',
    }),
    handler: async (request) =>
      drafts.update(await requireUser(request), request.params.draftId, request.body, {
        consent: consentOf(request.headers),
      }),
  });

  app.route({
    ...operation('deleteDraft', {
      tags: ['create'],
      auth: 'user',
      summary: 'Delete an unpublished draft with its stored files (a published one goes with its listing)',
    }),
    handler: async (request, reply) => {
      await drafts.delete(await requireUser(request), request.params.draftId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operation('startModelJob', {
      tags: ['create'],
      auth: 'user',
      summary: 'Start Mode A model checks or Mode B prompt generation (Idempotency-Key header supported)',
    }),
    handler: async (request, reply) => {
      const { job, created } = await drafts.startModelJob(
        await requireUser(request),
        request.params.draftId,
        idempotencyKey(request),
      );
      return reply.code(created ? 202 : 200).send(job);
    },
  });

  app.route({
    ...operation('startBlockKitJob', {
      tags: ['create'],
      auth: 'user',
      summary: 'Start voxelising and laying out the block kit (Idempotency-Key header supported)',
    }),
    handler: async (request, reply) => {
      const { job, created } = await drafts.startBlockKitJob(
        await requireUser(request),
        request.params.draftId,
        idempotencyKey(request),
      );
      return reply.code(created ? 202 : 200).send(job);
    },
  });
};
