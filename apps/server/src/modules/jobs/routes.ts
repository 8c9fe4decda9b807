/** GET /api/jobs/{jobId}, POST .../retry, POST .../cancel, and the queue health for staff. */
import { ErrorEnvelope, Job } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { requireRole, requireUser } from '../../platform/viewer';
import type { JobsService } from './service';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const Params = Type.Object({ jobId: Type.String({ maxLength: 64 }) });
const security = [{ bearer: [] }];

export function jobRoutes(app: FastifyInstance, deps: { jobs: JobsService }) {
  app.get(
    '/api/jobs/:jobId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Poll a job: status, steps, progress, safe error, artefacts',
        security,
        params: Params,
        response: { 200: Job, ...errors },
      },
    },
    async (request) => deps.jobs.get((request.params as { jobId: string }).jobId, await requireUser(request)),
  );
  app.post(
    '/api/jobs/:jobId/retry',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Retry a failed job whose error may pass, or a dead-lettered one',
        security,
        params: Params,
        response: { 200: Job, ...errors },
      },
    },
    async (request) =>
      deps.jobs.retry((request.params as { jobId: string }).jobId, await requireUser(request)),
  );
  app.post(
    '/api/jobs/:jobId/cancel',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Cancel a job (a running one stops at its next step)',
        security,
        params: Params,
        response: { 200: Job, ...errors },
      },
    },
    async (request) =>
      deps.jobs.cancel((request.params as { jobId: string }).jobId, await requireUser(request)),
  );
  app.get(
    '/api/admin/jobs/health',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Queue depth, 95th-percentile queue age and dead letters against the "Job queue stuck" thresholds',
        security,
        response: {
          200: Type.Object({
            queued: Type.Integer(),
            running: Type.Integer(),
            dead: Type.Integer({ description: 'Dead letters within limits.dead_letter_window_hours' }),
            queue_age_p95_seconds: Type.Number(),
            limits: Type.Object({
              queue_age_p95_seconds: Type.Number(),
              dead_letters: Type.Number(),
              dead_letter_window_hours: Type.Number(),
            }),
            stuck: Type.Boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      await requireRole(request, 'staff');
      return deps.jobs.queueHealth();
    },
  );
}
