/** The error-events module's face: the local error tracker's store, its staff routes and retention. */
import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import { errorEventRoutes } from './routes';
import { createErrorEvents, type ErrorEvents } from './service';

const DAY = 24 * 3600_000;

/** How an account's requests are named in the error tracker. */
const actorsOf = (userId: string, visitorIds: readonly string[]) => [
  `user:${userId}`,
  ...visitorIds.map((id) => `visitor:${id}`),
];

export type ErrorEventsApi = Pick<ErrorEvents, 'record'>;

export function errorEventsFace(
  deps: Parameters<typeof createErrorEvents>[0] & { config: Config },
): ModuleFace<ErrorEventsApi> {
  const errorEvents = createErrorEvents(deps);
  return {
    name: 'error-events',
    api: errorEvents,
    routes: ({ app }) => app.register(errorEventRoutes, { errorEvents }),
    prune: [
      {
        table: 'error_events',
        pruneBatch: (now, limit) =>
          errorEvents.pruneBefore(
            new Date(now.getTime() - deps.config.retention.errorEventsDays * DAY),
            limit,
          ),
      },
    ],
    personalData: {
      export: async (s) => ({ error_reports: await errorEvents.exportFor(actorsOf(s.userId, s.visitorIds)) }),
      erase: async (s) => {
        await errorEvents.forget(s.trx, actorsOf(s.userId, s.visitorIds));
        return {};
      },
    },
  };
}
