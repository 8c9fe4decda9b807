/** Records the SQL a database runs while a test watches (Kysely's executor, outside transactions). */
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

export function watchQueries(db: Kysely<DB>) {
  const executor = db.getExecutor() as unknown as {
    executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown>;
  };
  const original = executor.executeQuery.bind(executor);
  const seen: string[] = [];
  executor.executeQuery = (query, ...rest) => {
    seen.push(query.sql);
    return original(query, ...rest);
  };
  return {
    seen,
    /** The statements run by `work`. */
    async during(work: () => Promise<unknown>): Promise<string[]> {
      seen.length = 0;
      await work();
      return [...seen];
    },
    stop() {
      executor.executeQuery = original;
    },
  };
}
