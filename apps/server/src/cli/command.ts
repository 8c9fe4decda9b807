/** Shared start-up for the command-line tools: config, logger and a migrated database. */
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../platform/logging';
import { openRuntime, type Runtime } from '../runtime';

export async function runCommand(
  name: string,
  body: (
    ctx: Runtime & { config: ReturnType<typeof loadConfig>; logger: ReturnType<typeof createLogger> },
  ) => Promise<number>,
): Promise<void> {
  try {
    const config = loadConfig();
    const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
    const runtime = await openRuntime(config, logger);
    try {
      process.exitCode = await body({ ...runtime, config, logger });
    } finally {
      await runtime.close();
    }
  } catch (err) {
    const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`${name}: ${message}\n`);
    process.exitCode = 1;
  }
}
