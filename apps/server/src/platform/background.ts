/**
 * Work that runs after the answer has gone: an answer whose timing must not depend on what the
 * work finds (e.g. whether an account exists) does not wait for it. Failures are logged with the
 * request's correlation id and never reach the client. The app waits for pending work on close,
 * and the local mailbox waits for it before listing, so what was sent can be read at once.
 */
import type { Logger } from 'pino';

export interface BackgroundTasks {
  /** Starts `work` in the caller's correlation (its failure is logged with the request's id). */
  run(stage: string, work: () => Promise<void>): void;
  /** Resolves when no task is pending (tasks started meanwhile included). */
  idle(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(stage, work) {
      // Started here, the task keeps the caller's correlation (AsyncLocalStorage follows the promise).
      const task: Promise<void> = Promise.resolve()
        .then(work)
        .catch((err: unknown) => {
          logger.error({ err, stage }, 'background task failed');
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
