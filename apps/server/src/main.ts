/**
 * The server process: read config, open the database, build the app, then serve HTTP, run job
 * workers, or both (`--role api|worker|all`, default all). On SIGTERM or SIGINT it reports itself
 * not ready (draining for SHUTDOWN_DRAIN_MS), stops taking jobs and connections, lets in-flight
 * work finish, then closes the database.
 */
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { ensureWebBuild } from './modules/web-app/build';
import { createLogger } from './platform/logging';
import { reservePort } from './platform/port-reservation';
import { createShutdown } from './platform/shutdown';
import { requireWorkingChannel } from './providers/alerts/alert-channels';
import { openRuntime } from './runtime';
import { seedDemoData } from './seed/demo';
import { seedGallery } from './seed/gallery';

type Role = 'api' | 'worker' | 'all';

/** What a failed start must close before the process exits (the database, then the app). */
const openedForStart: (() => Promise<void>)[] = [];

async function main() {
  const { values } = parseArgs({
    options: { role: { type: 'string', default: 'all' } },
    allowPositionals: false,
  });
  const role = values.role as Role;
  if (!['api', 'worker', 'all'].includes(role)) {
    process.stderr.write(`--role must be api, worker or all (got "${role}")\n`);
    process.exitCode = 64;
    return;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw err;
  }
  if (role === 'worker' && !config.database.url) {
    process.stderr.write(
      'A separate worker process needs a PostgreSQL server (DATABASE_URL): the embedded database belongs to one process. `npm start` already runs workers inside the server.\n',
    );
    process.exitCode = 1;
    return;
  }
  const logger = createLogger(config.logLevel);
  // A taken port fails the start now, before the web build, the migrations and the first-run seed.
  const reserved = role === 'worker' ? null : await reservePort(config.host, config.port);
  if (reserved) openedForStart.push(() => reserved.release());
  const serveWeb = role !== 'worker' && config.web.serve;
  if (serveWeb && config.web.buildOnStart) {
    await ensureWebBuild(config.web.distDir, (line) => process.stdout.write(`${line}\n`));
  }
  const runtime = await openRuntime(config, logger, { oauth: role !== 'worker' });
  openedForStart.push(() => runtime.close());
  if (config.seedOnStart && role !== 'worker') await seedDemoData(runtime.database.db, logger);
  const handle = await buildApp({
    config,
    logger,
    ...runtime,
    webDistDir: serveWeb ? config.web.distDir : null,
  });
  const { app } = handle;
  openedForStart.unshift(() => app.close());
  // Production does not start unless at least one alert channel works ("alerts and support active").
  if (config.env === 'production') {
    const probes = await handle.maintenance.probeAlertChannels();
    for (const p of probes.filter((x) => !x.ok))
      logger.error({ channel: p.channel, error: p.error, stage: 'start' }, 'alert channel does not work');
    requireWorkingChannel(probes);
  }
  if (config.seedOnStart && role !== 'worker') {
    await seedGallery(
      { app, db: runtime.database.db, createRunner: handle.createRunner },
      logger,
      (done, total) => {
        if (done === 1) process.stdout.write('Preparing the demo gallery (first run only)');
        process.stdout.write(done === total ? ` done: ${total} designs.\n` : '.');
      },
    );
  }

  const runWorkers = role !== 'api' && config.jobs.concurrency > 0;
  const runner = runWorkers ? handle.createRunner() : null;

  const shutdown = createShutdown(
    app,
    [
      async () => {
        if (runWorkers) await handle.maintenance.stop();
        await runner?.stop(10_000);
      },
      () => runtime.close(),
    ],
    logger,
  );
  const stop = async (signal: string) => {
    const drainMs = role === 'worker' ? 0 : config.shutdownDrainMs;
    const force = setTimeout(() => {
      // Not process.exit: it joins libuv's threads, and one stuck in native code never returns
      // (docs/decisions.md, "The image process"). SIGKILL ends the process whatever its threads do.
      process.stderr.write('Kitwright: shutdown took too long; killing the process.\n');
      process.kill(process.pid, 'SIGKILL');
    }, 20_000 + drainMs);
    force.unref();
    // Readiness turns false first; requests are served for SHUTDOWN_DRAIN_MS more, so a load
    // balancer that polls /api/readyz stops sending new ones before the listener closes.
    handle.startDraining();
    if (drainMs > 0) {
      logger.info({ stage: 'shutdown', reason: signal, drain_ms: drainMs }, 'draining');
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    if (!(await shutdown(signal))) process.exitCode = 1;
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  if (role === 'worker') {
    await app.ready();
  } else {
    await reserved?.release();
    await app.listen({ port: config.port, host: config.host });
  }
  handle.warmMesher();
  runner?.start();
  // The job-queue alert (every minute) and pruning expired rows (every 10 minutes).
  if (runWorkers) handle.maintenance.start();
  if (role === 'worker') {
    process.stdout.write(
      `\nKitwright worker ${runner?.workerId} is processing jobs (concurrency ${config.jobs.concurrency}).\n`,
    );
    return;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === 0 ? `http://localhost:${port}` : config.publicBaseUrl;
  process.stdout.write(`\nKitwright ${config.release} (${config.env}) is running at ${url}\n`);
  process.stdout.write(`API docs: ${url}/api/docs\n\n`);
}

/**
 * A start that fails says why and exits non-zero at once, closing what it opened (a process that
 * stayed alive would hold the embedded database open for nobody). Closing gets a second at most.
 */
main().catch(async (err) => {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  process.stderr.write(
    code === 'EADDRINUSE'
      ? `Kitwright failed to start: the port is already in use (${(err as Error).message}). Stop the other server or set PORT.\n`
      : err instanceof DataDirInUseError
        ? `Kitwright failed to start: ${err.message}\n`
        : `Kitwright failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  setTimeout(() => process.exit(1), 1000).unref();
  for (const close of openedForStart) await close().catch(() => undefined);
  process.exit(1);
});
