/**
 * The container files cannot be built on this project's machines (no container runtime), so this
 * keeps them in step with the code: compose.yaml's services and roles are those of
 * `npm run topology`, every variable it sets is one the server reads and together they make a
 * valid configuration, its health checks use the server's own paths; every file the Dockerfile
 * copies from the repository exists and none is hidden by .dockerignore.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OPERATIONS } from '@kitwright/contracts/operations';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_NAMES } from './env';
import { loadConfig } from './index';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const kitwright = Object.entries(services).filter(([name]) => /^(api|worker)-\d$/.test(name));

/** Compose's own interpolation of `${NAME:-default}` with nothing set in the shell. */
const interpolated = (env: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{\w+:-([^}]*)\}/g, '$1')]),
  );

describe('compose.yaml', () => {
  it('describes the topology: PostgreSQL, S3, two API processes, two workers, nginx', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api-1', 'api-2', 'nginx', 'postgres', 's3', 'worker-1', 'worker-2'].sort(),
    );
    for (const [name, service] of kitwright) {
      expect(service.build, name).toBe('.');
      expect(service.command, name).toEqual(['--role', name.startsWith('api') ? 'api' : 'worker']);
    }
  });

  it('sets only variables the server reads, and they make a valid configuration', () => {
    for (const [name, service] of kitwright) {
      const env = interpolated(service.environment ?? {});
      const unknown = Object.keys(env).filter((k) => !(ENV_NAMES as readonly string[]).includes(k));
      expect(unknown, name).toEqual([]);
      const config = loadConfig(env, '/app');
      expect(config.database.url, name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(config.storage.provider).toBe('s3');
      expect(config.storage.s3.endpoint).toBe(
        `http://s3:${/--port", "(\d+)/.exec(read('compose.yaml'))?.[1]}`,
      );
      expect(config.trustProxy).toBe(true);
      expect(config.web.buildOnStart).toBe(false);
    }
    // One origin for all: every process builds links for nginx's address, not its own.
    const origins = new Set(kitwright.map(([, s]) => s.environment?.PUBLIC_BASE_URL));
    expect([...origins]).toEqual([`http://localhost:${/"(\d+):\d+"/.exec(read('compose.yaml'))?.[1]}`]);
  });

  it('checks API readiness at the server’s /api/readyz; workers, which serve no HTTP, are not probed', () => {
    for (const [name, service] of kitwright) {
      if (name.startsWith('api'))
        expect(service.healthcheck?.test?.join(' '), name).toContain(OPERATIONS.readyz.path);
      else expect(service.healthcheck?.disable, name).toBe(true);
    }
    expect(services.nginx?.healthcheck?.test?.join(' ')).toContain(OPERATIONS.readyz.path);
  });

  const template = 'deploy/nginx/kitwright.conf.template';
  it('mounts the nginx template and fills every placeholder it names', () => {
    const nginx = services.nginx as Service;
    expect(nginx.volumes?.some((v) => v.startsWith(`./${template}:`))).toBe(true);
    const substituted = [...nginx.command!.join(' ').matchAll(/\$\$(\w+)/g)].map((m) => m[1]);
    for (const name of new Set(substituted)) expect(nginx.environment, name).toHaveProperty(name as string);
  });
  // The template is npm run topology's (deploy/nginx), from the same release.
  it('fills exactly the placeholders of the template', () => {
    const nginx = services.nginx as Service;
    const used = new Set([...read(template).matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]));
    expect(Object.keys(nginx.environment ?? {}).sort()).toEqual([...used].sort());
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const ignored = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('copies only files that exist and that .dockerignore lets through', () => {
    const copies = instructions.filter((l) => l.startsWith('COPY ') && !l.includes('--from='));
    expect(copies.length).toBeGreaterThan(0);
    for (const line of copies) {
      const sources = line.split(/\s+/).slice(1, -1);
      for (const source of sources) {
        expect(fs.existsSync(path.join(root, source)), `${line}: ${source}`).toBe(true);
        const hidden = ignored.filter((pattern) => {
          const bare = pattern.replace(/^\*\*\//, '');
          return source === bare || source.startsWith(`${bare}/`) || source.split('/').includes(bare);
        });
        expect(hidden, `${source} is excluded by .dockerignore`).toEqual([]);
      }
    }
    for (const never of ['.git', '**/node_modules', 'data', 'test-results', '.env'])
      expect(ignored).toContain(never);
  });

  it('builds in stages from the lockfile, with the exported web app, and runs as a non-root user', () => {
    expect(instructions.filter((l) => l.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(instructions.filter((l) => /^RUN npm ci\b/.test(l)).length).toBeGreaterThanOrEqual(1);
    expect(instructions.some((l) => l.startsWith('COPY package.json package-lock.json'))).toBe(true);
    const exportLine = instructions.find((l) => l.includes('npm run export -w apps/web'));
    expect(exportLine).toBeDefined();
    expect(JSON.parse(read('apps/web/package.json')).scripts.export).toContain('--output-dir dist');
    // The server's default WEB_DIST_DIR (apps/web/dist) is where the exported app is copied to.
    expect(instructions).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
    const users = instructions.filter((l) => l.startsWith('USER '));
    expect(users.length).toBe(1);
    expect(users[0]).not.toMatch(/^USER (root|0)$/);
  });

  it('starts the server entry point with a selectable role and checks liveness at /api/livez', () => {
    const entry = instructions.find((l) => l.startsWith('ENTRYPOINT '));
    const args = JSON.parse(entry?.slice('ENTRYPOINT '.length) ?? '[]') as string[];
    expect(args.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
    expect(fs.existsSync(path.join(root, args[3] as string))).toBe(true);
    expect(read(args[3] as string)).toContain("role: { type: 'string', default: 'all' }");
    expect(instructions).toContain('CMD ["--role", "all"]');
    const health = instructions.find((l) => l.startsWith('HEALTHCHECK '));
    expect(health).toContain(OPERATIONS.livez.path);
  });
});
