/**
 * npm run topology [-- --apis 2 --workers 2 --port 8080 --no-web]: the production shape on this
 * machine (topology.ts): PostgreSQL at 127.0.0.1:5432 (TOPOLOGY_DATABASE_URL to change it), s3rver,
 * API and worker processes, nginx in front. Prints the URL; Ctrl-C or SIGTERM stops everything.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_DATABASE_URL, startTopology, TopologyError } from './topology';

const { values } = parseArgs({
  options: {
    apis: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    'no-web': { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

function count(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`--${name} must be an integer from ${min} to ${max} (got "${raw}")\n`);
    process.exit(64);
  }
  return n;
}

const apis = count('apis', values.apis, 1, 8);
const workers = count('workers', values.workers, 0, 8);
const port = count('port', values.port, 1, 65535);
process.stdout.write(`Starting ${apis} API and ${workers} worker processes behind nginx...\n`);
try {
  const topology = await startTopology({
    apis,
    workers,
    port,
    web: !values['no-web'],
    databaseUrl: process.env.TOPOLOGY_DATABASE_URL ?? DEFAULT_DATABASE_URL,
    onOutput: (name, line) => process.stdout.write(`[${name}] ${line}\n`),
  });
  process.stdout.write(
    `\nKitwright (production topology) is running at ${topology.url}\n` +
      `  nginx -> ${topology.apis.map((_, i) => topology.apiUrl(i)).join(', ')}\n` +
      `  ${workers} worker process(es); database ${topology.databaseUrl}; S3 at ${topology.env.S3_ENDPOINT}\n` +
      'Ctrl-C stops everything.\n',
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping nginx, the API and worker processes, and s3rver...\n`);
    await topology.stop();
    process.stdout.write('Stopped.\n');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A process that dies on its own is said at once; the rest keep serving.
  for (const proc of [topology.nginx, ...topology.apis, ...topology.workers, topology.s3])
    void proc.exited.then((code) => {
      if (!stopping) process.stderr.write(`[${proc.name}] exited (${code})\n`);
    });
} catch (err) {
  process.stderr.write(
    err instanceof TopologyError ? `${err.message}\n` : `The topology failed to start: ${String(err)}\n`,
  );
  process.exit(1);
}
