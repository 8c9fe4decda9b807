/**
 * The production shape on one machine, with no network: PostgreSQL (the server at 127.0.0.1:5432,
 * its own database, migrated once), an S3 server process (s3rver) reached through the server's
 * real AWS SDK adapter, N API processes and M worker processes (`apps/server/src/main.ts --role`),
 * and Debian's nginx in front as the single origin, run unprivileged from deploy/nginx's template.
 * `npm run topology` (run.ts), the cross-process suite (suite/) and bench/topology use it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { ensureWebBuild } from '../../apps/server/src/modules/web-app/build';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx/kitwright.conf.template');
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/kitwright_topology';
const S3_BUCKET = 'kitwright-files';
/** s3rver's fixed credentials (it checks signatures against them). */
const S3_KEY = 'S3RVER';
// Generous: four processes compile and start at once on a shared 2-core machine.
const START_TIMEOUT_MS = 300_000;
/** Kept per process for diagnosis when something fails. */
const OUTPUT_LIMIT = 200_000;

/** Something the topology needs is missing (PostgreSQL, nginx): said plainly, no stack. */
export class TopologyError extends Error {
  override name = 'TopologyError';
}

export interface TopologyOptions {
  /** API processes behind nginx (default 2). */
  apis?: number;
  /** Job worker processes (default 2). */
  workers?: number;
  /** A PostgreSQL database (created when missing); default kitwright_topology on 127.0.0.1:5432. */
  databaseUrl?: string;
  /** Run in this schema of the database, created now and dropped at stop (tests and benches). */
  schema?: string;
  /** nginx's port on 127.0.0.1 (default: any free port). */
  port?: number;
  /** Serve the exported web app from the API processes (built once, first, when missing). */
  web?: boolean;
  /** Extra environment for every API and worker process (e.g. JOB_LEASE_MS, GALLERY_CACHE_MS). */
  env?: Record<string, string>;
  /** Each line a process prints, with its name (api-1, worker-2, s3, nginx). */
  onOutput?: (name: string, line: string) => void;
}

