/**
 * npm run analytics:replay -- --from <ISO time>: sends the local mirror again from that time. Every
 * event that occurred at or after it is made due for dispatch again, with its own id, so the
 * provider de-duplicates what it already had and nothing is counted twice; then this command
 * dispatches the backlog itself (a running worker shares the work safely: batches are claimed).
 */
import { parseArgs } from 'node:util';
import { analyticsProviderOf } from '../compose';
import { systemClock } from '../platform/clock';
import { createDispatchStore } from '../platform/product-events';
import { createAnalyticsDispatcher } from '../workers/analytics-dispatcher';
import { runCommand } from './command';

await runCommand('analytics:replay', async ({ database, config, logger }) => {
  const { values } = parseArgs({ options: { from: { type: 'string' } }, strict: true });
  const from = values.from ? new Date(values.from) : null;
  if (!from || Number.isNaN(from.getTime())) {
    process.stderr.write('analytics:replay: give --from <ISO time>, e.g. --from 2026-11-01T00:00:00Z\n');
    return 1;
  }
  const db = database.db;
  const store = createDispatchStore(db);
  const requeued = await store.requeueFrom(from);
  const provider = analyticsProviderOf(config);
  const dispatcher = createAnalyticsDispatcher({
    store,
    provider,
    clock: systemClock,
    logger,
  });
  let sent = 0;
  for (;;) {
    const run = await dispatcher.run();
    sent += run.sent;
    if (run.error) {
      process.stdout.write(
        `Replay from ${from.toISOString()}: ${requeued} events queued again, ${sent} sent to ${provider.kind}; ` +
          `the provider failed (${run.error}). The rest stays queued; the worker retries it.\n`,
      );
      return 2;
    }
    if (run.sent === 0) break;
  }
  process.stdout.write(
    `Replay from ${from.toISOString()}: ${requeued} events queued again, ${sent} sent to ${provider.kind}.\n`,
  );
  return 0;
});
