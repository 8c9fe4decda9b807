/**
 * Graceful shutdown: stop accepting connections, let in-flight requests finish (Fastify's close
 * waits for them), then release the rest in order (workers, database). Safe to call twice.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

export function createShutdown(app: FastifyInstance, after: Array<() => Promise<void>>, logger: Logger) {
  let done: Promise<boolean> | null = null;
  return (reason: string): Promise<boolean> => {
    done ??= (async () => {
      logger.info({ stage: 'shutdown', reason }, 'shutting down');
      try {
        await app.close();
        for (const release of after) await release();
        logger.info({ stage: 'shutdown' }, 'stopped cleanly');
        return true;
      } catch (err) {
        logger.error({ stage: 'shutdown', err }, 'shutdown failed');
        return false;
      }
    })();
    return done;
  };
}