export interface TopologyProcess {
  name: string;
  child: ChildProcess;
  /** The port it listens on (API processes, s3rver). */
  port: number | null;
  /** What it printed (the last 200 KB). */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string | null>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export interface Topology {
  /** The single origin: nginx. */
  url: string;
  databaseUrl: string;
  schema: string | null;
  /** The environment every API and worker process got (tests open the database with it). */
  env: Record<string, string>;
  s3: TopologyProcess;
  nginx: TopologyProcess;
  apis: TopologyProcess[];
  workers: TopologyProcess[];
  /** The address of API process i (0-based), bypassing nginx. */
  apiUrl(i: number): string;
  /** Starts API process i again on its port (after it was stopped); resolves once it serves. */
  restartApi(i: number): Promise<TopologyProcess>;
  /** Starts one more worker process; resolves once it takes jobs. */
  addWorker(): Promise<TopologyProcess>;
  /** Stops everything it started (nginx first, then APIs, workers, s3rver), drops its schema. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function launch(
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; port?: number | null; onOutput?: TopologyOptions['onOutput'] },
): TopologyProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let partial = '';
  const take = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    out = (out + text).slice(-OUTPUT_LIMIT);
    if (!options.onOutput) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) options.onOutput(name, line);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return {
    name,
    child,
    port: options.port ?? null,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Resolves once `check` is true; fails with the process's output if it exits or time runs out. */
async function waitFor(proc: TopologyProcess, what: string, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    if (exited || Date.now() > deadline) {
      await proc.stop('SIGKILL');
      throw new Error(`${proc.name} did not become ${what}:\n${proc.output().slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const answers = async (url: string) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.ok;
};

/** The database server answers, the database exists (created), the schema exists, migrated once. */
async function prepareDatabase(databaseUrl: string, schema: string | null): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new TopologyError(`Unexpected database name "${name}"`);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new TopologyError(
      `PostgreSQL is not reachable at ${url.host} (${(err as Error).message}). Start it first, ` +
        `e.g. pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start, or set TOPOLOGY_DATABASE_URL.`,
    );
  }
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  if (schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // Extensions are per database: in public, every schema sees them (else the first schema
    // migrated would own pg_trgm, and dropping it would take the extension along).
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.end();
  }
  // Migrated once here, so the processes that start next find nothing to do.
  const database = await openDatabase({ url: databaseUrl, dataDir: '', schema, poolSize: 1 });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
}

async function nginxBinary(): Promise<string> {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (
      await fs.access(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  throw new TopologyError('nginx is not installed: apt-get install -y nginx (Debian), then try again.');
}

/** The template with its ${NAME}s filled in; a name the template uses but nobody gave is an error. */
export function renderNginxConfig(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`nginx template: no value for \${${key}}`);
    return value;
  });
}

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const apiCount = options.apis ?? 2;
  const workerCount = options.workers ?? 2;
  const databaseUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const schema = options.schema ?? null;
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new TopologyError('schema: a lower-case identifier');
  const nginxPath = await nginxBinary();
  await prepareDatabase(databaseUrl, schema);
  if (options.web)
    await ensureWebBuild(path.join(ROOT, 'apps/web/dist'), (line) => options.onOutput?.('web', line));

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kitwright-topology-'));
  // nginx started as root runs its workers as nobody: they must reach the temporary-body paths.
  await fs.chmod(dir, 0o755);
  const started: TopologyProcess[] = [];
  const stopAll = async () => {
    for (const proc of [...started].reverse()) await proc.stop('SIGTERM');
  };
  try {
    const s3Port = await freePort();
    await fs.mkdir(path.join(dir, 's3'));
    const s3 = launch(
      's3',
      process.execPath,
      [
        path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
        '--directory',
        path.join(dir, 's3'),
        '--address',
        '127.0.0.1',
        '--port',
        String(s3Port),
        '--silent',
        '--configure-bucket',
        S3_BUCKET,
      ],
      { port: s3Port, onOutput: options.onOutput },
    );
    started.push(s3);
    await waitFor(s3, 'reachable', async () => {
      const res = await fetch(`http://127.0.0.1:${s3Port}/`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.status < 500;
    });

    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const apiPorts = await Promise.all(Array.from({ length: apiCount }, () => freePort()));
    const secret = () => randomBytes(32).toString('base64url');
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      ...(schema ? { DATABASE_SCHEMA: schema } : {}),
      DATABASE_POOL_SIZE: '5',
      DATA_DIR: path.join(dir, 'data'),
      STORAGE_PROVIDER: 's3',
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      // One origin: every process builds links, cookies and CORS for nginx's address.
      PUBLIC_BASE_URL: url,
      TRUST_PROXY: 'true',
      HOST: '127.0.0.1',
      // Every process shares the secrets, as a deployment's would (a token signed by one is read by all).
      AUTH_TOKEN_SECRET: secret(),
      COOKIE_SECRET: secret(),
      METRICS_TOKEN: secret(),
      SEED_ON_START: 'false',
      SERVE_WEB: options.web ? 'true' : 'false',
      WEB_BUILD_ON_START: 'false',
      SHUTDOWN_DRAIN_MS: '1000',
      LOG_LEVEL: 'warn',
      ...options.env,
    };

    const startApi = async (i: number): Promise<TopologyProcess> => {
      const name = `api-${i + 1}`;
      const apiPort = apiPorts[i] as number;
      const proc = launch(
        name,
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'api'],
        {
          env: { ...env, PORT: String(apiPort), ...databaseUrls(env.DATABASE_URL, name) },
          port: apiPort,
          onOutput: options.onOutput,
        },
      );
      started.push(proc);
      await waitFor(proc, 'ready', () => answers(`http://127.0.0.1:${apiPort}/api/readyz`));
      return proc;
    };
    let workerNumber = 0;
    const startWorker = async (): Promise<TopologyProcess> => {
      const name = `worker-${++workerNumber}`;
      const proc = launch(
        name,
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/main.ts', '--role', 'worker'],
        {
          env: { ...env, ...databaseUrls(env.DATABASE_URL, name) },
          onOutput: options.onOutput,
        },
      );
      started.push(proc);
      await waitFor(proc, 'ready', () => proc.output().includes('is processing jobs'));
      return proc;
    };
    const apis = await Promise.all(apiPorts.map((_, i) => startApi(i)));
    const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorker()));

    const runtime = path.join(dir, 'nginx');
    await fs.mkdir(runtime);
    await fs.chmod(runtime, 0o755);
    const config = renderNginxConfig(await fs.readFile(NGINX_TEMPLATE, 'utf8'), {
      NGINX_RUNTIME_DIR: runtime,
      KITWRIGHT_LISTEN: `127.0.0.1:${port}`,
      KITWRIGHT_UPSTREAM_SERVERS: apiPorts.map((p) => `server 127.0.0.1:${p};`).join(' '),
      KITWRIGHT_MAX_BODY: '110m',
    });
    const configPath = path.join(runtime, 'nginx.conf');
    await fs.writeFile(configPath, config);
    const nginx = launch(
      'nginx',
      nginxPath,
      ['-p', runtime, '-e', path.join(runtime, 'error.log'), '-c', configPath, '-g', 'daemon off;'],
      { port, onOutput: options.onOutput },
    );
    started.push(nginx);
    await waitFor(nginx, 'ready', () => answers(`${url}/api/livez`));

    let stopped: Promise<void> | null = null;
    return {
      url,
      databaseUrl,
      schema,
      env,
      s3,
      nginx,
      apis,
      workers,
      apiUrl: (i) => `http://127.0.0.1:${apiPorts[i]}`,
      async restartApi(i) {
        const proc = await startApi(i);
        apis[i] = proc;
        return proc;
      },
      async addWorker() {
        const proc = await startWorker();
        workers.push(proc);
        return proc;
      },
      stop() {
        stopped ??= (async () => {
          // nginx first (no new requests), then the processes that serve them, then storage.
          await nginx.stop('SIGQUIT');
          await Promise.all([...apis, ...workers].map((p) => p.stop('SIGTERM')));
          await stopAll();
          await dropSchema(databaseUrl, schema);
          await fs.rm(dir, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  } catch (err) {
    await stopAll();
    await dropSchema(databaseUrl, schema);
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

async function dropSchema(databaseUrl: string, schema: string | null): Promise<void> {
  if (!schema) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/**
 * A process's two connection strings, as behind PgBouncer: the pooled one and the direct one
 * (DATABASE_DIRECT_URL, its LISTEN connection), each named so pg_stat_activity tells them apart.
 */
function databaseUrls(databaseUrl: string | undefined, name: string) {
  return {
    DATABASE_URL: withAppName(databaseUrl, name),
    DATABASE_DIRECT_URL: withAppName(databaseUrl, `${name}-direct`),
  };
}

/** The URL with application_name set, so pg_stat_activity (and pg_terminate_backend) can tell processes apart. */
export function withAppName(databaseUrl: string | undefined, name: string): string {
  const url = new URL(databaseUrl ?? DEFAULT_DATABASE_URL);
  url.searchParams.set('application_name', `kitwright-${name}`);
  return url.toString();
}
