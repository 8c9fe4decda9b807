/** GET /api/jobs/{jobId}, POST .../retry, POST .../cancel, and the queue health for staff. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole, requireUser } from '../../platform/viewer';
import type { JobsService } from './service';

export const jobRoutes: RoutesPlugin<{ jobs: JobsService }> = async (app, { jobs }) => {
  app.route({
    ...operation('getJob', {
      tags: ['jobs'],
      auth: 'user',
      summary: 'Poll a job: status, steps, progress, safe error, artefacts',
    }),
    handler: async (request) => jobs.get(request.params.jobId, await requireUser(request)),
  });
  app.route({
    ...operation('retryJob', {
      tags: ['jobs'],
      auth: 'user',
      summary: 'Retry a failed job whose error may pass, or a dead-lettered one',
    }),
    handler: async (request) => jobs.retry(request.params.jobId, await requireUser(request)),
  });
  app.route({
    ...operation('cancelJob', {
      tags: ['jobs'],
      auth: 'user',
      summary: 'Cancel a job (a running one stops at its next step)',
    }),
    handler: async (request) => jobs.cancel(request.params.jobId, await requireUser(request)),
  });
  app.route({
    ...operation('jobQueueHealth', {
      tags: ['operations'],
      auth: 'staff',
      summary:
        'Queue depth, 95th-percentile queue age and dead letters against the "Job queue stuck" thresholds',
    }),
    handler: async (request) => {
      await requireRole(request, 'staff');
      return jobs.queueHealth();
    },
  });
};
