/** The jobs module's face: the queue other modules enqueue on, the people's job routes and figures. */
import type { ModuleFace } from '../../platform/module';
import { jobRoutes } from './routes';
import { createJobsService, type JobsService, toJob } from './service';

export * as stats from './stats';

export { toJob };

export type JobsApi = Pick<
  JobsService,
  'enqueue' | 'wake' | 'hasActiveFor' | 'summary' | 'recentFor' | 'countByStatus' | 'ping' | 'queueHealth'
>;

export function jobsFace(deps: Parameters<typeof createJobsService>[0]): ModuleFace<JobsApi> {
  const jobs = createJobsService(deps);
  return {
    name: 'jobs',
    api: jobs,
    routes: ({ app }) => app.register(jobRoutes, { jobs }),
    personalData: {
      export: async (s) => ({ jobs: await jobs.exportFor(s.userId) }),
      erase: async (s) => {
        await jobs.eraseAllOf(s.trx, s.userId);
        // The purge of the person's files was queued in the erasure: a runner takes it at once.
        return { afterCommit: async () => jobs.wake() };
      },
    },
  };
}
